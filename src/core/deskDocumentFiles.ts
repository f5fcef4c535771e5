// Staff download a reservation's documents (both backends: the local route
// GET /api/admin/reservations/:id/documents/<kind>.pdf and the Firebase callable deskDocument):
// - a signed document is the PDF kept in the private files, unchanged;
// - the agreement before the hand-over is rendered live from the current data;
// - an act that does not exist yet is a 404 in Lithuanian.
// A use case over the store (here in src/core, not src/documents: the documents only render
// what they are given and import nothing of the core).
import {
  DESK_DOCUMENT_KINDS,
  type DeskDocumentInput,
  type DeskDocumentKind,
  deskDocumentFileName,
  renderDeskDocument,
} from "../documents/deskDocuments";
import { addendumFileName } from "../documents/rentalAddendum";
import type { Car, Customer, Damage, Extra, Fleet, Location, Reservation, Settings } from "../domain/schemas";
import { settingsFromDoc } from "../domain/settings";
import { COLLECTIONS, SETTINGS_ID } from "./collections";
import { CoreError } from "./errors";
import type { PrivateFiles, Reader } from "./ports";
import { toRecord } from "./records";

export const DOCUMENT_MESSAGES = {
  badKind: "Nežinomas dokumentas: galimi sutartis (agreement), perdavimo aktas (handover) ir grąžinimo aktas (return)",
  reservation: "Rezervacija nerasta",
  handover: "Perdavimo aktas dar nesudarytas: automobilis dar neišduotas",
  return: "Grąžinimo aktas dar nesudarytas: automobilis dar negrąžintas",
  file: "Pasirašyto dokumento failas nerastas",
  facts: "Trūksta rezervacijos duomenų (kliento arba automobilio), dokumento sudaryti negalima",
  change: "Tokio rezervacijos keitimo dokumento nėra: automobilis nekeistas arba nuoma nepratęsta",
} as const;

export function isDeskDocumentKind(value: unknown): value is DeskDocumentKind {
  return typeof value === "string" && (DESK_DOCUMENT_KINDS as readonly string[]).includes(value);
}

const CHANGE_DOCUMENT = /^(?:swap-([1-9]\d{0,2})-(return|handover)|addendum-([1-9]\d{0,2}))$/;

/**
 * A rental change's document kept on the reservation (src/core/rentalChanges.ts): a car swap's
 * acts ("swap-1-return", "swap-1-handover") or an extension's addendum ("addendum-1"). Null when
 * the kind names none of these; `path` null when the reservation has no such document.
 */
export function rentalChangeDocument(
  reservation: Reservation,
  kind: string,
): { path: string | null; fileName: string } | null {
  const match = CHANGE_DOCUMENT.exec(kind);
  if (!match) return null;
  const number = reservation.number ?? "rezervacija";
  if (match[3]) {
    const n = Number(match[3]);
    const extension = reservation.extensions?.find((item) => item.number === n);
    return { path: extension?.document ?? null, fileName: addendumFileName(number, n) };
  }
  const n = Number(match[1]);
  const swap = reservation.carSwaps?.[n - 1];
  const returned = match[2] === "return";
  return {
    path: (returned ? swap?.returnDocument : swap?.handoverDocument) ?? null,
    fileName: `keitimo-${returned ? "grazinimo" : "perdavimo"}-aktas-${n}-${number}.pdf`,
  };
}

/**
 * The signed agreement's file, kept with the hand-over act (the desk's use case stores it as
 * handover.agreementDocument); null while the agreement is unsigned.
 */
export function signedAgreementPath(reservation: Reservation): string | null {
  return reservation.handover?.agreementDocument ?? null;
}

type WithId<T> = T & { id: string };

