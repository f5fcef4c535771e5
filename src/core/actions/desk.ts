// The rental desk: hand-over, return, its charges and documents, the damage register.
import { envelope, id, idAndBody, value } from "./envelope";
import { STAFF, staffAction } from "./registry";

/** The rental desk's documents (src/documents/deskDocuments.ts renders them on the server). */
export type DeskDocumentKind = "agreement" | "handover" | "return";

/**
 * A rental change's document: a car swap's acts ("swap-1-return", "swap-1-handover") and an
 * extension's addendum ("addendum-1"), numbered in the order they were made.
 */
export type RentalChangeDocumentKind = `swap-${number}-return` | `swap-${number}-handover` | `addendum-${number}`;

export const DAMAGE_REPAIRED_ONLY = "Pažeidimą galima tik pažymėti sutaisytu";

export const deskActions = {
  /** what a hand-over or return screen shows, in one call */
  deskInfo: staffAction({
    roles: STAFF,
    args: (id: string) => ({ id }),
    input: envelope({ id }),
    http: { method: "GET", path: "/reservations/:id/desk" },
    run: ({ rentalDesk }, input, ctx) => rentalDesk.deskInfo(ctx.core, input.id),
  }),
  /** the car handed over (readings, licence, confirmed damages, signature): the reservation, now active */
  handOverReservation: staffAction({
    roles: STAFF,
    args: (id: string, body: Record<string, unknown>) => ({ id, body }),
    input: envelope({ id, body: value }),
    http: { method: "POST", path: "/reservations/:id/handover", body: "body" },
    invalidates: ["reservations", "fleet", "mail"],
    run: ({ rentalDesk }, input, ctx) =>
      rentalDesk.handOverReservation(ctx.core, ctx.documents, input.id, input.body, ctx.actor),
  }),
  /** the return charges for the readings being typed (nothing is written) */
  previewReturn: staffAction({
    roles: STAFF,
    args: (id: string, body: Record<string, unknown>) => ({ id, body }),
    input: envelope({ id, body: value }),
    http: { method: "POST", path: "/reservations/:id/return/preview", body: "body" },
    run: ({ rentalDesk }, input, ctx) => rentalDesk.previewReturn(ctx.core, input.id, input.body, ctx.actor),
  }),
  /** the car returned: the reservation completed, with the charges, total and deposit */
  returnReservation: staffAction({
    roles: STAFF,
    args: (id: string, body: Record<string, unknown>) => ({ id, body }),
    input: envelope({ id, body: value }),
    http: { method: "POST", path: "/reservations/:id/return", body: "body" },
    invalidates: ["reservations", "fleet", "mail", "damages"],
    run: ({ rentalDesk }, input, ctx) =>
      rentalDesk.returnReservation(ctx.core, ctx.documents, input.id, input.body, ctx.actor),
  }),
  /**
   * Before the hand-over: the agreement, unsigned and marked "Nepasirašyta – susipažinimui", e-mailed
   * to the customer to read (409 once the car is handed over: the signed one went with the act)
   */
  mailAgreementForReading: staffAction({
    roles: STAFF,
    args: (id: string) => ({ id }),
    input: envelope({ id }),
    http: { method: "POST", path: "/reservations/:id/agreement/for-reading", status: 201 },
    invalidates: ["mail"],
    run: ({ rentalDesk }, input, ctx) =>
      rentalDesk.mailAgreementForReading(ctx.core, ctx.documents, input.id, ctx.actor),
  }),
  /**
   * A rental under way, its car swapped: the cars free to the rental's end, the chosen one's
   * odometer and what it holds, the rental quoted again for it (nothing is written)
   */
  previewCarSwap: staffAction({
    roles: STAFF,
    args: (id: string, body: { toCarId?: string; version?: number }) => ({ id, body }),
    input: envelope({ id, body: value }),
    http: { method: "POST", path: "/reservations/:id/swap-car/preview", body: "body" },
    run: ({ rentalChanges }, input, ctx) => rentalChanges.previewCarSwap(ctx.core, input.id, input.body),
  }),
  /**
   * The car swapped during an active rental: the first car's return readings and new damages, the
   * second car's hand-over readings, an act each, the price kept or quoted again (409 when the
   * second car is taken; 422 for the readings)
   */
  swapCar: staffAction({
    roles: STAFF,
    args: (id: string, body: Record<string, unknown>) => ({ id, body }),
    input: envelope({ id, body: value }),
    http: { method: "POST", path: "/reservations/:id/swap-car", body: "body" },
    invalidates: ["reservations", "fleet", "mail", "damages"],
    run: ({ rentalChanges }, input, ctx) =>
      rentalChanges.swapCar(ctx.core, ctx.documents, input.id, input.body, ctx.actor),
  }),
  /** A rental under way extended to a later return: the new price, the difference, whether the car is free (nothing written) */
  previewRentalExtension: staffAction({
    roles: STAFF,
    args: (id: string, body: { returnAt: string; version?: number }) => ({ id, body }),
    input: envelope({ id, body: value }),
    http: { method: "POST", path: "/reservations/:id/extension/preview", body: "body" },
    run: ({ rentalChanges }, input, ctx) => rentalChanges.previewRentalExtension(ctx.core, input.id, input.body),
  }),
  /**
   * The rental extended: the new return time, the price quoted again, the addendum to the agreement
   * e-mailed to the customer, the ledger's due updated (409 when the car is taken then)
   */
  extendRental: staffAction({
    roles: STAFF,
    args: (id: string, body: { returnAt: string; version?: number }) => ({ id, body }),
    input: envelope({ id, body: value }),
    http: { method: "POST", path: "/reservations/:id/extension", body: "body" },
    invalidates: ["reservations", "mail"],
    run: ({ rentalChanges }, input, ctx) =>
      rentalChanges.extendRental(ctx.core, ctx.documents, input.id, input.body, ctx.actor),
  }),
  /** "Mano paskyra": the signed-in member's e-mail and display name (printed on the desk's documents) */
  ownAccount: staffAction({
    roles: STAFF,
    args: () => ({}),
    input: envelope({}),
    http: { method: "GET", path: "/account" },
    run: ({ staff }, _input, ctx) => staff.ownAccount(ctx.core, ctx.actor),
  }),
  /** a staff member (or admin) sets their own display name: "Nuomotojo atstovas" on the agreement and acts */
  setOwnName: staffAction({
    roles: STAFF,
    args: (name: string) => ({ name }),
    input: envelope({ name: value }),
    http: { method: "PUT", path: "/account/name" },
    invalidates: ["staff"],
    run: ({ staff }, input, ctx) => staff.setOwnName(ctx.core, { name: input.name }, ctx.actor),
  }),
  /** a damage of the register marked repaired (`version`: the one the list read; 409 when stale or already repaired) */
  markDamageRepaired: staffAction({
    roles: STAFF,
    args: (id: string, version?: number) => ({ id, version }),
    input: idAndBody,
    // The register's record update: PUT { status: "repaired", version? }.
    http: {
      method: "PUT",
      path: "/damages/:id",
      fixed: { field: "status", value: "repaired", message: DAMAGE_REPAIRED_ONLY },
    },
    invalidates: ["damages"],
    run: ({ rentalDesk }, input, ctx) => rentalDesk.markDamageRepaired(ctx.core, input.id, ctx.actor, input.body),
  }),
  /** a damage's repair cost, set or corrected in the register once known (`repairCost`: € or null; `version`: the one read) */
  setDamageRepairCost: staffAction({
    roles: STAFF,
    args: (id: string, repairCost: number | null, version?: number) => ({ id, repairCost, version }),
    input: idAndBody,
    http: { method: "PUT", path: "/damages/:id/repair-cost" },
    invalidates: ["damages"],
    run: ({ rentalDesk }, input, ctx) => rentalDesk.setDamageRepairCost(ctx.core, input.id, ctx.actor, input.body),
  }),
  /**
   * A reservation's document as a PDF: the signed one as kept, or the unsigned agreement made
   * now from the current data; 404 (Lithuanian) while its act does not exist.
   */
  downloadDeskDocument: staffAction({
    callable: "deskDocument",
    roles: STAFF,
    args: (id: string, kind: DeskDocumentKind | RentalChangeDocumentKind) => ({ id, kind }),
    input: envelope({ id, kind: value }),
    http: {
      method: "GET",
      path: "/reservations/:id/documents/:kind.pdf",
      answer: "file",
      accept: "application/pdf",
    },
    run: async ({ deskDocumentFiles }, input, ctx) => {
      const file = await deskDocumentFiles.deskDocumentFile(ctx.core.store, ctx.documents.files, input.id, input.kind);
      return { fileName: file.fileName, contentType: "application/pdf", bytes: file.bytes, signed: file.signed };
    },
  }),
};
