// The rental desk: the car handed over (išdavimas) and returned (grąžinimas), with the customer's
// signature, the signed PDFs, the return charges and the cars' damage register. Written once for
// every store; the local server's routes (server/routes/rentalDesk.ts) and the Firebase callables
// (functions/src/index.ts) only adapt requests to these use cases.
//
// A hand-over or return reads everything, checks it, renders and stores the signed PDFs and the
// signature image first (files are not part of a transaction, and rendering is slow), then writes
// the reservation, the fleet's mileage, the damages, the audit entry and the e-mail in ONE
// transaction that first re-reads the reservation: if anyone saved it in between (its version
// moved), nothing is written and the desk gets 409. A stored file that no record names is harmless.

import { type DeskDocumentInput, deskDocumentHash, renderDeskDocument } from "../documents/deskDocuments";
import { inlineAttachment } from "../documents/mailAttachments";
import { changesDetail } from "../domain/auditChanges";
import { dueAfterReturn, heldDeposit, planHandoverDeposit, settlementEntries } from "../domain/deposits";
import { agreementForReadingMail, type DeskMail, handoverMail, returnMail } from "../domain/deskMails";
import { formatMoney, formatNumber } from "../domain/format";
import { fuelLevelText } from "../domain/fuel";
import {
  customerWithDeskInput,
  decodeSignaturePng,
  driverCheckErrors,
  type HandoverInput,
  handoverReadingErrors,
  readHandoverInput,
  unconfirmedDamageErrors,
} from "../domain/handoverChecks";
import { invalidFields } from "../domain/input";
import { type CarReading, currentHandover, type EarlierUse, earlierUse } from "../domain/rentalChanges";
import { earlyHandOverErrors, mayHandOverNow } from "../domain/reservationRules";
import { RESERVATION_STATUS_LABELS } from "../domain/reservationStatus";
import {
  computeReturnCharges,
  OverrideForbiddenError,
  type ReturnCharges,
  type ReturnPreviewInput,
  readReturnInput,
  readReturnPreview,
  returnMileageErrors,
} from "../domain/returnCharges";
import type {
  Car,
  Customer,
  Damage,
  Extra,
  Fleet,
  HandoverAct,
  Location,
  Reservation,
  ReturnAct,
  Settings,
  Signature,
} from "../domain/schemas";
import { damageSchema } from "../domain/schemas";
import type { Tariff } from "../domain/tariff";
import { moveCarTo } from "./carLocation";
import { loadCar, loadExtras, loadLocations, loadOne, loadSettings } from "./catalog";
import { COLLECTIONS } from "./collections";
import { newReservationLink } from "./customerPortal";
import { lockedLedger, writeDeskLedgerEntries } from "./deposits";
import { loadDeskDocumentInput } from "./deskDocumentFiles";
import { CoreError, StaleRecordError } from "./errors";
import { fleetOf, moveFleetMileage } from "./fleetMileage";
import { invoiceAtReturn } from "./invoices";
import { ledgerOf } from "./payments";
import type { CoreContext, PrivateFiles, Reader, Transaction } from "./ports";
import { customerRecord, damageRecord, reservationRecord, type Stamped } from "./records";
import { RESERVATION_NOT_FOUND_MESSAGE } from "./reservations";
import { requireStaffDisplayName } from "./staff";
import { assertFresh, expectedVersionOf, versionOf } from "./versions";
import {
  insertDoc,
  queueMail,
  replaceDoc,
  type StaffActor,
  type Stamps,
  type Writer,
  writeAudit,
  writer,
} from "./writes";

/** What the desk's use cases need besides the store: where the private files go. */
export interface DeskDeps {
  files: PrivateFiles;
  /**
   * Firebase: the desk's e-mails carry their PDF inline, because the Trigger Email extension
   * cannot read a private Storage path; the local mailer reads the path itself.
   */
  inlineMailAttachments?: boolean;
}

export const DAMAGE_NOT_FOUND_MESSAGE = "Pažeidimas nerastas";
export const DAMAGE_ALREADY_REPAIRED = "Šis pažeidimas jau pažymėtas sutaisytu";
export const HANDOVER_STATUSES: readonly string[] = ["new", "confirmed"];

const statusLabel = (status: string): string => RESERVATION_STATUS_LABELS[status as Reservation["status"]] ?? status;

export const handoverStatusMessage = (status: string): string =>
  `Automobilį išduoti galima tik pagal naują ar patvirtintą rezervaciją (dabar: ${statusLabel(status)})`;
export const returnStatusMessage = (status: string): string =>
  `Automobilį priimti galima tik pagal vykdomą rezervaciją (dabar: ${statusLabel(status)})`;
