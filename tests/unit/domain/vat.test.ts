// EU VAT codes (format and check digit per state) and the place of supply of a car hire: short
// hire taxed in Lithuania, long hire to an EU business reverse-charged, long hire to a consumer
// abroad refused with the reason; the invoice lines and i.SAF totals of a reverse-charged hire.
import { describe, expect, it } from "vitest";
import { COUNTRY_CHOICES, companyCodeError, countryName, isCountryCode } from "../../../src/domain/countries";
import { grossLine, reverseChargedLines, totalsOf, vatLegalNotes } from "../../../src/domain/invoices";
import { documentTotals, REVERSE_CHARGE_TAX_CODE } from "../../../src/domain/isaf";
import { customerSchema, requestInputSchema } from "../../../src/domain/schemas";
import { checkVatCode, compactVatCode, VAT_RULES, vatCodeError } from "../../../src/domain/vatCodes";
import {
  hireVatTreatment,
  isShortTermHire,
  REVERSE_CHARGE_NOTATION,
  SHORT_TERM_HIRE_DAYS,
} from "../../../src/domain/vatPlaceOfSupply";

// Real codes as published in the states' and the Commission's examples, one or more per state,
// and each altered in its last character (or one digit), which its check must refuse.
const VALID: Readonly<Record<string, readonly string[]>> = {
  AT: ["ATU13585627"],
  BE: ["BE0403019261", "BE0428759497"],
  BG: ["BG175074752"],
  CY: ["CY10259033P"],
  CZ: ["CZ25123891"],
  DE: ["DE136695976", "DE129273398"],
  DK: ["DK13585628"],
  EE: ["EE100931558", "EE100594102"],
  EL: ["EL094259216"],
  ES: ["ESA13585625", "ES12345678Z", "ESX5253868R"],
  FI: ["FI20774740"],
  FR: ["FR40303265045", "FR23334175221"],
  HR: ["HR33392005961"],
  HU: ["HU12892312"],
  IE: ["IE6433435F", "IE8D79739I"],
  IT: ["IT00743110157"],
  LT: ["LT119511515", "LT100001919017", "LT185247318"],
  LU: ["LU15027442"],
  LV: ["LV40003521600"],
  MT: ["MT11679112"],
  NL: ["NL004495445B01"],
  PL: ["PL8567346215"],
  PT: ["PT501964843"],
  RO: ["RO18547290"],
  SE: ["SE123456789701"],
  SI: ["SI50223054"],
  SK: ["SK2022749619"],
  XI: ["XI980780684"],
};
const ALTERED: readonly string[] = [
  "ATU13585626",
  "BE0431150351",
  "BG175074751",
  "CY10259033Z",
  "CZ25123890",
  "DE136695978",
  "DK13585627",
  "EE100594103",
  "EL123456781",
  "ESA13585626",
  "ES12345678A",
  "FI20774741",
  "FR84323140391",
  "HR33392005962",
  "HU12892313",
  "IE6433435E",
  "IT00743110158",
  "LT119511516",
  "LT100001919018",
  "LU15027443",
  "LV40003521601",
  "MT11679113",
  "NL123456789B90",
  "PL8567346216",
  "PT501964842",
  "RO18547291",
  "SE123456789101",
  "SI50223055",
  "SK2022749618",
  "XI802311781",
];

