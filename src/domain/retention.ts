// The customer's data rights, the pure part: how long personal data is kept (the retention
// settings and their defaults), what an erased person's records are replaced with, and the
// privacy page's sentences about the periods. src/core/dataRights.ts applies them to the store;
// the privacy page (src/site/info/PrivacyPage.tsx) prints retentionPolicyLines() from the same
// settings, so what the page says and what the job does never disagree.
import { z } from "zod";
import { RETENTION_DEFAULTS, RETENTION_LIMITS, type RetentionSettings } from "./retentionPolicy";

// The periods, their limits and the privacy page's sentences, without zod (the public site's bundle).
export {
  RETENTION_DEFAULTS,
  RETENTION_LIMITS,
  type RetentionSettings,
  retentionOf,
  retentionPolicyLines,
} from "./retentionPolicy";

const whole = ([min, max]: readonly [number, number], what: string) =>
  z
    .number({ error: "Turi būti skaičius" })
    .int({ error: "Turi būti sveikas skaičius" })
    .min(min, { error: `${what}: ne mažiau kaip ${min}` })
    .max(max, { error: `${what}: ne daugiau kaip ${max}` });

export const retentionSettingsSchema = z
  .object({
    licenceDays: whole(RETENTION_LIMITS.licenceDays, "Dienų skaičius").default(RETENTION_DEFAULTS.licenceDays),
    inquiryMonths: whole(RETENTION_LIMITS.inquiryMonths, "Mėnesių skaičius").default(RETENTION_DEFAULTS.inquiryMonths),
    mailBodyDays: whole(RETENTION_LIMITS.mailBodyDays, "Dienų skaičius").default(RETENTION_DEFAULTS.mailBodyDays),
    inactiveCustomerYears: whole(RETENTION_LIMITS.inactiveCustomerYears, "Metų skaičius").default(
      RETENTION_DEFAULTS.inactiveCustomerYears,
    ),
  })
  .strict();

// ---------- cut-off instants ----------

const DAY_MS = 86_400_000;

/** Months back from `now`, on the calendar (UTC): 12 months before 2026-03-31 is 2025-03-31. */
function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export interface RetentionCutoffs {
  /** reservations returned before this lose the licence data and signature images */
  licence: string;
  /** inquiries received before this are deleted */
  inquiries: string;
  /** mails queued before this lose their bodies */
  mailBodies: string;
  /** customers with no reservation returning after this (and created before it) are anonymised */
  inactiveCustomers: string;
}

export function retentionCutoffs(settings: RetentionSettings, now: Date): RetentionCutoffs {
  return {
    licence: new Date(now.getTime() - settings.licenceDays * DAY_MS).toISOString(),
    inquiries: monthsBefore(now, settings.inquiryMonths).toISOString(),
    mailBodies: new Date(now.getTime() - settings.mailBodyDays * DAY_MS).toISOString(),
    inactiveCustomers: monthsBefore(now, settings.inactiveCustomerYears * 12).toISOString(),
  };
}

// ---------- what erased data becomes ----------

/** What an erased text field holds. */
export const ERASED = "ištrinta";
/** What a piece of erased text inside a longer text (an audit diff, a mail) is replaced with. */
export const ERASED_MARK = "[ištrinta]";
/** The domain of an erased person's e-mail address: .invalid never delivers (RFC 2606). */
export const ERASED_EMAIL_DOMAIN = "anonimizuota.invalid";
/** An erased phone: +999 is a code no country has (ITU spare code). */
export const ERASED_PHONE = "+99900000000";

/** A unique address per erased customer (a unique index may hold customers' e-mails). */
export const erasedEmail = (customerId: string): string =>
  `istrinta-${customerId
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 20)
    .toLowerCase()}@${ERASED_EMAIL_DOMAIN}`;

export const isErasedEmail = (value: unknown): boolean =>
  typeof value === "string" && value.toLowerCase().endsWith(`@${ERASED_EMAIL_DOMAIN}`);

/** The customer's personal fields as they are after an erasure (company data too: it may name a sole trader). */
export function erasedCustomerFields(customerId: string, at: string): Record<string, unknown> {
  return {
    firstName: "Ištrintas",
    lastName: "klientas",
    email: erasedEmail(customerId),
    phone: ERASED_PHONE,
    birthDate: null,
    licenceIssuedAt: null,
    licenceExpiresAt: null,
    notes: "",
    anonymisedAt: at,
  };
}
/** Optional texts removed from the customer by an erasure. */
export const ERASED_CUSTOMER_OPTIONAL = [
  "companyName",
  "companyCode",
  "vatCode",
  "licenceNumber",
  "personalCode",
  "idDocumentNumber",
  "address",
] as const;

/** Phone forms people write: +37061234567, 37061234567, 861234567, 61234567. */
export function phoneForms(phone: string): string[] {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 6) return [];
  const forms = new Set([phone, digits]);
  if (digits.startsWith("370") && digits.length === 11) {
    forms.add(`8${digits.slice(3)}`);
    forms.add(digits.slice(3));
    forms.add(`+370 ${digits.slice(3, 6)} ${digits.slice(6)}`);
    forms.add(`8 ${digits.slice(3, 6)} ${digits.slice(6)}`);
  }
  return [...forms];
}

/** The person's identifying values, as they may appear inside other texts. */
export interface PersonNeedles {
  /** matched anywhere: e-mail, phone forms, licence, personal code, document number, address, full name */
  strong: string[];
  /** matched only inside records about the person: the first and last name alone */
  names: string[];
}

export function personNeedles(customer: Record<string, unknown>): PersonNeedles {
  const text = (key: string): string => (typeof customer[key] === "string" ? (customer[key] as string).trim() : "");
  const first = text("firstName");
  const last = text("lastName");
  const strong = [
    text("email"),
    ...phoneForms(text("phone")),
    text("licenceNumber"),
    text("personalCode"),
    text("idDocumentNumber"),
    text("address"),
    first && last ? `${first} ${last}` : "",
    first && last ? `${last} ${first}` : "",
  ];
  return {
    strong: unique(strong.filter((s) => s.length >= 4)),
    names: unique([first, last].filter((s) => s.length >= 2)),
  };
}

const unique = (values: string[]): string[] => [...new Set(values)];

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A matcher for the needles, case-insensitive; names as whole words only. */
export function needleMatcher(needles: string[], wholeWords = false): RegExp | null {
  const list = needles.filter((n) => n.length > 0).sort((a, b) => b.length - a.length);
  if (list.length === 0) return null;
  const body = list.map(escapeRegExp).join("|");
  return new RegExp(wholeWords ? `(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])` : `(?:${body})`, "giu");
}

/** Whether any string inside `value` matches. */
export function containsMatch(value: unknown, matcher: RegExp | null): boolean {
  if (!matcher) return false;
  if (typeof value === "string") {
    matcher.lastIndex = 0;
    return matcher.test(value);
  }
  if (Array.isArray(value)) return value.some((item) => containsMatch(item, matcher));
  if (typeof value === "object" && value !== null) return Object.values(value).some((v) => containsMatch(v, matcher));
  return false;
}

/** A copy of `value` with every match inside its strings replaced by ERASED_MARK; keys are kept. */
export function scrubValue<T>(value: T, matchers: (RegExp | null)[]): T {
  if (typeof value === "string") {
    let out: string = value;
    for (const m of matchers) if (m) out = out.replace(m, ERASED_MARK);
    return out as T;
  }
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, matchers)) as T;
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = scrubValue(v, matchers);
    return out as T;
  }
  return value;
}