/** The ledger moved between reading and writing (an online payment arrived): the desk reads again. */
export const LEDGER_MOVED_MESSAGE =
  "Kol pildėte aktą, rezervacijos mokėjimai pasikeitė (pvz., gautas mokėjimas internetu). Atnaujinkite puslapį ir patikrinkite užstatą.";
export const NO_HANDOVER_MESSAGE =
  "Rezervacija neturi išdavimo duomenų (ridos ir degalų), todėl grąžinimo mokesčių apskaičiuoti negalima";

// ---------- reading ----------

export interface DeskInfo {
  reservation: Stamped<Reservation>;
  customer: Stamped<Customer> | null;
  car: Stamped<Car> | null;
  fleet: Stamped<Fleet> | null;
  /** the car's open damages from earlier rentals */
  damages: Stamped<Damage>[];
  rates: Tariff;
  /** the return's grace period (settings.bookingRules.graceMinutes) */
  graceMinutes: number;
  /** the hand-over act, for the return screen (null before the hand-over) */
  handover: HandoverAct | null;
  /**
   * The hand-over readings of the car the customer has now: after a car swap, the last swap's
   * (src/domain/rentalChanges.ts currentHandover); the return counts from these.
   */
  current: CarReading | null;
  /** what the cars swapped away were driven and came back short of fuel (their part of the charges) */
  earlier: EarlierUse;
  /** the deposit the ledger holds now (an online hold before the hand-over; 0 when none) */
  depositHeld: ReturnType<typeof heldDeposit>;
}

export async function readReservation(reader: Reader, ctx: CoreContext, id: string): Promise<Stamped<Reservation>> {
  const found = ctx.store.isId(id) ? await reader.get(COLLECTIONS.reservations, id) : null;
  if (!found) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
  return reservationRecord(found);
}

/** The car's damages still open, oldest first. */
export async function openDamagesOf(reader: Reader, carId: string): Promise<Stamped<Damage>[]> {
  const docs = await reader.query(COLLECTIONS.damages, {
    where: [
      { field: "carId", op: "==", value: carId },
      { field: "status", op: "==", value: "open" },
    ],
  });
  return docs.map((doc) => damageRecord(doc)).sort((a, b) => a.foundAt.localeCompare(b.foundAt));
}

/** The reservation with what surrounds it at the desk, each read once. */
async function loadDesk(ctx: CoreContext, id: string) {
  const { store } = ctx;
  const reservation = await readReservation(store, ctx, id);
  const customer = store.isId(reservation.customerId)
    ? await loadOne<Customer>(store, COLLECTIONS.customers, reservation.customerId)
    : null;
  return {
    reservation: { ...reservation, version: versionOf(reservation) },
    customer,
    car: await loadCar(store, store, reservation.carId),
    fleet: await fleetOf(store, reservation.carId),
    damages: await openDamagesOf(store, reservation.carId),
    settings: await loadSettings(store),
  };
}

/** Everything a desk screen shows, in one call. */
export async function deskInfo(ctx: CoreContext, id: string): Promise<DeskInfo> {
  const { settings, ...desk } = await loadDesk(ctx, id);
  return {
    ...desk,
    rates: settings.tariff,
    graceMinutes: settings.bookingRules.graceMinutes,
    handover: desk.reservation.handover ?? null,
    current: currentHandover(desk.reservation),
    earlier: earlierUse(desk.reservation),
    depositHeld: heldDeposit(await ledgerOf(ctx.store, id)),
  };
}

/** What a document needs, read once before the transaction. */
export interface DeskContext {
  settings: Settings;
  reservation: Stamped<Reservation>;
  customer: Stamped<Customer>;
  car: Stamped<Car>;
  fleet: Stamped<Fleet> | null;
  locations: Stamped<Location>[];
  extras: Stamped<Extra>[];
  damages: Stamped<Damage>[];
}

export async function readDeskContext(ctx: CoreContext, id: string): Promise<DeskContext> {
  const { customer, car, ...desk } = await loadDesk(ctx, id);
  if (!customer) throw new CoreError("precondition", "Rezervacijos klientas nerastas");
  if (!car) throw new CoreError("precondition", "Rezervacijos automobilis nerastas");
  return {
    ...desk,
    customer,
    car,
    locations: await loadLocations(ctx.store),
    extras: await loadExtras(ctx.store),
  };
}

// ---------- shared pieces ----------

export const hash8 = (hash: string): string => hash.slice(0, 8);
const newFileId = (): string => globalThis.crypto.randomUUID();

function signaturePng(image: string): Uint8Array {
  const decoded = decodeSignaturePng(image);
  if ("errors" in decoded) throw invalidFields(decoded.errors);
  return decoded.png;
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);

