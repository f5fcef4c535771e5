// The rental desk's e-mails to the customer: the hand-over act after the car leaves, and the
// thanks with the final amount after it comes back (each with its signed PDF attached by the
// core, src/core/rentalDesk.ts). The texts are the settings' templates handoverAct and returnThanks
// in the customer's language (src/domain/notifications.ts); pure functions of what the desk read.
import type { EmailTemplateSet } from "./emailTemplateDefaults";
import { formatDateTime, formatMoney, formatNumber } from "./format";
import { fuelLevelText } from "./fuel";
import {
  type MailLanguage,
  mailLanguageOf,
  type PlaceholderValues,
  renderMail,
  reservationValues,
  templateFor,
} from "./notifications";
import { type PortalLinkDoc, type PortalLinkIssue, withPortalLinkText } from "./portalToken";
import { chargeLine } from "./returnCharges";
import type { Car, Charge, Customer, Settings } from "./schemas";

export interface DeskMail {
  to: string;
  message: { subject: string; text: string };
  /** what the mail is about: "reservation:<id>" */
  ref: string;
  /** the "Mano rezervacija" link the mail carries (stored by queueMail) */
  portalLink?: { tokenHash: string; doc: PortalLinkDoc };
}

export interface DeskMailContext {
  settings: Pick<Settings, "company" | "emailTemplates"> & { emailTemplatesEn?: EmailTemplateSet };
  reservation: { id: string; number?: string | undefined; returnAt: string };
  customer: Pick<Customer, "firstName" | "lastName" | "email" | "language">;
  car: Pick<Car, "make" | "model">;
  plateNumber: string | null;
  location: { name: string; address?: string } | null;
  /** a fresh "Mano rezervacija" link for this mail */
  portalLink?: PortalLinkIssue;
}

export interface HandoverMailContext extends DeskMailContext {
  act: { at: string; mileage: number; fuel: string };
}

export interface ReturnMailContext extends DeskMailContext {
  act: { returnedAt: string; mileage: number; fuel: string };
  charges: Charge[];
  total: number;
  deposit: { held: number; retained: number; refunded: number };
  /** what is still owed by the ledger after the return (the act's figure); absent: the charges less the deposit */
  due?: number;
}

/** The desk's extra values: readings, the time, the charges, what is still due. */
function deskValues(ctx: DeskMailContext, language: MailLanguage) {
  const base = reservationValues(
    {
      reservationId: ctx.reservation.id,
      settings: ctx.settings,
      reservation: {
        number: ctx.reservation.number,
        pickupAt: ctx.reservation.returnAt,
        returnAt: ctx.reservation.returnAt,
      },
      customer: ctx.customer,
      car: ctx.car,
      pickupLocation: ctx.location ?? { name: "" },
      returnLocation: ctx.location ?? { name: "" },
      ...(ctx.portalLink ? { portalLink: ctx.portalLink } : {}),
    },
    language,
  );
  const place = ctx.location ? `, ${ctx.location.name}` : "";
  return {
    ...base,
    automobilis: `${ctx.car.make} ${ctx.car.model}${ctx.plateNumber ? ` (${ctx.plateNumber})` : ""}`,
    grazinimas: `${formatDateTime(ctx.reservation.returnAt)}${place}`,
    paemimas: "",
    paemimo_laikas: "",
  };
}

const deskMail = (
  ctx: DeskMailContext,
  key: "handoverAct" | "returnThanks",
  values: PlaceholderValues,
  language: MailLanguage,
): DeskMail => {
  const rendered = renderMail(templateFor(ctx.settings, key, language), values, language);
  const link = ctx.portalLink;
  return {
    to: ctx.customer.email,
    message: { subject: rendered.subject, text: withPortalLinkText(rendered.text, link?.url, language) },
    ref: `reservation:${ctx.reservation.id}`,
    ...(link ? { portalLink: { tokenHash: link.tokenHash, doc: link.doc } } : {}),
  };
};

/** The hand-over act e-mail (template handoverAct): what was handed over and when the car is due back. */
export function handoverMail(ctx: HandoverMailContext): DeskMail {
  const language = mailLanguageOf(ctx.customer);
  return deskMail(
    ctx,
    "handoverAct",
    {
      ...deskValues(ctx, language),
      laikas: formatDateTime(ctx.act.at),
      rida: `${formatNumber(ctx.act.mileage, 0)} km`,
      degalai: fuelLevelText(ctx.act.fuel, language),
    },
    language,
  );
}

