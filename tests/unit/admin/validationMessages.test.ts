// Every message a form field can show: react-admin's own validators (with the arguments
// ra-core 5.15 really passes) through our translator, and the schemas' default zod messages.
// None may show "undefined", "NaN" or an unfilled "%{placeholder}".
import {
  choices,
  email,
  maxLength,
  maxValue,
  minLength,
  minValue,
  number,
  regex,
  required,
  type ValidationErrorMessage,
} from "react-admin";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createI18nProvider } from "../../../src/admin/i18n/i18nProvider";
import { lt } from "../../../src/admin/i18n/lt";
import { formatNumber } from "../../../src/domain/format";
import { carSchema } from "../../../src/domain/schemas";
import { lithuanianIssueMessage } from "../../../src/domain/zodLocale";

const i18n = createI18nProvider();

/** What react-admin's <ValidationError> renders for a validator's result. */
function shown(error: ValidationErrorMessage | null | undefined | Promise<unknown>): string {
  if (!error || error instanceof Promise) throw new Error("validator accepted the value");
  if (typeof error === "string") return String(i18n.translate(error, { _: error }));
  return String(i18n.translate(error.message, { _: error.message, ...error.args }));
}

const BROKEN = /undefined|NaN|%\{|null/;

describe("react-admin tikrinimo pranešimai lietuviškai", () => {
  const cases: [string, string, string][] = [
    ["required", shown(required()("", {})), "Laukas privalomas"],
    ["minLength", shown(minLength(5)("abc", {})), "Mažiausias leistinas ilgis: 5 simb."],
    ["maxLength", shown(maxLength(3)("abcdef", {})), "Didžiausias leistinas ilgis: 3 simb."],
    ["minValue", shown(minValue(1)(0, {})), "Turi būti ne mažiau kaip 1"],
    ["maxValue", shown(maxValue(99)(150, {})), "Turi būti ne daugiau kaip 99"],
    ["number", shown(number()("abc", {})), "Turi būti skaičius"],
    ["email", shown(email()("ne-adresas", {})), "Neteisingas el. pašto adresas"],
    ["regex", shown(regex(/^\d+$/)("x", {})), "Turi atitikti formatą (reguliarioji išraiška): /^\\d+$/"],
    ["oneOf", shown(choices(["a", "b"])("c", {})), "Turi būti viena iš reikšmių: a,b"],
    ["unique", shown("ra.validation.unique"), "Reikšmė turi būti unikali"],
  ];

  it("apima kiekvieną ra.validation raktą", () => {
    expect(cases.map(([key]) => key).sort()).toEqual(Object.keys(lt.ra.validation).sort());
  });

  it.each(cases)("%s: rodo ribą ir nieko neužpildyto", (_key, text, expected) => {
    expect(text).toBe(expected);
    expect(text).not.toMatch(BROKEN);
  });
});

describe("zod numatytieji pranešimai", () => {
  const schema = z.object({
    seats: z.number().int().min(1).max(60),
    price: z.number().gt(0).lt(1_000_000),
    name: z.string().min(1).max(20),
    code: z.string().min(3),
    tags: z.array(z.string()).min(1).max(2),
    kind: z.enum(["a", "b"]),
    at: z.iso.datetime(),
    mail: z.email(),
  });

  function messages(input: Record<string, unknown>): Record<string, string> {
    const result = schema.safeParse(input);
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  }

  it("skaičiaus ribos sakomos žodžiais, su skaičiumi ir be „undefined“", () => {
    expect(messages({ seats: 99 }).seats).toBe("Turi būti ne daugiau kaip 60");
    expect(messages({ seats: 0 }).seats).toBe("Turi būti ne mažiau kaip 1");
    expect(messages({ seats: 2.5 }).seats).toBe("Turi būti sveikasis skaičius");
    expect(messages({ price: 1_000_000 }).price).toBe(`Turi būti mažiau nei ${formatNumber(1_000_000)}`);
    expect(messages({ price: 0 }).price).toBe("Turi būti daugiau nei 0");
  });

  it("teksto, sąrašo, pasirinkimo ir formato pranešimai", () => {
    const found = messages({
      seats: "x",
      name: "a".repeat(21),
      code: "ab",
      tags: ["a", "b", "c"],
      kind: "z",
      at: "vakar",
      mail: "ne",
    });
    expect(found).toEqual({
      seats: "Turi būti skaičius",
      price: "Laukas privalomas",
      name: "Turi būti ne ilgesnis kaip 20 simbolių",
      code: "Turi būti ne trumpesnis kaip 3 simboliai",
      tags: "Galima ne daugiau kaip 2 įrašai",
      kind: "Neleistina reikšmė: pasirinkite iš sąrašo",
      at: "Neteisingas data ir laikas",
      mail: "Neteisingas el. pašto adresas",
    });
    expect(messages({ name: "", tags: [] })).toMatchObject({
      name: "Laukas privalomas",
      tags: "Pasirinkite bent vieną",
    });
  });

  it("tikro automobilio schemos riba (sėdimos vietos) rodoma be „undefined“", () => {
    const result = carSchema.shape.seats.safeParse(99);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Turi būti ne daugiau kaip 60");
  });

  it("jokia zod klaida neišveda „undefined“", () => {
    const issues = [
      { code: "too_big", origin: "number", maximum: 99, inclusive: true, input: 100 },
      {
        code: "too_small",
        origin: "date",
        minimum: Date.UTC(2026, 10, 21, 12),
        inclusive: true,
        input: new Date("2026-11-20T12:00:00Z"),
      },
      { code: "too_big", origin: "file", maximum: 1024, inclusive: true, input: null },
      { code: "not_multiple_of", divisor: 0.01, input: 1.234 },
      { code: "invalid_format", format: "cuid2", input: "x" },
      { code: "unrecognized_keys", keys: ["extra"], input: {} },
      { code: "invalid_union", errors: [], input: 1 },
      { code: "custom", input: 1 },
    ] as unknown as Parameters<typeof lithuanianIssueMessage>[0][];
    for (const issue of issues) expect(lithuanianIssueMessage(issue)).not.toMatch(BROKEN);
    expect(lithuanianIssueMessage(issues[1] as Parameters<typeof lithuanianIssueMessage>[0])).toBe(
      "Data turi būti ne ankstesnė kaip 2026-11-21",
    );
  });
});

describe("skaičiai react-admin pranešimuose", () => {
  it("puslapiavimas grupuoja tūkstančius: „1–25 iš 1 234“", () => {
    expect(i18n.translate("ra.navigation.page_range_info", { offsetBegin: 1, offsetEnd: 25, total: 1234 })).toBe(
      `1–25 iš ${formatNumber(1234)}`,
    );
    expect(formatNumber(1234)).toBe("1\u00a0234");
  });

  it("daugiskaitos forma parenkama pagal skaičių, o skaičius rodomas sugrupuotas", () => {
    expect(i18n.translate("ra.action.bulk_actions", { smart_count: 1234 })).toBe("Pažymėti 1\u00a0234 įrašai");
    expect(i18n.translate("ra.action.bulk_actions", { smart_count: 11 })).toBe("Pažymėta 11 įrašų");
    expect(i18n.translate("ra.action.bulk_actions", { smart_count: 21 })).toBe("Pažymėtas 21 įrašas");
  });
});