/**
 * Stores a signed PDF as `<stem>.pdf`, kept unchanged once written. A file already there with
 * other bytes is what an earlier attempt left (its transaction refused, the customer signed
 * again): this one gets the next free `<stem>-<n>.pdf`.
 */
export async function storeDocument(files: PrivateFiles, stem: string, bytes: Uint8Array): Promise<string> {
  for (let n = 1; n <= 50; n += 1) {
    const path = n === 1 ? `${stem}.pdf` : `${stem}-${n}.pdf`;
    const existing = await files.get(path);
    if (existing && !sameBytes(existing, bytes)) continue;
    if (!existing) await files.put(path, bytes, "application/pdf");
    return path;
  }
  throw new Error(`Nepavyko išsaugoti dokumento ${stem}.pdf: per daug bandymų`);
}

/** The customer's signature image, stored once under a new name; its path. */
async function storeSignature(files: PrivateFiles, png: Uint8Array): Promise<string> {
  const path = `desk/${newFileId()}.png`;
  await files.put(path, png, "image/png");
  return path;
}

/**
 * A document rendered with the customer's signature and stored unchanged: the hash its signature
 * records (of the content, without the signature) and the stored PDF's path.
 */
async function signDocument(
  files: PrivateFiles,
  input: DeskDocumentInput,
  signature: NonNullable<DeskDocumentInput["signature"]>,
): Promise<{ hash: string; path: string; pdf: Uint8Array }> {
  const hash = deskDocumentHash(input);
  const pdf = await renderDeskDocument({ ...input, signature });
  const path = await storeDocument(files, `documents/${input.reservation.id}-${input.kind}-${hash8(hash)}`, pdf);
  return { hash, path, pdf };
}

/** Refuses a desk write over a reservation someone saved in between (the version the desk read). */
export function assertUnchanged(current: Stamped<Reservation>, readVersion: number): void {
  if (versionOf(current) !== readVersion) throw new StaleRecordError({ ...current, version: versionOf(current) });
}

/**
 * Queues a desk e-mail with its PDFs attached: by path (the local mailer reads them from the
 * private files) or inline (Firebase, DeskDeps.inlineMailAttachments).
 */
export function queueDeskMail(
  w: Writer,
  mail: DeskMail,
  pdfs: readonly { filename: string; path: string; bytes: Uint8Array }[],
  inline: boolean,
): string {
  return queueMail(w, {
    to: mail.to,
    subject: mail.message.subject,
    text: mail.message.text,
    ref: mail.ref,
    attachments: pdfs.map((pdf) =>
      inline ? inlineAttachment(pdf.filename, pdf.path, pdf.bytes) : { filename: pdf.filename, path: pdf.path },
    ),
    ...(mail.portalLink ? { portalLink: mail.portalLink } : {}),
  });
}

export function mailContext(ctx: Pick<CoreContext, "siteUrl">, desk: DeskContext) {
  const place = desk.locations.find((location) => location.id === desk.reservation.returnLocationId) ?? null;
  return {
    settings: desk.settings,
    reservation: desk.reservation,
    customer: desk.customer,
    car: desk.car,
    plateNumber: desk.fleet?.plateNumber ?? null,
    location: place ? { name: place.name, address: place.address } : null,
    portalLink: newReservationLink(ctx, desk.reservation.id, desk.reservation.returnAt),
  };
}

const documentName = (reservation: Stamped<Reservation>, kind: string): string =>
  `${kind === "handover" ? "perdavimo-aktas" : kind === "return" ? "grazinimo-aktas" : "sutartis"}-${
    reservation.number ?? reservation.id
  }.pdf`;

/**
 * The signed act's writes shared by the hand-over and the return: the reservation replaced (its
 * version counted up from the one read in this transaction) and the fleet's mileage moved forward.
 */
function writeDeskAct(
  w: Writer,
  current: Stamped<Reservation>,
  next: Record<string, unknown>,
  fleet: Stamped<Fleet> | null,
  mileage: number,
  actor: StaffActor,
): { stamps: Stamps; fleetId: string | null } {
  const stamps = replaceDoc(w, COLLECTIONS.reservations, current.id, next, current.createdAt, versionOf(current));
  return { stamps, fleetId: moveFleetMileage(w, fleet, mileage, actor.email, current.id) };
}

// ---------- hand-over ----------

type CardFields = Partial<Pick<Customer, "birthDate" | "licenceIssuedAt" | "licenceNumber" | "licenceExpiresAt">>;

