// The settings document as both backends read it: a store without one (a fresh install
// before the admin saved the settings) or with an older one still works; booking rules and
// e-mail templates fall back to defaults, missing texts are empty.
import { backupSettingsOf } from "./backupSchedule";
import { transfersOf } from "./carTransfers";
import { DEFAULT_EMAIL_TEMPLATES_EN, DEFAULT_EMAIL_TEMPLATES_LT } from "./emailTemplateDefaults";
import { invoicingOf } from "./invoices";
import { mailRetryDaysOf } from "./mailQueue";
import { floorOfSettings } from "./priceFloor";
import { retentionOf } from "./retention";
import {
  bookingRulesSchema,
  PAYMENT_DEFAULTS,
  PORTAL_DEFAULTS,
  paymentSettingsSchema,
  portalSettingsSchema,
  type Settings,
} from "./schemas";
import { tariffOf } from "./tariff";

export const EMPTY_COMPANY: Settings["company"] = {
  name: "",
  brand: "",
  companyCode: "",
  vatCode: "",
  address: "",
  phones: [],
  emails: [],
  hours: "",
};

/** The e-mail templates until the company saves its own (settings page); the demo data uses them too. */
export const DEFAULT_EMAIL_TEMPLATES: Settings["emailTemplates"] = DEFAULT_EMAIL_TEMPLATES_LT;

/** Hours before the pickup the reminder goes out; 24 when the document has none (or a broken one). */
export const DEFAULT_REMINDER_HOURS = 24;
const reminderHoursOf = (doc: Partial<Settings>): number => {
  const hours = doc.reminderHours;
  return typeof hours === "number" && Number.isInteger(hours) && hours >= 1 && hours <= 168
    ? hours
    : DEFAULT_REMINDER_HOURS;
};

/**
 * Stored templates over the defaults: one that is not a subject and a body of text (a document
 * written around the checks, e.g. by hand in the Firebase console) falls back to its default.
 */
function templatesOf<T extends Record<string, { subject: string; body: string }>>(defaults: T, stored: unknown): T {
  const result: Record<string, { subject: string; body: string }> = { ...defaults };
  if (typeof stored !== "object" || stored === null) return result as T;
  for (const [key, value] of Object.entries(stored)) {
    const template = value as { subject?: unknown; body?: unknown } | null;
    if (!Object.hasOwn(defaults, key) || typeof template !== "object" || template === null) continue;
    if (typeof template.subject === "string" && template.subject.trim() !== "" && typeof template.body === "string") {
      result[key] = { subject: template.subject, body: template.body };
    }
  }
  return result as T;
}

/** The settings from the stored document (`{}` when there is none). */
export function settingsFromDoc(
  doc: Partial<Settings>,
  defaultTemplates: Settings["emailTemplates"] = DEFAULT_EMAIL_TEMPLATES,
): Settings {
  const rules = bookingRulesSchema.safeParse(doc.bookingRules ?? {});
  return {
    company: { ...EMPTY_COMPANY, ...(doc.company ?? {}) },
    bookingRules: rules.success ? rules.data : bookingRulesSchema.parse({}),
    terms: doc.terms ?? "",
    about: doc.about ?? "",
    privacy: doc.privacy ?? "",
    contractTemplate: doc.contractTemplate ?? "",
    minDailyRate: floorOfSettings(doc),
    tariff: tariffOf(doc),
    emailTemplates: templatesOf(defaultTemplates, doc.emailTemplates),
    emailTemplatesEn: templatesOf(DEFAULT_EMAIL_TEMPLATES_EN, doc.emailTemplatesEn),
    reminderHours: reminderHoursOf(doc),
    invoicing: invoicingOf(doc),
    retention: retentionOf(doc),
    backups: backupSettingsOf(doc),
    mailRetryDays: mailRetryDaysOf(doc),
    payments: paymentSettingsSchema.safeParse(doc.payments ?? {}).data ?? { ...PAYMENT_DEFAULTS },
    portal: portalSettingsSchema.safeParse(doc.portal ?? {}).data ?? { ...PORTAL_DEFAULTS },
    transfers: transfersOf(doc),
  };
}
