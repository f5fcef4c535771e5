// The customer's automatic e-mails: which one a reservation change calls for, the placeholders a
// template may use and their values, the language, and when a pickup reminder is due. Pure rules;
// src/core/reservations.ts and src/core/reminders.ts queue the mails in the change's transaction.

import { amountInWords } from "./amountInWords";
import {
  DEFAULT_EMAIL_TEMPLATES_EN,
  DEFAULT_EMAIL_TEMPLATES_LT,
  type EmailTemplate,
  type EmailTemplateKey,
  type EmailTemplateSet,
} from "./emailTemplateDefaults";
import { formatDateTime, formatMoney } from "./format";
import { type OutgoingMail, textToHtml } from "./mailText";
import { type PortalLinkIssue, withPortalLinkText } from "./portalToken";
import type { Reservation, Settings } from "./schemas";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "./time";

export type MailLanguage = "lt" | "en";

const HOUR_MS = 3_600_000;

/** The placeholders, with what each stands for (shown beside the template editor). */
export const PLACEHOLDERS = [
  { key: "vardas", label: "kliento vardas ir pavardė" },
  { key: "numeris", label: "rezervacijos numeris, pvz. R-2026-000123" },
  { key: "automobilis", label: "automobilis, pvz. Toyota Corolla" },
  { key: "paemimas", label: "paėmimo data, laikas ir vieta" },
  { key: "paemimo_laikas", label: "paėmimo data ir laikas" },
  { key: "grazinimas", label: "grąžinimo data, laikas ir vieta" },
  { key: "vieta", label: "paėmimo vietos pavadinimas" },
  { key: "adresas", label: "paėmimo vietos adresas" },
  { key: "darbo_laikas", label: "paėmimo vietos (arba įmonės) darbo laikas" },
  { key: "suma", label: "suma su PVM (po grąžinimo – galutinė)" },
  { key: "uzstatas", label: "užstatas (po grąžinimo – kas grąžinama ir kas sulaikoma)" },
  { key: "priezastis", label: "atšaukimo priežastis" },
  { key: "pakeitimai", label: "kas pakeista (po eilutę kiekvienam pakeitimui)" },
  { key: "laikas", label: "perdavimo ar grąžinimo laikas (aktų laiškuose)" },
  { key: "rida", label: "rida perduodant ar grąžinant (aktų laiškuose)" },
  { key: "degalai", label: "degalų kiekis perduodant ar grąžinant (aktų laiškuose)" },
  { key: "mokesciai", label: "papildomi mokesčiai su taisyklėmis (po grąžinimo)" },
  { key: "moketina", label: "dar mokėtina suma (po grąžinimo)" },
  { key: "imone", label: "įmonės prekės ženklas arba pavadinimas" },
  { key: "nuoroda", label: "nuoroda į kliento puslapį „Mano rezervacija“ (be jos nuoroda pridedama laiško pabaigoje)" },
  { key: "tema", label: "užklausos atsakymo tema" },
  { key: "tekstas", label: "užklausos atsakymo tekstas" },
  { key: "saskaita", label: "sąskaitos numeris, pvz. RN-000123 (sąskaitų laiškuose)" },
  {
    key: "saskaitos_pavadinimas",
    label: "„PVM sąskaita faktūra“, „Sąskaita faktūra“ arba kreditinė (sąskaitų laiškuose)",
  },
  { key: "saskaitos_data", label: "sąskaitos data (sąskaitų laiškuose)" },
  { key: "suma_zodziais", label: "sąskaitos suma žodžiais (sąskaitų laiškuose)" },
  { key: "koreguojama_saskaita", label: "kreditine sąskaita koreguojamos sąskaitos numeris" },
] as const;
export type PlaceholderKey = (typeof PLACEHOLDERS)[number]["key"];
export type PlaceholderValues = Partial<Record<PlaceholderKey, string>>;

const KNOWN = new Set<string>(PLACEHOLDERS.map((p) => p.key));

/** The older single-brace placeholders ({number}…), still understood in saved templates. */
export const LEGACY_PLACEHOLDERS: Readonly<Record<string, PlaceholderKey>> = {
  number: "numeris",
  name: "vardas",
  car: "automobilis",
  pickup: "paemimas",
  return: "grazinimas",
  total: "suma",
  company: "imone",
  subject: "tema",
  body: "tekstas",
};

/**
 * Fills a template: `{{vardas}}` (spaces inside the braces allowed) and the older `{name}`. A known
 * placeholder without a value becomes empty; an unknown one is left as written, so a typo shows.
 */
