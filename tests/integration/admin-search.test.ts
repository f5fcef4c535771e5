// The back-office `q` filter on the real server (PGlite): names in any order and case, word
// prefixes, phones in every common form, Lithuanian letters both ways, field names never match.
// Then the database itself: the search column is kept by triggers (any write path), back-filled by
// the migration, and its SQL words are the words src/domain/searchText.ts makes (Firestore's too).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../server/db/index";
import { listMigrations, MIGRATIONS_DIR, migrate } from "../../server/db/migrate";
import { type Db, DOCUMENT_TABLES } from "../../server/db/types";
import {
  querySearchWords,
  RESERVATION_CAR_SEARCH_FIELDS,
  RESERVATION_CUSTOMER_SEARCH_FIELDS,
  recordSearchWords,
  SEARCH_FIELDS,
  valueSearchWords,
} from "../../src/domain/searchText";
import {
  adminGet,
  type Doc,
  freeCarId,
  publicCatalogue,
  reservationBody,
  signInAdmin,
  vilniusDaysFromNow,
} from "../helpers/api";
import { ApiClient, contentRangeTotal, listItems, listQuery } from "../helpers/http";
import { detectPostgres, TestCluster } from "../helpers/postgresCluster";
import { type RunningServer, removeTempDir, startServer } from "../helpers/server";

let server: RunningServer;
let admin: ApiClient;
let site: ApiClient;
let rimas: Doc;
let siauliai: Doc;
let plainSiauliai: Doc;
let reservation: { id: string; number: string };

async function search(resource: string, q: string): Promise<{ ids: string[]; total: number; status: number }> {
  const response = await admin.get(
    `/api/admin/${resource}${listQuery({ sort: ["id", "ASC"], range: [0, 999], filter: { q } })}`,
  );
  if (response.status !== 200) return { ids: [], total: -1, status: response.status };
  return {
    ids: listItems<Doc>(response.body).map((record) => record.id),
    total: contentRangeTotal(response),
    status: response.status,
  };
}

async function createCustomer(body: Record<string, unknown>): Promise<Doc> {
  const response = await admin.post<Doc>("/api/admin/customers", { type: "private", ...body });
  expect(response.status, response.text.slice(0, 300)).toBe(201);
  return response.body;
}

beforeAll(async () => {
  server = await startServer({ demo: true });
  admin = await signInAdmin(server.url);
  site = new ApiClient(server.url);
  siauliai = await createCustomer({
    type: "business",
    firstName: "Ona",
    lastName: "Šimkienė",
    companyName: "UAB „Šiaulių ratai“",
    companyCode: "305123456",
    email: "ona@ratai.lt",
    phone: "+37069912388",
  });
  plainSiauliai = await createCustomer({
    type: "business",
    firstName: "Jonas",
    lastName: "Simkus",
    companyName: "Siauliu transportas",
    email: "jonas@transportas.lt",
    phone: "+37069912399",
  });

  // A public reservation by Rimas: the list shows the customer through a reference, so the
  // reservation is found by the customer's name, e-mail and phone too.
  const { locations } = await publicCatalogue(site);
  const period = { pickupAt: vilniusDaysFromNow(40, "10:00"), returnAt: vilniusDaysFromNow(42, "10:00") };
  const carId = await freeCarId(site, admin, [period]);
  const body = reservationBody({ carId, locationId: locations[0]!.id, ...period });
  body.customer = {
    ...(body.customer as Record<string, unknown>),
    firstName: "Rimas",
    lastName: "Auditas",
    email: "rimas.auditas@pavyzdys.lt",
    phone: "+37069912377",
  };
  const created = await site.post<{ id: string; number: string }>("/api/site/reservations", body);
  expect(created.status, created.text.slice(0, 300)).toBe(201);
  reservation = created.body;
  // Rimas is the customer the web booking created (a booking never writes into an existing card,
  // so he is created here, not before it).
  const booked = await adminGet(admin, "reservations", reservation.id);
  rimas = await adminGet(admin, "customers", String(booked.customerId));
});
afterAll(async () => {
  await server?.stop();
});

