// A rental under way (status "active") changed through its two actions, on every backend (the
// reservation form refuses these changes, src/core/reservations.ts):
//
// - the car swapped (automobilio keitimas): the first car's return readings and new damages, the
//   second car's hand-over readings, a return act and a hand-over act (the desk's own documents,
//   src/documents/deskDocuments.ts), the price kept or quoted again for the second car. The
//   reservation then holds the first car over [pickupAt, swap) and the second from the swap
//   (src/domain/availability.ts carHolds): the first car is free at once for the site's search and
//   every booking. The return at the end measures the second car from its hand-over reading, and
//   the first car's kilometres count towards the limit (src/domain/returnCharges.ts).
// - the rental extended: a later return time, the car checked free as a booking checks it
//   (reservations, maintenance blocks, the turnaround buffer), the price quoted again with the
//   booking's pricing, an addendum to the agreement (src/documents/rentalAddendum.ts) e-mailed to
//   the customer, the ledger's amount due following the new price.
//
// As at the desk (rentalDesk.ts), everything is read and checked first, the PDFs are rendered and
// stored (files are not part of a transaction), then ONE transaction re-reads the reservation and
// writes it with the fleet's mileage, the damages, the ledger's summary, the audit entry and the
// e-mail; a reservation saved by someone in between (its version moved) answers 409.
import { type DeskDocumentInput, deskDocumentHash, renderDeskDocument } from "../documents/deskDocuments";
import {
  addendumFileName,
  type RentalAddendumInput,
  renderRentalAddendum,
  rentalAddendumHash,
} from "../documents/rentalAddendum";
import { changesDetail } from "../domain/auditChanges";
import { BLOCKING_STATUSES, blockPeriod, carHolds, intervalsOverlap, widenedPeriod } from "../domain/availability";
import { carSwapMail, extensionMail } from "../domain/deskMails";
import { formatDateTime, formatMoney, formatNumber } from "../domain/format";
import { handoverReadingErrors } from "../domain/handoverChecks";
import { invalidFields } from "../domain/input";
import { paymentSummaryDoc, summarizeLedger } from "../domain/payments";
import { extendQuote } from "../domain/pricing";
import {
  currentHandover,
  EXTENSION_CAR_TAKEN,
  extensionReturnErrors,
  extensionStatusMessage,
  PRICES_CHANGED,
  priceDifferenceOf,
  readCarSwapInput,
  readCarSwapPreview,
  readExtensionInput,
  SWAP_AFTER_RETURN_TIME,
  SWAP_CAR_IN_MAINTENANCE,
  SWAP_CAR_TAKEN,
  SWAP_SAME_CAR,
  swapStatusMessage,
} from "../domain/rentalChanges";
import { returnMileageErrors } from "../domain/returnCharges";
import type {
  Car,
  CarSwap,
  Damage,
  Fleet,
  HandoverAct,
  Quote,
  RentalExtension,
  Reservation,
  ReservationStatus,
  ReturnAct,
} from "../domain/schemas";
import { moveCarTo } from "./carLocation";
import { loadCar, loadSettings } from "./catalog";
import { COLLECTIONS } from "./collections";
import { CoreError } from "./errors";
import { fleetOf, moveFleetMileage } from "./fleetMileage";
import { blocksStartingBefore } from "./maintenance";
import { ledgerOf } from "./payments";
import type { CoreContext, Reader, Transaction } from "./ports";
import type { Stamped } from "./records";
import {
  assertUnchanged,
  type DeskContext,
  type DeskDeps,
  hash8,
  mailContext,
  NO_HANDOVER_MESSAGE,
  openDamagesOf,
  queueDeskMail,
  readDeskContext,
  readReservation,
  storeDocument,
} from "./rentalDesk";
import {
  carIsFree,
  priceReservation,
  RESERVATION_NOT_FOUND_MESSAGE,
  resolveRefs,
  staffRuleFacts,
} from "./reservations";
import { requireStaffDisplayName } from "./staff";
import { assertFresh, versionOf } from "./versions";
import { insertDoc, replaceDoc, type StaffActor, writeAudit, writer } from "./writes";

