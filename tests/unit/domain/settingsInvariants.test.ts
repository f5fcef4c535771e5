// Booking rules that hold together and company details that print correctly on contracts
// (issue 10): each rule refused with a Lithuanian message on its field, and allowed at its limit.
import { describe, expect, it } from "vitest";
import { compactIban, formatIban, isValidIban } from "../../../src/domain/iban";
import { bookingRulesSchema, companyDetailsSchema, settingsSchema } from "../../../src/domain/schemas";

const RULES = bookingRulesSchema.parse({});
const COMPANY = {
  name: "UAB „Ratų nuoma“",
  brand: "Ratų nuoma",
  companyCode: "305184726",
  vatCode: "LT185247318",
  address: "Kalvarijų g. 125, Vilnius",
  iban: "LT59 7300 0101 6234 5178",
};

/** The issues of a parse as { "path": message }. */
function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}
const rulesIssues = (change: Record<string, number>) => issuesOf(bookingRulesSchema.safeParse({ ...RULES, ...change }));
const companyIssues = (change: Record<string, unknown>) =>
  issuesOf(companyDetailsSchema.safeParse({ ...COMPANY, ...change }));

describe("rezervavimo taisyklės: trumpiausia ir ilgiausia nuoma", () => {
  it("atmeta ilgiausią nuomą, trumpesnę už trumpiausią, ir pasako ribą žodžiais", () => {
    expect(rulesIssues({ minDays: 3, maxDays: 2 })).toEqual({
      maxDays: "Ilgiausia nuoma turi būti ne trumpesnė už trumpiausią (3 paros)",
    });
    expect(rulesIssues({ minDays: 40, maxDays: 5 }).maxDays).toContain("(40 parų)");
    expect(rulesIssues({ minDays: 21, maxDays: 20 }).maxDays).toContain("(21 para)");
  });
  it("priima lygias", () => {
    expect(rulesIssues({ minDays: 5, maxDays: 5 })).toEqual({});
  });
});

describe("rezervavimo taisyklės: darbo laikas", () => {
  it("atmeta pabaigą ne vėliau už pradžią", () => {
    expect(rulesIssues({ openingHour: 20, closingHour: 8 })).toEqual({
      closingHour: "Darbo pabaiga turi būti vėlesnė už darbo pradžią (20 val.)",
    });
    expect(rulesIssues({ openingHour: 9, closingHour: 9 }).closingHour).toContain("(9 val.)");
  });
  it("priima pabaigą valanda vėliau", () => {
    expect(rulesIssues({ openingHour: 9, closingHour: 10 })).toEqual({});
    expect(rulesIssues({ openingHour: 0, closingHour: 24 })).toEqual({});
  });
});

describe("rezervavimo taisyklės: kiek dienų iš anksto", () => {
  it("atmeta trumpesnį už trumpiausią nuomą", () => {
    expect(rulesIssues({ minDays: 30, maxDays: 60, maxAdvanceDays: 29 })).toEqual({
      maxAdvanceDays: "Rezervuoti iš anksto turi būti galima ne trumpiau nei trumpiausia nuoma (30 parų)",
    });
  });
  it("priima lygų trumpiausiai nuomai", () => {
    expect(rulesIssues({ minDays: 30, maxDays: 60, maxAdvanceDays: 30 })).toEqual({});
  });
});

describe("rezervavimo taisyklės: laikas iki paėmimo", () => {
  it("atmeta ne trumpesnį už rezervavimą iš anksto (lyginant valandomis)", () => {
    expect(rulesIssues({ maxAdvanceDays: 2, leadTimeHours: 48 })).toEqual({
      leadTimeHours: "Laikas iki paėmimo turi būti trumpesnis nei rezervavimo iš anksto laikotarpis (48 val.)",
    });
    expect(rulesIssues({ maxAdvanceDays: 1, leadTimeHours: 100 }).leadTimeHours).toContain("(24 val.)");
  });
  it("priima valanda trumpesnį", () => {
    expect(rulesIssues({ maxAdvanceDays: 2, leadTimeHours: 47 })).toEqual({});
  });
  it("vienos dienos rezervavimui iš anksto – mažiau nei 24 val.", () => {
    expect(rulesIssues({ maxAdvanceDays: 1, minDays: 1, maxDays: 1, leadTimeHours: 23 })).toEqual({});
    expect(rulesIssues({ maxAdvanceDays: 1, minDays: 1, maxDays: 1, leadTimeHours: 24 }).leadTimeHours).toContain(
      "(24 val.)",
    );
  });
});

