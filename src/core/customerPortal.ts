// "Mano rezervacija": the customer's own page, opened by the signed link every customer mail
// carries. Every check of the token is here: the link is found by the SHA-256 of its token
// (reservationLinks/{hash}), must not be revoked, and stops working 30 days after the
// reservation's return. A token opens exactly one reservation; nothing here reads or changes
// another. The local server (server/routes/portal.ts) and the Firebase callable (customerPortal)
// only pass the token and the body through.
import { placeRefusalMessage, transferFeeOf } from "../domain/carLocation";
import { transfersOf } from "../domain/carTransfers";
import { formatDateTime, formatMoney } from "../domain/format";
import { formatCalendar, ICAL_CONTENT_TYPE } from "../domain/ical";
import { invalidFields, parseFields, prepareBody } from "../domain/input";
import {
  overpaymentLabel,
  overpaymentOf,
  portalApprovalMessage,
  portalOverpaymentMessage,
} from "../domain/overpayment";
import { retryRefusal } from "../domain/payments";
import {
  CHANGE_INPUT_KEYS,
  CUSTOMER_CANCEL_REASON,
  cancelInputSchema,
  cancellationTerms,
  changeRefusal,
  changeSummary,
  driverDetailsInputSchema,
  lateCancellationMessage,
  linkRequestSchema,
  PORTAL_ACTOR,
  PORTAL_MESSAGES,
  type PortalInvoice,
  type PortalView,
  portalLinkMail,
  portalView,
  staffPortalNotice,
} from "../domain/portal";
import { portalLinkExpiry, portalTokenHash } from "../domain/portalToken";
import { assertBookablePeriod, assertDriverAge, minDriverAgeFor, priceRefs } from "../domain/reservationInput";
import type { Customer, DriverDetails, Quote, Reservation } from "../domain/schemas";
import { readSiteQuote, type SiteQuote } from "../domain/siteQuote";
import { vilniusDateString } from "../domain/time";
import { fileOverpaymentTask, readPendingPortalTask } from "./approvals";
import { loadActiveOffers, loadCar, loadExtras, loadLocations, loadPrices, loadSettings } from "./catalog";
import { COLLECTIONS } from "./collections";
import { CoreError, reservationConflict } from "./errors";
import { INVOICE_NOT_FOUND_MESSAGE, type InvoiceDeps, invoicePdf, reservationInvoices } from "./invoices";
import { prepareChangeMail } from "./notifications";
import type { PaymentGateway } from "./paymentPort";
import { balanceDue, type CheckoutUrls, retryOnlinePayment, startBalancePayment } from "./payments";
import { newReservationLink } from "./portalLinks";
import { type CoreContext, type DocumentStore, type Reader, StoreConstraintError } from "./ports";
import { type RateLimit, rateKey, takeRateLimit } from "./rateLimit";
import { customerRecord, reservationRecord, type Stamped } from "./records";
import {
  carIsFree,
  placedQuoteAnswer,
  RESERVATION_NOT_FOUND_MESSAGE,
  resolveRefs,
  staffRuleFacts,
  webPlaceVerdict,
} from "./reservations";
import { versionOf } from "./versions";
import { insertDoc, queueMail, replaceDoc, type StaffActor, writeAudit, writer } from "./writes";

// ---------- the links ----------

export { newReservationLink } from "./portalLinks";

/** Link requests per client per 10 minutes. */
export const PORTAL_LINK_RATE_LIMIT: RateLimit = { max: 5, windowSeconds: 600 };
/** Page actions (quotes, changes) per client per 10 minutes. */
export const PORTAL_ACTION_RATE_LIMIT: RateLimit = { max: 300, windowSeconds: 600 };
/** Applied (or requested) changes per client per 10 minutes. */
export const PORTAL_CHANGE_RATE_LIMIT: RateLimit = { max: 10, windowSeconds: 600 };