const carLockKey = (carId: string): string => `car-${carId}`;
const ledgerLockKey = (reservationId: string): string => `payment-${reservationId}`;

const carName = (car: Pick<Car, "make" | "model">, fleet: Pick<Fleet, "plateNumber"> | null): string =>
  `${car.make} ${car.model}${fleet?.plateNumber ? `, ${fleet.plateNumber}` : ""}`;

/**
 * The transfer fee the agreed price holds (the car brought to the pickup place, src/domain/carLocation.ts):
 * the pickup is over, so a price quoted again keeps it as it was.
 */
const transferFeeOf = (quote: Quote): number => quote.transfer ?? 0;

/** The reservation's quote, which an active rental always has (priced when it was booked). */
function quoteOf(reservation: Reservation): Quote {
  if (!reservation.quote) throw new CoreError("precondition", "Rezervacija neturi kainos – pirmiausia ją išsaugokite");
  return reservation.quote;
}

/** A holder of the car over the period, as staff see it: a reservation's number or a block's reason. */
export interface HoldConflict {
  id: string;
  number: string;
  status: ReservationStatus | "maintenance";
  pickupAt: string;
  returnAt: string;
}

/**
 * Which cars something holds over the period (turnaround buffer included), each with what holds
 * it; `ignoreId` leaves the rental itself out. Two queries for every car at once (as the site's
 * search reads them), each rental by its holds (a swapped rental holds each car over its part).
 */
async function holdsByCar(
  reader: Reader,
  period: { pickupAt: string; returnAt: string },
  buffer: number,
  ignoreId: string,
): Promise<Map<string, HoldConflict[]>> {
  const until = widenedPeriod(period, buffer).returnAt;
  const holding = await reader.query(COLLECTIONS.reservations, {
    where: [
      { field: "status", op: "in", value: [...BLOCKING_STATUSES] },
      { field: "pickupAt", op: "<", value: until },
    ],
  });
  const blocks = await blocksStartingBefore(reader, until);
  const taken = new Map<string, HoldConflict[]>();
  const add = (carId: string, conflict: HoldConflict) => taken.set(carId, [...(taken.get(carId) ?? []), conflict]);
  for (const doc of holding) {
    if (doc.id === ignoreId) continue;
    // The hold's own data, not a record of it: only its cars, period, number and status are read.
    const data = doc.data as Pick<Reservation, "carId" | "pickupAt" | "returnAt" | "carSwaps" | "number" | "status">;
    for (const hold of carHolds(data)) {
      if (!intervalsOverlap(hold, period, buffer)) continue;
      add(hold.carId, {
        id: doc.id,
        number: typeof data.number === "string" ? data.number : "",
        status: data.status,
        pickupAt: hold.pickupAt,
        returnAt: hold.returnAt,
      });
    }
  }
  for (const block of blocks) {
    if (!intervalsOverlap(blockPeriod(block), period, buffer)) continue;
    add(block.carId, {
      id: block.id,
      number: block.reason,
      status: "maintenance",
      pickupAt: block.from,
      returnAt: block.to,
    });
  }
  return taken;
}

/** The period the car the customer has now holds: from the last swap (or the pickup) to the return. */
function currentHold(reservation: Reservation): { pickupAt: string; returnAt: string } {
  const holds = carHolds(reservation).filter((hold) => hold.carId === reservation.carId);
  const last = holds.at(-1);
  return last ?? { pickupAt: reservation.pickupAt, returnAt: reservation.returnAt };
}

/** The ledger's summary for the new price, as the payments use cases keep it on the reservation. */
async function summaryFor(
  reader: Transaction | CoreContext["store"],
  reservation: Reservation & { id: string },
  quote: Quote,
) {
  const entries = await ledgerOf(reader, reservation.id);
  const summary = summarizeLedger({ quote, returnAct: reservation.returnAct }, entries);
  return { summary, doc: paymentSummaryDoc(summary, reservation.payment?.online ?? null) };
}

/**
 * The fields the audit log's before/after shows for these changes: the car, the return time, the
 * price and what is due (the swaps and extensions themselves are in the entry's own fields).
 */
