// What a consumer must be told before ordering and in the confirmation (Directive 2011/83/EU
// art. 6 and 8; Lietuvos CK 6.228^4, 6.228^10): the trader's identity, the total price with all
// fees, the deposit, the payment method and when the money is taken, the cancellation rule, the
// terms, and the out-of-court dispute body. One place for each fact; the booking page, the
// confirmation e-mails and the site's footer render these texts, none of them types a number.
//
// The dispute body: consumer disputes with a Lithuanian trader are settled out of court by the
// Valstybinė vartotojų teisių apsaugos tarnyba (Vartotojų teisių apsaugos įstatymas, 22–23 str.),
// after the consumer first turned to the trader in writing. The EU online dispute resolution
// platform (Regulation 524/2013) was shut down on 20 July 2025 (Regulation (EU) 2024/3228 repealed
// the duty to link it), so no ODR link is given: a link to a closed platform would mislead.
import { formatDateTime, formatMoney, roundMoney } from "./format";
import { escapeHtml } from "./mailText";
import type { CompanyDetails, PaymentProvider, PaymentSettings, PortalSettings } from "./schemas";

export type ConsumerLanguage = "lt" | "en";

/** The out-of-court consumer dispute body, named on the site and in the e-mails. */
export const CONSUMER_DISPUTE_BODY = {
  name: "Valstybinė vartotojų teisių apsaugos tarnyba",
  nameEn: "State Consumer Rights Protection Authority of Lithuania",
  shortName: "VVTAT",
  address: "Vilniaus g. 25, Vilnius",
  website: "www.vvtat.lt",
  url: "https://www.vvtat.lt",
} as const;

/** The dispute body in one sentence (site footer, terms, e-mails). */
export function disputeBodyText(language: ConsumerLanguage = "lt"): string {
  const body = CONSUMER_DISPUTE_BODY;
  return language === "en"
    ? `Consumer disputes are settled out of court by the ${body.nameEn} (${body.name}, ${body.shortName}), ${body.address}, ${body.website}: a consumer may apply to it if a dispute could not be settled with us, within one year of writing to us.`
    : `Vartotojų ginčus ne teismo tvarka nagrinėja ${body.name} (${body.shortName}), ${body.address}, ${body.website}: vartotojas gali į ją kreiptis, jei ginčo nepavyko išspręsti su mumis, ne vėliau kaip per vienus metus nuo kreipimosi į mus raštu.`;
}

// ---------- cancellation ----------

/**
 * The free cancellation window in hours before pick-up. The one place the booking page, the
 * e-mails and "Mano rezervacija" read it from (today the portal setting; a tariff may own it later).
 */
export const freeCancellationHoursOf = (settings: { portal: Pick<PortalSettings, "freeCancellationHours"> }): number =>
  settings.portal.freeCancellationHours;

/**
 * The cancellation rule in words: free until N h before pick-up; later only by contacting the
 * company ("Mano rezervacija" then asks to call). No late-cancellation fee is promised: the tariff has none.
 */
export function cancellationRuleText(hours: number, language: ConsumerLanguage = "lt"): string {
  return language === "en"
    ? `Free cancellation until ${hours} hours before pick-up; after that, cancel by contacting us (see the rental terms).`
    : `Nemokamai atšaukti galima likus ne mažiau kaip ${hours} val. iki paėmimo; vėliau atšaukti galima tik susisiekus su mumis (žr. nuomos sąlygas).`;
}

/** The same rule for one booking: free until that date and time. */
export function cancellationDeadlineText(pickupAt: string, hours: number, language: ConsumerLanguage = "lt"): string {
  const until = formatDateTime(new Date(Date.parse(pickupAt) - hours * 3_600_000));
  return language === "en"
    ? `Free cancellation until ${until} (${hours} hours before pick-up); after that, cancel by contacting us (see the rental terms).`
    : `Nemokamai atšaukti galima iki ${until} (${hours} val. iki paėmimo); vėliau atšaukti galima tik susisiekus su mumis (žr. nuomos sąlygas).`;
}

// ---------- payment ----------