const invalidLink = (): CoreError => new CoreError("not-found", PORTAL_MESSAGES.invalidLink);

interface Opened {
  linkId: string;
  reservation: Stamped<Reservation>;
}

/**
 * The reservation a token opens; anything else (malformed, unknown, revoked, expired, the
 * reservation gone) is the same 404, so a guess learns nothing.
 */
async function openToken(reader: Reader, token: unknown, now: Date): Promise<Opened> {
  const hash = typeof token === "string" ? portalTokenHash(token) : null;
  if (!hash) throw invalidLink();
  const link = await reader.get(COLLECTIONS.reservationLinks, hash);
  if (!link || link.data.revokedAt) throw invalidLink();
  const reservationId = String(link.data.reservationId ?? "");
  const found = reservationId ? await reader.get(COLLECTIONS.reservations, reservationId) : null;
  if (!found) throw invalidLink();
  const reservation = reservationRecord(found);
  if (now.getTime() > portalLinkExpiry(reservation.returnAt).getTime()) throw invalidLink();
  return { linkId: hash, reservation };
}

async function loadCustomer(reader: Reader, store: DocumentStore, id: string): Promise<Stamped<Customer> | null> {
  const found = store.isId(id) ? await reader.get(COLLECTIONS.customers, id) : null;
  return found ? customerRecord(found) : null;
}

const customerName = (customer: Customer | null): string =>
  customer ? `${customer.firstName} ${customer.lastName}`.trim() : "—";

// ---------- reading ----------

/** The "Sumokėti likutį" offer: what is due by the ledger, when online payment is configured. */
export interface PortalBalance {
  due: number;
  /** the booking still waits for its online pre-payment (retried, not a balance): until when the car waits */
  booking?: { holdUntil: string };
}

/** What the page shows (`gateway`: the site's online payment, when it has one). */
export async function openPortal(
  ctx: CoreContext,
  token: unknown,
  opts: { gateway?: Pick<PaymentGateway, "provider"> } = {},
): Promise<PortalView & { invoices: PortalInvoice[]; payBalance: PortalBalance | null }> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const { reservation } = await openToken(store, token, now);
  const settings = await loadSettings(store);
  const customer = await loadCustomer(store, store, reservation.customerId);
  const car = await loadCar(store, store, reservation.carId);
  const locations = await loadLocations(store);
  const extras = await loadExtras(store);
  const invoices = (await reservationInvoices(ctx, reservation.id)).map((invoice) => ({
    id: invoice.id,
    number: invoice.number,
    kind: invoice.kind,
  }));
  let payBalance: PortalBalance | null = null;
  if (opts.gateway && opts.gateway.provider !== "pickup") {
    const online = reservation.payment?.online;
    if (online && !online.balance && retryRefusal(reservation, now) === null) {
      payBalance = { due: online.amount, booking: { holdUntil: online.holdUntil } };
    } else {
      const balance = await balanceDue(store, reservation);
      if (!balance.refusal) payBalance = { due: balance.due };
    }
  }
  return { ...portalView({ reservation, customer, car, locations, extras, settings, now }), invoices, payBalance };
}

/**
 * "Sumokėti likutį": the provider's checkout for exactly what the ledger says is due. The
 * adapter gives the gateway and the return addresses (the token is never in them); a
 * reservation with nothing due, a closed one or no online payment is a Lithuanian 409.
 */
export async function payPortalBalance(
  ctx: CoreContext,
  gateway: PaymentGateway,
  token: unknown,
  urls: CheckoutUrls,
): Promise<{ redirectUrl: string; amount: number }> {
  const now = ctx.clock.now();
  const { reservation } = await openToken(ctx.store, token, now);
  // The booking still waits for its pre-payment: that one is opened again (retryOnlinePayment).
  if (reservation.payment?.online && !reservation.payment.online.balance && retryRefusal(reservation, now) === null) {
    const retried = await retryOnlinePayment(ctx, gateway, reservation.id, urls);
    return { redirectUrl: retried.redirectUrl, amount: retried.amount };
  }
  const started = await startBalancePayment(ctx, gateway, reservation.id, urls);
  return { redirectUrl: started.redirectUrl, amount: started.amount };
}