describe("administravimo paieška per HTTP (PGlite)", () => {
  it("randa vardą ir pavardę bet kuria tvarka ir raidžių dydžiu, pagal žodžių pradžias", async () => {
    for (const q of ["Rimas Auditas", "auditas rimas", "RIMAS auditas", "rim aud", "aud", "  Auditas,  Rimas  "]) {
      const found = await search("customers", q);
      expect(found.ids, q).toContain(rimas.id);
      expect(found.ids, q).not.toContain(siauliai.id);
    }
    // Every word must match some field: a second word found nowhere leaves nothing.
    expect((await search("customers", "rimas zzzzz")).ids).toEqual([]);
    // A word inside another word is not a word start.
    expect((await search("customers", "ditas")).ids).not.toContain(rimas.id);
  });

  it("randa telefoną bet kokiu įprastu formatu", async () => {
    for (const q of ["+37069912377", "+370 699 12377", "8 699 12377", "869912377", "699 12377", "8-699-12377"]) {
      const found = await search("customers", q);
      expect(found.ids, q).toEqual([rimas.id]);
    }
    expect((await search("customers", "+370 699 123")).ids).toEqual(
      expect.arrayContaining([rimas.id, siauliai.id, plainSiauliai.id]),
    );
  });

  it("lietuviškos raidės atitinka paprastąsias abiem kryptimis", async () => {
    const withoutMarks = await search("customers", "siauliu");
    expect(withoutMarks.ids).toEqual(expect.arrayContaining([siauliai.id, plainSiauliai.id]));
    const withMarks = await search("customers", "Šiaulių");
    expect(withMarks.ids).toEqual(expect.arrayContaining([siauliai.id, plainSiauliai.id]));
    expect((await search("customers", "ŠIMK")).ids).toEqual(expect.arrayContaining([siauliai.id, plainSiauliai.id]));
    expect((await search("customers", "simkiene")).ids).toEqual([siauliai.id]);
  });

  it("randa el. paštą, įmonę ir jos kodą", async () => {
    expect((await search("customers", "rimas.auditas@pavyzdys.lt")).ids).toEqual([rimas.id]);
    expect((await search("customers", "pavyzdys rimas")).ids).toContain(rimas.id);
    expect((await search("customers", "305123456")).ids).toEqual([siauliai.id]);
    expect((await search("customers", "ratai")).ids).toContain(siauliai.id);
  });

  it("laukų pavadinimai ir JSON raktai nerandami", async () => {
    for (const resource of ["customers", "cars", "reservations", "requests"]) {
      for (const q of ["firstName", "doc", "email", "lastName", "phone", "createdAt", "carId", "null", "true"]) {
        const found = await search(resource, q);
        expect(found.status, `${resource} ${q}`).toBe(200);
        expect(found.total, `${resource} „${q}“`).toBe(0);
      }
    }
  });

  it("rezervacija randama pagal numerį ir kliento vardą, el. paštą bei telefoną", async () => {
    const [, year, serial] = /^R-(\d{4})-(\d{6})$/.exec(reservation.number) ?? [];
    expect(year).toBeDefined();
    for (const q of [reservation.number, reservation.number.toLowerCase(), `${year} ${serial}`, `${serial}`]) {
      expect((await search("reservations", q)).ids, q).toContain(reservation.id);
    }
    for (const q of ["auditas rimas", "rimas.auditas@pavyzdys.lt", "8 699 12377", `auditas ${reservation.number}`]) {
      expect((await search("reservations", q)).ids, q).toEqual([reservation.id]);
    }
  });

  it("pakeitus kliento pavardę, jo rezervacija randama pagal naująją", async () => {
    expect((await search("reservations", "auditaitis")).ids).toEqual([]);
    const customer = await adminGet(admin, "customers", rimas.id);
    const saved = await admin.put(`/api/admin/customers/${rimas.id}`, { ...customer, lastName: "Auditaitis" });
    expect(saved.status, saved.text.slice(0, 300)).toBe(200);
    expect((await search("reservations", "auditaitis rimas")).ids).toEqual([reservation.id]);
    expect((await search("customers", "auditaitis")).ids).toEqual([rimas.id]);
  });

  it("automobiliai pagal markę ir modelį, be diakritikų; kiti sąrašai taip pat ieško", async () => {
    const skoda = await search("cars", "skoda");
    expect(skoda.total).toBeGreaterThan(0);
    expect((await search("cars", "ŠKODA")).total).toBe(skoda.total);
    const cars = await admin.get(`/api/admin/cars${listQuery({ range: [0, 999], filter: { q: "octavia skoda" } })}`);
    const octavias = listItems<Doc & { make: string; model: string; year: number }>(cars.body);
    expect(octavias.length).toBeGreaterThan(0);
    // The pickers show "Škoda Octavia (2023)": the year is searched too.
    const year = octavias[0]!.year;
    expect((await search("cars", `octavia ${year}`)).ids).toContain(octavias[0]!.id);
    for (const car of octavias) {
      expect(car.make).toBe("Škoda");
      expect(car.model.toLowerCase()).toContain("octavia");
    }
    for (const resource of Object.keys(DOCUMENT_TABLES)) {
      expect((await search(resource, "a")).status, resource).toBe(200);
    }
  });

  it("tuščia ar vien skyrybos ženklų paieška nefiltruoja; per ilga – aiški klaida", async () => {
    const all = await search("customers", "");
    expect(all.total).toBeGreaterThan(3);
    expect((await search("customers", " ,.;@ ")).total).toBe(all.total);
    expect((await search("customers", rimas.id)).ids).toEqual([rimas.id]);
    const tooLong = await admin.get(`/api/admin/customers${listQuery({ filter: { q: "a".repeat(1001) } })}`);
    expect(tooLong.status).toBe(400);
    expect((tooLong.body as { message: string }).message).toMatch(/per ilga reikšmė/);
    const injection = await search("customers", "rimas:* | ! & ( ' \\");
    expect(injection.status).toBe(200);
    expect(injection.ids).toContain(rimas.id);
  });
});

const postgres = detectPostgres();
const DATABASES = [
  { name: "PGlite", skip: false },
  { name: "PostgreSQL", skip: "reason" in postgres },
] as const;

