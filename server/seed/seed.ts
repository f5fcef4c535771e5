// Start-up data: the demo company on the first start of an empty database in demo mode,
// or bare settings (no accounts, no passwords) outside it.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { COLLECTIONS } from "../../src/core/collections";
import { CAR_FORMS, formatCount } from "../../src/domain/format";
import { MAIL_RETRY_DAYS_DEFAULT } from "../../src/domain/mailQueue";
import { bookingRulesSchema, PORTAL_DEFAULTS, type Settings, settingsSchema } from "../../src/domain/schemas";
import { tariffSchema } from "../../src/domain/tariff";
import { type Db, type Queryable, SETTINGS_ID } from "../db/types";
import { createFileStorage, type FileStorage, sha256Hex } from "../files/index";
import { log } from "../log";
import { SEED_IMAGES_DIR } from "../paths";
import { hashPassword } from "../services/passwords";
import { buildDemoData, DEMO_CREDENTIALS, type DemoData, type Doc, validateDemoData } from "./demoData";
import { CONTRACT_TEMPLATE, EMAIL_TEMPLATES, privacyText, TERMS_TEXT } from "./demoTexts";

export { SEED_IMAGES_DIR };

/**
 * Settings for a fresh installation: sensible booking rules and texts, company details
 * left as placeholders ("—") for the admin to fill in under Nustatymai.
 */
export function defaultSettings(): Doc<Settings> {
  return {
    company: {
      name: "Automobilių nuoma",
      brand: "Automobilių nuoma",
      // Not entered yet: the settings form asks for the company code (9 digits) before the
      // first save; the VAT payer code stays empty for a company that is not a VAT payer.
      companyCode: "",
      vatCode: "",
      address: "—",
      phones: [],
      emails: [],
      hours: "I–V 8:00–20:00, VI–VII 9:00–18:00",
    },
    bookingRules: bookingRulesSchema.parse({}),
    terms: TERMS_TEXT,
    about: "",
    privacy: privacyText(
      "nuomotojas, kurio rekvizitai nurodyti svetainės apačioje ir puslapyje „Kontaktai“",
      "kontaktuose nurodytu adresu",
    ),
    contractTemplate: CONTRACT_TEMPLATE,
    emailTemplates: EMAIL_TEMPLATES,
    minDailyRate: 1,
    tariff: tariffSchema.parse({}),
    portal: { ...PORTAL_DEFAULTS },
    mailRetryDays: MAIL_RETRY_DAYS_DEFAULT,
  };
}

/** Outside demo mode: writes default settings when there are none. Creates no accounts. */
export async function ensureBaseSettings(db: Db): Promise<void> {
  const doc = settingsSchema.parse(defaultSettings());
  const { rows } = await db.query(
    "INSERT INTO settings (id, doc) VALUES ($1, $2::jsonb) ON CONFLICT (id) DO NOTHING RETURNING id",
    [SETTINGS_ID, JSON.stringify(doc)],
  );
  if (rows.length > 0) {
    log.info(
      "Sukurti pradiniai nustatymai. Įmonės rekvizitus, kontaktus ir tekstus nurodykite administravimo skiltyje „Nustatymai“ (/admin/settings).",
    );
  }
}

type Row = { id: string; createdAt: string; updatedAt: string; doc: unknown };
const rows = (records: readonly Row[]): string =>
  JSON.stringify(records.map((r) => ({ id: r.id, createdAt: r.createdAt, updatedAt: r.updatedAt, doc: r.doc })));

/** One statement per table: the whole array goes in as one jsonb parameter. */
async function insertDocs(tx: Queryable, table: string, records: readonly Row[]): Promise<number> {
  if (records.length === 0) return 0;
  const result = await tx.query(
    `INSERT INTO ${table} (id, doc, created_at, updated_at)
     SELECT (r->>'id')::uuid, r->'doc', (r->>'createdAt')::timestamptz, (r->>'updatedAt')::timestamptz
     FROM jsonb_array_elements($1::jsonb) AS r
     ON CONFLICT DO NOTHING`,
    [rows(records)],
  );
  return result.affectedRows;
}