/** One of the reservation's own invoices (or credit notes) as a PDF; another reservation's is not found. */
export async function portalInvoicePdf(
  ctx: CoreContext,
  deps: InvoiceDeps,
  token: unknown,
  invoiceId: unknown,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { reservation } = await openToken(ctx.store, token, ctx.clock.now());
  const own = await reservationInvoices(ctx, reservation.id);
  if (typeof invoiceId !== "string" || !own.some((invoice) => invoice.id === invoiceId)) {
    throw new CoreError("not-found", INVOICE_NOT_FOUND_MESSAGE);
  }
  return invoicePdf(ctx, deps, invoiceId);
}

/** The reservation as an iCalendar file. */
export async function portalCalendar(
  ctx: CoreContext,
  token: unknown,
): Promise<{ body: string; contentType: string; fileName: string }> {
  const view = await openPortal(ctx, token);
  const place = view.pickupPlace;
  const body = formatCalendar({
    name: `Rezervacija ${view.number}`,
    now: ctx.clock.now(),
    events: [
      {
        uid: `${view.number}@mano-rezervacija`,
        start: view.pickupAt,
        end: view.returnAt,
        summary: `Automobilio nuoma: ${view.car.make} ${view.car.model} (${view.number})`,
        description: `Paėmimas: ${formatDateTime(view.pickupAt)}, ${place.name}\nGrąžinimas: ${formatDateTime(
          view.returnAt,
        )}, ${view.returnPlace.name}${view.company.phone ? `\nTelefonas: ${view.company.phone}` : ""}`,
        location: [place.name, place.address, place.city].filter(Boolean).join(", "),
        status: view.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
      },
    ],
  });
  return { body, contentType: ICAL_CONTENT_TYPE, fileName: `rezervacija-${view.number}.ics` };
}

/** Which reservation a token opens and which signed document it names (the adapter reads the file). */
export async function portalDocumentPath(
  ctx: CoreContext,
  token: unknown,
  kind: unknown,
): Promise<{ path: string; fileName: string }> {
  const { reservation } = await openToken(ctx.store, token, ctx.clock.now());
  const path =
    kind === "agreement"
      ? reservation.handover?.agreementDocument
      : kind === "handover"
        ? reservation.handover?.document
        : kind === "return"
          ? reservation.returnAct?.document
          : undefined;
  if (!path) throw new CoreError("not-found", "Dokumentas dar nesudarytas");
  const names = { agreement: "sutartis", handover: "perdavimo-aktas", return: "grazinimo-aktas" } as const;
  return { path, fileName: `${names[kind as keyof typeof names]}-${reservation.number ?? reservation.id}.pdf` };
}

// ---------- cancelling ----------