/** What the desk's input changes on the customer card: typed dates and the licence number. */
function deskCardChanges(customer: Customer, input: HandoverInput): CardFields {
  const merged = customerWithDeskInput(customer, input.customer);
  const changes: CardFields = {};
  if (merged.birthDate !== customer.birthDate) changes.birthDate = merged.birthDate;
  if (merged.licenceIssuedAt !== customer.licenceIssuedAt) changes.licenceIssuedAt = merged.licenceIssuedAt;
  if (input.licence.number !== (customer.licenceNumber ?? "")) changes.licenceNumber = input.licence.number;
  if (input.licence.expiresAt !== (customer.licenceExpiresAt ?? null))
    changes.licenceExpiresAt = input.licence.expiresAt;
  return changes;
}

/** The customer card with the desk's data, audited with its before and after; the card's id. */
function writeDeskCard(w: Writer, card: Stamped<Customer>, changes: CardFields, actor: StaffActor): string {
  const { id, createdAt, ...data } = card;
  const next = { ...data, ...changes };
  replaceDoc(w, COLLECTIONS.customers, id, next, createdAt, versionOf(card));
  writeAudit(w, {
    action: "update",
    resource: "customers",
    recordId: id,
    actor: actor.email,
    desk: "handover",
    ...changesDetail(data, next),
  });
  return id;
}

/**
 * The car handed over: the licence, age and licence years checked, the readings taken, the car's
 * open damages confirmed with the customer, the customer's signature on the hand-over act and on
 * the rental agreement. The reservation becomes active; the act is e-mailed with its PDF.
 */
export async function handOverReservation(
  ctx: CoreContext,
  deps: DeskDeps,
  id: string,
  body: unknown,
  actor: StaffActor,
): Promise<Stamped<Reservation>> {
  const { store } = ctx;
  const now = ctx.clock.now();
  if (!store.isId(id)) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
  const input = readHandoverInput(body);
  const stored = await readDeskContext(ctx, id);
  // The birth date and licence data typed at the desk count for the checks and the documents,
  // and go to the customer card with the hand-over.
  const cardChanges = deskCardChanges(stored.customer, input);
  const desk: DeskContext = { ...stored, customer: { ...stored.customer, ...cardChanges } };
  const { reservation, customer, car, fleet, damages } = desk;
  if (!HANDOVER_STATUSES.includes(reservation.status)) {
    throw new CoreError("precondition", handoverStatusMessage(reservation.status));
  }
  assertFresh(reservation, input.version);
  const readVersion = versionOf(reservation);
  const early = !mayHandOverNow(reservation.pickupAt, now);
  const refusedEarly = earlyHandOverErrors(reservation.pickupAt, now, actor.role, input.statusReason);
  if (refusedEarly) {
    // Staff before the pickup day: a state of the business, not a typing error (409).
    if (actor.role !== "admin") throw new CoreError("precondition", Object.values(refusedEarly)[0] ?? "");
    throw invalidFields(refusedEarly);
  }
  const ledgerBefore = await ledgerOf(store, id);
  const depositPlan = planHandoverDeposit(input.deposit, heldDeposit(ledgerBefore));
  const errors = {
    ...depositPlan.errors,
    ...driverCheckErrors(input.licence, { reservation, customer, car }),
    ...handoverReadingErrors(input.mileage, fleet?.mileage ?? null),
    ...unconfirmedDamageErrors(
      damages.map((damage) => damage.id),
      input.confirmedDamageIds,
    ),
  };
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  const png = signaturePng(input.signature.image);
  // The agreement and the act name the staff member who hands the car over: a person, not an e-mail.
  const byName = await requireStaffDisplayName(store, actor);

  const openIds = new Set(damages.map((damage) => damage.id));
  const at = now.toISOString();
  const act: Omit<HandoverAct, "signature" | "document"> = {
    at,
    by: actor.email,
    byName,
    mileage: input.mileage,
    fuel: input.fuel,
    damages: input.damages,
    photos: input.photos,
    licence: input.licence,
    confirmedDamageIds: input.confirmedDamageIds.filter((damageId) => openIds.has(damageId)),
    ...(depositPlan.record ? { deposit: depositPlan.record } : {}),
  };
  const signed = { png, signedAt: at, signerName: input.signature.signerName };
  const imagePath = await storeSignature(deps.files, png);
  // The agreement is signed together with the act: it carries the same readings, damages and photos.
  const agreement = await signDocument(deps.files, { ...desk, kind: "agreement", act }, signed);
  const signedAct = await signDocument(deps.files, { ...desk, kind: "handover", act }, signed);
  const agreementHash = agreement.hash;
  const handoverPath = signedAct.path;
  const agreementPath = agreement.path;
  const signature: Signature = {
    image: imagePath,
    signedAt: at,
    signerName: input.signature.signerName,
    documentHash: signedAct.hash,
  };
  const handover: HandoverAct = { ...act, signature, document: handoverPath, agreementDocument: agreementPath };

  const outcome = await store.transaction(async (tx: Transaction) => {
    await tx.lock(`car-${reservation.carId}`);
    const current = await readReservation(tx, ctx, id);
    assertUnchanged(current, readVersion);
    if (!HANDOVER_STATUSES.includes(current.status)) {
      throw new CoreError("precondition", handoverStatusMessage(current.status));
    }
    const fleetNow = await fleetOf(tx, current.carId);
    const cardDoc = Object.keys(cardChanges).length > 0 ? await tx.get(COLLECTIONS.customers, customer.id) : null;
    const ledger = await lockedLedger(tx, id);
    if (JSON.stringify(planHandoverDeposit(input.deposit, heldDeposit(ledger))) !== JSON.stringify(depositPlan)) {
      throw new CoreError("precondition", LEDGER_MOVED_MESSAGE);
    }

    const w = writer(tx, store, now);
    const customerId = cardDoc ? writeDeskCard(w, customerRecord(cardDoc), cardChanges, actor) : null;
    const payment = writeDeskLedgerEntries(
      w,
      current,
      id,
      ledger,
      depositPlan.entry ? [{ ...depositPlan.entry, kind: "deposit-held" }] : [],
      actor.email,
    );
    const next: Record<string, unknown> = {
      ...current,
      status: "active",
      handover,
      contract: { ...current.contract, mileageOut: input.mileage, fuelOut: input.fuel },
      ...(early ? { handoverOverrideReason: input.statusReason } : {}),
      ...(payment ? { payment } : {}),
    };
    const { stamps, fleetId } = writeDeskAct(w, current, next, fleetNow, input.mileage, actor);
    writeAudit(w, {
      action: "update",
      resource: "reservations",
      recordId: id,
      actor: actor.email,
      fromStatus: current.status,
      toStatus: "active",
      desk: "handover",
      document: handoverPath,
      agreement: agreementPath,
      agreementHash,
      ...(early ? { reason: input.statusReason } : {}),
    });
    const mail = handoverMail({ ...mailContext(ctx, desk), act: { at, mileage: input.mileage, fuel: input.fuel } });
    const mailId = queueDeskMail(
      w,
      mail,
      [
        { filename: documentName(current, "agreement"), path: agreementPath, bytes: agreement.pdf },
        { filename: documentName(current, "handover"), path: handoverPath, bytes: signedAct.pdf },
      ],
      deps.inlineMailAttachments === true,
    );
    const record = { ...next, id, ...stamps } as Stamped<Reservation>;
    return { record, mailId, fleetId, customerId };
  });

  ctx.events.publish("reservations", id, "updated");
  if (outcome.customerId) ctx.events.publish("customers", outcome.customerId, "updated");
  if (outcome.fleetId) ctx.events.publish("fleet", outcome.fleetId, "updated");
  ctx.events.publish("mail", outcome.mailId, "created");
  ctx.log.info(
    `Automobilis išduotas pagal rezervaciją ${reservation.number ?? id}: rida ${formatNumber(input.mileage, 0)} km, degalai ${fuelLevelText(input.fuel)} (${actor.email})`,
  );
  return outcome.record;
}