/** The return e-mail (template returnThanks): thanks, the charges with their rules, the final amount and the deposit. */
export function returnMail(ctx: ReturnMailContext): DeskMail {
  const language = mailLanguageOf(ctx.customer);
  const en = language === "en";
  const charged = ctx.charges.filter((charge) => charge.amount > 0);
  const due = ctx.due ?? Math.max(0, ctx.total - ctx.deposit.retained);
  const deposit =
    ctx.deposit.held <= 0
      ? en
        ? "not taken"
        : "nepaimtas"
      : en
        ? `${formatMoney(ctx.deposit.held)}, ${formatMoney(ctx.deposit.retained)} retained, ${formatMoney(ctx.deposit.refunded)} refunded`
        : `${formatMoney(ctx.deposit.held)}, iš jo išskaičiuota ${formatMoney(ctx.deposit.retained)}, grąžinama ${formatMoney(
            ctx.deposit.refunded,
          )}`;
  return deskMail(
    ctx,
    "returnThanks",
    {
      ...deskValues(ctx, language),
      laikas: formatDateTime(ctx.act.returnedAt),
      rida: `${formatNumber(ctx.act.mileage, 0)} km`,
      degalai: fuelLevelText(ctx.act.fuel, language),
      mokesciai:
        charged.length > 0
          ? charged.map((charge) => `– ${chargeLine(charge)}`).join("\n")
          : en
            ? "No extra charges."
            : "Papildomų mokesčių nėra.",
      suma: formatMoney(ctx.total),
      uzstatas: deposit,
      moketina: formatMoney(due),
    },
    language,
  );
}

/**
 * The rental agreement sent before the hand-over for the customer to read (unsigned, marked
 * "Nepasirašyta – susipažinimui"): a fixed short text in the customer's language.
 */
export function agreementForReadingMail(ctx: DeskMailContext): DeskMail {
  const language = mailLanguageOf(ctx.customer);
  const number = ctx.reservation.number ?? "";
  const car = `${ctx.car.make} ${ctx.car.model}${ctx.plateNumber ? ` (${ctx.plateNumber})` : ""}`;
  const company = ctx.settings.company.name;
  const message =
    language === "en"
      ? {
          subject: `Rental agreement for reading – reservation ${number}`,
          text: `Hello ${ctx.customer.firstName},\n\nattached is the rental agreement for reservation ${number} (${car}) for you to read before the hand-over. It is not signed yet: you will sign it when you collect the car, with the readings and any damages recorded at the hand-over.\n\nKind regards\n${company}`,
        }
      : {
          subject: `Nuomos sutartis susipažinti – rezervacija ${number}`,
          text: `Laba diena,\n\npridedame rezervacijos ${number} (${car}) nuomos sutartį, kad galėtumėte su ja susipažinti iš anksto. Sutartis dar nepasirašyta: ją pasirašysite atsiimdami automobilį, kartu su perdavimo metu užfiksuota rida, degalų kiekiu ir pažeidimais.\n\nPagarbiai\n${company}`,
        };
  return { to: ctx.customer.email, message, ref: `reservation:${ctx.reservation.id}` };
}

