-- Stored files keep their size and SHA-256 (server/store/files.ts): checked when a file is served
-- and when it is backed up. Rows older than this have no hash: it is computed from the file's
-- bytes the first time it is read (served or backed up) and kept from then on.
ALTER TABLE files ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$');

-- The private files (the rental desk's photos and signatures, signed documents): their record,
-- never served publicly.
CREATE TABLE private_files (
  path text PRIMARY KEY,
  content_type text NOT NULL,
  size integer NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
