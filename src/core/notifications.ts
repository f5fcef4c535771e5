// The customer's automatic mails about a reservation, prepared inside the change's transaction:
// these functions only read (Firestore wants every read before the first write); the caller
// queues the mail it gets back with queueMail(), so the change and its mail are stored together.
import type { EmailTemplateKey } from "../domain/emailTemplateDefaults";
import { confirmationBlock, type OutgoingMail, textToHtml } from "../domain/mailTemplates";
import {
  changeLines,
  changeNoticeOf,
  mailLanguageOf,
  type NoticeContext,
  type PlaceInfo,
  reservationNoticeMail,
} from "../domain/notifications";
import {
  type Car,
  type Customer,
  type Location,
  quoteSchema,
  type Reservation,
  type Settings,
} from "../domain/schemas";
import { loadCar, loadLocations, loadSettings } from "./catalog";
import { COLLECTIONS } from "./collections";
import { newReservationLink, siteBaseOf } from "./portalLinks";
import type { CoreContext, DocumentStore, Reader } from "./ports";
import { customerRecord } from "./records";

type NoticeReservation = Pick<
  Reservation,
  "status" | "pickupAt" | "returnAt" | "carId" | "customerId" | "pickupLocationId" | "returnLocationId"
> & { number?: string; quote?: { total: number; deposit: number }; cancelReason?: string };

const carName = (car: Pick<Car, "make" | "model"> | null): string => (car ? `${car.make} ${car.model}` : "—");

const placeOf = (locations: Location[], id: string): PlaceInfo => {
  const place = locations.find((l) => l.id === id);
  return place ? { name: place.name, address: place.address, city: place.city, hours: place.hours } : { name: "—" };
};

/** What a reservation mail needs besides the reservation: read in the caller's transaction. */
export interface NoticeData {
  settings: Settings;
  customer: Customer | null;
  car: Car | null;
  locations: Location[];
}

export async function loadNoticeData(
  reader: Reader,
  store: DocumentStore,
  reservation: Pick<Reservation, "customerId" | "carId">,
): Promise<NoticeData> {
  // One after another: on PostgreSQL a transaction has a single connection.
  const settings = await loadSettings(reader);
  const found = store.isId(reservation.customerId)
    ? await reader.get(COLLECTIONS.customers, reservation.customerId)
    : null;
  const car = await loadCar(reader, store, reservation.carId);
  const locations = await loadLocations(reader);
  return { settings, customer: found ? customerRecord(found) : null, car, locations };
}

/** The context of one reservation's mail; null when the customer (or their address) is gone. */
export function noticeContext(
  site: Pick<CoreContext, "siteUrl">,
  reservationId: string,
  reservation: NoticeReservation,
  data: NoticeData,
  extra: Pick<NoticeContext, "changes" | "final"> = {},
): NoticeContext | null {
  if (!data.customer?.email) return null;
  return {
    // Every customer mail about a reservation carries a fresh "Mano rezervacija" link.
    portalLink: newReservationLink(site, reservationId, reservation.returnAt),
    reservationId,
    settings: data.settings,
    reservation,
    customer: data.customer,
    car: data.car ?? { make: "—", model: "" },
    pickupLocation: placeOf(data.locations, reservation.pickupLocationId),
    returnLocation: placeOf(data.locations, reservation.returnLocationId),
    ...extra,
  };
}

/** The mails that confirm a booking to a consumer: they carry the consumer block (consumerInfo.ts). */
const CONFIRMATIONS: readonly EmailTemplateKey[] = ["reservationReceived", "reservationConfirmed"];

/**
 * The customer's mail of that kind; a confirmation gets the consumer block after the template's
 * text (breakdown with the deposit, cancellation rule, terms link, company identity, dispute body),
 * so a template the company saved before the block existed carries it too.
 */
function noticeMail(
  kind: EmailTemplateKey,
  ctx: NoticeContext,
  reservation: NoticeReservation,
  site: Pick<CoreContext, "siteUrl">,
): OutgoingMail {
  const mail = reservationNoticeMail(kind, ctx);
  const quote = quoteSchema.safeParse(reservation.quote);
  if (!CONFIRMATIONS.includes(kind) || !quote.success) return mail;
  const language = mailLanguageOf(ctx.customer);
  const block = confirmationBlock(ctx.settings, quote.data, reservation.pickupAt, language, {
    siteUrl: siteBaseOf(site),
  });
  return { ...mail, text: `${mail.text}\n\n${block.text}`, html: textToHtml(mail.text, block.html, language) };
}

/** The mail of that kind about a reservation, or null when there is nobody to send it to. */
export async function prepareReservationMail(
  reader: Reader,
  core: Pick<CoreContext, "store" | "siteUrl">,
  kind: EmailTemplateKey,
  reservationId: string,
  reservation: NoticeReservation,
  extra: Pick<NoticeContext, "final"> = {},
): Promise<OutgoingMail | null> {
  const data = await loadNoticeData(reader, core.store, reservation);
  const ctx = noticeContext(core, reservationId, reservation, data, extra);
  return ctx ? noticeMail(kind, ctx, reservation, core) : null;
}

/**
 * The mail a staff edit of a reservation calls for (confirmed, changed, cancelled), or null.
 * Reads only; call it before the transaction's first write.
 */
export async function prepareChangeMail(
  reader: Reader,
  core: Pick<CoreContext, "store" | "siteUrl">,
  reservationId: string,
  before: NoticeReservation,
  after: NoticeReservation,
): Promise<OutgoingMail | null> {
  const notice = changeNoticeOf(before, after);
  if (!notice) return null;
  const { store } = core;
  const data = await loadNoticeData(reader, store, after);
  let changes: string[] | undefined;
  if (notice.kind === "reservationChanged") {
    const oldCar = notice.fields.includes("car") ? await loadCar(reader, store, before.carId) : data.car;
    const language = mailLanguageOf(data.customer);
    const side = (r: NoticeReservation, car: Car | null) => ({
      pickupAt: r.pickupAt,
      returnAt: r.returnAt,
      car: carName(car),
      pickupPlace: placeOf(data.locations, r.pickupLocationId).name,
      returnPlace: placeOf(data.locations, r.returnLocationId).name,
    });
    changes = changeLines(notice.fields, side(before, oldCar), side(after, data.car), language);
  }
  const ctx = noticeContext(core, reservationId, after, data, changes ? { changes } : {});
  return ctx ? noticeMail(notice.kind, ctx, after, core) : null;
}