export const PAYMENT_PROVIDER_NAMES: Readonly<Record<PaymentProvider, string>> = {
  paysera: "Paysera",
  stripe: "Stripe",
};

/** How a booking is paid, as the server will charge it (src/core/payments.ts awaitingPayment). */
export type BookingPaymentTerms =
  | { method: "pickup" }
  | {
      method: "online";
      provider: PaymentProvider;
      /** € charged online right after the order */
      amount: number;
      /** € held on the card for the deposit (0: taken at pick-up) */
      depositHold: number;
      /** minutes the car waits for the online payment */
      holdMinutes: number;
    };

/** What the visitor is told before the order button: the cancellation window and the payment. */
export interface BookingTerms {
  freeCancellationHours: number;
  payment: BookingPaymentTerms;
}

/**
 * The booking's terms. `online`: the amount the server charges online for this quote (its
 * onlineChargeAmount), 0 or null when the site takes no online payment.
 */
export function bookingTermsOf(
  settings: { portal: Pick<PortalSettings, "freeCancellationHours">; payments: PaymentSettings },
  online: { provider: PaymentProvider; amount: number; depositHold: number } | null,
): BookingTerms {
  return {
    freeCancellationHours: freeCancellationHoursOf(settings),
    payment:
      online && online.amount > 0
        ? {
            method: "online",
            provider: online.provider,
            amount: online.amount,
            depositHold: online.depositHold,
            holdMinutes: settings.payments.paymentHoldMinutes,
          }
        : { method: "pickup" },
  };
}

/** The payment method and when the money is taken, for a total and its deposit. */
export function paymentTermsText(
  payment: BookingPaymentTerms,
  total: number,
  deposit: number,
  language: ConsumerLanguage = "lt",
): string {
  const en = language === "en";
  const depositAt =
    deposit <= 0
      ? ""
      : payment.method === "online" && payment.depositHold > 0
        ? en
          ? ` The deposit of ${formatMoney(deposit)} is held on your card with the payment and released after the return.`
          : ` Užstatas ${formatMoney(deposit)} kartu rezervuojamas Jūsų kortelėje ir grąžinamas grąžinus automobilį.`
        : en
          ? ` The deposit of ${formatMoney(deposit)} is taken at pick-up and refunded after the return.`
          : ` Užstatas ${formatMoney(deposit)} imamas atsiimant automobilį ir grąžinamas jį grąžinus.`;
  if (payment.method === "pickup") {
    return en
      ? `Payment: the whole ${formatMoney(total)} at pick-up (cash, card or bank transfer); nothing is charged when you book.${depositAt}`
      : `Apmokėjimas: visa suma ${formatMoney(total)} mokama atsiimant automobilį (grynaisiais, kortele arba pavedimu); rezervuojant nieko nenuskaitoma.${depositAt}`;
  }
  const provider = PAYMENT_PROVIDER_NAMES[payment.provider];
  const rest = roundMoney(total - payment.amount);
  const now = en
    ? `Payment: ${formatMoney(payment.amount)} online through ${provider} right after you book (within ${payment.holdMinutes} min, or the booking is cancelled)`
    : `Apmokėjimas: ${formatMoney(payment.amount)} internetu per ${provider} iškart pateikus rezervaciją (per ${payment.holdMinutes} min., kitaip rezervacija atšaukiama)`;
  const later =
    rest > 0
      ? en
        ? `; the remaining ${formatMoney(rest)} at pick-up.`
        : `; likusi suma ${formatMoney(rest)} – atsiimant automobilį.`
      : ".";
  return `${now}${later}${depositAt}`;
}

// ---------- the trader ----------

/** The company's identity as the e-mails print it: name, company code, VAT code, address, contacts (empty ones left out). */
export function companyIdentityLines(
  company: Partial<Pick<CompanyDetails, "name" | "companyCode" | "vatCode" | "address" | "phones" | "emails">>,
  language: ConsumerLanguage = "lt",
): string[] {
  const en = language === "en";
  const phone = company.phones?.[0];
  const email = company.emails?.[0];
  return [
    company.name?.trim() || null,
    company.companyCode ? `${en ? "Company code" : "Įmonės kodas"} ${company.companyCode}` : null,
    company.vatCode ? `${en ? "VAT code" : "PVM mokėtojo kodas"} ${company.vatCode}` : null,
    company.address?.trim() ? `${en ? "Address" : "Adresas"}: ${company.address.trim()}` : null,
    phone ? `${en ? "Phone" : "Tel."} ${phone}` : null,
    email ? `${en ? "E-mail" : "El. paštas"} ${email}` : null,
  ].filter((line): line is string => line !== null);
}