const auditShape = (reservation: Reservation): Record<string, unknown> => ({
  carId: reservation.carId,
  returnAt: reservation.returnAt,
  quote: { total: reservation.quote?.total ?? null, days: reservation.quote?.days ?? null },
  payment: { due: reservation.payment?.due ?? null },
});

// ---------- the car swap ----------

export interface SwapCarChoice {
  id: string;
  name: string;
  plateNumber: string | null;
  /** nothing holds it from now to the rental's end (buffer included), and it is not in repair */
  free: boolean;
  /** the car's status in the catalogue: "maintenance" ones cannot be handed over */
  status: Car["status"];
}

export interface CarSwapPreview {
  /** the second car's part: from now to the rental's end */
  from: string;
  to: string;
  /** the car the customer has now, and its hand-over readings (the swap's return counts from them) */
  currentCarId: string;
  out: { mileage: number; fuel: string } | null;
  total: number;
  cars: SwapCarChoice[];
  /** the chosen car: what holds it, its odometer, the rental quoted again for it */
  selected: {
    carId: string;
    free: boolean;
    conflicts: HoldConflict[];
    fleetMileage: number | null;
    openDamages: number;
    requote: Quote | null;
    quoteError: string | null;
  } | null;
}

/**
 * The moment of the swap: now. The rental is active, so the customer has the car, also when it was
 * handed over before the booked pickup; a swap dated at the booked pickup would then lie in the
 * future, and the return (never before the last hand-over) could not be recorded until then.
 */
const swapInstant = (_reservation: Reservation, now: Date): Date => now;

function assertSwappable(reservation: Reservation, now: Date): void {
  if (reservation.status !== "active") throw new CoreError("precondition", swapStatusMessage(reservation.status));
  if (Date.parse(reservation.returnAt) <= swapInstant(reservation, now).getTime()) {
    throw new CoreError("precondition", SWAP_AFTER_RETURN_TIME);
  }
}

/** What the swap dialog shows while staff choose: the cars free to the rental's end, the price both ways. */
export async function previewCarSwap(ctx: CoreContext, id: string, body: unknown): Promise<CarSwapPreview> {
  const { store } = ctx;
  if (!store.isId(id)) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
  const input = readCarSwapPreview(body);
  const now = ctx.clock.now();
  const reservation = await readReservation(store, ctx, id);
  assertSwappable(reservation, now);
  const settings = await loadSettings(store);
  const buffer = settings.bookingRules.turnaroundMinutes;
  const period = { pickupAt: swapInstant(reservation, now).toISOString(), returnAt: reservation.returnAt };
  const taken = await holdsByCar(store, period, buffer, id);
  const cars = (await store.query(COLLECTIONS.cars)).map((doc) => ({ ...(doc.data as Car), id: doc.id }));
  const fleets = new Map(
    (await store.query(COLLECTIONS.fleet)).map((doc) => [
      String(doc.data.carId),
      doc.data as Fleet & { carId: string },
    ]),
  );
  const choices = cars
    .filter((car) => car.id !== reservation.carId)
    .map((car) => ({
      id: car.id,
      name: `${car.make} ${car.model}`,
      plateNumber: fleets.get(car.id)?.plateNumber ?? null,
      free: car.status !== "maintenance" && !taken.has(car.id),
      status: car.status,
      sortOrder: (car as { sortOrder?: number }).sortOrder ?? 0,
    }))
    .sort((a, b) => Number(b.free) - Number(a.free) || a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, "lt"))
    .map(({ sortOrder: _sortOrder, ...choice }) => choice);

  let selected: CarSwapPreview["selected"] = null;
  if (input.toCarId) {
    const car = cars.find((candidate) => candidate.id === input.toCarId);
    if (!car) throw invalidFields({ toCarId: "Automobilis nerastas" });
    let requote: Quote | null = null;
    let quoteError: string | null = null;
    try {
      const refs = await resolveRefs(store, store, { ...reservation, carId: car.id }, { publicOnly: false });
      requote = await priceReservation(
        store,
        refs,
        { pickupAt: reservation.pickupAt, returnAt: reservation.returnAt },
        settings,
        transferFeeOf(quoteOf(reservation)),
        await staffRuleFacts(store, store, reservation),
      );
    } catch (error) {
      quoteError = error instanceof Error ? firstMessage(error) : "Kainos apskaičiuoti nepavyko";
    }
    const conflicts = taken.get(car.id) ?? [];
    selected = {
      carId: car.id,
      free: car.status !== "maintenance" && conflicts.length === 0,
      conflicts,
      fleetMileage: fleets.get(car.id)?.mileage ?? null,
      openDamages: (await openDamagesOf(store, car.id)).length,
      requote,
      quoteError,
    };
  }
  const out = currentHandover(reservation);
  return {
    from: period.pickupAt,
    to: period.returnAt,
    currentCarId: reservation.carId,
    out: out ? { mileage: out.mileage, fuel: out.fuel } : null,
    total: quoteOf(reservation).total,
    cars: choices,
    selected,
  };
}