describe("rezervavimo taisyklės: PVM tarifas", () => {
  it("atmeta virš 0,3 ir neigiamą", () => {
    expect(rulesIssues({ vatRate: 0.31 })).toEqual({ vatRate: "PVM tarifas turi būti ne didesnis kaip 0,3 (30 %)" });
    expect(rulesIssues({ vatRate: 21 }).vatRate).toContain("0,3");
    expect(rulesIssues({ vatRate: -0.01 }).vatRate).toBe("PVM tarifas negali būti neigiamas (mažiausias 0)");
  });
  it("priima ribas 0 ir 0,3", () => {
    expect(rulesIssues({ vatRate: 0 })).toEqual({});
    expect(rulesIssues({ vatRate: 0.3 })).toEqual({});
  });
});

describe("rezervavimo taisyklės nustatymuose", () => {
  it("klaida nurodoma lauke bookingRules.*", () => {
    const result = settingsSchema.safeParse({
      company: COMPANY,
      bookingRules: { ...RULES, minDays: 40, maxDays: 5, openingHour: 20, closingHour: 8 },
      emailTemplates: {
        reservationReceived: { subject: "a", body: "b" },
        requestReply: { subject: "a", body: "b" },
      },
    });
    expect(Object.keys(issuesOf(result)).sort()).toEqual(["bookingRules.closingHour", "bookingRules.maxDays"]);
  });
});

describe("IBAN (ISO 13616)", () => {
  it("tikrina mod-97 kontrolinę sumą", () => {
    expect(isValidIban("LT12 1000 0111 0100 1000")).toBe(true);
    expect(isValidIban("LT121000011101001000")).toBe(true);
    expect(isValidIban("lt59 7300 0101 6234 5178")).toBe(true);
    expect(isValidIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isValidIban("LT12 1000 0111 0100 1001")).toBe(false);
    expect(isValidIban("LT21 1000 0111 0100 1000")).toBe(false);
    expect(isValidIban("LT00 not an iban")).toBe(false);
    expect(isValidIban("LT12 1000 0111 0100 100")).toBe(false); // per trumpas Lietuvos IBAN
    expect(isValidIban("")).toBe(false);
  });
  it("spausdinamas keturių ženklų grupėmis didžiosiomis raidėmis", () => {
    expect(compactIban(" lt12 1000-0111 0100 1000 ")).toBe("LT121000011101001000");
    expect(formatIban("lt121000011101001000")).toBe("LT12 1000 0111 0100 1000");
  });
});

describe("įmonės rekvizitai", () => {
  it("atmeta IBAN be teisingos kontrolinės sumos", () => {
    expect(Object.keys(companyIssues({ iban: "LT00 not an iban" }))).toEqual(["iban"]);
    expect(companyIssues({ iban: "LT12 1000 0111 0100 1001" }).iban).toContain("Neteisingas IBAN");
  });
  it("IBAN saugo normalizuotą; tuščias ar nenurodytas leidžiamas", () => {
    expect(companyDetailsSchema.parse({ ...COMPANY, iban: "lt121000011101001000" }).iban).toBe(
      "LT12 1000 0111 0100 1000",
    );
    expect(companyDetailsSchema.parse({ ...COMPANY, iban: "  LT1210000111 01001000 " }).iban).toBe(
      "LT12 1000 0111 0100 1000",
    );
    expect(companyDetailsSchema.parse({ ...COMPANY, iban: "" }).iban).toBe("");
    const { iban: _none, ...withoutIban } = COMPANY;
    expect(companyDetailsSchema.parse(withoutIban).iban).toBeUndefined();
  });
  it("įmonės kodas – lygiai 9 skaitmenys", () => {
    for (const code of ["12345678", "1234567890", "30518472A", "—", "123 456 789"]) {
      expect(companyIssues({ companyCode: code }), code).toEqual({
        companyCode: "Įmonės kodas turi būti lygiai 9 skaitmenys",
      });
    }
    expect(companyIssues({ companyCode: " 123456789 " })).toEqual({});
    // not entered yet (a fresh install's defaults); the settings form requires it
    expect(companyIssues({ companyCode: "" })).toEqual({});
  });
  it("PVM mokėtojo kodas – LT ir 9 arba 12 skaitmenų, arba tuščias", () => {
    for (const code of ["185247318", "LT1852473", "LT1852473181", "LV185247318", "LT 185247318"]) {
      expect(Object.keys(companyIssues({ vatCode: code })), code).toEqual(["vatCode"]);
    }
    expect(companyIssues({ vatCode: "LT185247318" })).toEqual({});
    expect(companyIssues({ vatCode: "LT123456789012" })).toEqual({});
    expect(companyDetailsSchema.parse({ ...COMPANY, vatCode: "lt185247318" }).vatCode).toBe("LT185247318");
    expect(companyIssues({ vatCode: "" })).toEqual({});
  });
});
