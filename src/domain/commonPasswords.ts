// Common and breached passwords refused when a password is set (ASVS 2.1.7). The list is
// zxcvbn-ts's "passwords-common" (@zxcvbn-ts/language-common, 49 233 passwords compiled from
// published breach corpora), loaded once on first use. Pure: no I/O. Not for the browser bundle.
import { dictionary } from "@zxcvbn-ts/language-common";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from "./passwordRules";

export const PASSWORD_COMMON_MESSAGE =
  "Šis slaptažodis yra tarp dažniausiai naudojamų ar nutekėjusių: pasirinkite kitą, sunkiau atspėjamą";
export const PASSWORD_PERSONAL_MESSAGE = "Slaptažodyje neturi būti jūsų vardo ar el. pašto adreso";
export const PASSWORD_REPETITIVE_MESSAGE = "Slaptažodis per daug pasikartojantis: pasirinkite kitą";

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
  return common;
}

/**
 * Why the password cannot be used, or null. `personal`: the account's e-mail and name, whose
 * parts (4 characters or more) must not be in it.
 */
export function passwordProblem(password: string, personal: readonly string[] = []): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  const lower = password.toLowerCase();
  const list = commonPasswords();
  // "password1234", "qwerty2026!": a common word with digits or symbols around it is as weak.
  const core = lower.replace(/^[^a-ząčęėįšųūž]+|[^a-ząčęėįšųūž]+$/g, "");
  if (list.has(lower) || (core.length >= 4 && list.has(core))) return PASSWORD_COMMON_MESSAGE;
  if (new Set(lower).size <= 3) return PASSWORD_REPETITIVE_MESSAGE;
  const parts = personal.flatMap((value) => value.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((p) => p.length >= 4);
  if (parts.some((part) => lower.includes(part))) return PASSWORD_PERSONAL_MESSAGE;
  return null;
}