/** Everything a document of the reservation is made of, read from the store. */
export async function loadDeskDocumentInput(
  reader: Reader,
  reservationId: string,
  kind: DeskDocumentKind,
): Promise<DeskDocumentInput> {
  const found = await reader.get(COLLECTIONS.reservations, reservationId);
  if (!found) throw new CoreError("not-found", DOCUMENT_MESSAGES.reservation);
  const reservation = toRecord<Reservation>(found);
  const [customerDoc, carDoc, settingsDoc, fleetDocs, locationDocs, extraDocs, damageDocs] = await Promise.all([
    reader.get(COLLECTIONS.customers, reservation.customerId),
    reader.get(COLLECTIONS.cars, reservation.carId),
    reader.get(COLLECTIONS.settings, SETTINGS_ID),
    reader.query(COLLECTIONS.fleet, { where: [{ field: "carId", op: "==", value: reservation.carId }], limit: 1 }),
    reader.query(COLLECTIONS.locations),
    reader.query(COLLECTIONS.extras),
    reader.query(COLLECTIONS.damages, {
      where: [
        { field: "carId", op: "==", value: reservation.carId },
        { field: "status", op: "==", value: "open" },
      ],
    }),
  ]);
  if (!customerDoc || !carDoc) throw new CoreError("not-found", DOCUMENT_MESSAGES.facts);
  const act =
    kind === "handover" ? reservation.handover : kind === "return" ? reservation.returnAct : reservation.handover;
  const actFields = (() => {
    if (kind === "agreement" || !act) return null;
    const { signature: _signature, document: _document, ...rest } = act;
    return rest;
  })();
  return {
    kind,
    settings: settingsFromDoc((settingsDoc?.data ?? {}) as Partial<Settings>),
    reservation: reservation as WithId<Reservation>,
    customer: toRecord<Customer>(customerDoc),
    car: toRecord<Car>(carDoc),
    fleet: fleetDocs[0] ? toRecord<Fleet>(fleetDocs[0]) : null,
    locations: locationDocs.map((doc) => toRecord<Location>(doc)),
    extras: extraDocs.map((doc) => toRecord<Extra>(doc)),
    damages: damageDocs.map((doc) => toRecord<Damage>(doc)),
    act: actFields,
  };
}

export interface DeskDocumentFile {
  bytes: Uint8Array;
  fileName: string;
  /** true: the signed PDF as kept; false: rendered now from the current data (an unsigned agreement) */
  signed: boolean;
}

/** The document staff download. */
export async function deskDocumentFile(
  reader: Reader,
  files: PrivateFiles,
  reservationId: string,
  kind: unknown,
): Promise<DeskDocumentFile> {
  const change = typeof kind === "string" && !isDeskDocumentKind(kind) ? CHANGE_DOCUMENT.test(kind) : false;
  if (!isDeskDocumentKind(kind) && !change) throw new CoreError("not-found", DOCUMENT_MESSAGES.badKind);
  const found = await reader.get(COLLECTIONS.reservations, reservationId);
  if (!found) throw new CoreError("not-found", DOCUMENT_MESSAGES.reservation);
  const reservation = toRecord<Reservation>(found);
  if (!isDeskDocumentKind(kind)) {
    const document = rentalChangeDocument(reservation, String(kind));
    if (!document?.path) throw new CoreError("not-found", DOCUMENT_MESSAGES.change);
    const bytes = await files.get(document.path);
    if (!bytes) throw new CoreError("not-found", DOCUMENT_MESSAGES.file);
    return { bytes, fileName: document.fileName, signed: true };
  }
  const fileName = deskDocumentFileName(kind, reservation.number);
  const stored =
    kind === "handover"
      ? (reservation.handover?.document ?? null)
      : kind === "return"
        ? (reservation.returnAct?.document ?? null)
        : signedAgreementPath(reservation);
  if (stored) {
    const bytes = await files.get(stored);
    if (!bytes) throw new CoreError("not-found", DOCUMENT_MESSAGES.file);
    return { bytes, fileName, signed: true };
  }
  if (kind === "handover") throw new CoreError("not-found", DOCUMENT_MESSAGES.handover);
  if (kind === "return") throw new CoreError("not-found", DOCUMENT_MESSAGES.return);
  const input = await loadDeskDocumentInput(reader, reservationId, kind);
  return { bytes: await renderDeskDocument(input), fileName, signed: false };
}
