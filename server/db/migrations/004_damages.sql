-- Automobilių pažeidimų registras (src/core/rentalDesk.ts): grąžinant rastas pažeidimas lieka
-- atviras („open“), kol darbuotojas pažymi jį sutaisytu („repaired“). Dokumentas – tie patys laukai
-- kaip damageSchema (src/domain/schemas.ts).
CREATE TABLE damages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Išdavimo ir grąžinimo ekranai ieško automobilio atvirų pažeidimų.
CREATE INDEX damages_car_status_idx ON damages ((doc->>'carId'), (doc->>'status'));

-- Administravimo sąrašo paieška, kaip kitose lentelėse (003_admin_search.sql).
ALTER TABLE damages ADD COLUMN search tsvector;
CREATE TRIGGER damages_search_trigger BEFORE INSERT OR UPDATE OF doc ON damages
  FOR EACH ROW EXECUTE FUNCTION search_row_update();
CREATE INDEX damages_search_idx ON damages USING gin (search);
