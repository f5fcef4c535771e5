-- Pradinė schema. Esybės saugomos kaip jsonb dokumentai (tie patys laukai kaip
-- src/domain/schemas.ts), o tai, ką turi užtikrinti pati duomenų bazė
-- (unikalumas, rezervacijų nepersidengimas), turi savo stulpelius.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE cars (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX cars_slug_key ON cars ((doc->>'slug'));

CREATE TABLE fleet (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX fleet_car_key ON fleet ((doc->>'carId'));
CREATE UNIQUE INDEX fleet_plate_key ON fleet ((upper(doc->>'plateNumber')));

CREATE TABLE prices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE offers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX offers_slug_key ON offers ((doc->>'slug'));

CREATE TABLE news (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX news_slug_key ON news ((doc->>'slug'));

CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customers_email_idx ON customers ((lower(doc->>'email')));

CREATE TABLE requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE locations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE extras (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Vienas įrašas (id 00000000-0000-0000-0000-000000000001).
CREATE TABLE settings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Rezervacija: dokumentas ir stulpeliai, kuriuos tikrina išskirtinumo apribojimas.
CREATE TABLE reservations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  number text NOT NULL UNIQUE,
  car_id uuid NOT NULL REFERENCES cars (id) ON DELETE RESTRICT,
  pickup_at timestamptz NOT NULL,
  return_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('new', 'confirmed', 'active', 'completed', 'cancelled', 'no_show')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT reservations_period_check CHECK (return_at > pickup_at),
  -- Vienas automobilis negali turėti dviejų persidengiančių užimančių rezervacijų: [paėmimas, grąžinimas).
  CONSTRAINT reservations_no_overlap EXCLUDE USING gist (
    car_id WITH =,
    tstzrange(pickup_at, return_at, '[)') WITH &&
  ) WHERE (status IN ('new', 'confirmed', 'active'))
);
CREATE INDEX reservations_pickup_idx ON reservations (pickup_at);

CREATE TABLE staff (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX staff_email_key ON staff ((lower(doc->>'email')));

-- Laiškų eilė (Firebase „Trigger Email“ formos dokumentai).
CREATE TABLE mail (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE client_errors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Bendras ribojimas (prisijungimai, užklausos): raktas, bandymai, lango pradžia.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_start timestamptz NOT NULL
);

-- Be tarpų numeracija (R-2026-000123): skaitiklis didinamas toje pačioje transakcijoje.
CREATE TABLE counters (
  name text PRIMARY KEY,
  value bigint NOT NULL
);

CREATE TABLE files (
  path text PRIMARY KEY,
  content_type text NOT NULL,
  size integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
