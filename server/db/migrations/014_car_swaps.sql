-- Automobilio keitimas vykdomos nuomos metu (src/core/rentalChanges.ts): viena rezervacija laiko
-- kelis automobilius, kiekvieną tik savo dalimi – pirmąjį [paėmimas, keitimas), antrąjį nuo keitimo
-- iki grąžinimo (rezervacijos dokumento carSwaps; ta pati taisyklė kaip src/domain/availability.ts
-- carHolds). Todėl:
-- - car_holds turi po eilutę kiekvienai rezervacijos daliai (stulpelis part), o išskirtinumo
--   apribojimas car_holds_no_overlap tikrina kiekvieną dalį atskirai;
-- - senasis reservations_no_overlap (car_id ir visas [paėmimas, grąžinimas)) pašalinamas: po keitimo
--   jis klaidingai laikytų antrąjį automobilį užimtu ir iki keitimo. Dviejų rezervacijų
--   persidengimą tikrina car_holds_no_overlap (tas pats trigeris, ta pati transakcija).

ALTER TABLE reservations DROP CONSTRAINT reservations_no_overlap;

ALTER TABLE car_holds ADD COLUMN part smallint NOT NULL DEFAULT 0;
ALTER TABLE car_holds DROP CONSTRAINT car_holds_pkey;
ALTER TABLE car_holds ADD PRIMARY KEY (source, source_id, part);

-- Rezervacijos laikomi automobiliai ir laikotarpiai. Keitimo laikas imamas [paėmimas, grąžinimas]
-- ribose; tuščios dalys praleidžiamos.
CREATE FUNCTION reservation_car_holds(doc jsonb, current_car uuid, pickup_at timestamptz, return_at timestamptz)
RETURNS TABLE (part smallint, hold_car uuid, hold_period tstzrange)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  swap jsonb;
  boundary timestamptz;
  from_at timestamptz := pickup_at;
  n smallint := 0;
BEGIN
  IF jsonb_typeof(doc -> 'carSwaps') = 'array' THEN
    FOR swap IN SELECT e.value FROM jsonb_array_elements(doc -> 'carSwaps') WITH ORDINALITY AS e(value, i) ORDER BY e.i LOOP
      boundary := least(greatest((swap ->> 'at')::timestamptz, pickup_at), return_at);
      IF boundary > from_at THEN
        part := n;
        hold_car := (swap ->> 'fromCarId')::uuid;
        hold_period := tstzrange(from_at, boundary, '[)');
        RETURN NEXT;
        n := n + 1;
      END IF;
      from_at := greatest(from_at, boundary);
    END LOOP;
  END IF;
  IF return_at > from_at THEN
    part := n;
    hold_car := current_car;
    hold_period := tstzrange(from_at, return_at, '[)');
    RETURN NEXT;
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION car_holds_from_reservation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM car_holds WHERE source = 'reservation' AND source_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status IN ('new', 'confirmed', 'active') THEN
    INSERT INTO car_holds (source, source_id, part, car_id, period)
    SELECT 'reservation', NEW.id, h.part, h.hold_car, h.hold_period
    FROM reservation_car_holds(NEW.doc, NEW.car_id, NEW.pickup_at, NEW.return_at) AS h;
  END IF;
  RETURN NULL;
END
$$;
