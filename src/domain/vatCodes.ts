// EU VAT identification numbers (PVM mokėtojo kodai) as each member state issues them: the
// prefix (ISO country code; Greece "EL", Northern Ireland "XI"), the format and, where the state
// publishes one, the check digit. Pure: a code that passes is well formed, not necessarily
// registered; whether it is registered is VIES's answer (src/core/vies.ts), optional.
//
// The formats and check digits are those of the European Commission's VIES "VAT number
// validation" specification and the states' own rules (the same algorithms python-stdnum and
// the commercial validators implement). Every state but Cyprus's old and Ireland's legacy
// numbers has a check digit; France's keys with letters (new SIREN keys) are checked for format only,
// as are Latvian codes of natural persons (no check digit since 2017) and Czech 9-digit codes.

/** The VIES prefix of each EU state (and Northern Ireland), and the ISO 3166-1 country it stands for. */
export const VAT_PREFIX_COUNTRIES: Readonly<Record<string, string>> = {
  AT: "AT",
  BE: "BE",
  BG: "BG",
  CY: "CY",
  CZ: "CZ",
  DE: "DE",
  DK: "DK",
  EE: "EE",
  EL: "GR",
  ES: "ES",
  FI: "FI",
  FR: "FR",
  HR: "HR",
  HU: "HU",
  IE: "IE",
  IT: "IT",
  LT: "LT",
  LU: "LU",
  LV: "LV",
  MT: "MT",
  NL: "NL",
  PL: "PL",
  PT: "PT",
  RO: "RO",
  SE: "SE",
  SI: "SI",
  SK: "SK",
  XI: "GB",
};

/** The EU member states (ISO 3166-1 alpha-2), for the place-of-supply rules. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(
  Object.entries(VAT_PREFIX_COUNTRIES)
    .filter(([prefix]) => prefix !== "XI")
    .map(([, country]) => country),
);

/** The VAT prefix of a country: "GR" -> "EL"; "GB" -> "XI" (Northern Ireland); else the ISO code. */
export const vatPrefixOf = (country: string): string =>
  country === "GR" ? "EL" : country === "GB" ? "XI" : country.toUpperCase();

/** The code without spaces, dots, dashes and slashes, upper case: "de 136 695 976" -> "DE136695976". */
export const compactVatCode = (code: string): string => code.replace(/[\s.\-/,]/g, "").toUpperCase();

const digits = (value: string): number[] => [...value].map(Number);
const weighted = (value: string, weights: readonly number[]): number =>
  digits(value).reduce((sum, digit, i) => sum + digit * (weights[i] ?? 0), 0);
const digitSum = (n: number): number => (n > 9 ? n - 9 : n);

/** Luhn: the whole number's check (true when its last digit is right). */
function luhn(value: string): boolean {
  let sum = 0;
  const d = digits(value).reverse();
  for (let i = 0; i < d.length; i++) sum += i % 2 === 1 ? digitSum((d[i] ?? 0) * 2) : (d[i] ?? 0);
  return sum % 10 === 0;
}