/** The customer cancels: free until the setting's hours before the pickup, afterwards refused with the terms. */
export async function cancelByCustomer(
  ctx: CoreContext,
  token: unknown,
  body: unknown,
): Promise<{ status: "cancelled" }> {
  const { store } = ctx;
  const now = ctx.clock.now();
  parseFields(cancelInputSchema, prepareBody(body, ["confirm"]));
  const outcome = await store.transaction(async (tx) => {
    const { reservation: current } = await openToken(tx, token, now);
    const settings = await loadSettings(tx);
    const terms = cancellationTerms(current, settings.portal, now);
    if (!terms.open) throw new CoreError("precondition", changeRefusal(current, now) ?? PORTAL_MESSAGES.closed);
    if (!terms.free) throw new CoreError("precondition", lateCancellationMessage(terms, settings.company.phones[0]));
    const next: Reservation = { ...current, status: "cancelled", cancelReason: CUSTOMER_CANCEL_REASON };
    const customerMail = await prepareChangeMail(tx, ctx, current.id, current, next);
    const customer = await loadCustomer(tx, store, current.customerId);

    const w = writer(tx, store, now);
    const stamps = replaceDoc(
      w,
      COLLECTIONS.reservations,
      current.id,
      stored(next),
      current.createdAt,
      versionOf(current),
    );
    writeAudit(w, {
      action: "update",
      resource: "reservations",
      recordId: current.id,
      actor: PORTAL_ACTOR,
      fromStatus: current.status,
      toStatus: "cancelled",
      reason: CUSTOMER_CANCEL_REASON,
    });
    const mailIds: string[] = [];
    if (customerMail) mailIds.push(queueMail(w, customerMail));
    const staffAddress = settings.company.emails[0];
    if (staffAddress) {
      mailIds.push(
        queueMail(
          w,
          staffPortalNotice({
            to: staffAddress,
            replyTo: customer?.email ?? null,
            reservationId: current.id,
            number: current.number ?? "",
            customerName: customerName(customer),
            what: "cancelled",
            lines: [
              `Buvo: ${formatDateTime(current.pickupAt)} – ${formatDateTime(current.returnAt)}`,
              "Automobilis atlaisvintas.",
            ],
          }),
        ),
      );
    }
    return { id: current.id, number: current.number, mailIds, version: stamps.version };
  });
  ctx.events.publish("reservations", outcome.id, "updated");
  for (const id of outcome.mailIds) ctx.events.publish("mail", id, "created");
  ctx.log.info(`Rezervaciją ${outcome.number} atšaukė klientas („Mano rezervacija“)`);
  return { status: "cancelled" };
}

/** The stored document: the record without id and times. */
function stored(record: Reservation): Record<string, unknown> {
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    ...doc
  } = record as Reservation & {
    createdAt?: string;
    updatedAt?: string;
  };
  return doc;
}

// ---------- changing ----------

/** The change body read as the booking form's quote, with the reservation's own car. */
function readChange(body: unknown, carId: string) {
  if (typeof body === "object" && body !== null && Object.hasOwn(body, "carId")) {
    throw invalidFields({ carId: PORTAL_MESSAGES.carChange });
  }
  const fields = prepareBody(body, [...CHANGE_INPUT_KEYS]);
  return readSiteQuote({ ...fields, carId });
}

const sameChange = (
  current: Reservation,
  input: { pickupLocationId: string; returnLocationId: string; extras: { id: string; quantity: number }[] },
  period: { pickupAt: string; returnAt: string },
): boolean =>
  Date.parse(current.pickupAt) === Date.parse(period.pickupAt) &&
  Date.parse(current.returnAt) === Date.parse(period.returnAt) &&
  current.pickupLocationId === input.pickupLocationId &&
  current.returnLocationId === input.returnLocationId &&
  JSON.stringify([...current.extras].sort((a, b) => a.id.localeCompare(b.id))) ===
    JSON.stringify([...input.extras].sort((a, b) => a.id.localeCompare(b.id)));

export interface PortalQuote extends SiteQuote {
  /** the total now agreed, to compare */
  currentTotal: number | null;
  needsApproval: boolean;
}

