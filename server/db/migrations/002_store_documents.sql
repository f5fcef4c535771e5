-- Bendra branduolio (src/core) dokumentų saugykla: kolekcijos, kurios neturi savo lentelės
-- (priceUpdates, rateLimits), laikomos store_documents; skaitikliai pervadinami į Firestore
-- vardus (reservation-2026); kainų keitimų istorija perkeliama į priceUpdates.
CREATE TABLE store_documents (
  collection text NOT NULL,
  id text NOT NULL,
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection, id)
);
CREATE INDEX store_documents_created_idx ON store_documents (collection, created_at);

-- Skaitiklis kaip dokumentas: counters/reservation-2026 { value, createdAt, updatedAt }.
ALTER TABLE counters
  ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

INSERT INTO counters (name, value)
SELECT 'reservation-' || substr(name, 13), value FROM counters WHERE name ~ '^reservation:[0-9]+$'
ON CONFLICT (name) DO UPDATE SET value = greatest(counters.value, EXCLUDED.value);
DELETE FROM counters WHERE name ~ '^reservation:[0-9]+$';

-- Kliento paieška pagal el. paštą: lower(trim(...)), kaip ją užduoda branduolys.
CREATE INDEX customers_email_lower_idx ON customers ((lower(trim(doc->>'email'))));

-- Kainų keitimų istorija: audito įrašai „price-update“ tampa priceUpdates dokumentais
-- (id = partijos id, laikas = įrašo „at“). Audito žurnale jie lieka.
INSERT INTO store_documents (collection, id, doc, created_at, updated_at)
SELECT 'priceUpdates',
       doc->>'recordId',
       doc - 'action' - 'resource' - 'recordId' - 'at',
       CASE WHEN doc->>'at' ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}' THEN (doc->>'at')::timestamptz ELSE created_at END,
       CASE WHEN doc->>'at' ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}' THEN (doc->>'at')::timestamptz ELSE created_at END
FROM audit_log
WHERE doc->>'action' = 'price-update' AND coalesce(doc->>'recordId', '') <> ''
ON CONFLICT (collection, id) DO NOTHING;