describe("PVM mokėtojo kodai: kiekvienos ES valstybės formatas ir kontrolinis skaitmuo", () => {
  it("kiekviena ES valstybė (ir XI) turi taisyklę, o pavyzdžiai jas visas apima", () => {
    expect(Object.keys(VAT_RULES).sort()).toEqual(Object.keys(VALID).sort());
    expect(Object.keys(VAT_RULES)).toHaveLength(28);
  });

  it.each(Object.values(VALID).flat())("tikras kodas %s priimamas", (code) => {
    const checked = checkVatCode(code);
    expect(checked, JSON.stringify(checked)).toMatchObject({ ok: true, code });
  });

  it.each(ALTERED)("pakeistas kodas %s atmetamas dėl kontrolinio skaitmens", (code) => {
    expect(checkVatCode(code)).toEqual({
      ok: false,
      message: `PVM mokėtojo kodas ${code} neteisingas: nesutampa kontrolinis skaitmuo`,
    });
  });

  it("„NOTAVAT“, svetimas prefiksas ir netinkamas formatas – lietuviški pranešimai", () => {
    expect(vatCodeError("NOTAVAT")).toBe(
      "„NOTAVAT“ nėra PVM mokėtojo kodas: jis prasideda ES valstybės kodu (pvz., LT, DE, PL) ir turi jos nustatytą skaitmenų skaičių",
    );
    expect(vatCodeError("US123456789")).toBe(
      "PVM mokėtojo kodo pradžia „US“ nėra ES valstybės kodas (pvz., LT, LV, DE, PL; Graikija – EL)",
    );
    expect(vatCodeError("DE12345")).toBe("Netinkamas DE PVM mokėtojo kodo formatas: turi būti DE ir 9 skaitmenys");
    expect(vatCodeError("GR094259216")).toBe(
      "PVM mokėtojo kodo pradžia „GR“ nėra ES valstybės kodas (pvz., LT, LV, DE, PL; Graikija – EL)",
    );
    expect(vatCodeError("")).toBeNull();
    expect(vatCodeError(undefined)).toBeNull();
  });

  it("tarpai, taškai ir mažosios raidės netrukdo; šalis turi sutapti su prefiksu", () => {
    expect(compactVatCode(" de 136.695-976 ")).toBe("DE136695976");
    expect(checkVatCode("de 136 695 976", "DE")).toMatchObject({ ok: true, code: "DE136695976", country: "DE" });
    expect(checkVatCode("EL094259216", "GR")).toMatchObject({ ok: true, country: "GR" });
    expect(vatCodeError("DE136695976", "LT")).toBe(
      "PVM mokėtojo kodas prasideda DE, o kliento šalis – LT: kodas turi būti tos šalies, kurioje įmonė įregistruota",
    );
  });
});

describe("šalys ir įmonių kodai", () => {
  it("ISO kodai ir lietuviški pavadinimai", () => {
    expect(isCountryCode("DE")).toBe(true);
    expect(isCountryCode("XX")).toBe(false);
    expect(isCountryCode("Vokietija")).toBe(false);
    expect(countryName("DE")).toBe("Vokietija");
    expect(COUNTRY_CHOICES[0]).toEqual({ id: "LT", name: "Lietuva" });
    expect(COUNTRY_CHOICES.map((c) => c.id)).toEqual(expect.arrayContaining(["LV", "PL", "DE", "FI", "SE"]));
  });

  it("įmonės kodas pagal šalį: Lietuvos 7–9 skaitmenys, užsienio registrų kodai su raidėmis", () => {
    expect(companyCodeError("302846715", "LT")).toBeNull();
    expect(companyCodeError("HRB 86786", "LT")).toBe("Įmonės kodas turi būti 7–9 skaitmenys");
    expect(companyCodeError("HRB 86786", "DE")).toBeNull();
    expect(companyCodeError("40003521600", "LV")).toBeNull();
    expect(companyCodeError("?", "DE")).toBe(
      "Įmonės registracijos kodas – nuo 2 iki 20 raidžių, skaitmenų, tarpų ar ženklų - . /",
    );
  });
});

describe("kliento kortelė ir verslo užklausa: šalis, įmonės kodas, PVM kodas", () => {
  const person = { firstName: "Jonas", lastName: "Jonaitis", email: "jonas@example.lt", phone: "+37061234567" };

  it("kortelė atmeta „NOTAVAT“ ir svetimos šalies kodą, priima Vokietijos įmonę", () => {
    const notAVat = customerSchema.safeParse({ ...person, type: "business", companyName: "X", vatCode: "NOTAVAT" });
    expect(notAVat.success).toBe(false);
    expect(notAVat.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["vatCode", vatCodeError("NOTAVAT")],
    ]);
    expect(customerSchema.safeParse({ ...person, country: "LT", vatCode: "DE136695976" }).success).toBe(false);
    const german = customerSchema.parse({
      ...person,
      type: "business",
      companyName: "Muster Logistik GmbH",
      companyCode: "HRB 86786",
      vatCode: "DE136695976",
      country: "de",
    });
    expect(german).toMatchObject({ country: "DE", vatCode: "DE136695976" });
    expect(customerSchema.safeParse({ ...person, country: "Vokietija" }).success).toBe(false);
  });

  it("verslo užklausa iš Vokietijos priimama; Lietuvos taisyklės lieka", () => {
    const base = { type: "business", name: "Hans", email: "hans@muster.example.de", message: "Ilgalaikė nuoma" };
    const parsed = requestInputSchema.parse({
      ...base,
      company: { name: "Muster GmbH", code: "HRB 86786", vatCode: "de 136 695 976", country: "DE" },
    });
    expect(parsed.company).toEqual({ name: "Muster GmbH", code: "HRB 86786", vatCode: "DE136695976", country: "DE" });
    const refused = requestInputSchema.safeParse({
      ...base,
      company: { name: "Muster GmbH", code: "HRB 86786", vatCode: "NOTAVAT", country: "DE" },
    });
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["company.vatCode", vatCodeError("NOTAVAT")],
    ]);
    expect(
      requestInputSchema.safeParse({ ...base, company: { name: "UAB Ratai", code: "HRB 86786" } }).error?.issues[0]
        ?.message,
    ).toBe("Įmonės kodas turi būti 7–9 skaitmenys");
  });
});

