// The texts of the mails both backends send (the local server's outbox and the Firebase
// "Trigger Email" documents): the same subject, text and HTML from either.

import { TRANSFER_LABEL } from "./carTransfers";
import { consumerMailBlock, freeCancellationHoursOf, mailSiteUrl } from "./consumerInfo";
import { countryName, DEFAULT_COUNTRY } from "./countries";
import { formatDate, formatDateTime, formatDays, formatMoney, formatNumber } from "./format";
import { type InvoiceDoc, invoiceTitle } from "./invoices";
import { escapeHtml, type OutgoingMail, textToHtml } from "./mailText";
import {
  type MailLanguage,
  mailLanguageOf,
  type PlaceholderValues,
  renderMail,
  renderTemplate,
  templateFor,
} from "./notifications";
import { type PortalLinkIssue, withPortalLinkText } from "./portalToken";
import { REQUEST_TYPE_LABELS } from "./reservationStatus";
import {
  type Car,
  type Location,
  type Mail,
  mailSchema,
  PORTAL_DEFAULTS,
  type PortalSettings,
  type Quote,
  type RequestInput,
  type Settings,
} from "./schemas";

export { escapeHtml, type OutgoingMail, textToHtml } from "./mailText";

export type MailDoc = Omit<Mail, "id" | "createdAt" | "updatedAt">;

/** The queued mail document ("Trigger Email" shape), delivery pending. Throws on a malformed mail (a bug). */
export function pendingMailDoc(mail: OutgoingMail): MailDoc {
  return mailSchema.parse({
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    message: {
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    },
    delivery: { state: "PENDING", attempts: 0, error: null, endTime: null },
    ref: mail.ref ?? null,
  }) as MailDoc;
}

/** Replaces {name} placeholders; an unknown placeholder is left as written. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/** The quote as [label, amount] rows, as the confirmation shows it. */
export function priceLines(quote: Quote): [string, string][] {
  const lines: [string, string][] = [[`Nuoma, ${formatDays(quote.days)}`, formatMoney(quote.base)]];
  for (const line of quote.extrasLines) lines.push([`${line.name} × ${line.quantity}`, formatMoney(line.amount)]);
  if (quote.delivery > 0) lines.push(["Pristatymas ir paėmimas", formatMoney(quote.delivery)]);
  if ((quote.transfer ?? 0) > 0) lines.push([TRANSFER_LABEL, formatMoney(quote.transfer ?? 0)]);
  if (quote.discount > 0) lines.push(["Nuolaida", `−${formatMoney(quote.discount)}`]);
  lines.push(["Iš viso su PVM", formatMoney(quote.total)]);
  lines.push([`iš jų PVM (${formatNumber(quote.vatRate * 100)} %)`, formatMoney(quote.vat)]);
  lines.push(["Užstatas (grąžinamas)", formatMoney(quote.deposit)]);
  return lines;
}

export const priceText = (quote: Quote): string =>
  ["Kainos išklotinė:", ...priceLines(quote).map(([label, value]) => `${label}: ${value}`)].join("\n");

export const priceHtml = (quote: Quote): string =>
  `<table style="border-collapse:collapse;margin-top:8px">${priceLines(quote)
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 16px 2px 0">${escapeHtml(label)}</td><td style="padding:2px 0;text-align:right">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>`;

/** The settings a confirmation's consumer block reads (an older caller without `portal`: the defaults). */
type ConsumerSettings = Pick<Settings, "company"> & { portal?: PortalSettings };

/**
 * The consumer block of a confirmation ("gauta", "patvirtinta"): the breakdown with the deposit,
 * the cancellation rule, the terms link, the company's identity and the dispute body
 * (src/domain/consumerInfo.ts), added by code after the template's text.
 */
export function confirmationBlock(
  settings: ConsumerSettings,
  quote: Quote,
  pickupAt: string,
  language: MailLanguage,
  site: { siteUrl?: string; portalLinkUrl?: string },
): { text: string; html: string } {
  return consumerMailBlock({
    company: settings.company,
    breakdown: priceLines(quote),
    pickupAt,
    freeCancellationHours: freeCancellationHoursOf({ portal: settings.portal ?? PORTAL_DEFAULTS }),
    siteUrl: mailSiteUrl(site.siteUrl, site.portalLinkUrl),
    language,
  });
}

export interface ReservationMailContext {
  reservationId: string;
  settings: Pick<Settings, "company" | "emailTemplates"> & {
    emailTemplatesEn?: Settings["emailTemplatesEn"];
    portal?: PortalSettings;
  };
  /** the site's address, for the terms link (else the portal link's origin) */
  siteUrl?: string;
  number: string;
  car: Pick<Car, "make" | "model">;
  customer: { firstName: string; lastName: string; email: string; phone: string; language?: string | null };
  pickupAt: string;
  returnAt: string;
  pickupLocation: Pick<Location, "name">;
  returnLocation: Pick<Location, "name">;
  quote: Quote;
  comment: string;
  /** the customer's "Mano rezervacija" link for the confirmation */
  portalLink?: PortalLinkIssue;
}