export function renderTemplate(template: string, values: PlaceholderValues): string {
  const filled = template.replace(/\{\{\s*([\p{L}\w]+)\s*\}\}/gu, (match, key: string) =>
    KNOWN.has(key) ? (values[key as PlaceholderKey] ?? "") : match,
  );
  return filled.replace(/(?<!\{)\{(\w+)\}(?!\})/g, (match, key: string) => {
    const modern = LEGACY_PLACEHOLDERS[key];
    return modern ? (values[modern] ?? "") : match;
  });
}

/** The placeholders of a template this renderer does not know (the editor warns about them). */
export function unknownPlaceholders(template: string): string[] {
  const unknown = new Set<string>();
  for (const m of template.matchAll(/\{\{\s*([^{}\s]+)\s*\}\}/g)) {
    if (!KNOWN.has(m[1] ?? "")) unknown.add(`{{${m[1]}}}`);
  }
  return [...unknown];
}

/** The customer's language: "en" only when the customer says so. */
export const mailLanguageOf = (customer: { language?: string | null } | null | undefined): MailLanguage =>
  customer?.language === "en" ? "en" : "lt";

/** The template of that language (settings without English templates: the English defaults). */
export function templateFor(
  settings: Pick<Settings, "emailTemplates"> & { emailTemplatesEn?: Partial<EmailTemplateSet> },
  key: EmailTemplateKey,
  language: MailLanguage,
): EmailTemplate {
  if (language === "en") return settings.emailTemplatesEn?.[key] ?? DEFAULT_EMAIL_TEMPLATES_EN[key];
  return (settings.emailTemplates as Partial<EmailTemplateSet>)[key] ?? DEFAULT_EMAIL_TEMPLATES_LT[key];
}

/** Subject, text and HTML of one template filled in. */
export function renderMail(template: EmailTemplate, values: PlaceholderValues, language: MailLanguage) {
  const text = renderTemplate(template.body, values);
  return {
    subject: renderTemplate(template.subject, values).replace(/\s+/g, " ").trim(),
    text,
    html: textToHtml(text, "", language),
  };
}

// ---------- a reservation's values ----------

export interface PlaceInfo {
  name: string;
  address?: string;
  city?: string;
  hours?: string;
}

export interface NoticeContext {
  reservationId: string;
  settings: Pick<Settings, "company" | "emailTemplates"> & { emailTemplatesEn?: Partial<EmailTemplateSet> };
  reservation: Pick<Reservation, "pickupAt" | "returnAt"> & {
    number?: string;
    quote?: { total: number; deposit: number };
    cancelReason?: string;
  };
  customer: { firstName: string; lastName: string; email: string; language?: string | null };
  car: { make: string; model: string };
  pickupLocation: PlaceInfo;
  returnLocation: PlaceInfo;
  /** reservationChanged: what changed, one line each */
  changes?: string[];
  /** returnThanks: the final amount and the deposit's fate */
  final?: { total: number; deposit: { held: number; retained: number; refunded: number } };
  /** the customer's "Mano rezervacija" link made for this mail (stored with it by queueMail) */
  portalLink?: PortalLinkIssue;
}

/** The address, with the city added when the address does not name it. */
const placeAddress = (place: PlaceInfo): string => {
  const address = place.address?.trim() ?? "";
  const city = place.city?.trim() ?? "";
  if (!city || address.includes(city)) return address;
  return address ? `${address}, ${city}` : city;
};

const depositText = (deposit: { held: number; retained: number; refunded: number }, language: MailLanguage) =>
  language === "en"
    ? `${formatMoney(deposit.held)} held, ${formatMoney(deposit.refunded)} refunded, ${formatMoney(deposit.retained)} retained`
    : `${formatMoney(deposit.held)}: grąžinama ${formatMoney(deposit.refunded)}, sulaikoma ${formatMoney(deposit.retained)}`;