async function insertReservations(tx: Queryable, data: DemoData): Promise<number> {
  const result = await tx.query(
    `INSERT INTO reservations (id, doc, number, car_id, pickup_at, return_at, status, created_at, updated_at)
     SELECT (r->>'id')::uuid, r->'doc', r->'doc'->>'number', (r->'doc'->>'carId')::uuid,
            (r->'doc'->>'pickupAt')::timestamptz, (r->'doc'->>'returnAt')::timestamptz, r->'doc'->>'status',
            (r->>'createdAt')::timestamptz, (r->>'updatedAt')::timestamptz
     FROM jsonb_array_elements($1::jsonb) AS r
     ON CONFLICT DO NOTHING`,
    [rows(data.reservations)],
  );
  for (const counter of data.counters) {
    await tx.query(
      `INSERT INTO counters (name, value) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET value = greatest(counters.value, EXCLUDED.value)`,
      [counter.name, counter.value],
    );
  }
  return result.affectedRows;
}

/** The payments ledger (collection `payments`, the shared documents table; ids are text). */
async function insertPayments(tx: Queryable, data: DemoData): Promise<number> {
  if (data.payments.length === 0) return 0;
  const result = await tx.query(
    `INSERT INTO store_documents (collection, id, doc, created_at, updated_at)
     SELECT $2, r->>'id', r->'doc', (r->>'createdAt')::timestamptz, (r->>'updatedAt')::timestamptz
     FROM jsonb_array_elements($1::jsonb) AS r
     ON CONFLICT DO NOTHING`,
    [rows(data.payments), COLLECTIONS.payments],
  );
  return result.affectedRows;
}