/** The customer's confirmation and, when the company has an address, the staff notice. */
export function reservationMails(ctx: ReservationMailContext): OutgoingMail[] {
  const company = ctx.settings.company;
  const pickup = `${formatDateTime(ctx.pickupAt)}, ${ctx.pickupLocation.name}`;
  const ret = `${formatDateTime(ctx.returnAt)}, ${ctx.returnLocation.name}`;
  const language = mailLanguageOf(ctx.customer);
  const values: PlaceholderValues = {
    numeris: ctx.number,
    vardas: `${ctx.customer.firstName} ${ctx.customer.lastName}`,
    automobilis: `${ctx.car.make} ${ctx.car.model}`,
    paemimas: pickup,
    paemimo_laikas: formatDateTime(ctx.pickupAt),
    grazinimas: ret,
    vieta: ctx.pickupLocation.name,
    suma: formatMoney(ctx.quote.total),
    uzstatas: formatMoney(ctx.quote.deposit),
    imone: company.brand || company.name,
    nuoroda: ctx.portalLink?.url ?? "",
  };
  const template = templateFor(ctx.settings, "reservationReceived", language);
  const body = withPortalLinkText(renderTemplate(template.body, values), ctx.portalLink?.url, language);
  const ref = `reservation:${ctx.reservationId}`;
  const consumer = confirmationBlock(ctx.settings, ctx.quote, ctx.pickupAt, language, {
    siteUrl: ctx.siteUrl,
    portalLinkUrl: ctx.portalLink?.url,
  });
  const mails: OutgoingMail[] = [
    {
      to: ctx.customer.email,
      ...(company.emails[0] ? { replyTo: company.emails[0] } : {}),
      subject: renderTemplate(template.subject, values),
      text: `${body}\n\n${consumer.text}`,
      html: textToHtml(body, consumer.html, language),
      ref,
      ...(ctx.portalLink ? { portalLink: { tokenHash: ctx.portalLink.tokenHash, doc: ctx.portalLink.doc } } : {}),
    },
  ];
  const staffAddress = company.emails[0];
  if (staffAddress) {
    const details = [
      `Gauta nauja rezervacija ${ctx.number} iš svetainės.`,
      "",
      `Klientas: ${values.vardas}`,
      `El. paštas: ${ctx.customer.email}`,
      `Telefonas: ${ctx.customer.phone}`,
      `Automobilis: ${values.automobilis}`,
      `Paėmimas: ${pickup}`,
      `Grąžinimas: ${ret}`,
      ...(ctx.comment ? [`Komentaras: ${ctx.comment}`] : []),
    ].join("\n");
    mails.push({
      to: staffAddress,
      replyTo: ctx.customer.email,
      subject: `Nauja rezervacija ${ctx.number}: ${values.automobilis}`,
      text: `${details}\n\n${priceText(ctx.quote)}`,
      html: textToHtml(details, priceHtml(ctx.quote)),
      ref,
    });
  }
  return mails;
}

/** The company's notice of a new inquiry from the site. */
export function requestNotificationMail(input: RequestInput, requestId: string, staffAddress: string): OutgoingMail {
  const typeLabel = REQUEST_TYPE_LABELS[input.type];
  const text = [
    `Gauta nauja užklausa iš svetainės (${typeLabel}).`,
    "",
    `Vardas: ${input.name}`,
    `El. paštas: ${input.email}`,
    ...(input.phone ? [`Telefonas: ${input.phone}`] : []),
    ...(input.company
      ? [
          `Įmonė: ${input.company.name}`,
          `Įmonės kodas: ${input.company.code}`,
          ...(input.company.vatCode ? [`PVM mokėtojo kodas: ${input.company.vatCode}`] : []),
          ...(input.company.country && input.company.country !== DEFAULT_COUNTRY
            ? [`Šalis: ${countryName(input.company.country)}`]
            : []),
        ]
      : []),
    "",
    input.message,
  ].join("\n");
  return {
    to: staffAddress,
    replyTo: input.email,
    subject: `Nauja užklausa (${typeLabel}): ${input.name}`,
    text,
    html: textToHtml(text),
    ref: `request:${requestId}`,
  };
}

// ---------- invoices ----------

const INVOICE_TITLES_EN: Readonly<Record<string, string>> = {
  "PVM sąskaita faktūra": "VAT invoice",
  "Sąskaita faktūra": "Invoice",
  "Kreditinė PVM sąskaita faktūra": "VAT credit note",
  "Kreditinė sąskaita faktūra": "Credit note",
};

export type InvoiceMailInput = Pick<
  InvoiceDoc,
  | "kind"
  | "vatInvoice"
  | "number"
  | "issueDate"
  | "buyer"
  | "seller"
  | "reservationNumbers"
  | "totals"
  | "amountInWords"
  | "creditOf"
>;

/** The placeholder values of an invoice or credit note mail. */
export function invoiceValues(
  invoice: InvoiceMailInput,
  company: Pick<Settings["company"], "brand" | "name">,
  language: MailLanguage,
): PlaceholderValues {
  const title = invoiceTitle(invoice);
  return {
    vardas: invoice.buyer.name,
    numeris: invoice.reservationNumbers.join(", "),
    suma: formatMoney(invoice.totals.total),
    imone: company.brand || company.name || invoice.seller.name,
    saskaita: invoice.number,
    saskaitos_pavadinimas: language === "en" ? (INVOICE_TITLES_EN[title] ?? title) : title,
    saskaitos_data: formatDate(invoice.issueDate),
    suma_zodziais: invoice.amountInWords,
    koreguojama_saskaita: invoice.creditOf?.number ?? "",
  };
}

/**
 * The customer's mail of an issued invoice (template invoiceIssued) or credit note
 * (creditNoteIssued), in the customer's language, from the settings' templates (older settings
 * without these templates: the defaults).
 */
export function invoiceMailText(
  invoice: InvoiceMailInput,
  settings: Pick<Settings, "company" | "emailTemplates"> & { emailTemplatesEn?: Settings["emailTemplatesEn"] },
  language: MailLanguage,
): { subject: string; text: string; html: string } {
  const key = invoice.kind === "credit" ? "creditNoteIssued" : "invoiceIssued";
  return renderMail(templateFor(settings, key, language), invoiceValues(invoice, settings.company, language), language);
}
