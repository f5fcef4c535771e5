// Is a message meant for a person Lithuanian? Lithuanian letters or words, and no
// English validator output ("Invalid", "Expected", "Required" ...).
const LITHUANIAN_LETTERS = /[ąčęėįšųūžĄČĘĖĮŠŲŪŽ„“]/;
// Stems, matched anywhere in a word ("Neprisijungta", "Nerasta").
const LITHUANIAN_WORDS =
  /(teising|klaid|privalom|turi\b|lauk|rast|nėra|per\s+(daug|didel|ilg)|užklaus|prašom|patikrin|įvesk|galima|leidž|automobil|rezervacij|\bdata|slaptaž|prisijung|nurodyk|tekstas|skaičius|formato|\bjau\b|simbol|bandykite|vėliau|teisi|palaikom|atmest|tušči|turinys|reikšm|identifikator)/i;
const ENGLISH_WORDS =
  /\b(invalid|expected|required|unexpected|received|must|cannot|undefined|null|not found|internal server error|bad request|forbidden|unauthorized|error|failed|unrecognized|too (big|small|large))\b/i;

export function isLithuanianMessage(message: unknown): boolean {
  if (typeof message !== "string" || message.trim().length < 3) return false;
  if (ENGLISH_WORDS.test(message)) return false;
  return LITHUANIAN_LETTERS.test(message) || LITHUANIAN_WORDS.test(message);
}

/** Every human-facing string of an error answer { message, errors? } that is not Lithuanian. */
export function nonLithuanianMessages(body: unknown): string[] {
  if (!body || typeof body !== "object") return [`(ne JSON atsakymas: ${JSON.stringify(body)})`];
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  const bad: string[] = [];
  if (!isLithuanianMessage(message)) bad.push(`message: ${JSON.stringify(message)}`);
  if (errors && typeof errors === "object") {
    for (const [field, text] of Object.entries(errors)) {
      if (!isLithuanianMessage(text)) bad.push(`errors.${field}: ${JSON.stringify(text)}`);
    }
  }
  return bad;
}