// ---------- the agreement for reading ----------

export const AGREEMENT_ALREADY_SIGNED_MESSAGE =
  "Sutartis jau pasirašyta perduodant automobilį: klientas ją gavo su perdavimo aktu";
export const CUSTOMER_EMAIL_MISSING_MESSAGE =
  "Kliento kortelėje neįrašytas el. pašto adresas – sutarties išsiųsti negalima";

export interface AgreementForReadingOutcome {
  mailId: string;
  to: string;
  document: string;
}

/**
 * Before the hand-over: the rental agreement as it stands now, unsigned and marked
 * "Nepasirašyta – susipažinimui" on every page, e-mailed to the customer to read. Nothing of the
 * reservation changes; the PDF is kept in the private files, the mail and the audit entry written.
 */
export async function mailAgreementForReading(
  ctx: CoreContext,
  deps: DeskDeps,
  id: string,
  actor: StaffActor,
): Promise<AgreementForReadingOutcome> {
  const { store } = ctx;
  const now = ctx.clock.now();
  if (!store.isId(id)) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
  const desk = await readDeskContext(ctx, id);
  const { reservation, customer } = desk;
  if (reservation.handover) throw new CoreError("precondition", AGREEMENT_ALREADY_SIGNED_MESSAGE);
  if (!HANDOVER_STATUSES.includes(reservation.status)) {
    throw new CoreError(
      "precondition",
      `Sutartį susipažinti galima siųsti tik pagal naują ar patvirtintą rezervaciją (dabar: ${statusLabel(reservation.status)})`,
    );
  }
  if (!customer.email?.trim()) throw new CoreError("precondition", CUSTOMER_EMAIL_MISSING_MESSAGE);
  const input = { ...(await loadDeskDocumentInput(store, id, "agreement")), forReading: true };
  const hash = deskDocumentHash(input);
  const pdf = await renderDeskDocument(input);
  const path = await storeDocument(deps.files, `documents/${id}-agreement-reading-${hash8(hash)}`, pdf);
  const mail = agreementForReadingMail(mailContext(ctx, desk));
  const filename = documentName(reservation, "agreement").replace(/\.pdf$/, "-susipazinimui.pdf");
  const mailId = await store.transaction(async (tx: Transaction) => {
    const w = writer(tx, store, now);
    const queued = queueDeskMail(w, mail, [{ filename, path, bytes: pdf }], deps.inlineMailAttachments === true);
    writeAudit(w, {
      action: "update",
      resource: "reservations",
      recordId: id,
      actor: actor.email,
      desk: "agreementForReading",
      document: path,
      mailId: queued,
    });
    return queued;
  });
  ctx.events.publish("mail", mailId, "created");
  ctx.log.info(`Nuomos sutartis susipažinti išsiųsta pagal rezervaciją ${reservation.number ?? id} (${actor.email})`);
  return { mailId, to: mail.to, document: path };
}