async function insertStaff(tx: Queryable, data: DemoData, hashes: string[]): Promise<number> {
  const staffRows = data.staff.map((s, i) => ({
    id: s.id,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    doc: s.doc,
    passwordHash: hashes[i],
  }));
  const result = await tx.query(
    `INSERT INTO staff (id, doc, password_hash, created_at, updated_at)
     SELECT (r->>'id')::uuid, r->'doc', r->>'passwordHash', (r->>'createdAt')::timestamptz, (r->>'updatedAt')::timestamptz
     FROM jsonb_array_elements($1::jsonb) AS r
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(staffRows)],
  );
  return result.affectedRows;
}

/** Every picture the records point to ("cars/x.svg"), copied into the file storage (DATA_DIR/files or S3). */
async function copyImages(
  data: DemoData,
  storage: FileStorage,
): Promise<{ path: string; size: number; sha256: string }[]> {
  const paths = new Set<string>();
  for (const car of data.cars) for (const image of car.doc.images) paths.add(image);
  for (const offer of data.offers) if (offer.doc.image) paths.add(offer.doc.image);
  for (const item of data.news) if (item.doc.image) paths.add(item.doc.image);
  const copied: { path: string; size: number; sha256: string }[] = [];
  for (const relative of [...paths].sort()) {
    const [folder, name] = relative.split("/");
    if (folder !== "cars" || !name) throw new Error(`Netinkamas demonstracinio paveikslėlio kelias: ${relative}`);
    const bytes = new Uint8Array(await readFile(path.join(SEED_IMAGES_DIR, name)));
    await storage.put("public", relative, bytes, "image/svg+xml");
    copied.push({ path: relative, size: bytes.length, sha256: sha256Hex(bytes) });
  }
  return copied;
}

const COUNT_FORMS = {
  reservations: ["rezervacija", "rezervacijos", "rezervacijų"],
  customers: ["klientas", "klientai", "klientų"],
  requests: ["užklausa", "užklausos", "užklausų"],
  offers: ["akcija", "akcijos", "akcijų"],
  news: ["naujiena", "naujienos", "naujienų"],
  locations: ["vieta", "vietos", "vietų"],
  extras: ["paslauga", "paslaugos", "paslaugų"],
  images: ["paveikslėlis", "paveikslėliai", "paveikslėlių"],
} as const;

/**
 * Demo mode: when the database has no settings yet, loads the whole demo company in one
 * transaction and copies its pictures into DATA_DIR/files. Returns true when it seeded.
 * Several instances starting at once are safe: the settings row is claimed first, and
 * only the transaction that claims it goes on.
 */
export async function seedDemoIfEmpty(
  db: Db,
  opts: { dataDir: string; now?: Date; storage?: FileStorage },
): Promise<boolean> {
  const existing = await db.query("SELECT 1 FROM settings LIMIT 1");
  if (existing.rows.length > 0) return false;

  const data = buildDemoData(opts.now ?? new Date());
  // Broken demo data is a bug in this folder: fail loudly instead of loading half of it.
  validateDemoData(data);
  // argon2id is deliberately slow: hash before the transaction opens.
  const hashes: string[] = [];
  for (const member of data.staff) hashes.push(await hashPassword(member.password));
  const images = await copyImages(data, opts.storage ?? createFileStorage({ dataDir: opts.dataDir }));

  const seeded = await db.transaction(async (tx) => {
    const claimed = await tx.query(
      `INSERT INTO settings (id, doc, created_at, updated_at) VALUES ($1, $2::jsonb, $3, $4)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [data.settings.id, JSON.stringify(data.settings.doc), data.settings.createdAt, data.settings.updatedAt],
    );
    if (claimed.rows.length === 0) return false;
    const tables: [string, readonly Row[]][] = [
      ["locations", data.locations],
      ["extras", data.extras],
      ["cars", data.cars],
      ["fleet", data.fleet],
      ["prices", data.prices],
      ["offers", data.offers],
      ["news", data.news],
      ["customers", data.customers],
      ["requests", data.requests],
    ];
    let expected = data.reservations.length + data.staff.length + data.mail.length;
    let inserted = 0;
    for (const [table, records] of tables) {
      expected += records.length;
      inserted += await insertDocs(tx, table, records);
    }
    inserted += await insertReservations(tx, data);
    expected += data.payments.length;
    inserted += await insertPayments(tx, data);
    inserted += await insertDocs(tx, "mail", data.mail);
    inserted += await insertStaff(tx, data, hashes);
    if (inserted < expected) {
      log.warn(`Dalis demonstracinių įrašų jau buvo duomenų bazėje ir praleista: įrašyta ${inserted} iš ${expected}`);
    }
    await tx.query(
      `INSERT INTO files (path, content_type, size, sha256)
       SELECT r->>'path', 'image/svg+xml', (r->>'size')::int, r->>'sha256' FROM jsonb_array_elements($1::jsonb) AS r
       ON CONFLICT (path) DO UPDATE SET content_type = EXCLUDED.content_type, size = EXCLUDED.size, sha256 = EXCLUDED.sha256`,
      [JSON.stringify(images)],
    );
    return true;
  });

  if (seeded) {
    const parts = [
      formatCount(data.cars.length, CAR_FORMS),
      formatCount(data.reservations.length, COUNT_FORMS.reservations),
      formatCount(data.customers.length, COUNT_FORMS.customers),
      formatCount(data.requests.length, COUNT_FORMS.requests),
      formatCount(data.offers.length, COUNT_FORMS.offers),
      formatCount(data.news.length, COUNT_FORMS.news),
      formatCount(data.locations.length, COUNT_FORMS.locations),
      formatCount(data.extras.length, COUNT_FORMS.extras),
      formatCount(images.length, COUNT_FORMS.images),
    ];
    log.info(`Įkelti demonstraciniai duomenys: ${parts.join(", ")}`);
    log.info(
      `Demonstracinės paskyros: ${DEMO_CREDENTIALS.admin.email} (administratorius), ${DEMO_CREDENTIALS.staff.email} (darbuotojas); slaptažodžiai nurodyti README.md`,
    );
  }
  return seeded;
}