/** Every placeholder's value for one reservation. */
export function reservationValues(ctx: NoticeContext, language: MailLanguage): PlaceholderValues {
  const company = ctx.settings.company;
  const r = ctx.reservation;
  const total = ctx.final?.total ?? r.quote?.total;
  return {
    vardas: `${ctx.customer.firstName} ${ctx.customer.lastName}`.trim(),
    numeris: r.number ?? "",
    automobilis: `${ctx.car.make} ${ctx.car.model}`.trim(),
    paemimas: `${formatDateTime(r.pickupAt)}, ${ctx.pickupLocation.name}`,
    paemimo_laikas: formatDateTime(r.pickupAt),
    grazinimas: `${formatDateTime(r.returnAt)}, ${ctx.returnLocation.name}`,
    vieta: ctx.pickupLocation.name,
    adresas: placeAddress(ctx.pickupLocation),
    darbo_laikas: ctx.pickupLocation.hours || company.hours || "",
    suma: total === undefined ? "" : formatMoney(total),
    uzstatas: ctx.final ? depositText(ctx.final.deposit, language) : r.quote ? formatMoney(r.quote.deposit) : "",
    priezastis: r.cancelReason ?? "",
    pakeitimai: (ctx.changes ?? []).map((line) => `– ${line}`).join("\n"),
    imone: company.brand || company.name,
    nuoroda: ctx.portalLink?.url ?? "",
  };
}

/** The customer's mail of that kind about one reservation, in the customer's language. */
export function reservationNoticeMail(kind: EmailTemplateKey, ctx: NoticeContext): OutgoingMail {
  const language = mailLanguageOf(ctx.customer);
  const rendered = renderMail(templateFor(ctx.settings, kind, language), reservationValues(ctx, language), language);
  const replyTo = ctx.settings.company.emails[0];
  // Every customer mail carries the "Mano rezervacija" link, also from a saved template without {{nuoroda}}.
  const link = ctx.portalLink;
  const text = withPortalLinkText(rendered.text, link?.url, language);
  return {
    to: ctx.customer.email,
    ...(replyTo ? { replyTo } : {}),
    ...rendered,
    ...(text === rendered.text ? {} : { text, html: textToHtml(text, "", language) }),
    ref: `reservation:${ctx.reservationId}`,
    ...(link ? { portalLink: { tokenHash: link.tokenHash, doc: link.doc } } : {}),
  };
}

// ---------- which mail a staff edit calls for ----------

export type ChangeNoticeKind = "reservationConfirmed" | "reservationChanged" | "reservationCancelled";

type Watched = Pick<
  Reservation,
  "status" | "pickupAt" | "returnAt" | "carId" | "pickupLocationId" | "returnLocationId"
>;

export interface ChangeNotice {
  kind: ChangeNoticeKind;
  /** for reservationChanged: which of the watched fields changed */
  fields: ("dates" | "car" | "pickupPlace" | "returnPlace")[];
}

const sameInstant = (a: string, b: string): boolean => Date.parse(a) === Date.parse(b);

/**
 * The customer's mail a staff edit calls for, or null: confirmed (the status became confirmed),
 * cancelled (the status became cancelled), changed (dates, car or a place of a new or confirmed
 * reservation that stays so).
 */
export function changeNoticeOf(before: Watched, after: Watched): ChangeNotice | null {
  if (before.status !== after.status) {
    if (after.status === "confirmed") return { kind: "reservationConfirmed", fields: [] };
    if (after.status === "cancelled") return { kind: "reservationCancelled", fields: [] };
    return null;
  }
  if (after.status !== "new" && after.status !== "confirmed") return null;
  const fields: ChangeNotice["fields"] = [];
  if (!sameInstant(before.pickupAt, after.pickupAt) || !sameInstant(before.returnAt, after.returnAt)) {
    fields.push("dates");
  }
  if (before.carId !== after.carId) fields.push("car");
  if (before.pickupLocationId !== after.pickupLocationId) fields.push("pickupPlace");
  if (before.returnLocationId !== after.returnLocationId) fields.push("returnPlace");
  return fields.length > 0 ? { kind: "reservationChanged", fields } : null;
}

/** The lines of {{pakeitimai}}: before → after, in the customer's language. */
export function changeLines(
  fields: ChangeNotice["fields"],
  before: { pickupAt: string; returnAt: string; car: string; pickupPlace: string; returnPlace: string },
  after: { pickupAt: string; returnAt: string; car: string; pickupPlace: string; returnPlace: string },
  language: MailLanguage,
): string[] {
  const en = language === "en";
  const lines: string[] = [];
  if (fields.includes("dates")) {
    lines.push(
      `${en ? "Dates" : "Laikas"}: ${formatDateTime(before.pickupAt)} – ${formatDateTime(before.returnAt)} → ${formatDateTime(
        after.pickupAt,
      )} – ${formatDateTime(after.returnAt)}`,
    );
  }
  if (fields.includes("car")) lines.push(`${en ? "Car" : "Automobilis"}: ${before.car} → ${after.car}`);
  if (fields.includes("pickupPlace")) {
    lines.push(`${en ? "Pick-up place" : "Paėmimo vieta"}: ${before.pickupPlace} → ${after.pickupPlace}`);
  }
  if (fields.includes("returnPlace")) {
    lines.push(`${en ? "Return place" : "Grąžinimo vieta"}: ${before.returnPlace} → ${after.returnPlace}`);
  }
  return lines;
}