for (const { name, skip } of DATABASES) {
  describe.skipIf(skip)(`paieškos stulpelis duomenų bazėje (${name})`, () => {
    let dataDir: string;
    let db: Db;
    let cluster: TestCluster | null = null;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), "paieska-"));
      if (name === "PostgreSQL" && !("reason" in postgres)) {
        cluster = new TestCluster(postgres.bin, postgres.runAs);
        await cluster.start();
      }
      // Migrations before 003 first, with a row written then: 003 must back-fill it.
      const before = join(dataDir, "migrations");
      mkdirSync(before);
      for (const migration of await listMigrations()) {
        if (migration.version < 3) copyFileSync(migration.file, join(before, migration.file.split("/").pop()!));
      }
      db = await openDb({ dataDir, databaseUrl: cluster?.url ?? null });
      await migrate(db, before);
      await db.query("INSERT INTO customers (doc) VALUES ($1::jsonb)", [
        JSON.stringify({ firstName: "Žydrūnas", lastName: "Ąžuolas", email: "z@pavyzdys.lt", phone: "+37061234567" }),
      ]);
      await migrate(db, MIGRATIONS_DIR);
    });
    afterAll(async () => {
      await db?.close();
      await cluster?.stop();
      if (cluster) removeTempDir(cluster.root);
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    const matches = async (table: string, q: string) => {
      const words = querySearchWords(q);
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE search @@ to_tsquery('simple', $1)`,
        [words.map((word) => `${word}:*`).join(" & ")],
      );
      return rows[0]?.n ?? 0;
    };

    it("migracija užpildo esamas eilutes", async () => {
      expect(await matches("customers", "zydrunas azuol")).toBe(1);
      expect(await matches("customers", "8 612 34567")).toBe(1);
    });

    it("stulpelį palaiko duomenų bazė: ir tiesioginis SQL įrašas, ir atnaujinimas", async () => {
      await db.query("INSERT INTO cars (doc) VALUES ($1::jsonb)", [
        JSON.stringify({ make: "Škoda", model: "Superb Combi", slug: "skoda-superb-combi" }),
      ]);
      expect(await matches("cars", "superb šk")).toBe(1);
      expect(await matches("cars", "kodiaq")).toBe(0);
      await db.query(
        'UPDATE cars SET doc = doc || \'{"model": "Kodiaq", "slug": "skoda-kodiaq"}\' WHERE doc->>\'make\' = \'Škoda\'',
      );
      expect(await matches("cars", "superb")).toBe(0);
      expect(await matches("cars", "kodiaq škoda")).toBe(1);
    });

    it("SQL žodžiai tie patys kaip src/domain/searchText.ts", async () => {
      const samples = [
        "Rimas Auditas",
        "+37061234567",
        "+370 612 34567",
        "8 612 34567",
        "861234567",
        "R-2026-000123",
        "ABC 123",
        "Šiaulių g. 5-12, LT-76285 Šiauliai",
        "ĄČĘĖĮŠŲŪŽ ąčęėįšųūž Łódź Øresund Müller İzmir",
        "jonas.jonaitis+nuoma@gmail.com",
        "Жук Mixed 日本 text",
        "  ",
        "1234.50",
        "WVWZZZ1JZXW000001",
      ];
      for (const sample of samples) {
        const { rows } = await db.query<{ words: string }>("SELECT search_words($1) AS words", [sample]);
        const sqlWords = new Set((rows[0]?.words ?? "").split(" ").filter(Boolean));
        expect([...sqlWords].sort(), sample).toEqual([...new Set(valueSearchWords(sample))].sort());
      }
    });

    it("ieškomi laukai sutampa su SEARCH_FIELDS, įskaitant masyvus ir įdėtinius laukus", async () => {
      const fieldsOf = async (table: string) =>
        (await db.query<{ fields: string[] }>("SELECT search_fields($1) AS fields", [table])).rows[0]?.fields;
      for (const [resource, fields] of Object.entries(SEARCH_FIELDS)) {
        expect(await fieldsOf(DOCUMENT_TABLES[resource as keyof typeof DOCUMENT_TABLES]), resource).toEqual(fields);
      }
      expect(await fieldsOf("reservation_customer")).toEqual(RESERVATION_CUSTOMER_SEARCH_FIELDS);
      expect(await fieldsOf("reservation_car")).toEqual(RESERVATION_CAR_SEARCH_FIELDS);

      const mail = {
        to: ["ona@pavyzdys.lt", "info@ratunuoma.lt"],
        message: { subject: "Rezervacija R-2026-000123", text: "firstName" },
        ref: null,
        year: 2026,
      };
      const { rows } = await db.query<{ words: string }>("SELECT search_document('mail', $1::jsonb) AS words", [
        JSON.stringify(mail),
      ]);
      const sqlWords = new Set((rows[0]?.words ?? "").split(" ").filter(Boolean));
      expect([...sqlWords].sort()).toEqual(recordSearchWords(mail, SEARCH_FIELDS.mail).sort());
      expect(sqlWords.has("firstname")).toBe(false);
    });
  });
}
