// Settings that would break the business are refused on save (issue 10): booking rules that
// contradict each other, a VAT rate outside [0, 0.3], a company code that is not 9 digits,
// a VAT payer code that is not LT + 9 or 12 digits, an IBAN whose checksum fails. Each gets
// 422 with a Lithuanian message on the field, and the stored settings stay as they were.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_ID } from "../../server/db/types";
import { signInAdmin } from "../helpers/api";
import type { ApiClient } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

type SettingsRecord = Record<string, unknown> & {
  id: string;
  updatedAt: string;
  company: Record<string, unknown>;
  bookingRules: Record<string, number>;
};
interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

const PATH = `/api/admin/settings/${SETTINGS_ID}`;
let server: RunningServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startServer({ demo: true });
  admin = await signInAdmin(server.url);
});
afterAll(async () => {
  await server?.stop();
});

async function current(): Promise<SettingsRecord> {
  const response = await admin.get<SettingsRecord>(PATH);
  expect(response.status).toBe(200);
  return response.body;
}

const bookingRules = (settings: SettingsRecord, change: Record<string, number>) => ({
  ...settings,
  bookingRules: { ...settings.bookingRules, ...change },
});
const company = (settings: SettingsRecord, change: Record<string, unknown>) => ({
  ...settings,
  company: { ...settings.company, ...change },
});

const VIOLATIONS: {
  what: string;
  body: (settings: SettingsRecord) => Record<string, unknown>;
  field: string;
  mentions: RegExp;
}[] = [
  {
    what: "ilgiausia nuoma trumpesnė už trumpiausią",
    body: (s) => bookingRules(s, { minDays: 40, maxDays: 5, maxAdvanceDays: 365 }),
    field: "bookingRules.maxDays",
    mentions: /trumpiausią \(40 parų\)/,
  },
  {
    what: "darbo pabaiga ne vėlesnė už pradžią",
    body: (s) => bookingRules(s, { openingHour: 20, closingHour: 8 }),
    field: "bookingRules.closingHour",
    mentions: /\(20 val\.\)/,
  },
  {
    what: "darbo pabaiga ta pati valanda kaip pradžia",
    body: (s) => bookingRules(s, { openingHour: 10, closingHour: 10 }),
    field: "bookingRules.closingHour",
    mentions: /\(10 val\.\)/,
  },
  {
    what: "rezervuoti iš anksto trumpiau nei trumpiausia nuoma",
    body: (s) => bookingRules(s, { minDays: 30, maxDays: 60, maxAdvanceDays: 10 }),
    field: "bookingRules.maxAdvanceDays",
    mentions: /\(30 parų\)/,
  },
  {
    what: "laikas iki paėmimo ne trumpesnis už rezervavimą iš anksto",
    body: (s) => bookingRules(s, { minDays: 1, maxAdvanceDays: 2, leadTimeHours: 48 }),
    field: "bookingRules.leadTimeHours",
    mentions: /\(48 val\.\)/,
  },
  {
    what: "PVM tarifas virš 0,3",
    body: (s) => bookingRules(s, { vatRate: 0.31 }),
    field: "bookingRules.vatRate",
    mentions: /0,3/,
  },
  {
    what: "neigiamas PVM tarifas",
    body: (s) => bookingRules(s, { vatRate: -0.01 }),
    field: "bookingRules.vatRate",
    mentions: /neigiamas/,
  },
  {
    what: "IBAN be teisingos kontrolinės sumos",
    body: (s) => company(s, { iban: "LT00 not an iban" }),
    field: "company.iban",
    mentions: /IBAN/,
  },
  {
    what: "IBAN su pakeistu skaitmeniu",
    body: (s) => company(s, { iban: "LT12 1000 0111 0100 1001" }),
    field: "company.iban",
    mentions: /IBAN/,
  },
  {
    what: "įmonės kodas ne 9 skaitmenys",
    body: (s) => company(s, { companyCode: "12345678" }),
    field: "company.companyCode",
    mentions: /9 skaitmenys/,
  },
  {
    what: "įmonės kodas su raidėmis",
    body: (s) => company(s, { companyCode: "30518472A" }),
    field: "company.companyCode",
    mentions: /9 skaitmenys/,
  },
  {
    what: "PVM mokėtojo kodas be LT",
    body: (s) => company(s, { vatCode: "185247318" }),
    field: "company.vatCode",
    mentions: /LT ir 9 arba 12 skaitmenų/,
  },
  {
    what: "PVM mokėtojo kodas su 10 skaitmenų",
    body: (s) => company(s, { vatCode: "LT1852473181" }),
    field: "company.vatCode",
    mentions: /LT ir 9 arba 12 skaitmenų/,
  },
];

describe("PUT /api/admin/settings: neteisingi nustatymai atmetami", () => {
  for (const violation of VIOLATIONS) {
    it(`${violation.what}: 422 su klaida lauke ${violation.field}, nustatymai nepakeisti`, async () => {
      const before = await current();
      const response = await admin.put<ErrorBody>(PATH, violation.body(before));
      expect(response.status).toBe(422);
      expect(response.body.message).toBe("Patikrinkite pažymėtus laukus");
      const message = response.body.errors?.[violation.field];
      expect(message, JSON.stringify(response.body.errors)).toBeDefined();
      expect(message).toMatch(violation.mentions);
      expect(message).not.toContain("undefined");
      expect(nonLithuanianMessages(response.body)).toEqual([]);
      expect(await current()).toEqual(before);
    });
  }
});

describe("PUT /api/admin/settings: teisingi nustatymai išsaugomi", () => {
  it("priima suderintas taisykles ir įmonės duomenis; IBAN saugomas spausdinamu pavidalu", async () => {
    const before = await current();
    const response = await admin.put<SettingsRecord>(PATH, {
      ...before,
      bookingRules: {
        ...before.bookingRules,
        minDays: 3,
        maxDays: 3,
        maxAdvanceDays: 3,
        leadTimeHours: 71,
        openingHour: 7,
        closingHour: 8,
        vatRate: 0.3,
      },
      company: { ...before.company, companyCode: "123456789", vatCode: "lt123456789012", iban: "lt121000011101001000" },
    });
    expect(response.status).toBe(200);
    const after = await current();
    expect(after.bookingRules).toMatchObject({
      minDays: 3,
      maxDays: 3,
      maxAdvanceDays: 3,
      leadTimeHours: 71,
      vatRate: 0.3,
    });
    expect(after.company).toMatchObject({
      companyCode: "123456789",
      vatCode: "LT123456789012",
      iban: "LT12 1000 0111 0100 1000",
    });
  });

  it("įmonė, kuri nėra PVM mokėtoja, palieka PVM kodą tuščią; IBAN gali būti nenurodytas", async () => {
    const before = await current();
    const response = await admin.put<SettingsRecord>(PATH, company(before, { vatCode: "", iban: "" }));
    expect(response.status).toBe(200);
    expect((await current()).company).toMatchObject({ vatCode: "", iban: "" });
  });

  it("PVM tarifas 0 priimamas", async () => {
    const before = await current();
    const response = await admin.put<SettingsRecord>(PATH, bookingRules(before, { vatRate: 0 }));
    expect(response.status).toBe(200);
    expect((await current()).bookingRules.vatRate).toBe(0);
  });
});
