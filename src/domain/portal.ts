// "Mano rezervacija": the customer's own page by a signed link. Pure rules and texts: what the
// customer sees (only their reservation's own facts), whether and until when they may cancel free
// of charge, whether they may change or fill in details, the input each action accepts, and the
// mails these actions send. The use cases are in src/core/customerPortal.ts.
import { z } from "zod";
import { freeCancellationHoursOf } from "./consumerInfo";
import { formatDateTime, formatMoney } from "./format";
import type { OutgoingMail } from "./mailTemplates";
import { textToHtml } from "./mailTemplates";
import { type MailLanguage, mailLanguageOf } from "./notifications";
import { overpaymentOf } from "./overpayment";
import { RESERVATION_STATUS_LABELS } from "./reservationStatus";
import {
  type Car,
  type DriverDetails,
  driverSchema,
  type Extra,
  type Location,
  type PortalSettings,
  type Quote,
  RESERVATION_NUMBER_PATTERN,
  type Reservation,
  type ReservationStatus,
  type Settings,
} from "./schemas";

const HOUR_MS = 3_600_000;

export const PORTAL_MESSAGES = {
  invalidLink:
    "Ši nuoroda neteisinga arba nebegalioja. Įveskite rezervacijos numerį ir el. pašto adresą – atsiųsime naują nuorodą.",
  linkRequested:
    "Jei rezervacija su šiais duomenimis yra, naują nuorodą ką tik išsiuntėme rezervacijoje nurodytu el. pašto adresu.",
  closed: "Ši rezervacija jau užbaigta arba atšaukta, jos pakeisti nebegalima.",
  started: "Automobilis jau paimtas: pakeitimų internetu daryti nebegalima, skambinkite mums.",
  confirmCancel: "Patvirtinkite, kad norite atšaukti rezervaciją",
  carChange: "Automobilio pakeisti čia negalima: pasirinkite kitą automobilį rezervuodami iš naujo",
  nothingChanged: "Nieko nepakeitėte: pasirinkite kitas datas, vietas arba papildomas paslaugas",
  licenceExpired: "Vairuotojo pažymėjimas turi galioti iki grąžinimo dienos",
} as const;

/** The audit log's and the staff notices' name of the customer acting on the page. */
export const PORTAL_ACTOR = "klientas (Mano rezervacija)";
export const CUSTOMER_CANCEL_REASON = "Klientas atšaukė rezervaciją internetu („Mano rezervacija“)";

/** Statuses in which the customer may still cancel, change and fill in details. */
const OPEN_STATUSES: readonly ReservationStatus[] = ["new", "confirmed"];
export const isOpenForCustomer = (status: ReservationStatus): boolean => OPEN_STATUSES.includes(status);

/** The portal settings of a settings document (older documents: the defaults). */
export const portalSettingsOf = (settings: Pick<Settings, "portal">): PortalSettings => settings.portal;

export interface CancellationTerms {
  /** the reservation may still be cancelled on the page at all (open and not picked up) */
  open: boolean;
  /** free of charge now */
  free: boolean;
  /** the last moment of the free cancellation (ISO) */
  freeUntil: string;
  hours: number;
}

/** Whether and until when the customer cancels free: until `freeCancellationHours` before the pickup. */
export function cancellationTerms(
  reservation: Pick<Reservation, "status" | "pickupAt">,
  portal: PortalSettings,
  now: Date,
): CancellationTerms {
  const pickup = Date.parse(reservation.pickupAt);
  const hours = freeCancellationHoursOf({ portal });
  const freeUntil = new Date(pickup - hours * HOUR_MS);
  const open = isOpenForCustomer(reservation.status) && now.getTime() < pickup;
  return {
    open,
    free: open && now.getTime() <= freeUntil.getTime(),
    freeUntil: freeUntil.toISOString(),
    hours,
  };
}

/** What the page says when the free window is over: the terms charge, so call us. */
export function lateCancellationMessage(terms: CancellationTerms, phone: string | undefined): string {
  return `Nemokamai atšaukti buvo galima iki ${formatDateTime(terms.freeUntil)} (${terms.hours} val. iki paėmimo). Dabar atšaukimui taikomi nuomos sąlygų mokesčiai${
    phone ? ` – paskambinkite mums ${phone}` : " – susisiekite su mumis"
  }, ir rezervaciją atšauksime.`;
}

/** Why the reservation may not be changed now, or null when it may. */
export function changeRefusal(reservation: Pick<Reservation, "status" | "pickupAt">, now: Date): string | null {
  if (!isOpenForCustomer(reservation.status)) return PORTAL_MESSAGES.closed;
  if (now.getTime() >= Date.parse(reservation.pickupAt)) return PORTAL_MESSAGES.started;
  return null;
}

// ---------- input ----------

export const cancelInputSchema = z
  .object({ confirm: z.literal(true, { error: PORTAL_MESSAGES.confirmCancel }) })
  .strict();

/** A change: the booked items without the car (the car stays). */
export const CHANGE_INPUT_KEYS = ["pickupAt", "returnAt", "pickupLocationId", "returnLocationId", "extras"] as const;