// ---------- return ----------

const FUTURE_TOLERANCE_MS = 10 * 60_000;

/** The charges of a return as typed: checks that hold for the preview and the return alike. */
function chargesFor(
  desk: Pick<DeskContext, "reservation" | "car" | "settings">,
  input: ReturnPreviewInput,
  actor: StaffActor,
  now: Date,
  depositHeld: number,
): ReturnCharges {
  const { reservation } = desk;
  if (reservation.status !== "active") throw new CoreError("precondition", returnStatusMessage(reservation.status));
  // The car the customer has now: after a swap, its readings at the swap (rentalChanges.ts).
  const out = currentHandover(reservation);
  if (!out) throw new CoreError("precondition", NO_HANDOVER_MESSAGE);
  const errors: Record<string, string> = { ...returnMileageErrors(input.mileage, out.mileage) };
  const returnedMs = Date.parse(input.returnedAt);
  if (returnedMs > now.getTime() + FUTURE_TOLERANCE_MS) {
    errors.returnedAt = "Grąžinimo laikas negali būti ateityje";
  } else if (out.at !== null && returnedMs < Date.parse(out.at)) {
    errors.returnedAt = "Grąžinimo laikas negali būti ankstesnis nei išdavimo";
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  try {
    return computeReturnCharges(
      {
        car: {
          mileageLimitPerDay: desk.car.mileageLimitPerDay ?? null,
          deposit: desk.car.deposit,
          excess: desk.car.excess ?? null,
        },
        depositHeld,
        reservation: { returnAt: reservation.returnAt, quote: reservation.quote },
        handover: { mileage: out.mileage, fuel: out.fuel },
        rates: desk.settings.tariff,
        graceMinutes: desk.settings.bookingRules.graceMinutes,
        earlier: earlierUse(reservation),
      },
      input,
      actor.role,
    );
  } catch (error) {
    if (error instanceof OverrideForbiddenError) throw new CoreError("forbidden", error.message);
    throw error;
  }
}

/** A return's charges with what is still owed afterwards by the ledger (the deposit applied). */
export interface ReturnPreview extends ReturnCharges {
  /** still owed once the return's charges and the deposit's entries are in the ledger */
  balanceDue: number;
}

/** The charges, the deposit's entries and what stays owed: computed once for the preview and the return. */
function settleReturn(
  desk: Pick<DeskContext, "reservation" | "car" | "settings">,
  input: ReturnPreviewInput,
  actor: StaffActor,
  now: Date,
  ledger: Parameters<typeof heldDeposit>[0],
) {
  const held = heldDeposit(ledger);
  const computed = chargesFor(desk, input, actor, now, held.amount);
  const entries = settlementEntries(computed.deposit, held.method, desk.reservation.number ?? desk.reservation.id);
  const balanceDue = dueAfterReturn(desk.reservation, computed.total, ledger, entries);
  return { computed: { ...computed, balanceDue }, entries };
}

/** The return charges for the readings being typed; nothing is written. */
export async function previewReturn(
  ctx: CoreContext,
  id: string,
  body: unknown,
  actor: StaffActor,
): Promise<ReturnPreview> {
  if (!ctx.store.isId(id)) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
  const input = readReturnPreview(body);
  const reservation = await readReservation(ctx.store, ctx, id);
  const car = await loadCar(ctx.store, ctx.store, reservation.carId);
  if (!car) throw new CoreError("precondition", "Rezervacijos automobilis nerastas");
  const settings = await loadSettings(ctx.store);
  const ledger = await ledgerOf(ctx.store, id);
  return settleReturn({ reservation, car, settings }, input, actor, ctx.clock.now(), ledger).computed;
}

export interface ReturnOutcome extends Omit<ReturnPreview, "due"> {
  reservation: Stamped<Reservation>;
  due: number;
}

/**
 * The car returned: the readings, the new damages (each enters the car's damage register, open),
 * the charges and the deposit, the customer's signature on the return act. The reservation is
 * completed; the act is e-mailed with the thanks and the final amount.
 */
export async function returnReservation(
  ctx: CoreContext,
  deps: DeskDeps,
  id: string,
  body: unknown,
  actor: StaffActor,
): Promise<ReturnOutcome> {
  const { store } = ctx;
  const now = ctx.clock.now();
  if (!store.isId(id)) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
  const input = readReturnInput(body);
  const desk = await readDeskContext(ctx, id);
  const { reservation } = desk;
  assertFresh(reservation, input.version);
  const readVersion = versionOf(reservation);
  const ledgerBefore = await ledgerOf(store, id);
  const { computed, entries: depositEntries } = settleReturn(desk, input, actor, now, ledgerBefore);
  const png = signaturePng(input.signature.image);
  const byName = await requireStaffDisplayName(store, actor);

  const at = now.toISOString();
  const act: Omit<ReturnAct, "signature" | "document"> = {
    at,
    by: actor.email,
    byName,
    mileage: input.mileage,
    fuel: input.fuel,
    damages: input.damages,
    photos: input.photos,
    returnedAt: new Date(input.returnedAt).toISOString(),
    charges: computed.charges,
    total: computed.total,
    deposit: computed.deposit,
    due: computed.balanceDue,
  };
  const signed = { png, signedAt: at, signerName: input.signature.signerName };
  const imagePath = await storeSignature(deps.files, png);
  const {
    hash,
    path: documentPath,
    pdf: returnPdf,
  } = await signDocument(deps.files, { ...desk, kind: "return", act }, signed);
  const returnAct: ReturnAct = {
    ...act,
    signature: { image: imagePath, signedAt: at, signerName: input.signature.signerName, documentHash: hash },
    document: documentPath,
  };

  const outcome = await store.transaction(async (tx: Transaction) => {
    await tx.lock(`car-${reservation.carId}`);
    const current = await readReservation(tx, ctx, id);
    assertUnchanged(current, readVersion);
    if (current.status !== "active") throw new CoreError("precondition", returnStatusMessage(current.status));
    const fleetNow = await fleetOf(tx, current.carId);
    // The act printed the deposit and the balance read before: the ledger must still say the same.
    const ledger = await lockedLedger(tx, id);
    const held = heldDeposit(ledger);
    if (
      held.amount !== computed.deposit.held ||
      dueAfterReturn(current, computed.total, ledger, depositEntries) !== computed.balanceDue
    ) {
      throw new CoreError("precondition", LEDGER_MOVED_MESSAGE);
    }
    // The car now stands at the return place (src/domain/carLocation.ts).
    const carNow = await tx.get(COLLECTIONS.cars, current.carId);

    const w = writer(tx, store, now);
    const payment = writeDeskLedgerEntries(w, { ...current, returnAct }, id, ledger, depositEntries, actor.email);
    const carMovedId = moveCarTo(w, carNow, current.returnLocationId, actor.email, id);
    const next: Record<string, unknown> = {
      ...current,
      status: "completed",
      returnAct,
      contract: { ...current.contract, mileageIn: input.mileage, fuelIn: input.fuel },
      ...(payment ? { payment } : {}),
    };
    const { stamps, fleetId } = writeDeskAct(w, current, next, fleetNow, input.mileage, actor);
    const damageIds = input.damages.map((mark) => {
      const damage: Damage = {
        carId: current.carId,
        reservationId: id,
        x: mark.x,
        y: mark.y,
        note: mark.note,
        photos: mark.photos,
        status: "open",
        foundAt: act.returnedAt,
        repairedAt: null,
        repairedBy: "",
        repairCost: mark.repairCost ?? null,
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
    writeAudit(w, {
      action: "update",
      resource: "reservations",
      recordId: id,
      actor: actor.email,
      fromStatus: current.status,
      toStatus: "completed",
      desk: "return",
      document: documentPath,
      total: computed.total,
    });
    const mail = returnMail({
      ...mailContext(ctx, desk),
      act: { returnedAt: act.returnedAt, mileage: input.mileage, fuel: input.fuel },
      charges: computed.charges,
      total: computed.total,
      deposit: computed.deposit,
      due: computed.balanceDue,
    });
    const mailId = queueDeskMail(
      w,
      mail,
      [{ filename: documentName(current, "return"), path: documentPath, bytes: returnPdf }],
      deps.inlineMailAttachments === true,
    );
    const record = { ...next, id, ...stamps } as Stamped<Reservation>;
    return { record, mailId, damageIds, fleetId, carMovedId };
  });

  ctx.events.publish("reservations", id, "updated");
  if (outcome.fleetId) ctx.events.publish("fleet", outcome.fleetId, "updated");
  if (outcome.carMovedId) ctx.events.publish("cars", outcome.carMovedId, "updated");
  for (const damageId of outcome.damageIds) ctx.events.publish("damages", damageId, "created");
  ctx.events.publish("mail", outcome.mailId, "created");
  ctx.log.info(
    `Automobilis grąžintas pagal rezervaciją ${reservation.number ?? id}: mokesčiai ${formatMoney(computed.total)}, naujų pažeidimų ${outcome.damageIds.length} (${actor.email})`,
  );
  // The invoice at the return (settings.invoicing.autoInvoiceAtReturn); never fails the return.
  await invoiceAtReturn(ctx, deps, id, actor);
  return { reservation: outcome.record, ...computed };
}

// ---------- the damage register ----------

/**
 * One change to a damage of the register, in a transaction: the stored version checked (when the
 * list sent the one it read), the record replaced and audited, the list told.
 */
async function changeDamage(
  ctx: CoreContext,
  id: string,
  expected: number | undefined,
  change: (current: Stamped<Damage>) => { next: Damage; audit: Record<string, unknown> },
  actor: StaffActor,
): Promise<Stamped<Damage>> {
  const { store } = ctx;
  const now = ctx.clock.now();
  if (!store.isId(id)) throw new CoreError("not-found", DAMAGE_NOT_FOUND_MESSAGE);
  const record = await store.transaction(async (tx) => {
    const found = await tx.get(COLLECTIONS.damages, id);
    if (!found) throw new CoreError("not-found", DAMAGE_NOT_FOUND_MESSAGE);
    const current = damageRecord(found);
    assertFresh(current, expected);
    const { next, audit } = change(current);
    const w = writer(tx, store, now);
    const stamps = replaceDoc(w, COLLECTIONS.damages, id, next, current.createdAt, versionOf(current));
    writeAudit(w, { action: "update", resource: "damages", recordId: id, actor: actor.email, ...audit });
    return { ...next, id, ...stamps } as Stamped<Damage>;
  });
  ctx.events.publish("damages", id, "updated");
  return record;
}

const bodyFields = (body: unknown): Record<string, unknown> =>
  typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/** A damage marked repaired by staff (with the version the list read, when it sends one). */
export async function markDamageRepaired(
  ctx: CoreContext,
  id: string,
  actor: StaffActor,
  body: unknown = {},
): Promise<Stamped<Damage>> {
  const at = ctx.clock.now().toISOString();
  const record = await changeDamage(
    ctx,
    id,
    expectedVersionOf(bodyFields(body)),
    (current) => {
      if (current.status === "repaired") throw new CoreError("precondition", DAMAGE_ALREADY_REPAIRED);
      return {
        next: { ...current, status: "repaired", repairedAt: at, repairedBy: actor.email },
        audit: { toStatus: "repaired" },
      };
    },
    actor,
  );
  ctx.log.info(`Pažeidimas ${id} pažymėtas sutaisytu (${actor.email})`);
  return record;
}

export const REPAIR_COST_MESSAGE = "Įveskite remonto kainą eurais (pvz., 420,00) arba palikite tuščią";

/**
 * A damage's repair cost set or corrected in the register once the repair is known (null clears
 * it), with the version the list read when it sends one. Open and repaired damages alike.
 */
export async function setDamageRepairCost(
  ctx: CoreContext,
  id: string,
  actor: StaffActor,
  body: unknown = {},
): Promise<Stamped<Damage>> {
  if (!ctx.store.isId(id)) throw new CoreError("not-found", DAMAGE_NOT_FOUND_MESSAGE);
  const fields = bodyFields(body);
  const parsed = damageSchema.shape.repairCost.safeParse(fields.repairCost ?? null);
  if (!parsed.success) throw invalidFields({ repairCost: REPAIR_COST_MESSAGE });
  const repairCost = parsed.data ?? null;
  const record = await changeDamage(
    ctx,
    id,
    expectedVersionOf(fields),
    (current) => ({ next: { ...current, repairCost }, audit: { repairCost } }),
    actor,
  );
  ctx.log.info(
    `Pažeidimo ${id} remonto kaina: ${repairCost === null ? "nežinoma" : formatMoney(repairCost)} (${actor.email})`,
  );
  return record;
}