/** An input error's first field message (a pricing problem says which), else its own message. */
function firstMessage(error: Error): string {
  const fields = (error as { errors?: Record<string, string> | null }).errors;
  return (fields && Object.values(fields)[0]) || error.message;
}

export interface CarSwapOutcome {
  reservation: Stamped<Reservation>;
  swap: CarSwap;
  /** the customer's e-mail with both acts (null: the customer has no e-mail address) */
  mailId: string | null;
}

/**
 * The car swapped: the first car back (readings, new damages into its register), the second out
 * (readings), one act each, the price kept or quoted again, in one transaction.
 */
export async function swapCar(
  ctx: CoreContext,
  deps: DeskDeps,
  id: string,
  body: unknown,
  actor: StaffActor,
): Promise<CarSwapOutcome> {
  const { store } = ctx;
  const now = ctx.clock.now();
  if (!store.isId(id)) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
  const input = readCarSwapInput(body);
  const desk = await readDeskContext(ctx, id);
  const { reservation, settings } = desk;
  assertSwappable(reservation, now);
  assertFresh(reservation, input.version);
  const readVersion = versionOf(reservation);
  if (input.toCarId === reservation.carId) throw invalidFields({ toCarId: SWAP_SAME_CAR });
  const secondCar = await loadCar(store, store, input.toCarId);
  if (!secondCar) throw invalidFields({ toCarId: "Automobilis nerastas" });
  if (secondCar.status === "maintenance") throw invalidFields({ toCarId: SWAP_CAR_IN_MAINTENANCE });
  const out = currentHandover(reservation);
  if (!out) throw new CoreError("precondition", NO_HANDOVER_MESSAGE);
  const secondFleet = await fleetOf(store, secondCar.id);
  const errors: Record<string, string> = {};
  const returnError = returnMileageErrors(input.returnMileage, out.mileage).mileage;
  if (returnError) errors.returnMileage = returnError;
  const handoverError = handoverReadingErrors(input.handoverMileage, secondFleet?.mileage ?? null).mileage;
  if (handoverError) errors.handoverMileage = handoverError;
  if (Object.keys(errors).length > 0) throw invalidFields(errors);

  const at = swapInstant(reservation, now).toISOString();
  const period = { pickupAt: at, returnAt: reservation.returnAt };
  const buffer = settings.bookingRules.turnaroundMinutes;
  if (!(await carIsFree(store, secondCar.id, period, buffer, id))) throw new CoreError("conflict", SWAP_CAR_TAKEN);
  const byName = await requireStaffDisplayName(store, actor);
  const secondRefs = await resolveRefs(store, store, { ...reservation, carId: secondCar.id }, { publicOnly: false });
  const number = (reservation.carSwaps?.length ?? 0) + 1;

  // The acts: the first car's return, the second car's hand-over (the customer signs them on paper).
  const firstName = carName(desk.car, desk.fleet);
  const secondName = carName(secondCar, secondFleet);
  const returnAct: Omit<ReturnAct, "signature" | "document"> = {
    at,
    by: actor.email,
    byName,
    mileage: input.returnMileage,
    fuel: input.returnFuel,
    damages: input.damages,
    photos: input.photos,
    returnedAt: at,
    charges: [],
    total: 0,
    deposit: { held: 0, retained: 0, refunded: 0 },
  };
  const handoverAct = {
    at,
    by: actor.email,
    byName,
    mileage: input.handoverMileage,
    fuel: input.handoverFuel,
    damages: [],
    photos: [],
    confirmedDamageIds: [],
    ...(reservation.handover?.licence ? { licence: reservation.handover.licence } : {}),
  } as unknown as Omit<HandoverAct, "signature" | "document">;
  const returnInput: DeskDocumentInput = {
    ...desk,
    kind: "return",
    act: returnAct,
    swap: { role: "return", otherCar: secondName, out: { mileage: out.mileage, fuel: out.fuel }, reason: input.reason },
  };
  const handoverInput: DeskDocumentInput = {
    ...desk,
    kind: "handover",
    car: secondCar,
    fleet: secondFleet,
    damages: await openDamagesOf(store, secondCar.id),
    act: handoverAct,
    swap: { role: "handover", otherCar: firstName, reason: input.reason },
  };
  const returnPdf = await renderDeskDocument(returnInput);
  const handoverPdf = await renderDeskDocument(handoverInput);
  const returnPath = await storeDocument(
    deps.files,
    `documents/${id}-swap-${number}-return-${hash8(deskDocumentHash(returnInput))}`,
    returnPdf,
  );
  const handoverPath = await storeDocument(
    deps.files,
    `documents/${id}-swap-${number}-handover-${hash8(deskDocumentHash(handoverInput))}`,
    handoverPdf,
  );

  const outcome = await store.transaction(async (tx) => {
    // Both cars, in one order, so two swaps between the same cars never wait for each other in a circle.
    for (const carId of [reservation.carId, secondCar.id].sort()) await tx.lock(carLockKey(carId));
    await tx.lock(ledgerLockKey(id));
    const current = await readReservation(tx, ctx, id);
    assertUnchanged(current, readVersion);
    assertSwappable(current, now);
    if (!(await carIsFree(tx, secondCar.id, period, buffer, id))) throw new CoreError("conflict", SWAP_CAR_TAKEN);
    const previousQuote = quoteOf(current);
    const quote =
      input.price === "requote"
        ? await priceReservation(
            tx,
            secondRefs,
            { pickupAt: current.pickupAt, returnAt: current.returnAt },
            settings,
            transferFeeOf(previousQuote),
            await staffRuleFacts(tx, store, current),
          )
        : previousQuote;
    const ledger = await summaryFor(tx, current, quote);
    const firstFleetNow = await fleetOf(tx, current.carId);
    const secondFleetNow = await fleetOf(tx, secondCar.id);
    // The swap happens where the second car stands: the first car is left there.
    const firstCarDoc = await tx.get(COLLECTIONS.cars, current.carId);
    const swapPlace = (await tx.get(COLLECTIONS.cars, secondCar.id))?.data.locationId;

    const w = writer(tx, store, now);
    const swap: CarSwap = {
      at,
      by: actor.email,
      byName,
      fromCarId: current.carId,
      toCarId: secondCar.id,
      out: { mileage: out.mileage, fuel: out.fuel },
      returned: { mileage: input.returnMileage, fuel: input.returnFuel, damages: input.damages, photos: input.photos },
      handedOver: { mileage: input.handoverMileage, fuel: input.handoverFuel },
      reason: input.reason,
      price: input.price === "requote" ? "requoted" : "kept",
      previousTotal: previousQuote.total,
      total: quote.total,
      returnDocument: returnPath,
      handoverDocument: handoverPath,
    };
    const next: Reservation = {
      ...current,
      carId: secondCar.id,
      quote,
      carSwaps: [...(current.carSwaps ?? []), swap],
      previousCarIds: [...new Set([...(current.previousCarIds ?? []), current.carId])],
      // The return counts from the second car's reading; the contract's fields follow the car held now.
      contract: { ...current.contract, mileageOut: input.handoverMileage, fuelOut: input.handoverFuel },
      payment: ledger.doc,
    };
    const { id: _id, createdAt: _c, updatedAt: _u, ...stored } = next as Stamped<Reservation>;
    const stamps = replaceDoc(w, COLLECTIONS.reservations, id, stored, current.createdAt, versionOf(current));
    const damageIds = input.damages.map((mark) => {
      const damage: Damage = {
        carId: current.carId,
        reservationId: id,
        x: mark.x,
        y: mark.y,
        note: mark.note,
        photos: mark.photos,
        status: "open",
        foundAt: at,
        repairedAt: null,
        repairedBy: "",
      };
      const damageId = insertDoc(w, COLLECTIONS.damages, damage as Record<string, unknown>);
      writeAudit(w, {
        action: "create",
        resource: "damages",
        recordId: damageId,
        actor: actor.email,
        reservationId: id,
      });
      return damageId;
    });
    const fleetIds = [
      moveFleetMileage(w, firstFleetNow, input.returnMileage, actor.email, id),
      moveFleetMileage(w, secondFleetNow, input.handoverMileage, actor.email, id),
    ].filter((fleetId): fleetId is string => fleetId !== null);
    const movedCarId =
      typeof swapPlace === "string" && swapPlace ? moveCarTo(w, firstCarDoc, swapPlace, actor.email, id) : null;
    let mailId: string | null = null;
    if (desk.customer.email?.trim()) {
      const context: DeskContext = {
        ...desk,
        reservation: { ...next, id, ...stamps } as Stamped<Reservation>,
        car: secondCar,
        fleet: secondFleet,
      };
      const mail = carSwapMail({
        ...mailContext(ctx, context),
        previousCar: firstName,
        swap: {
          at,
          returnMileage: input.returnMileage,
          handoverMileage: input.handoverMileage,
          handoverFuel: input.handoverFuel,
        },
        total: { previous: previousQuote.total, next: quote.total },
      });
      mailId = queueDeskMail(
        w,
        mail,
        [
          {
            filename: `keitimo-grazinimo-aktas-${number}-${current.number ?? id}.pdf`,
            path: returnPath,
            bytes: returnPdf,
          },
          {
            filename: `keitimo-perdavimo-aktas-${number}-${current.number ?? id}.pdf`,
            path: handoverPath,
            bytes: handoverPdf,
          },
        ],
        deps.inlineMailAttachments === true,
      );
    }
    writeAudit(w, {
      action: "update",
      resource: "reservations",
      recordId: id,
      actor: actor.email,
      desk: "carSwap",
      fromCarId: current.carId,
      toCarId: secondCar.id,
      at,
      price: swap.price,
      fromTotal: previousQuote.total,
      toTotal: quote.total,
      returnDocument: returnPath,
      handoverDocument: handoverPath,
      ...(input.reason ? { reason: input.reason } : {}),
      ...(mailId ? { mailId } : {}),
      ...changesDetail(auditShape(current), auditShape(next)),
    });
    return {
      record: { ...next, id, ...stamps } as Stamped<Reservation>,
      swap,
      damageIds,
      fleetIds,
      mailId,
      movedCarId,
    };
  });

  ctx.events.publish("reservations", id, "updated");
  if (outcome.movedCarId) ctx.events.publish("cars", outcome.movedCarId, "updated");
  for (const fleetId of outcome.fleetIds) ctx.events.publish("fleet", fleetId, "updated");
  for (const damageId of outcome.damageIds) ctx.events.publish("damages", damageId, "created");
  if (outcome.mailId) ctx.events.publish("mail", outcome.mailId, "created");
  ctx.log.info(
    `Rezervacijoje ${reservation.number ?? id} automobilis pakeistas: ${firstName} (${formatNumber(input.returnMileage, 0)} km) → ${secondName} (${formatNumber(input.handoverMileage, 0)} km), kaina ${formatMoney(outcome.swap.total)} (${actor.email})`,
  );
  return { reservation: outcome.record, swap: outcome.swap, mailId: outcome.mailId };
}