export const driverDetailsInputSchema = z
  .object({ driver: driverSchema, additionalDriver: driverSchema.nullable().default(null) })
  .strict();
export type DriverDetailsInput = z.infer<typeof driverDetailsInputSchema>;

export const linkRequestSchema = z
  .object({
    number: z
      .string({ error: "Įveskite rezervacijos numerį" })
      .trim()
      .toUpperCase()
      .regex(RESERVATION_NUMBER_PATTERN, { error: "Rezervacijos numeris atrodo taip: R-2026-000123" }),
    email: z.email({ error: "Neteisingas el. pašto adresas" }).trim().max(254),
  })
  .strict();

// ---------- what the customer sees ----------

export interface PortalPlace {
  id: string;
  name: string;
  address: string;
  city: string;
  hours: string;
  mapUrl: string;
}

export interface PortalView {
  number: string;
  status: ReservationStatus;
  statusLabel: string;
  customerName: string;
  car: {
    make: string;
    model: string;
    year: number | null;
    image: string | null;
    transmission: string;
    fuel: string;
    seats: number | null;
  };
  pickupAt: string;
  returnAt: string;
  pickupPlace: PortalPlace;
  returnPlace: PortalPlace;
  extras: { id: string; quantity: number }[];
  quote: Quote | null;
  /** overpayment: what was paid above the price (a refund staff approve), 0 when nothing */
  payment: { paid: number; due: number; overpayment: number } | null;
  cancellation: CancellationTerms & { lateMessage: string };
  change: { allowed: boolean; refusal: string | null; needsApproval: boolean };
  driverDetails: DriverDetails | null;
  documents: { kind: "agreement" | "handover" | "return"; title: string }[];
  /** the choices of the change form: active places and extras */
  options: {
    locations: { id: string; name: string }[];
    extras: { id: string; name: string; price: number; chargedPer: "day" | "rental"; maxQuantity: number }[];
  };
  company: { name: string; phone: string | null; email: string | null; hours: string };
  /** the reservation's invoices and credit notes (src/core/invoices.ts), filled in by the core */
  invoices?: PortalInvoice[];
  /** "Sumokėti likutį": what is due by the ledger, when online payment is configured and allowed (the core fills it in) */
  payBalance?: { due: number; booking?: { holdUntil: string } } | null;
}

export interface PortalInvoice {
  id: string;
  number: string;
  kind: "invoice" | "credit";
}

export const mapUrlOf = (place: { address?: string; city?: string }): string => {
  const query = [place.address, place.city].filter((part) => part && part.trim() !== "").join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
};

const placeView = (locations: (Location & { id: string })[], id: string): PortalPlace => {
  const place = locations.find((l) => l.id === id);
  return place
    ? {
        id,
        name: place.name,
        address: place.address,
        city: place.city,
        hours: place.hours,
        mapUrl: mapUrlOf(place),
      }
    : { id, name: "—", address: "", city: "", hours: "", mapUrl: mapUrlOf({}) };
};

export const DOCUMENT_TITLES = {
  agreement: "Nuomos sutartis",
  handover: "Perdavimo aktas",
  return: "Grąžinimo aktas",
} as const;

/** The customer's page: their own reservation's facts and nothing else. */
export function portalView(args: {
  reservation: Reservation & { id: string };
  customer: { firstName: string; lastName: string } | null;
  car: (Car & { id: string }) | null;
  locations: (Location & { id: string })[];
  extras: (Extra & { id: string })[];
  settings: Settings;
  now: Date;
}): PortalView {
  const { reservation: r, settings, now } = args;
  const portal = portalSettingsOf(settings);
  const terms = cancellationTerms(r, portal, now);
  const refusal = changeRefusal(r, now);
  const phone = settings.company.phones[0];
  const documents: PortalView["documents"] = [];
  if (r.handover?.agreementDocument) documents.push({ kind: "agreement", title: DOCUMENT_TITLES.agreement });
  if (r.handover?.document) documents.push({ kind: "handover", title: DOCUMENT_TITLES.handover });
  if (r.returnAct?.document) documents.push({ kind: "return", title: DOCUMENT_TITLES.return });
  const car = args.car;
  return {
    number: r.number ?? "",
    status: r.status,
    statusLabel: RESERVATION_STATUS_LABELS[r.status],
    customerName: args.customer ? `${args.customer.firstName} ${args.customer.lastName}`.trim() : "",
    car: {
      make: car?.make ?? "—",
      model: car?.model ?? "",
      year: car?.year ?? null,
      image: car?.images?.[0] ?? null,
      transmission: car?.transmission ?? "",
      fuel: car?.fuel ?? "",
      seats: car?.seats ?? null,
    },
    pickupAt: r.pickupAt,
    returnAt: r.returnAt,
    pickupPlace: placeView(args.locations, r.pickupLocationId),
    returnPlace: placeView(args.locations, r.returnLocationId),
    extras: r.extras.map((e) => ({ id: e.id, quantity: e.quantity })),
    quote: r.quote ?? null,
    payment: r.payment ? { paid: r.payment.paid, due: r.payment.due, overpayment: overpaymentOf(r) } : null,
    cancellation: { ...terms, lateMessage: lateCancellationMessage(terms, phone) },
    change: { allowed: refusal === null, refusal, needsApproval: portal.changesNeedApproval },
    driverDetails: r.driverDetails ?? null,
    documents,
    options: {
      locations: args.locations.filter((l) => l.active !== false).map((l) => ({ id: l.id, name: l.name })),
      extras: args.extras
        .filter((e) => e.active !== false)
        .map((e) => ({
          id: e.id,
          name: e.name,
          price: e.price,
          chargedPer: e.chargedPer,
          maxQuantity: e.maxQuantity,
        })),
    },
    company: {
      name: settings.company.brand || settings.company.name,
      phone: phone ?? null,
      email: settings.company.emails[0] ?? null,
      hours: settings.company.hours,
    },
  };
}