/** The car swap's e-mail: which car the customer now has, with both acts attached (a fixed text). */
export function carSwapMail(
  ctx: DeskMailContext & {
    previousCar: string;
    swap: { at: string; returnMileage: number; handoverMileage: number; handoverFuel: string };
    total: { previous: number; next: number };
  },
): DeskMail {
  const language = mailLanguageOf(ctx.customer);
  const number = ctx.reservation.number ?? "";
  const car = `${ctx.car.make} ${ctx.car.model}${ctx.plateNumber ? ` (${ctx.plateNumber})` : ""}`;
  const company = ctx.settings.company.name;
  const changed = Math.round(ctx.total.previous * 100) !== Math.round(ctx.total.next * 100);
  const link = ctx.portalLink;
  const message =
    language === "en"
      ? {
          subject: `Car replaced – reservation ${number}`,
          text: `Hello ${ctx.customer.firstName},\n\nyour rental ${number} continues with another car: ${car}, handed over ${formatDateTime(ctx.swap.at)} (odometer ${formatNumber(ctx.swap.handoverMileage, 0)} km, fuel ${fuelLevelText(ctx.swap.handoverFuel, "en")}). ${ctx.previousCar} was returned with ${formatNumber(ctx.swap.returnMileage, 0)} km.\nPlease return the car by ${formatDateTime(ctx.reservation.returnAt)}.\n${changed ? `The price of the rental is now ${formatMoney(ctx.total.next)} (was ${formatMoney(ctx.total.previous)}).` : `The price of the rental stays ${formatMoney(ctx.total.next)}.`}\n\nThe return act of the first car and the hand-over act of the new one are attached.\n\nKind regards\n${company}`,
        }
      : {
          subject: `Automobilis pakeistas – rezervacija ${number}`,
          text: `Laba diena,\n\njūsų nuoma ${number} tęsiama kitu automobiliu: ${car}, perduotas ${formatDateTime(ctx.swap.at)} (rida ${formatNumber(ctx.swap.handoverMileage, 0)} km, degalai: ${fuelLevelText(ctx.swap.handoverFuel)}). ${ctx.previousCar} grąžintas, rida ${formatNumber(ctx.swap.returnMileage, 0)} km.\nAutomobilį grąžinkite iki ${formatDateTime(ctx.reservation.returnAt)}.\n${changed ? `Nuomos kaina dabar ${formatMoney(ctx.total.next)} (buvo ${formatMoney(ctx.total.previous)}).` : `Nuomos kaina nesikeičia: ${formatMoney(ctx.total.next)}.`}\n\nPridedame pirmojo automobilio grąžinimo aktą ir naujojo perdavimo aktą.\n\nPagarbiai\n${company}`,
        };
  return {
    to: ctx.customer.email,
    message: { subject: message.subject, text: withPortalLinkText(message.text, link?.url, language) },
    ref: `reservation:${ctx.reservation.id}`,
    ...(link ? { portalLink: { tokenHash: link.tokenHash, doc: link.doc } } : {}),
  };
}

/** The extension's e-mail: the new return time and price, with the addendum to the agreement attached. */
export function extensionMail(
  ctx: DeskMailContext & {
    addendumNumber: number;
    previousReturnAt: string;
    previousTotal: number;
    total: number;
    due: number;
  },
): DeskMail {
  const language = mailLanguageOf(ctx.customer);
  const number = ctx.reservation.number ?? "";
  const company = ctx.settings.company.name;
  const cents = Math.round((ctx.total - ctx.previousTotal) * 100);
  const difference = `${cents > 0 ? "+" : cents < 0 ? "−" : ""}${formatMoney(Math.abs(cents) / 100)}`;
  const link = ctx.portalLink;
  const message =
    language === "en"
      ? {
          subject: `Rental extended – reservation ${number}`,
          text: `Hello ${ctx.customer.firstName},\n\nyour rental ${number} is extended.\nReturn: ${formatDateTime(ctx.reservation.returnAt)} (was ${formatDateTime(ctx.previousReturnAt)})\nPrice: ${formatMoney(ctx.total)} (was ${formatMoney(ctx.previousTotal)}, difference ${difference})\nStill to pay: ${formatMoney(ctx.due)}\n\nAddendum No. ${ctx.addendumNumber} to the rental agreement is attached.\n\nKind regards\n${company}`,
        }
      : {
          subject: `Nuoma pratęsta – rezervacija ${number}`,
          text: `Laba diena,\n\njūsų nuoma ${number} pratęsta.\nGrąžinimas: ${formatDateTime(ctx.reservation.returnAt)} (buvo ${formatDateTime(ctx.previousReturnAt)})\nKaina: ${formatMoney(ctx.total)} (buvo ${formatMoney(ctx.previousTotal)}, skirtumas ${difference})\nMokėtina: ${formatMoney(ctx.due)}\n\nPridedame nuomos sutarties priedą Nr. ${ctx.addendumNumber}.\n\nPagarbiai\n${company}`,
        };
  return {
    to: ctx.customer.email,
    message: { subject: message.subject, text: withPortalLinkText(message.text, link?.url, language) },
    ref: `reservation:${ctx.reservation.id}`,
    ...(link ? { portalLink: { tokenHash: link.tokenHash, doc: link.doc } } : {}),
  };
}