// ---------- the pickup reminder ----------

/** The marker document of one reminder: one per reservation and pickup time (a moved pickup gets a new one). */
export const reminderId = (reservationId: string, pickupAt: string): string =>
  `${reservationId}-${Date.parse(pickupAt)}`;

/**
 * Whether a reservation's pickup reminder is due at `now`: confirmed, the pickup still ahead and
 * no more than `hours` away. (Whether it was sent already is the marker's business.)
 */
export function reminderDue(reservation: Pick<Reservation, "status" | "pickupAt">, now: Date, hours: number): boolean {
  if (reservation.status !== "confirmed") return false;
  const pickup = Date.parse(reservation.pickupAt);
  if (Number.isNaN(pickup)) return false;
  const ahead = pickup - now.getTime();
  return ahead > 0 && ahead <= hours * HOUR_MS;
}

/** The window of pickups whose reminder may be due at `now`: (now, now + hours]. */
export const reminderWindow = (now: Date, hours: number): { from: string; to: string } => ({
  from: now.toISOString(),
  to: new Date(now.getTime() + hours * HOUR_MS).toISOString(),
});

// ---------- the live preview ----------

/** The demo reservation the template editor previews with. */
export function demoNoticeContext(
  settings: NoticeContext["settings"],
  language: MailLanguage,
  now: Date = new Date(),
): NoticeContext {
  const pickup = vilniusLocalToInstant(addDaysToDateString(vilniusDateString(now), 3), "10:00");
  const ret = new Date(pickup.getTime() + 4 * 24 * HOUR_MS);
  return {
    reservationId: "demo",
    settings,
    reservation: {
      number: `R-${now.getUTCFullYear()}-000123`,
      pickupAt: pickup.toISOString(),
      returnAt: ret.toISOString(),
      quote: { total: 245.6, deposit: 300 },
      cancelReason:
        language === "en" ? "The car is unavailable for technical reasons" : "Automobilis techniškai netvarkingas",
    },
    customer: { firstName: "Jonas", lastName: "Jonaitis", email: "jonas@example.com", language },
    car: { make: "Toyota", model: "Corolla" },
    pickupLocation: {
      name: "Vilniaus biuras",
      address: "Gedimino pr. 1, Vilnius",
      hours: "I–V 8:00–20:00, VI 9:00–15:00",
    },
    returnLocation: { name: "Vilniaus biuras", address: "Gedimino pr. 1, Vilnius" },
    changes: [
      language === "en" ? "Car: Škoda Octavia → Toyota Corolla" : "Automobilis: Škoda Octavia → Toyota Corolla",
    ],
    final: { total: 289.4, deposit: { held: 300, retained: 43.8, refunded: 256.2 } },
    portalLink: {
      url: "https://nuoma.example/mano-rezervacija/pavyzdinė-nuoroda",
      tokenHash: "",
      doc: { reservationId: "demo", expiresAt: ret.toISOString(), revokedAt: null },
    },
  };
}

/** The preview's values, with request reply placeholders filled too. */
export function previewValues(ctx: NoticeContext, language: MailLanguage): PlaceholderValues {
  return {
    ...reservationValues(ctx, language),
    tema: language === "en" ? "Long-term rental" : "Ilgalaikė nuoma",
    tekstas: language === "en" ? "Thank you for your inquiry…" : "Dėkojame už užklausą…",
    laikas: formatDateTime(ctx.reservation.pickupAt),
    rida: "45 210 km",
    degalai: "3/4",
    mokesciai:
      language === "en"
        ? "– Missing fuel: 1/4 tank × 15,00 € = 15,00 €"
        : "– Trūkstami degalai: 1/4 bako × 15,00 € = 15,00 €",
    moketina: formatMoney(0),
    saskaita: "RN-000123",
    saskaitos_pavadinimas: language === "en" ? "VAT invoice" : "PVM sąskaita faktūra",
    saskaitos_data: vilniusDateString(ctx.reservation.returnAt),
    suma_zodziais: amountInWords(ctx.reservation.quote?.total ?? 0),
    koreguojama_saskaita: "RN-000122",
  };
}