// ---------- mails ----------

/** The fresh link, sent to the booking's own address (a request from the page, or staff's new link). */
export function portalLinkMail(args: {
  to: string;
  language?: string | null;
  number: string;
  url: string;
  company: string;
  reservationId: string;
}): OutgoingMail {
  const language: MailLanguage = mailLanguageOf({ language: args.language ?? null });
  const text =
    language === "en"
      ? `Hello,\n\nhere is the link to your booking ${args.number}. There you can view it, change or cancel it and download its documents:\n${args.url}\n\nThe link is personal: please do not forward it.\n\nKind regards\n${args.company}`
      : `Laba diena,\n\nsiunčiame nuorodą į Jūsų rezervaciją ${args.number}. Joje galite ją peržiūrėti, pakeisti ar atšaukti ir atsisiųsti dokumentus:\n${args.url}\n\nNuoroda asmeninė – neperduokite jos kitiems.\n\nPagarbiai\n${args.company}`;
  return {
    to: args.to,
    subject: language === "en" ? `Link to your booking ${args.number}` : `Nuoroda į Jūsų rezervaciją ${args.number}`,
    text,
    html: textToHtml(text, "", language),
    ref: `reservation:${args.reservationId}`,
  };
}

/** The company's notice of what the customer did on the page. */
export function staffPortalNotice(args: {
  to: string;
  replyTo: string | null;
  reservationId: string;
  number: string;
  customerName: string;
  what: "cancelled" | "changed" | "change-requested" | "driver-details";
  lines: string[];
}): OutgoingMail {
  const heading = {
    cancelled: `Klientas atšaukė rezervaciją ${args.number}`,
    changed: `Klientas pakeitė rezervaciją ${args.number}`,
    "change-requested": `Klientas prašo pakeisti rezervaciją ${args.number}`,
    "driver-details": `Klientas užpildė vairuotojo duomenis: rezervacija ${args.number}`,
  }[args.what];
  const text = [`${heading} („Mano rezervacija“).`, "", `Klientas: ${args.customerName}`, ...args.lines].join("\n");
  return {
    to: args.to,
    ...(args.replyTo ? { replyTo: args.replyTo } : {}),
    subject: heading,
    text,
    html: textToHtml(text),
    ref: `reservation:${args.reservationId}`,
  };
}

/** The lines of a change: before → after, in Lithuanian (staff's notice and the request). */
export function changeSummary(
  before: { pickupAt: string; returnAt: string; pickupPlace: string; returnPlace: string; total: number | null },
  after: { pickupAt: string; returnAt: string; pickupPlace: string; returnPlace: string; total: number | null },
): string[] {
  const money = (v: number | null) => (v === null ? "—" : formatMoney(v));
  return [
    `Laikas: ${formatDateTime(before.pickupAt)} – ${formatDateTime(before.returnAt)} → ${formatDateTime(after.pickupAt)} – ${formatDateTime(after.returnAt)}`,
    `Paėmimo vieta: ${before.pickupPlace} → ${after.pickupPlace}`,
    `Grąžinimo vieta: ${before.returnPlace} → ${after.returnPlace}`,
    `Kaina: ${money(before.total)} → ${money(after.total)}`,
  ];
}

// ---------- the page's calls (both backends) ----------

/** The page's actions: local server POST/GET /api/portal/…, Firebase callable customerPortal. */
/** Where the provider sends the customer back after "Sumokėti likutį" (no token in it). */
export const PORTAL_PAYMENT_RETURN_PATH = "/mano-rezervacija/mokejimas";
/** The tab's sessionStorage key that keeps the portal's token while the customer pays. */
export const PORTAL_PAYMENT_TOKEN_KEY = "mano-rezervacija-mokejimas";

export const PORTAL_ACTIONS = ["view", "quote", "change", "cancel", "driver", "linkRequest", "pay"] as const;
export type PortalAction = (typeof PORTAL_ACTIONS)[number];
/** The page's files: the .ics and the signed documents. */
export const PORTAL_FILES = ["calendar", "agreement", "handover", "return"] as const;
export type PortalFile = (typeof PORTAL_FILES)[number] | `invoice:${string}`;