/** ISO 7064 Mod 11,10 (Germany, Croatia): true when the last digit is right. */
function mod11_10(value: string): boolean {
  let product = 10;
  for (const digit of digits(value.slice(0, -1))) {
    let sum = (digit + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === Number(value.slice(-1));
}

/** ISO 7064 Mod 97,10 over letters and digits (A=10 … Z=35). */
function mod97(value: string): number {
  let rest = 0;
  for (const char of value) {
    const n = /[A-Z]/.test(char) ? char.charCodeAt(0) - 55 : Number(char);
    rest = (rest * (n > 9 ? 100 : 10) + n) % 97;
  }
  return rest;
}

/** Lithuania: 9 digits (legal persons, 8th digit 1) or 12 (11th digit 1); mod 11 with a second set of weights. */
function lithuanian(n: string): boolean {
  const weights = (start: number) => Array.from({ length: n.length - 1 }, (_, i) => ((start + i - 1) % 9) + 1);
  let rest = weighted(n.slice(0, -1), weights(1)) % 11;
  if (rest === 10) rest = (weighted(n.slice(0, -1), weights(3)) % 11) % 10;
  return rest === Number(n.slice(-1));
}

/** Spain: NIF of a legal person (letter, 7 digits, check digit or letter), a DNI or an NIE. */
function spanish(n: string): boolean {
  const dniLetter = (number: number) => "TRWAGMYFPDXBNJZSQVHLCKE"[number % 23];
  if (/^\d{8}[A-Z]$/.test(n)) return dniLetter(Number(n.slice(0, 8))) === n[8];
  if (/^[KLM]\d{7}[A-Z]$/.test(n)) return dniLetter(Number(n.slice(1, 8))) === n[8];
  if (/^[XYZ]\d{7}[A-Z]$/.test(n)) return dniLetter(Number(`${"XYZ".indexOf(n[0] ?? "")}${n.slice(1, 8)}`)) === n[8];
  if (!/^[A-HJNPQRSUVW]\d{7}[0-9A-J]$/.test(n)) return false;
  const d = digits(n.slice(1, 8));
  const sum = d.reduce((s, digit, i) => s + (i % 2 === 0 ? digitSum(digit * 2) : digit), 0);
  const check = (10 - (sum % 10)) % 10;
  const last = n[8] ?? "";
  if ("NPQRSW".includes(n[0] ?? "")) return last === "JABCDEFGHI"[check];
  if ("ABCDEFGHJUV".includes(n[0] ?? "")) return last === String(check);
  return last === String(check) || last === "JABCDEFGHI"[check];
}

/** Ireland: 7 digits and a check letter (and a second letter), or the old form digit, letter, 5 digits, letter. */
function irish(n: string): boolean {
  const letters = "WABCDEFGHIJKLMNOPQRSTUV";
  let number = n;
  if (/^\d[A-Z+*]\d{5}[A-W]$/.test(n)) number = `0${n.slice(2, 7)}${n[0]}${n[7]}`;
  if (!/^\d{7}[A-W][A-IW]?$/.test(number)) return false;
  let sum = weighted(number.slice(0, 7), [8, 7, 6, 5, 4, 3, 2]);
  if (number.length === 9) sum += 9 * letters.indexOf(number[8] ?? "W");
  return letters[sum % 23] === number[7];
}

/** Cyprus: 8 digits and a check letter. */
function cypriot(n: string): boolean {
  const odd = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
  const d = digits(n.slice(0, 8));
  const sum = d.reduce((s, digit, i) => s + (i % 2 === 0 ? (odd[digit] ?? 0) : digit), 0);
  return !n.startsWith("12") && "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[sum % 26] === n[8];
}

/** Czechia: 8 digits (legal persons, checked), 9 (format only) or 10 (a birth number, divisible by 11). */
function czech(n: string): boolean {
  if (n.length === 8) {
    const check = (11 - (weighted(n.slice(0, 7), [8, 7, 6, 5, 4, 3, 2]) % 11)) % 11;
    return !n.startsWith("9") && (check || 1) % 10 === Number(n[7]);
  }
  if (n.length === 10) return Number(n) % 11 === 0 || (Number(n.slice(0, 9)) % 11 === 10 && n.endsWith("0"));
  return true;
}

/** Latvia: legal persons (first digit over 3) are checked; natural persons' codes only for format. */
function latvian(n: string): boolean {
  if (Number(n[0]) <= 3) return true;
  return weighted(n, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1]) % 11 === 3;
}

/** Netherlands: the eleven test on 9 digits, or (sole traders since 2020) ISO 7064 mod 97 over "NL" and the code. */
function dutch(n: string): boolean {
  const nine = n.slice(0, 9);
  const elevenTest = (weighted(nine.slice(0, 8), [9, 8, 7, 6, 5, 4, 3, 2]) - Number(nine[8])) % 11 === 0;
  return elevenTest || mod97(`NL${n}`) === 1;
}

/** Northern Ireland (the UK's scheme): 9 or 12 digits checked by mod 97, or a government/health code. */
function northernIrish(n: string): boolean {
  if (/^(GD[0-4]\d{2}|HA[5-9]\d{2})$/.test(n)) return true;
  const sum = weighted(n.slice(0, 7), [8, 7, 6, 5, 4, 3, 2]) + Number(n.slice(7, 9));
  return sum % 97 === 0 || (sum + 55) % 97 === 0;
}

interface StateRule {
  /** the code after the prefix */
  format: RegExp;
  /** what the format is, in Lithuanian, for the message */
  example: string;
  /** the check digit, where one exists */
  check?: (n: string) => boolean;
}

/** Each state's rule: the code after the prefix, its format and its check. */
export const VAT_RULES: Readonly<Record<string, StateRule>> = {
  AT: {
    format: /^U\d{8}$/,
    example: "ATU ir 8 skaitmenys",
    check: (n) => {
      const d = digits(n.slice(1));
      const sum = d.slice(0, 7).reduce((s, digit, i) => s + (i % 2 === 1 ? digitSum(digit * 2) : digit), 0);
      return (10 - ((sum + 4) % 10)) % 10 === d[7];
    },
  },
  BE: {
    format: /^[01]\d{9}$/,
    example: "BE ir 10 skaitmenų, pirmasis 0 arba 1",
    check: (n) => 97 - (Number(n.slice(0, 8)) % 97) === Number(n.slice(8)),
  },
  BG: {
    format: /^\d{9,10}$/,
    example: "BG ir 9 arba 10 skaitmenų",
    check: (n) => {
      if (n.length === 9) {
        let rest = weighted(n, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
        if (rest === 10) rest = (weighted(n, [3, 4, 5, 6, 7, 8, 9, 10]) % 11) % 10;
        return rest === Number(n[8]);
      }
      // A natural person's EGN, a foreigner's number or another 10-digit code: any one of the checks.
      const egn = (weighted(n, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11) % 10 === Number(n[9]);
      const foreigner = weighted(n, [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10 === Number(n[9]);
      const rest = 11 - (weighted(n, [4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11);
      const other = rest !== 10 && rest % 11 === Number(n[9]);
      return egn || foreigner || other;
    },
  },
  CY: { format: /^\d{8}[A-Z]$/, example: "CY, 8 skaitmenys ir raidė", check: cypriot },
  CZ: { format: /^\d{8,10}$/, example: "CZ ir 8–10 skaitmenų", check: czech },
  DE: { format: /^[1-9]\d{8}$/, example: "DE ir 9 skaitmenys", check: mod11_10 },
  DK: {
    format: /^[1-9]\d{7}$/,
    example: "DK ir 8 skaitmenys",
    check: (n) => weighted(n, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0,
  },
  EE: {
    format: /^10\d{7}$/,
    example: "EE ir 9 skaitmenys, prasideda 10",
    check: (n) => weighted(n, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 === 0,
  },
  EL: {
    format: /^\d{9}$/,
    example: "EL ir 9 skaitmenys",
    check: (n) => (weighted(n, [256, 128, 64, 32, 16, 8, 4, 2]) % 11) % 10 === Number(n[8]),
  },
  ES: { format: /^[0-9A-Z]\d{7}[0-9A-Z]$/, example: "ES ir 9 ženklai (pvz., ESA12345674)", check: spanish },
  FI: {
    format: /^\d{8}$/,
    example: "FI ir 8 skaitmenys",
    check: (n) => {
      const rest = weighted(n, [7, 9, 10, 5, 8, 4, 2]) % 11;
      return rest !== 1 && (rest === 0 ? 0 : 11 - rest) === Number(n[7]);
    },
  },
  FR: {
    format: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
    example: "FR, 2 ženklų raktas ir 9 skaitmenų SIREN",
    check: (n) => {
      const siren = n.slice(2);
      if (!luhn(siren) && siren !== "000000000") return false;
      if (!/^\d{2}$/.test(n.slice(0, 2))) return true;
      return Number(n.slice(0, 2)) === (12 + 3 * (Number(siren) % 97)) % 97;
    },
  },
  HR: { format: /^\d{11}$/, example: "HR ir 11 skaitmenų", check: mod11_10 },
  HU: {
    format: /^\d{8}$/,
    example: "HU ir 8 skaitmenys",
    check: (n) => weighted(n, [9, 7, 3, 1, 9, 7, 3, 1]) % 10 === 0,
  },
  IE: { format: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/, example: "IE, 7 skaitmenys ir 1–2 raidės", check: irish },
  IT: {
    format: /^\d{11}$/,
    example: "IT ir 11 skaitmenų",
    check: (n) => {
      const office = Number(n.slice(7, 10));
      const officeOk = (office >= 1 && office <= 100) || [120, 121, 888, 999].includes(office);
      return !n.startsWith("0000000") && officeOk && luhn(n);
    },
  },
  LT: { format: /^(\d{7}1\d|\d{10}1\d)$/, example: "LT ir 9 arba 12 skaitmenų", check: lithuanian },
  LU: {
    format: /^\d{8}$/,
    example: "LU ir 8 skaitmenys",
    check: (n) => Number(n.slice(0, 6)) % 89 === Number(n.slice(6)),
  },
  LV: { format: /^\d{11}$/, example: "LV ir 11 skaitmenų", check: latvian },
  MT: {
    format: /^[1-9]\d{7}$/,
    example: "MT ir 8 skaitmenys",
    check: (n) => weighted(n, [3, 4, 6, 7, 8, 9, 10, 1]) % 37 === 0,
  },
  NL: { format: /^\d{9}B\d{2}$/, example: "NL, 9 skaitmenys, B ir 2 skaitmenys", check: dutch },
  PL: {
    format: /^\d{10}$/,
    example: "PL ir 10 skaitmenų",
    check: (n) => (weighted(n, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11) % 10 === Number(n[9]),
  },
  PT: {
    format: /^[1-9]\d{8}$/,
    example: "PT ir 9 skaitmenys",
    check: (n) => ((11 - (weighted(n, [9, 8, 7, 6, 5, 4, 3, 2]) % 11)) % 11) % 10 === Number(n[8]),
  },
  RO: {
    format: /^[1-9]\d{1,9}$/,
    example: "RO ir 2–10 skaitmenų",
    check: (n) => {
      const padded = n.padStart(10, "0");
      return ((weighted(padded.slice(0, 9), [7, 5, 3, 2, 1, 7, 5, 3, 2]) * 10) % 11) % 10 === Number(padded[9]);
    },
  },
  SE: { format: /^\d{10}01$/, example: "SE, 10 skaitmenų ir 01", check: (n) => luhn(n.slice(0, 10)) },
  SI: {
    format: /^[1-9]\d{7}$/,
    example: "SI ir 8 skaitmenys",
    check: (n) => {
      const check = 11 - (weighted(n, [8, 7, 6, 5, 4, 3, 2]) % 11);
      return check !== 11 && check % 10 === Number(n[7]);
    },
  },
  SK: {
    format: /^[1-9]\d[2-47-9]\d{7}$/,
    example: "SK ir 10 skaitmenų",
    check: (n) => BigInt(n) % 11n === 0n,
  },
  XI: { format: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, example: "XI ir 9 arba 12 skaitmenų", check: northernIrish },
};

export const VAT_CODE_MESSAGES = {
  notACode: (code: string) =>
    `„${code}“ nėra PVM mokėtojo kodas: jis prasideda ES valstybės kodu (pvz., LT, DE, PL) ir turi jos nustatytą skaitmenų skaičių`,
  unknownPrefix: (prefix: string) =>
    `PVM mokėtojo kodo pradžia „${prefix}“ nėra ES valstybės kodas (pvz., LT, LV, DE, PL; Graikija – EL)`,
  format: (prefix: string, example: string) => `Netinkamas ${prefix} PVM mokėtojo kodo formatas: turi būti ${example}`,
  checksum: (code: string) => `PVM mokėtojo kodas ${code} neteisingas: nesutampa kontrolinis skaitmuo`,
  country: (prefix: string, country: string) =>
    `PVM mokėtojo kodas prasideda ${prefix}, o kliento šalis – ${country}: kodas turi būti tos šalies, kurioje įmonė įregistruota`,
} as const;

export type VatCodeCheck =
  | { ok: true /** compact, with its prefix: "DE136695976" */; code: string; prefix: string; country: string }
  | { ok: false; message: string };

/**
 * The code checked by its state's format and check digit. `country` (ISO, optional): the party's
 * country, whose prefix the code must carry.
 */
export function checkVatCode(input: string, country?: string | null): VatCodeCheck {
  const code = compactVatCode(input);
  const prefix = code.slice(0, 2);
  const rest = code.slice(2);
  if (!/^[A-Z]{2}/.test(code) || !/\d/.test(code))
    return { ok: false, message: VAT_CODE_MESSAGES.notACode(input.trim()) };
  const rule = VAT_RULES[prefix];
  const ofCountry = VAT_PREFIX_COUNTRIES[prefix];
  if (!rule || !ofCountry) return { ok: false, message: VAT_CODE_MESSAGES.unknownPrefix(prefix) };
  if (!rule.format.test(rest)) return { ok: false, message: VAT_CODE_MESSAGES.format(prefix, rule.example) };
  if (rule.check && !rule.check(rest)) return { ok: false, message: VAT_CODE_MESSAGES.checksum(code) };
  if (country && country.toUpperCase() !== ofCountry) {
    return { ok: false, message: VAT_CODE_MESSAGES.country(prefix, country.toUpperCase()) };
  }
  return { ok: true, code, prefix, country: ofCountry };
}

/** The message for a wrong code, or null when it passes (an empty code passes: not a VAT payer). */
export function vatCodeError(input: string | null | undefined, country?: string | null): string | null {
  if (!input?.trim()) return null;
  const checked = checkVatCode(input, country);
  return checked.ok ? null : checked.message;
}