/** The live quote of a change: the booking form's rules and pricing; the reservation itself does not count as taken. */
export async function quotePortalChange(
  ctx: CoreContext,
  token: unknown,
  body: unknown,
  opts: { clientKey?: string } = {},
): Promise<PortalQuote> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const { reservation } = await openToken(store, token, now);
  const refusal = changeRefusal(reservation, now);
  if (refusal) throw new CoreError("precondition", refusal);
  const { input, period } = readChange(body, reservation.carId);
  const settings = await loadSettings(store);
  assertBookablePeriod(period, settings.bookingRules, now);
  const refs = await resolveRefs(store, store, input, { publicOnly: true });
  const clientKey = opts.clientKey;
  if (clientKey) {
    await store.transaction(async (tx) => {
      (await takeRateLimit(tx, rateKey("portal-quote", clientKey), PORTAL_ACTION_RATE_LIMIT, now))();
    });
  }
  const prices = await loadPrices(store);
  const offers = await loadActiveOffers(store);
  const free = await carIsFree(store, refs.car.id, period, settings.bookingRules.turnaroundMinutes, reservation.id);
  // The booking's own place rule: a place the car cannot reach in time is refused, a move is charged.
  const place = await webPlaceVerdict(store, refs, period, settings, now, reservation.id);
  const facts = await staffRuleFacts(store, store, reservation);
  return {
    ...placedQuoteAnswer(refs, period, { prices, offers, settings }, free, place, facts),
    currentTotal: reservation.quote?.total ?? null,
    needsApproval: settings.portal.changesNeedApproval,
  };
}

export interface PortalChangeResult {
  /** applied: the reservation now has the new dates/places/extras; requested: staff decide */
  outcome: "applied" | "requested";
  quote: Quote;
  /** what was paid above the new price (a refund task for staff), 0 when nothing */
  overpayment: number;
  /** what happens next, in the customer's words ("" when nothing to add) */
  message: string;
}

/**
 * The customer's change of dates, places or extras: re-priced and re-checked in one transaction
 * with the booking's own rules; a taken car is the usual 409. Applied at once, or stored as a
 * request for staff (an inquiry of type "reservation") when the settings say so.
 */