/** The site's path of the rental terms (linked from the booking form and the e-mails). */
export const TERMS_PATH = "/salygos";

// ---------- the confirmation e-mails ("gauta", "patvirtinta") ----------

export interface ConsumerMailInfo {
  company: Partial<Pick<CompanyDetails, "name" | "companyCode" | "vatCode" | "address" | "phones" | "emails">>;
  /** the price breakdown as [label, amount] rows (mailTemplates.ts priceLines), deposit included */
  breakdown: [string, string][];
  pickupAt: string;
  freeCancellationHours: number;
  /** the site's address: the terms link is <siteUrl>/salygos (null: not known, no link) */
  siteUrl: string | null;
  language: ConsumerLanguage;
}

/**
 * What every confirmation carries after the company's own template text, whatever that text says
 * (a template saved before these blocks existed gets them too, and no edit can drop them): the
 * price breakdown with the deposit, the cancellation rule, the terms link, the trader's identity
 * and the dispute body. Text and HTML.
 */
export function consumerMailBlock(info: ConsumerMailInfo): { text: string; html: string } {
  const en = info.language === "en";
  const termsUrl = info.siteUrl ? `${info.siteUrl.replace(/\/+$/, "")}${TERMS_PATH}` : null;
  const identity = companyIdentityLines(info.company, info.language);
  const cancellation = cancellationDeadlineText(info.pickupAt, info.freeCancellationHours, info.language);
  const dispute = disputeBodyText(info.language);
  const titles = en
    ? { price: "Price breakdown", cancel: "Cancellation", terms: "Rental terms", trader: "Service provider" }
    : { price: "Kainos išklotinė", cancel: "Atšaukimas", terms: "Nuomos sąlygos", trader: "Paslaugos teikėjas" };
  const text = [
    [`${titles.price}:`, ...info.breakdown.map(([label, value]) => `${label}: ${value}`)].join("\n"),
    `${titles.cancel}: ${cancellation}`,
    ...(termsUrl ? [`${titles.terms}: ${termsUrl}`] : []),
    [`${titles.trader}:`, ...identity].join("\n"),
    dispute,
  ].join("\n\n");
  const esc = escapeHtml;
  const rows = info.breakdown
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 16px 2px 0">${esc(label)}</td><td style="padding:2px 0;text-align:right">${esc(value)}</td></tr>`,
    )
    .join("");
  const html = [
    `<p><strong>${esc(titles.price)}</strong></p><table style="border-collapse:collapse;margin-top:8px">${rows}</table>`,
    `<p><strong>${esc(titles.cancel)}:</strong> ${esc(cancellation)}</p>`,
    ...(termsUrl
      ? [`<p><strong>${esc(titles.terms)}:</strong> <a href="${esc(termsUrl)}">${esc(termsUrl)}</a></p>`]
      : []),
    `<p style="font-size:13px;color:#555"><strong>${esc(titles.trader)}:</strong><br>${identity.map(esc).join("<br>")}</p>`,
    `<p style="font-size:13px;color:#555">${esc(dispute).replace(esc(CONSUMER_DISPUTE_BODY.website), `<a href="${CONSUMER_DISPUTE_BODY.url}">${CONSUMER_DISPUTE_BODY.website}</a>`)}</p>`,
  ].join("\n");
  return { text, html };
}

/** The site's address of a mail: the one given, else the origin of its "Mano rezervacija" link. */
export function mailSiteUrl(siteUrl: string | undefined, portalLinkUrl: string | undefined): string | null {
  if (siteUrl) return siteUrl.replace(/\/+$/, "");
  if (!portalLinkUrl) return null;
  try {
    return new URL(portalLinkUrl).origin;
  } catch {
    return null;
  }
}