// ---------- the extension ----------

export interface ExtensionPreview {
  previousReturnAt: string;
  returnAt: string;
  /** the car is free over the longer period (reservations, blocks, the turnaround buffer) */
  available: boolean;
  conflicts: HoldConflict[];
  previousQuote: Quote;
  quote: Quote;
  difference: number;
  /** what the customer owes after the change (the ledger's due for the new price) */
  due: number;
}

interface ExtensionPlan {
  reservation: Stamped<Reservation>;
  returnAt: string;
  quote: Quote;
  conflicts: HoldConflict[];
  due: number;
}

/** The extension checked and priced, nothing written: the preview and the first half of the extension. */
async function planExtension(
  ctx: CoreContext,
  id: string,
  body: unknown,
): Promise<ExtensionPlan & { version?: number | undefined }> {
  const { store } = ctx;
  if (!store.isId(id)) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
  const input = readExtensionInput(body);
  const reservation = await readReservation(store, ctx, id);
  if (reservation.status !== "active") throw new CoreError("precondition", extensionStatusMessage(reservation.status));
  assertFresh(reservation, input.version);
  const refused = extensionReturnErrors(reservation.returnAt, input.returnAt);
  if (refused) throw invalidFields(refused);
  const settings = await loadSettings(store);
  const refs = await resolveRefs(store, store, reservation, { publicOnly: false });
  // The agreed price plus what the added days cost with the car held now (a price kept through a
  // swap stays kept; only the new days are priced at the second car's rate).
  const agreed = quoteOf(reservation);
  const facts = await staffRuleFacts(store, store, reservation);
  const priced = (returnAt: string) =>
    priceReservation(store, refs, { pickupAt: reservation.pickupAt, returnAt }, settings, transferFeeOf(agreed), facts);
  const quote = extendQuote(agreed, await priced(reservation.returnAt), await priced(input.returnAt));
  const buffer = settings.bookingRules.turnaroundMinutes;
  const period = { pickupAt: currentHold(reservation).pickupAt, returnAt: input.returnAt };
  const conflicts = (await holdsByCar(store, period, buffer, id)).get(reservation.carId) ?? [];
  const { summary } = await summaryFor(store, reservation, quote);
  return { reservation, returnAt: input.returnAt, quote, conflicts, due: summary.due, version: input.version };
}

