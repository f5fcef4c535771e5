// Versioned migrations: server/db/migrations/NNN_name.sql, applied in order, each in its own
// transaction and recorded in schema_migrations. On PostgreSQL an advisory lock makes several
// instances starting together apply each migration exactly once.
import { readdir, readFile } from "node:fs/promises";
import { log } from "../log";
import { MIGRATIONS_DIR } from "../paths";
import type { Db } from "./types";

export { MIGRATIONS_DIR };

/** Any constant shared by every instance; names the lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 7_284_153_011;

export interface Migration {
  version: number;
  name: string;
  file: string;
}

export async function listMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith(".sql")).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = /^(\d{3,})_([a-z0-9_]+)\.sql$/.exec(file);
    if (!match) throw new Error(`Netinkamas migracijos failo pavadinimas: ${file} (reikia NNN_pavadinimas.sql)`);
    const version = Number(match[1]);
    if (migrations.some((m) => m.version === version)) throw new Error(`Pasikartojanti migracijos versija: ${file}`);
    migrations.push({ version, name: match[2] as string, file: `${dir}/${file}` });
  }
  return migrations;
}

/** The migrations not yet applied to `db` (all of them on a new database). */
export async function pendingMigrations(db: Db, dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const migrations = await listMigrations(dir);
  const { rows } = await db.query<{ present: string | null }>(
    "SELECT to_regclass('schema_migrations')::text AS present",
  );
  if (!rows[0]?.present) return migrations;
  const applied = new Set(
    (await db.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map((r) => Number(r.version)),
  );
  return migrations.filter((m) => !applied.has(m.version));
}

/** Applies the pending migrations; returns the versions applied now. */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<number[]> {
  const migrations = await listMigrations(dir);
  const applied: number[] = [];
  for (const migration of migrations) {
    const sql = await readFile(migration.file, "utf8");
    const done = await db.transaction(async (tx) => {
      if (db.kind === "postgres") await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
      await tx.query(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           version integer PRIMARY KEY,
           name text NOT NULL,
           applied_at timestamptz NOT NULL DEFAULT now()
         )`,
      );
      const existing = await tx.query("SELECT 1 FROM schema_migrations WHERE version = $1", [migration.version]);
      if (existing.rows.length > 0) return false;
      await tx.query(sql);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (done) {
      applied.push(migration.version);
      log.info(`Pritaikyta duomenų bazės migracija ${String(migration.version).padStart(3, "0")}_${migration.name}`);
    }
  }
  return applied;
}
