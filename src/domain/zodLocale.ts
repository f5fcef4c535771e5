// zod's default messages in plain Lithuanian for the people who read them. zod's own "lt"
// locale prints "Skaičius turi būti ne didesnis kaip 99 undefined" for number limits and
// "Gautas tipas …, o tikėtasi - …" for wrong types; every limit here says its value.
import type { z } from "zod";
import { formatCount, formatDate, formatNumber } from "./format";

type RawIssue = Parameters<z.core.$ZodErrorMap>[0];

const CHAR_FORMS = ["simbolis", "simboliai", "simbolių"] as const;
const ITEM_FORMS = ["įrašas", "įrašai", "įrašų"] as const;
const BYTE_FORMS = ["baitas", "baitai", "baitų"] as const;

const FORMAT_NAMES: Record<string, string> = {
  email: "el. pašto adresas",
  url: "adresas (URL)",
  datetime: "data ir laikas",
  date: "data",
  time: "laikas",
  uuid: "identifikatorius",
  regex: "formatas",
};

function limitText(origin: string, limit: number | bigint): string {
  const n = Number(limit);
  switch (origin) {
    case "string":
      return formatCount(n, CHAR_FORMS);
    case "array":
    case "set":
      return formatCount(n, ITEM_FORMS);
    case "file":
      return formatCount(n, BYTE_FORMS);
    case "date":
      return formatDate(new Date(n));
    default:
      return formatNumber(n, 20);
  }
}

function isMissing(input: unknown): boolean {
  return input === undefined || input === null || input === "";
}

/** One issue's message; `undefined` never reaches the text. */
export function lithuanianIssueMessage(issue: RawIssue): string {
  switch (issue.code) {
    case "invalid_type": {
      if (isMissing(issue.input)) return "Laukas privalomas";
      if (issue.expected === "int") return "Turi būti sveikasis skaičius";
      if (issue.expected === "number" || issue.expected === "bigint") return "Turi būti skaičius";
      if (issue.expected === "string") return "Turi būti tekstas";
      if (issue.expected === "boolean") return "Turi būti „Taip“ arba „Ne“";
      if (issue.expected === "date") return "Turi būti data";
      if (issue.expected === "array") return "Turi būti sąrašas";
      return "Neteisinga reikšmė";
    }
    case "too_big": {
      const limit = limitText(issue.origin, issue.maximum);
      if (issue.origin === "string") return `Turi būti ne ilgesnis kaip ${limit}`;
      if (issue.origin === "array" || issue.origin === "set") return `Galima ne daugiau kaip ${limit}`;
      if (issue.origin === "file") return `Failas turi būti ne didesnis kaip ${limit}`;
      if (issue.origin === "date") return `Data turi būti ne vėlesnė kaip ${limit}`;
      return issue.inclusive === false ? `Turi būti mažiau nei ${limit}` : `Turi būti ne daugiau kaip ${limit}`;
    }
    case "too_small": {
      const limit = limitText(issue.origin, issue.minimum);
      const minimum = Number(issue.minimum);
      if (issue.origin === "string")
        return minimum <= 1 ? "Laukas privalomas" : `Turi būti ne trumpesnis kaip ${limit}`;
      if (issue.origin === "array" || issue.origin === "set")
        return minimum <= 1 ? "Pasirinkite bent vieną" : `Reikia ne mažiau kaip ${limit}`;
      if (issue.origin === "file") return `Failas turi būti ne mažesnis kaip ${limit}`;
      if (issue.origin === "date") return `Data turi būti ne ankstesnė kaip ${limit}`;
      return issue.inclusive === false ? `Turi būti daugiau nei ${limit}` : `Turi būti ne mažiau kaip ${limit}`;
    }
    case "not_multiple_of": {
      const divisor = Number(issue.divisor);
      if (divisor === 1) return "Turi būti sveikasis skaičius";
      if (divisor === 0.01) return "Ne daugiau kaip 2 skaitmenys po kablelio";
      return `Turi būti ${formatNumber(divisor, 20)} kartotinis`;
    }
    case "invalid_format":
      return `Neteisingas ${FORMAT_NAMES[issue.format] ?? "formatas"}`;
    case "invalid_value":
      return "Neleistina reikšmė: pasirinkite iš sąrašo";
    case "unrecognized_keys":
      return `Nežinomi laukai: ${issue.keys.join(", ")}`;
    default:
      return "Neteisinga reikšmė";
  }
}

/** For `z.config(...)`: the lowest-priority messages, below each schema's own `error`. */
export function lithuanianZodLocale(): { localeError: z.core.$ZodErrorMap } {
  return { localeError: (issue) => lithuanianIssueMessage(issue) };
}

/**
 * For `z.number({ error: numberTypeError })`: a schema-wide `error` would also replace the
 * limit checks' messages ("99" would read "Turi būti skaičius"); this one covers only the type.
 */
export const numberTypeError: z.core.$ZodErrorMap = (issue) =>
  issue.code === "invalid_type" && issue.expected !== "int" ? "Turi būti skaičius" : undefined;
