// IBAN (ISO 13616): typed with or without spaces, checked with the mod-97 checksum,
// stored in the printed form "LT12 1000 0111 0100 1000".

/** Lengths of the IBANs of the countries a Lithuanian company banks with most. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  LT: 20,
  LV: 21,
  EE: 20,
  PL: 28,
  DE: 22,
  FI: 18,
  SE: 24,
  DK: 18,
  NO: 15,
  NL: 18,
  BE: 16,
  FR: 27,
  GB: 22,
  IE: 22,
};

/** "lt12 1000 0111 0100 1000" -> "LT121000011101001000" */
export function compactIban(value: string): string {
  return value.replace(/[\s\u00a0-]+/g, "").toUpperCase();
}

/** The ISO 13616 check: the country's length (where known) and the mod-97 remainder 1. */
export function isValidIban(value: string): boolean {
  const iban = compactIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** The printed form: groups of four, upper case. */
export function formatIban(value: string): string {
  return compactIban(value).replace(/(.{4})(?=.)/g, "$1 ");
}