export async function applyPortalChange(
  ctx: CoreContext,
  token: unknown,
  body: unknown,
  opts: { clientKey?: string } = {},
): Promise<PortalChangeResult> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const settings = await loadSettings(store);
  let outcome: {
    id: string;
    number: string;
    mailIds: string[];
    requestId: string | null;
    quote: Quote;
    applied: boolean;
    overpayment: number;
    taskId: string | null;
  };
  try {
    outcome = await store.transaction(async (tx) => {
      const clientKey = opts.clientKey;
      const countHit = clientKey
        ? await takeRateLimit(tx, rateKey("portal-change", clientKey), PORTAL_CHANGE_RATE_LIMIT, now)
        : null;
      const { reservation: current } = await openToken(tx, token, now);
      const refusal = changeRefusal(current, now);
      if (refusal) throw new CoreError("precondition", refusal);
      const { input, period } = readChange(body, current.carId);
      assertBookablePeriod(period, settings.bookingRules, now);
      if (sameChange(current, input, period)) throw new CoreError("precondition", PORTAL_MESSAGES.nothingChanged);
      const refs = await resolveRefs(tx, store, input, { publicOnly: true });
      const prices = await loadPrices(tx);
      const offers = await loadActiveOffers(tx);
      await tx.lock(`car-${current.carId}`);
      const buffer = settings.bookingRules.turnaroundMinutes;
      if (!(await carIsFree(tx, current.carId, period, buffer, current.id))) throw reservationConflict();
      const place = await webPlaceVerdict(tx, refs, period, settings, now, current.id);
      if (place.kind === "unreachable")
        throw new CoreError("conflict", placeRefusalMessage(place, transfersOf(settings)));
      const transferFee = transferFeeOf(place);
      const facts = await staffRuleFacts(tx, store, current);
      const catalogue = { prices, offers, settings, ...(transferFee > 0 ? { transferFee } : {}) };
      const quote = priceRefs(refs, period, catalogue, facts);
      const customer = await loadCustomer(tx, store, current.customerId);
      const locations = await loadLocations(tx);
      const placeName = (id: string) => locations.find((l) => l.id === id)?.name ?? "—";
      const repriced: Reservation = {
        ...current,
        ...period,
        pickupLocationId: input.pickupLocationId,
        returnLocationId: input.returnLocationId,
        extras: input.extras,
        quote,
      };
      // A paid reservation: its summary follows the new price, and what was paid above it becomes
      // a refund task for staff (four eyes: an administrator approves the refund).
      const ledger = current.payment ? await balanceDue(tx, { ...repriced, id: current.id }) : null;
      const next: Reservation =
        ledger && current.payment
          ? { ...repriced, payment: { ...current.payment, paid: ledger.summary.paid, due: ledger.summary.due } }
          : repriced;
      const pendingTask = await readPendingPortalTask(tx, current.id);
      const lines = changeSummary(
        {
          pickupAt: current.pickupAt,
          returnAt: current.returnAt,
          pickupPlace: placeName(current.pickupLocationId),
          returnPlace: placeName(current.returnLocationId),
          total: current.quote?.total ?? null,
        },
        {
          pickupAt: period.pickupAt,
          returnAt: period.returnAt,
          pickupPlace: placeName(input.pickupLocationId),
          returnPlace: placeName(input.returnLocationId),
          total: quote.total,
        },
      );
      const approval = settings.portal.changesNeedApproval;
      const customerMail = approval ? null : await prepareChangeMail(tx, ctx, current.id, current, next);

      const w = writer(tx, store, now);
      countHit?.();
      const mailIds: string[] = [];
      let requestId: string | null = null;
      let taskId: string | null = null;
      const overpayment = approval ? 0 : overpaymentOf(next);
      if (approval) {
        requestId = insertDoc(w, COLLECTIONS.requests, {
          type: "reservation",
          name: customerName(customer),
          email: customer?.email ?? "",
          phone: customer?.phone ?? null,
          message: [`Pakeitimo prašymas rezervacijai ${current.number ?? ""} („Mano rezervacija“):`, ...lines].join(
            "\n",
          ),
          carId: current.carId,
          pickupAt: period.pickupAt,
          returnAt: period.returnAt,
          company: null,
          status: "new",
          replies: [],
        });
        writeAudit(w, { action: "create", resource: "requests", recordId: requestId, actor: PORTAL_ACTOR });
      } else {
        replaceDoc(w, COLLECTIONS.reservations, current.id, stored(next), current.createdAt, versionOf(current));
        writeAudit(w, { action: "update", resource: "reservations", recordId: current.id, actor: PORTAL_ACTOR });
        if (customerMail) mailIds.push(queueMail(w, customerMail));
        if (overpayment > 0 || pendingTask) taskId = fileOverpaymentTask(w, current, pendingTask, overpayment);
      }
      const staffAddress = settings.company.emails[0];
      if (staffAddress) {
        mailIds.push(
          queueMail(
            w,
            staffPortalNotice({
              to: staffAddress,
              replyTo: customer?.email ?? null,
              reservationId: current.id,
              number: current.number ?? "",
              customerName: customerName(customer),
              what: approval ? "change-requested" : "changed",
              lines: overpayment > 0 ? [...lines, overpaymentLabel(overpayment)] : lines,
            }),
          ),
        );
      }
      return {
        id: current.id,
        number: current.number ?? "",
        mailIds,
        requestId,
        quote,
        applied: !approval,
        overpayment,
        taskId,
      };
    });
  } catch (error) {
    if (error instanceof StoreConstraintError) throw reservationConflict();
    throw error;
  }
  if (outcome.applied) ctx.events.publish("reservations", outcome.id, "updated");
  if (outcome.requestId) ctx.events.publish("requests", outcome.requestId, "created");
  if (outcome.taskId) ctx.events.publish("approvals", outcome.taskId, "updated");
  for (const id of outcome.mailIds) ctx.events.publish("mail", id, "created");
  ctx.log.info(
    outcome.applied
      ? `Klientas pakeitė rezervaciją ${outcome.number} („Mano rezervacija“), nauja kaina ${formatMoney(outcome.quote.total)}`
      : `Klientas paprašė pakeisti rezervaciją ${outcome.number} („Mano rezervacija“)`,
  );
  if (outcome.overpayment > 0) {
    ctx.log.info(
      `Rezervacijos ${outcome.number} permoka ${formatMoney(outcome.overpayment)}: grąžinimo užduotis darbuotojams`,
    );
  }
  return {
    outcome: outcome.applied ? "applied" : "requested",
    quote: outcome.quote,
    overpayment: outcome.overpayment,
    message:
      outcome.overpayment > 0
        ? portalOverpaymentMessage(outcome.overpayment)
        : outcome.applied
          ? ""
          : portalApprovalMessage,
  };
}