describe("paslaugų teikimo vieta: automobilio nuoma (direktyvos 2006/112/EB 44, 56 str.)", () => {
  const at = (day: number) => new Date(Date.UTC(2026, 9, day, 8)).toISOString();
  const short = { pickupAt: at(1), returnAt: at(6) };
  const long = { pickupAt: at(1), returnAt: at(36) };
  const german = { type: "business" as const, country: "DE", vatCode: "DE136695976" };

  it("trumpalaikė – ne ilgiau kaip 30 parų nepertraukiamai", () => {
    expect(SHORT_TERM_HIRE_DAYS).toBe(30);
    expect(isShortTermHire({ pickupAt: at(1), returnAt: at(31) })).toBe(true);
    expect(isShortTermHire({ pickupAt: at(1), returnAt: new Date(Date.parse(at(31)) + 60_000).toISOString() })).toBe(
      false,
    );
  });

  it("trumpa nuoma Vokietijos įmonei – Lietuvos PVM; 35 dienų – atvirkštinis apmokestinimas", () => {
    expect(hireVatTreatment(short, german).kind).toBe("domestic");
    expect(hireVatTreatment(long, german)).toMatchObject({
      kind: "reverse-charge",
      country: "DE",
      vatCode: "DE136695976",
    });
  });

  it("ilgalaikė Lietuvos įmonei ar gyventojui – Lietuvos PVM", () => {
    expect(hireVatTreatment(long, { type: "business", country: "LT", vatCode: "LT185247318" }).kind).toBe("domestic");
    expect(hireVatTreatment(long, { type: "private", country: "LT", vatCode: "" }).kind).toBe("domestic");
  });

  it("ilgalaikė vartotojui kitoje ES valstybėje, įmonei be PVM kodo ar už ES – atsisakoma su priežastimi", () => {
    const consumer = hireVatTreatment(long, { type: "private", country: "LV", vatCode: "" });
    expect(consumer).toMatchObject({ kind: "refused" });
    expect(consumer.kind === "refused" && consumer.message).toContain("apmokestinama tos valstybės PVM");
    const noCode = hireVatTreatment(long, { type: "business", country: "DE", vatCode: "" });
    expect(noCode.kind === "refused" && noCode.message).toContain("be galiojančio PVM mokėtojo kodo");
    const norway = hireVatTreatment(long, { type: "business", country: "NO", vatCode: "" });
    expect(norway.kind === "refused" && norway.message).toContain("už ES ribų (NO)");
    const northernIreland = hireVatTreatment(long, { type: "business", country: "GB", vatCode: "XI980780684" });
    expect(northernIreland.kind).toBe("refused");
  });

  it("atvirkštinio apmokestinimo eilutės: kaina be PVM, 0 %, žyma; i.SAF – PVM15 be tarifo", () => {
    const lines = reverseChargedLines([grossLine("Automobilio nuoma", 1210, 0.21, 35, "para")]);
    expect(lines[0]).toMatchObject({ net: 1000, vat: 0, vatRate: 0, total: 1000, reverseCharge: true });
    expect(totalsOf(lines)).toEqual({ net: 1000, vat: 0, total: 1000 });
    expect(vatLegalNotes(lines)[0]).toBe(REVERSE_CHARGE_NOTATION);
    expect(REVERSE_CHARGE_NOTATION).toBe("Atvirkštinis apmokestinimas");
    expect(documentTotals({ lines })).toEqual([
      { taxableValue: 1000, taxCode: REVERSE_CHARGE_TAX_CODE, taxPercentage: null, amount: 0 },
    ]);
    expect(REVERSE_CHARGE_TAX_CODE).toBe("PVM15");
  });
});
