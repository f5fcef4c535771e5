// E-mail documents in the shape of the Firebase "Trigger Email" extension (collection `mail`):
// { to, replyTo?, message: { subject, text, html }, delivery, ref }. The extension sends them;
// the back-office lists them. Texts match the local server's mails.
import type { WithId } from "../../../src/backend/port";
import { formatDateTime, formatDays, formatMoney, formatNumber } from "../../../src/domain/format";
import { type Car, type Location, type Mail, mailSchema, type Quote, type Settings } from "../../../src/domain/schemas";

export type MailDoc = Omit<Mail, "id" | "createdAt" | "updatedAt">;

export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );

/** Plain text as simple HTML paragraphs (blank line = new paragraph, newline = <br>). */
export function textToHtml(text: string, extraHtml = ""): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  return `<!doctype html><html lang="lt"><head><meta charset="utf-8"></head><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">\n${paragraphs}${extraHtml ? `\n${extraHtml}` : ""}\n</body></html>`;
}

/** Replaces {name} placeholders; an unknown placeholder is left as written. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

export function mailDoc(mail: {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  ref?: string;
}): MailDoc {
  return mailSchema.parse({
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    message: { subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) },
    delivery: { state: "PENDING", attempts: 0, error: null, endTime: null },
    ref: mail.ref ?? null,
  }) as MailDoc;
}

function priceLines(quote: Quote): [string, string][] {
  const lines: [string, string][] = [[`Nuoma, ${formatDays(quote.days)}`, formatMoney(quote.base)]];
  for (const line of quote.extrasLines) lines.push([`${line.name} × ${line.quantity}`, formatMoney(line.amount)]);
  if (quote.delivery > 0) lines.push(["Pristatymas ir paėmimas", formatMoney(quote.delivery)]);
  if (quote.discount > 0) lines.push(["Nuolaida", `−${formatMoney(quote.discount)}`]);
  lines.push(["Iš viso su PVM", formatMoney(quote.total)]);
  lines.push([`iš jų PVM (${formatNumber(quote.vatRate * 100)} %)`, formatMoney(quote.vat)]);
  lines.push(["Užstatas (grąžinamas)", formatMoney(quote.deposit)]);
  return lines;
}

const priceText = (quote: Quote): string =>
  ["Kainos išklotinė:", ...priceLines(quote).map(([label, value]) => `${label}: ${value}`)].join("\n");

const priceHtml = (quote: Quote): string =>
  `<table style="border-collapse:collapse;margin-top:8px">${priceLines(quote)
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 16px 2px 0">${escapeHtml(label)}</td><td style="padding:2px 0;text-align:right">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>`;

export interface ReservationMailContext {
  reservationId: string;
  settings: Settings;
  number: string;
  car: WithId<Car>;
  customer: { firstName: string; lastName: string; email: string; phone: string };
  pickupAt: string;
  returnAt: string;
  pickupLocation: WithId<Location>;
  returnLocation: WithId<Location>;
  quote: Quote;
  comment: string;
}

/** The customer's confirmation and, when the company has an address, the staff notice. */
export function reservationMails(ctx: ReservationMailContext): MailDoc[] {
  const company = ctx.settings.company;
  const pickup = `${formatDateTime(ctx.pickupAt)}, ${ctx.pickupLocation.name}`;
  const ret = `${formatDateTime(ctx.returnAt)}, ${ctx.returnLocation.name}`;
  const values = {
    number: ctx.number,
    name: `${ctx.customer.firstName} ${ctx.customer.lastName}`,
    car: `${ctx.car.make} ${ctx.car.model}`,
    pickup,
    return: ret,
    total: formatMoney(ctx.quote.total),
    company: company.brand || company.name,
  };
  const template = ctx.settings.emailTemplates.reservationReceived;
  const body = fillTemplate(template.body, values);
  const ref = `reservation:${ctx.reservationId}`;
  const mails: MailDoc[] = [
    mailDoc({
      to: ctx.customer.email,
      ...(company.emails[0] ? { replyTo: company.emails[0] } : {}),
      subject: fillTemplate(template.subject, values),
      text: `${body}\n\n${priceText(ctx.quote)}`,
      html: textToHtml(body, `<p><strong>Kainos išklotinė</strong></p>${priceHtml(ctx.quote)}`),
      ref,
    }),
  ];
  const staffAddress = company.emails[0];
  if (staffAddress) {
    const details = [
      `Gauta nauja rezervacija ${ctx.number} iš svetainės.`,
      "",
      `Klientas: ${values.name}`,
      `El. paštas: ${ctx.customer.email}`,
      `Telefonas: ${ctx.customer.phone}`,
      `Automobilis: ${values.car}`,
      `Paėmimas: ${pickup}`,
      `Grąžinimas: ${ret}`,
      ...(ctx.comment ? [`Komentaras: ${ctx.comment}`] : []),
    ].join("\n");
    mails.push(
      mailDoc({
        to: staffAddress,
        replyTo: ctx.customer.email,
        subject: `Nauja rezervacija ${ctx.number}: ${values.car}`,
        text: `${details}\n\n${priceText(ctx.quote)}`,
        html: textToHtml(details, priceHtml(ctx.quote)),
        ref,
      }),
    );
  }
  return mails;
}
