// How long personal data is kept: the periods, their limits and defaults, reading them from
// the settings, and the privacy page's sentences about them. No zod here: the public privacy
// page prints these (src/site/info/PrivacyPage.tsx) and loads no validation library. The
// settings form's schema (retention.ts) takes its limits from here, so the two agree.
import { periodAccusative } from "./privacyPolicy";

export const RETENTION_DEFAULTS = {
  /** licence data and signature images: days after the car's return (unless a damage claim is open) */
  licenceDays: 90,
  /** inquiries: months after they were received */
  inquiryMonths: 12,
  /** e-mail bodies in the outbox: days after they were queued (sent or failed mails only) */
  mailBodyDays: 90,
  /** customers without any reservation for this many years are anonymised */
  inactiveCustomerYears: 3,
} as const;

/** The smallest and largest value staff may set for each period. */
export const RETENTION_LIMITS = {
  licenceDays: [1, 3650],
  inquiryMonths: [1, 120],
  mailBodyDays: [1, 3650],
  inactiveCustomerYears: [1, 20],
} as const satisfies Record<keyof typeof RETENTION_DEFAULTS, readonly [number, number]>;

export type RetentionSettings = { [K in keyof typeof RETENTION_DEFAULTS]: number };

/** The stored settings' periods; a missing or out-of-range value is its default. */
export function retentionOf(doc: { retention?: unknown } | null | undefined): RetentionSettings {
  const stored = doc?.retention;
  const result: { -readonly [K in keyof RetentionSettings]: number } = { ...RETENTION_DEFAULTS };
  if (typeof stored !== "object" || stored === null) return result;
  for (const key of Object.keys(RETENTION_DEFAULTS) as (keyof RetentionSettings)[]) {
    const value = (stored as Record<string, unknown>)[key];
    const [min, max] = RETENTION_LIMITS[key];
    if (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) result[key] = value;
  }
  return result;
}

// ---------- the privacy page ----------

/** The retention periods in words, one sentence each (the privacy page and the settings screen). */
export function retentionPolicyLines(settings: RetentionSettings): string[] {
  return [
    `Vairuotojo pažymėjimo duomenys ir parašų atvaizdai ištrinami praėjus ${periodAccusative(settings.licenceDays, "day")} po automobilio grąžinimo, nebent dėl tos nuomos dar nagrinėjama žala.`,
    `Užklausos (kontaktų forma, ilgalaikė nuoma, verslo klientai) ištrinamos praėjus ${periodAccusative(settings.inquiryMonths, "month")} nuo jų gavimo.`,
    `Išsiųstų el. laiškų turinys ištrinamas praėjus ${periodAccusative(settings.mailBodyDays, "day")}; lieka tik gavėjas, tema ir išsiuntimo laikas.`,
    `Klientų, kurie ${periodAccusative(settings.inactiveCustomerYears, "year")} neturėjo nė vienos rezervacijos, duomenys nuasmeninami.`,
    "Išrašytos sąskaitos faktūros ir kreditiniai dokumentai saugomi tiek, kiek reikalauja buhalterinės apskaitos teisės aktai, su juose nurodytais duomenimis.",
  ];
}