// ---------- driver details ----------

/** The driver's details before the pickup (and an additional driver), so the hand-over goes faster. */
export async function saveDriverDetails(ctx: CoreContext, token: unknown, body: unknown): Promise<DriverDetails> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const input = parseFields(driverDetailsInputSchema, prepareBody(body, ["driver", "additionalDriver"]));
  const outcome = await store.transaction(async (tx) => {
    const { reservation: current } = await openToken(tx, token, now);
    const refusal = changeRefusal(current, now);
    if (refusal) throw new CoreError("precondition", refusal);
    const car = await loadCar(tx, store, current.carId);
    const settings = await loadSettings(tx);
    const minAge = car ? minDriverAgeFor(car, settings.tariff) : settings.tariff.minDriverAge;
    const returnDay = vilniusDateString(current.returnAt);
    const errors: Record<string, string> = {};
    const drivers = [
      ["driver", input.driver],
      ["additionalDriver", input.additionalDriver],
    ] as const;
    for (const [key, driver] of drivers) {
      if (!driver) continue;
      if (driver.licenceExpiresAt < returnDay) errors[`${key}.licenceExpiresAt`] = PORTAL_MESSAGES.licenceExpired;
      try {
        assertDriverAge(driver.birthDate, current.pickupAt, minAge);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        errors[`${key}.birthDate`] = message;
      }
    }
    if (Object.keys(errors).length > 0) throw invalidFields(errors);
    const customer = await loadCustomer(tx, store, current.customerId);
    const details: DriverDetails = {
      driver: input.driver,
      additionalDriver: input.additionalDriver,
      at: now.toISOString(),
    };

    const w = writer(tx, store, now);
    replaceDoc(
      w,
      COLLECTIONS.reservations,
      current.id,
      stored({ ...current, driverDetails: details }),
      current.createdAt,
      versionOf(current),
    );
    writeAudit(w, { action: "update", resource: "reservations", recordId: current.id, actor: PORTAL_ACTOR });
    // The customer's record gets what it still lacks (never overwrites what staff entered).
    if (customer) {
      const patch: Partial<Customer> = {};
      if (!customer.licenceNumber) patch.licenceNumber = input.driver.licenceNumber;
      if (!customer.birthDate) patch.birthDate = input.driver.birthDate;
      if (Object.keys(patch).length > 0) {
        replaceDoc(w, COLLECTIONS.customers, customer.id, { ...customer, ...patch }, customer.createdAt);
      }
    }
    return { id: current.id, number: current.number ?? "", details };
  });
  ctx.events.publish("reservations", outcome.id, "updated");
  ctx.log.info(`Klientas užpildė vairuotojo duomenis: rezervacija ${outcome.number}`);
  return outcome.details;
}

// ---------- a fresh link ----------

/**
 * A fresh link to the booking's own address, asked for by number and e-mail. Rate-limited per
 * client (every request counts); the answer is the same whether or not such a booking exists.
 */
