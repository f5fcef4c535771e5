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

-- Administravimo sąrašo paieška, kaip kitose lentelėse (003_admin_search.sql): ieškomi laukai –
-- kaip SEARCH_FIELDS.damages.
CREATE OR REPLACE FUNCTION search_fields(table_name text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE table_name
    WHEN 'cars' THEN ARRAY['make', 'model', 'year', 'slug']
    WHEN 'fleet' THEN ARRAY['plateNumber', 'vin', 'notes']
    WHEN 'prices' THEN ARRAY['category', 'season.name']
    WHEN 'offers' THEN ARRAY['title', 'slug']
    WHEN 'news' THEN ARRAY['title', 'slug', 'excerpt']
    WHEN 'customers' THEN ARRAY['firstName', 'lastName', 'companyName', 'companyCode', 'vatCode', 'email', 'phone']
    WHEN 'requests' THEN ARRAY['name', 'email', 'phone', 'company.name', 'company.code', 'message']
    WHEN 'reservations' THEN ARRAY['number', 'comment']
    WHEN 'locations' THEN ARRAY['name', 'city', 'address']
    WHEN 'extras' THEN ARRAY['name']
    WHEN 'staff' THEN ARRAY['name', 'email']
    WHEN 'mail' THEN ARRAY['to', 'message.subject', 'ref']
    WHEN 'client_errors' THEN ARRAY['message', 'kind', 'url']
    WHEN 'audit_log' THEN ARRAY['actor', 'action', 'resource', 'recordId']
    WHEN 'damages' THEN ARRAY['note']
    -- Rezervacijos kliento ir automobilio laukai (sąraše rodomi per nuorodas).
    WHEN 'reservation_customer' THEN ARRAY['firstName', 'lastName', 'companyName', 'email', 'phone']
    WHEN 'reservation_car' THEN ARRAY['make', 'model']
    ELSE ARRAY[]::text[] END
$$;

ALTER TABLE damages ADD COLUMN search tsvector;
CREATE TRIGGER damages_search_trigger BEFORE INSERT OR UPDATE OF doc ON damages
  FOR EACH ROW EXECUTE FUNCTION search_row_update();
CREATE INDEX damages_search_idx ON damages USING gin (search);
