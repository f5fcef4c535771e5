// A sum of money in Lithuanian words, as local invoices print it:
// 120.5 -> "vienas šimtas dvidešimt eurų 50 ct". Pure; no Intl.
// Agreement of the noun with the number (euras / eurai / eurų, tūkstantis / tūkstančiai /
// tūkstančių): 1, 21, 31… take the nominative singular; 2–9, 22–29… the nominative plural;
// 0, 10–20, 30… the genitive plural.

const UNITS = ["", "vienas", "du", "trys", "keturi", "penki", "šeši", "septyni", "aštuoni", "devyni"];
const TEENS = [
  "dešimt",
  "vienuolika",
  "dvylika",
  "trylika",
  "keturiolika",
  "penkiolika",
  "šešiolika",
  "septyniolika",
  "aštuoniolika",
  "devyniolika",
];
const TENS = [
  "",
  "",
  "dvidešimt",
  "trisdešimt",
  "keturiasdešimt",
  "penkiasdešimt",
  "šešiasdešimt",
  "septyniasdešimt",
  "aštuoniasdešimt",
  "devyniasdešimt",
];

type Forms = readonly [one: string, few: string, many: string];
const EURO: Forms = ["euras", "eurai", "eurų"];
const THOUSAND: Forms = ["tūkstantis", "tūkstančiai", "tūkstančių"];
const MILLION: Forms = ["milijonas", "milijonai", "milijonų"];
const BILLION: Forms = ["milijardas", "milijardai", "milijardų"];
const HUNDRED: Forms = ["šimtas", "šimtai", "šimtų"];

/** The noun's form for a whole number n ≥ 0. */
export function lithuanianForm(n: number, forms: Forms): string {
  const lastTwo = n % 100;
  const last = n % 10;
  if (last === 0 || (lastTwo >= 10 && lastTwo <= 20)) return forms[2];
  if (last === 1) return forms[0];
  return forms[1];
}

/** 1–999 in words ("" for 0). */
function underThousand(n: number): string {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) words.push(UNITS[hundreds] as string, hundreds === 1 ? HUNDRED[0] : HUNDRED[1]);
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10] as string);
  else {
    const tens = Math.floor(rest / 10);
    const units = rest % 10;
    if (tens > 0) words.push(TENS[tens] as string);
    if (units > 0) words.push(UNITS[units] as string);
  }
  return words.join(" ");
}

/** A whole number 0 ≤ n < 10¹² in Lithuanian words: 2000 -> "du tūkstančiai". */
export function integerInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`Netinkamas skaičius: ${n}`);
  if (n === 0) return "nulis";
  const groups: [number, Forms | null][] = [
    [Math.floor(n / 1e9) % 1000, BILLION],
    [Math.floor(n / 1e6) % 1000, MILLION],
    [Math.floor(n / 1e3) % 1000, THOUSAND],
    [n % 1000, null],
  ];
  const words: string[] = [];
  for (const [value, forms] of groups) {
    if (value === 0) continue;
    words.push(underThousand(value));
    if (forms) words.push(lithuanianForm(value, forms));
  }
  return words.join(" ");
}

/**
 * Euros and cents in words: 120.5 -> "vienas šimtas dvidešimt eurų 50 ct", 1 -> "vienas euras 00 ct",
 * a negative sum (a credit note) -> "minus …".
 */
export function amountInWords(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Netinkama suma: ${amount}`);
  const cents = Math.round(Number((Math.abs(amount) * 100).toFixed(6)));
  const euros = Math.floor(cents / 100);
  const rest = cents % 100;
  const words = `${integerInWords(euros)} ${lithuanianForm(euros, EURO)} ${String(rest).padStart(2, "0")} ct`;
  return amount < 0 && cents > 0 ? `minus ${words}` : words;
}