export async function requestPortalLink(
  ctx: CoreContext,
  body: unknown,
  opts: { clientKey: string; limit?: RateLimit },
): Promise<{ message: string }> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const input = parseFields(linkRequestSchema, prepareBody(body, ["number", "email"]));
  const mailId = await store.transaction(async (tx) => {
    const hit = await takeRateLimit(
      tx,
      rateKey("portal-link", opts.clientKey),
      opts.limit ?? PORTAL_LINK_RATE_LIMIT,
      now,
    );
    const found = (
      await tx.query(COLLECTIONS.reservations, {
        where: [{ field: "number", op: "==", value: input.number }],
        limit: 1,
      })
    )[0];
    const reservation = found ? reservationRecord(found) : null;
    const customer = reservation ? await loadCustomer(tx, store, reservation.customerId) : null;
    const settings = await loadSettings(tx);
    const w = writer(tx, store, now);
    hit();
    const matches =
      reservation &&
      customer?.email &&
      customer.email.trim().toLowerCase() === input.email.toLowerCase() &&
      now.getTime() <= portalLinkExpiry(reservation.returnAt).getTime();
    if (!matches || !reservation || !customer) return null;
    const link = newReservationLink(ctx, reservation.id, reservation.returnAt);
    const mail = portalLinkMail({
      to: customer.email,
      language: customer.language ?? null,
      number: reservation.number ?? "",
      url: link.url,
      company: settings.company.brand || settings.company.name,
      reservationId: reservation.id,
    });
    return queueMail(w, { ...mail, portalLink: { tokenHash: link.tokenHash, doc: link.doc } });
  });
  if (mailId) {
    ctx.events.publish("mail", mailId, "created");
    ctx.log.info("Išsiųsta nauja „Mano rezervacija“ nuoroda (kliento prašymu)");
  }
  return { message: PORTAL_MESSAGES.linkRequested };
}

/** Staff revoke every link of a reservation and send the customer a new one. */
export async function resendPortalLink(
  ctx: CoreContext,
  reservationId: string,
  actor: StaffActor,
): Promise<{ revoked: number; sentTo: string }> {
  const { store } = ctx;
  const now = ctx.clock.now();
  if (!store.isId(reservationId)) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
  const outcome = await store.transaction(async (tx) => {
    await tx.lock(`portal-links-${reservationId}`);
    const found = await tx.get(COLLECTIONS.reservations, reservationId);
    if (!found) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
    const reservation = reservationRecord(found);
    const customer = await loadCustomer(tx, store, reservation.customerId);
    if (!customer?.email)
      throw new CoreError("precondition", "Klientas neturi el. pašto adreso: nuorodos išsiųsti negalima");
    const links = await tx.query(COLLECTIONS.reservationLinks, {
      where: [{ field: "reservationId", op: "==", value: reservationId }],
    });
    const settings = await loadSettings(tx);
    const w = writer(tx, store, now);
    const at = now.toISOString();
    let revoked = 0;
    for (const link of links) {
      if (link.data.revokedAt) continue;
      tx.set(COLLECTIONS.reservationLinks, link.id, { ...link.data, revokedAt: at, updatedAt: at });
      revoked++;
    }
    const link = newReservationLink(ctx, reservation.id, reservation.returnAt);
    const mail = portalLinkMail({
      to: customer.email,
      language: customer.language ?? null,
      number: reservation.number ?? "",
      url: link.url,
      company: settings.company.brand || settings.company.name,
      reservationId,
    });
    const mailId = queueMail(w, { ...mail, portalLink: { tokenHash: link.tokenHash, doc: link.doc } });
    writeAudit(w, {
      action: "update",
      resource: COLLECTIONS.reservationLinks,
      recordId: reservationId,
      actor: actor.email,
      revoked,
    });
    return { revoked, sentTo: customer.email, mailId, number: reservation.number ?? reservationId };
  });
  ctx.events.publish("mail", outcome.mailId, "created");
  ctx.log.info(
    `„Mano rezervacija“ nuorodos atšauktos (${outcome.revoked}), išsiųsta nauja: ${outcome.number} (${actor.email})`,
  );
  return { revoked: outcome.revoked, sentTo: outcome.sentTo };
}