/** What the extension dialog shows: the new price, the difference, whether the car is free. */
export async function previewRentalExtension(ctx: CoreContext, id: string, body: unknown): Promise<ExtensionPreview> {
  const plan = await planExtension(ctx, id, body);
  const previousQuote = quoteOf(plan.reservation);
  return {
    previousReturnAt: plan.reservation.returnAt,
    returnAt: plan.returnAt,
    available: plan.conflicts.length === 0,
    conflicts: plan.conflicts,
    previousQuote,
    quote: plan.quote,
    difference: priceDifferenceOf(previousQuote.total, plan.quote.total),
    due: plan.due,
  };
}

export interface ExtensionOutcome {
  reservation: Stamped<Reservation>;
  extension: RentalExtension;
  due: number;
  /** the customer's e-mail with the addendum (null: the customer has no e-mail address) */
  mailId: string | null;
}

/**
 * The rental extended: the car free over the longer period, the price quoted again, the
 * addendum to the agreement stored and e-mailed, the ledger's due following the new price.
 */
export async function extendRental(
  ctx: CoreContext,
  deps: DeskDeps,
  id: string,
  body: unknown,
  actor: StaffActor,
): Promise<ExtensionOutcome> {
  const { store } = ctx;
  const now = ctx.clock.now();
  const plan = await planExtension(ctx, id, body);
  if (plan.conflicts.length > 0) throw new CoreError("conflict", EXTENSION_CAR_TAKEN);
  const desk = await readDeskContext(ctx, id);
  const { reservation } = plan;
  const readVersion = versionOf(reservation);
  const previousQuote = quoteOf(reservation);
  const byName = await requireStaffDisplayName(store, actor);
  const addendumNumber = (reservation.extensions?.length ?? 0) + 1;
  const at = now.toISOString();
  const addendum: RentalAddendumInput = {
    settings: desk.settings,
    addendumNumber,
    reservationNumber: reservation.number ?? id,
    customer: desk.customer,
    car: desk.car,
    plateNumber: desk.fleet?.plateNumber ?? null,
    pickupAt: reservation.pickupAt,
    previousReturnAt: reservation.returnAt,
    returnAt: plan.returnAt,
    previousDays: previousQuote.days,
    days: plan.quote.days,
    previousTotal: previousQuote.total,
    total: plan.quote.total,
    due: plan.due,
    at,
    byName,
  };
  const pdf = await renderRentalAddendum(addendum);
  const path = await storeDocument(
    deps.files,
    `documents/${id}-addendum-${addendumNumber}-${hash8(rentalAddendumHash(addendum))}`,
    pdf,
  );
  const settings = desk.settings;
  const buffer = settings.bookingRules.turnaroundMinutes;
  const refs = await resolveRefs(store, store, reservation, { publicOnly: false });

  const outcome = await store.transaction(async (tx) => {
    await tx.lock(carLockKey(reservation.carId));
    await tx.lock(ledgerLockKey(id));
    const current = await readReservation(tx, ctx, id);
    assertUnchanged(current, readVersion);
    if (current.status !== "active") throw new CoreError("precondition", extensionStatusMessage(current.status));
    const period = { pickupAt: currentHold(current).pickupAt, returnAt: plan.returnAt };
    if (!(await carIsFree(tx, current.carId, period, buffer, id))) throw new CoreError("conflict", EXTENSION_CAR_TAKEN);
    // Priced again under the lock: what the addendum says is what is stored.
    const quote = await priceReservation(
      tx,
      refs,
      { pickupAt: current.pickupAt, returnAt: plan.returnAt },
      settings,
      transferFeeOf(quoteOf(current)),
      await staffRuleFacts(tx, store, current),
    );
    const ledger = await summaryFor(tx, current, quote);
    if (Math.round(quote.total * 100) !== Math.round(plan.quote.total * 100) || ledger.summary.due !== plan.due) {
      throw new CoreError("precondition", PRICES_CHANGED);
    }

    const w = writer(tx, store, now);
    const extension: RentalExtension = {
      number: addendumNumber,
      at,
      by: actor.email,
      byName,
      previousReturnAt: current.returnAt,
      returnAt: plan.returnAt,
      previousTotal: previousQuote.total,
      total: quote.total,
      document: path,
    };
    const next: Reservation = {
      ...current,
      returnAt: plan.returnAt,
      quote,
      extensions: [...(current.extensions ?? []), extension],
      payment: ledger.doc,
    };
    const { id: _id, createdAt: _c, updatedAt: _u, ...stored } = next as Stamped<Reservation>;
    const stamps = replaceDoc(w, COLLECTIONS.reservations, id, stored, current.createdAt, versionOf(current));
    let mailId: string | null = null;
    if (desk.customer.email?.trim()) {
      const context: DeskContext = { ...desk, reservation: { ...next, id, ...stamps } as Stamped<Reservation> };
      const mail = extensionMail({
        ...mailContext(ctx, context),
        addendumNumber,
        previousReturnAt: current.returnAt,
        previousTotal: previousQuote.total,
        total: quote.total,
        due: ledger.summary.due,
      });
      mailId = queueDeskMail(
        w,
        mail,
        [{ filename: addendumFileName(current.number ?? id, addendumNumber), path, bytes: pdf }],
        deps.inlineMailAttachments === true,
      );
    }
    writeAudit(w, {
      action: "update",
      resource: "reservations",
      recordId: id,
      actor: actor.email,
      desk: "extension",
      fromReturnAt: current.returnAt,
      toReturnAt: plan.returnAt,
      fromTotal: previousQuote.total,
      toTotal: quote.total,
      addendum: addendumNumber,
      document: path,
      ...(mailId ? { mailId } : {}),
      ...changesDetail(auditShape(current), auditShape(next)),
    });
    return { record: { ...next, id, ...stamps } as Stamped<Reservation>, extension, mailId, due: ledger.summary.due };
  });

  ctx.events.publish("reservations", id, "updated");
  if (outcome.mailId) ctx.events.publish("mail", outcome.mailId, "created");
  ctx.log.info(
    `Nuoma ${reservation.number ?? id} pratęsta iki ${formatDateTime(plan.returnAt)}: ${formatMoney(previousQuote.total)} → ${formatMoney(outcome.extension.total)} (${actor.email})`,
  );
  return { reservation: outcome.record, extension: outcome.extension, due: outcome.due, mailId: outcome.mailId };
}
