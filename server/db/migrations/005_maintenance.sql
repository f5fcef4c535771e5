-- Techninės priežiūros blokavimai (src/core/maintenance.ts) ir ta pati duomenų bazės garantija,
-- kurią turi rezervacijos.
--
-- Sprendimas: lentelė `car_holds` – kiekvienas automobilio užėmimas, iš kur jis bebūtų
-- (užimanti rezervacija arba blokavimas), viena eilute (car_id, period tstzrange '[)', source,
-- source_id). Jos išskirtinumo apribojimas car_holds_no_overlap (EXCLUDE USING gist) neleidžia
-- dviem persidengiantiems užėmimams tam pačiam automobiliui, nesvarbu, ar tai dvi rezervacijos,
-- rezervacija ir blokavimas, ar du blokavimai. Lentelę palaiko tik trigeriai (AFTER INSERT/UPDATE/
-- DELETE kiekvienai eilutei ir AFTER TRUNCATE) ant `reservations` ir `maintenance`, todėl garantija
-- galioja bet kuriuo rašymo keliu – per branduolį, administravimą ar tiesioginį SQL. Trigeris
-- vykdomas toje pačioje transakcijoje ir tame pačiame sakinyje, tad pažeidimas (23P01,
-- car_holds_no_overlap) atšaukia ir pačią rezervacijos ar blokavimo eilutę; saugykla
-- (server/store/pgStore.ts) jį paverčia StoreConstraintError("overlap"), o branduolys – 409.
-- Senasis reservations_no_overlap lieka (jis tikrinamas pirmas, kai persidengia dvi rezervacijos).
--
-- Apribojimas tikrina tik tikruosius laikotarpius. Tarpas tarp nuomų (nustatymų
-- bookingRules.turnaroundMinutes, pvz. 120 min. valymui) yra verslo taisyklė, kurią taiko
-- branduolys (src/domain/availability.ts) su automobilio užraktu; duomenų bazės darbas – tik
-- apsauga nuo persidengimo, todėl pakeitus nustatymą esamų įrašų tikrinti iš naujo nereikia.

CREATE TABLE maintenance (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  car_id uuid NOT NULL REFERENCES cars (id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT maintenance_period_check CHECK (ends_at > starts_at)
);
CREATE INDEX maintenance_car_idx ON maintenance (car_id);
CREATE INDEX maintenance_starts_idx ON maintenance (starts_at);

CREATE TABLE car_holds (
  source text NOT NULL CHECK (source IN ('reservation', 'maintenance')),
  source_id uuid NOT NULL,
  car_id uuid NOT NULL,
  period tstzrange NOT NULL CHECK (NOT isempty(period)),
  PRIMARY KEY (source, source_id),
  -- Vienas automobilis – vienas užėmimas bet kuriuo metu: [pradžia, pabaiga).
  CONSTRAINT car_holds_no_overlap EXCLUDE USING gist (car_id WITH =, period WITH &&)
);

-- Esamos užimančios rezervacijos.
INSERT INTO car_holds (source, source_id, car_id, period)
SELECT 'reservation', id, car_id, tstzrange(pickup_at, return_at, '[)')
FROM reservations
WHERE status IN ('new', 'confirmed', 'active');

CREATE FUNCTION car_holds_from_reservation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM car_holds WHERE source = 'reservation' AND source_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status IN ('new', 'confirmed', 'active') THEN
    INSERT INTO car_holds (source, source_id, car_id, period)
    VALUES ('reservation', NEW.id, NEW.car_id, tstzrange(NEW.pickup_at, NEW.return_at, '[)'));
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION car_holds_from_maintenance() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM car_holds WHERE source = 'maintenance' AND source_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO car_holds (source, source_id, car_id, period)
    VALUES ('maintenance', NEW.id, NEW.car_id, tstzrange(NEW.starts_at, NEW.ends_at, '[)'));
  END IF;
  RETURN NULL;
END
$$;

-- TRUNCATE trigerių eilutėms nekviečia: išvalomi to šaltinio užėmimai.
CREATE FUNCTION car_holds_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM car_holds WHERE source = TG_ARGV[0];
  RETURN NULL;
END
$$;

CREATE TRIGGER reservations_car_holds
AFTER INSERT OR UPDATE OR DELETE ON reservations
FOR EACH ROW EXECUTE FUNCTION car_holds_from_reservation();

CREATE TRIGGER reservations_car_holds_truncate
AFTER TRUNCATE ON reservations
FOR EACH STATEMENT EXECUTE FUNCTION car_holds_truncate('reservation');

CREATE TRIGGER maintenance_car_holds
AFTER INSERT OR UPDATE OR DELETE ON maintenance
FOR EACH ROW EXECUTE FUNCTION car_holds_from_maintenance();

CREATE TRIGGER maintenance_car_holds_truncate
AFTER TRUNCATE ON maintenance
FOR EACH STATEMENT EXECUTE FUNCTION car_holds_truncate('maintenance');
