// Issue 26, the paper trail adds up (src/core/approvals.ts, src/core/invoices.ts, src/core/moneyTrail.ts,
// src/core/customerPortal.ts), the same on every store: a partial credit note of 42 € against a
// 337 € invoice leaves 295 € in force; staff file a request instead of issuing it, an administrator
// who is someone else approves it (the credit note is written with the approval), the requester
// never approves their own; a refund needs an administrator and a reference; a reservation with
// money keeps its flag for the Firestore rules; a customer shortening a paid rental leaves a refund
// task (and the overpayment on the reservation); the portal's changes are rate limited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  approveRequest,
  listApprovals,
  rejectRequest,
  requestCreditNote,
  requestRefund,
} from "../../../src/core/approvals";
import { COLLECTIONS } from "../../../src/core/collections";
import { applyPortalChange, PORTAL_CHANGE_RATE_LIMIT } from "../../../src/core/customerPortal";
import { creditInvoice, getInvoice, isafExport, issueReservationInvoice } from "../../../src/core/invoices";
import { hasMoneyTrail } from "../../../src/core/moneyTrail";
import { addLedgerEntry, listLedger } from "../../../src/core/payments";
import type { DocumentStore } from "../../../src/core/ports";
import { submitWebReservation } from "../../../src/core/reservations";
import { APPROVAL_MESSAGES } from "../../../src/domain/approvals";
import { overpaymentOf } from "../../../src/domain/overpayment";
import type { Reservation } from "../../../src/domain/schemas";
import { memoryFiles } from "../../helpers/memoryFiles";
import {
  at,
  type CoreStoreHarness,
  coreRefusal,
  demo,
  inputRefusal,
  NOW,
  reservationInput,
  testContext,
  writeDocuments,
} from "./useCases.contract";

const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;
const ADMIN = { email: "admin@ratunuoma.lt", role: "admin" } as const;
const OTHER_ADMIN = { email: "vadove@ratunuoma.lt", role: "admin" } as const;
const TOKEN_IN_LINK = /\/mano-rezervacija\/([A-Za-z0-9_-]{43})/;

export function defineApprovalsContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`Kreditinės, grąžinimai ir keturios akys: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: DocumentStore;
    const ctx = () => testContext(store, NOW);
    const deps = { files: memoryFiles() };

    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = harness.store;
    }, 120_000);
    afterAll(async () => {
      await harness?.close();
    });

    /** A completed rental of 337 € (one line), long ago, so it overlaps nothing. */
    let made = 0;
    const rentalOf337 = async (): Promise<string> => {
      made += 1;
      const model = demo.reservations.find((r) => r.doc.status === "completed" && r.doc.quote)!;
      const id = store.newId(COLLECTIONS.reservations);
      const quote = { ...model.doc.quote!, base: 337, extrasLines: [], delivery: 0, discount: 0, total: 337 };
      await writeDocuments(store, [
        {
          collection: COLLECTIONS.reservations,
          id,
          data: {
            ...(model.doc as unknown as Record<string, unknown>),
            number: `R-2025-90033${made}`,
            pickupAt: `2025-0${made}-01T07:00:00.000Z`,
            returnAt: `2025-0${made}-08T07:00:00.000Z`,
            quote,
            returnAct: null,
            payment: null,
            version: 1,
            createdAt: NOW.toISOString(),
            updatedAt: NOW.toISOString(),
          },
        },
      ]);
      return id;
    };

    it("dalinė kreditinė 42 € iš 337 €: lieka 295 €; darbuotojas – tik prašymas, tvirtina kitas administratorius", async () => {
      const reservationId = await rentalOf337();
      const invoice = await issueReservationInvoice(ctx(), deps, reservationId, {}, STAFF);
      expect(invoice.total).toBe(337);
      // The invoice marks its reservation: never deleted (the Firestore rules read the flag).
      const marked = (await store.get(COLLECTIONS.reservations, reservationId))?.data as Reservation;
      expect(marked.payment?.moneyTrail).toBe(true);
      expect(await hasMoneyTrail(store, reservationId)).toBe(true);

      const body = { reason: "Vėlavimo mokestis grąžinamas", lines: [{ line: 0, amount: 42 }] };
      // More than the line has, a line that does not exist: refused with the field's message.
      const tooMuch = await inputRefusal(
        requestCreditNote(ctx(), invoice.id, { reason: "Per daug", lines: [{ line: 0, amount: 400 }] }, STAFF),
      );
      expect(JSON.stringify(tooMuch.errors)).toContain("Daugiau nei liko");

      const request = await requestCreditNote(ctx(), invoice.id, body, STAFF);
      expect(request).toMatchObject({ status: "pending", amount: 42 });
      expect(request.message).toContain("administratorius");
      // Nothing issued yet: the invoice is still whole.
      expect((await getInvoice(ctx(), invoice.id)).balance).toBe(337);
      const pending = await listApprovals(ctx(), { status: "pending" });
      expect(pending.map((a) => a.id)).toContain(request.id);

      // The requester cannot approve their own request, even as an administrator.
      const ownAdmin = { email: STAFF.email, role: "admin" } as const;
      const own = await coreRefusal(approveRequest(ctx(), deps, request.id, ownAdmin), "forbidden");
      expect(own.message).toBe(APPROVAL_MESSAGES.ownRequest);
      // A staff member cannot approve at all.
      await coreRefusal(
        approveRequest(ctx(), deps, request.id, { email: "kitas@ratunuoma.lt", role: "staff" }),
        "forbidden",
      );

      const decision = await approveRequest(ctx(), deps, request.id, ADMIN);
      expect(decision.status).toBe("approved");
      expect(decision.result?.number).toMatch(/^KS-\d{6}$/);
      const after = await getInvoice(ctx(), invoice.id);
      expect(after.balance).toBe(295);
      expect(after.credits).toHaveLength(1);
      const note = await getInvoice(ctx(), decision.result!.id);
      expect(note.kind).toBe("credit");
      expect(note.totals.total).toBe(-42);
      expect(note.lines).toHaveLength(1);
      expect(note.lines[0]!.total).toBe(-42);
      // Decided once: a second approval is a conflict.
      await coreRefusal(approveRequest(ctx(), deps, request.id, OTHER_ADMIN), "conflict");
      const audit = await store.query(COLLECTIONS.auditLog, {
        where: [{ field: "recordId", op: "==", value: request.id }],
      });
      expect(audit.map((a) => a.data.action).sort()).toEqual(["create", "update"]);

      // An administrator credits the rest directly; nothing is left afterwards, never more than the invoice.
      const rest = await creditInvoice(ctx(), deps, invoice.id, { reason: "Nuoma atšaukta" }, ADMIN);
      expect(rest.total).toBe(-295);
      expect((await getInvoice(ctx(), invoice.id)).balance).toBe(0);
      await coreRefusal(creditInvoice(ctx(), deps, invoice.id, { reason: "Dar kartą" }, ADMIN), "conflict");
      await coreRefusal(requestCreditNote(ctx(), invoice.id, { reason: "Dar kartą" }, STAFF), "conflict");

      // The i.SAF export carries both credit notes as KS with negative amounts.
      const { xml } = await isafExport(ctx(), after.month);
      expect(xml).toContain(`<InvoiceNo>${note.number}</InvoiceNo>`);
      expect(xml).toContain(`<InvoiceNo>${rest.number}</InvoiceNo>`);
      expect(xml.match(/<InvoiceType>KS<\/InvoiceType>/g)?.length).toBeGreaterThanOrEqual(2);
    });

    it("prašymas atmetamas su priežastimi; grąžinimas – tik administratoriaus ir su nuoroda", async () => {
      const reservationId = await rentalOf337();
      await addLedgerEntry(ctx(), reservationId, { amount: 337, method: "card", kind: "rental" }, STAFF);
      const flagged = (await store.get(COLLECTIONS.reservations, reservationId))?.data as Reservation;
      expect(flagged.payment?.moneyTrail).toBe(true);

      // Staff: a refund is not theirs to record.
      await coreRefusal(
        addLedgerEntry(
          ctx(),
          reservationId,
          { amount: 105, method: "cash", kind: "refund", reference: "Grąžinta kasoje" },
          STAFF,
        ),
        "forbidden",
      );
      // No reference: refused even for an administrator.
      const noReference = await inputRefusal(
        addLedgerEntry(ctx(), reservationId, { amount: 105, method: "cash", kind: "refund" }, ADMIN),
      );
      expect(noReference.errors?.reference).toBeTruthy();
      await inputRefusal(requestRefund(ctx(), reservationId, { amount: 105, method: "cash" }, STAFF));

      const refund = await requestRefund(
        ctx(),
        reservationId,
        { amount: 105, method: "cash", reference: "Skundas Nr. 12" },
        STAFF,
      );
      expect((await listLedger(ctx(), reservationId)).summary.paid).toBe(337);
      const rejected = await rejectRequest(ctx(), refund.id, {}, ADMIN).catch((error: unknown) => error);
      expect(rejected).toMatchObject({ errors: { reason: expect.any(String) } });
      await rejectRequest(ctx(), refund.id, { reason: "Skundas nepagrįstas" }, ADMIN);
      const stored = (await listApprovals(ctx(), {})).find((a) => a.id === refund.id);
      expect(stored).toMatchObject({
        status: "rejected",
        decisionReason: "Skundas nepagrįstas",
        decidedBy: ADMIN.email,
      });
      expect((await listLedger(ctx(), reservationId)).summary.paid).toBe(337);

      const second = await requestRefund(
        ctx(),
        reservationId,
        { amount: 105, method: "cash", reference: "Skundas Nr. 13" },
        STAFF,
      );
      await approveRequest(ctx(), deps, second.id, ADMIN);
      const ledger = await listLedger(ctx(), reservationId);
      expect(ledger.summary.paid).toBe(232);
      // One clock for every entry: the refund is found by its kind, not its place.
      expect(ledger.entries.filter((e) => e.kind === "refund")).toEqual([
        expect.objectContaining({ amount: 105, who: ADMIN.email, reference: "Skundas Nr. 13" }),
      ]);
    });

    it("klientas sutrumpina apmokėtą nuomą: permoka rezervacijoje ir grąžinimo užduotis; keitimai riboti", async () => {
      const carId = demo.cars.filter((c) => c.doc.status === "active")[3]!.id;
      const email = "permoka@example.lt";
      const saved = await submitWebReservation(
        ctx(),
        reservationInput({
          carId,
          pickupAt: at(150),
          returnAt: at(157),
          extras: [],
          customer: { ...(reservationInput().customer as object), email },
        }),
      );
      const mails = await store.query(COLLECTIONS.mail, {
        where: [{ field: "ref", op: "==", value: `reservation:${saved.id}` }],
      });
      const token = mails
        .map((m) => TOKEN_IN_LINK.exec(String((m.data.message as { text: string }).text))?.[1])
        .find((t): t is string => Boolean(t))!;
      const paid = saved.quote.total;
      await addLedgerEntry(ctx(), saved.id, { amount: paid, method: "card", kind: "rental" }, STAFF);

      const change = {
        pickupAt: at(150),
        returnAt: at(151),
        pickupLocationId: saved.record.pickupLocationId,
        returnLocationId: saved.record.returnLocationId,
        extras: [],
      };
      const applied = await applyPortalChange(ctx(), token, change, { clientKey: "klientas-1" });
      expect(applied.outcome).toBe("applied");
      const expected = Math.round((paid - applied.quote.total) * 100) / 100;
      expect(expected).toBeGreaterThan(0);
      expect(applied.overpayment).toBe(expected);
      expect(applied.message).toContain("permoką grąžinsime");

      const now = (await store.get(COLLECTIONS.reservations, saved.id))?.data as Reservation;
      expect(overpaymentOf(now)).toBe(expected);
      expect(now.payment?.due).toBe(0);
      const tasks = (await listApprovals(ctx(), { status: "pending" })).filter((a) => a.reservationId === saved.id);
      expect(tasks).toHaveLength(1);
      expect(tasks[0]).toMatchObject({ kind: "refund", source: "portal", amount: expected });

      // Approved by an administrator: the refund is in the ledger and nothing is overpaid any more.
      await approveRequest(ctx(), deps, tasks[0]!.id, ADMIN);
      const refunded = (await store.get(COLLECTIONS.reservations, saved.id))?.data as Reservation;
      expect(overpaymentOf(refunded)).toBe(0);

      // The portal's changes are rate limited per client (429, in Lithuanian).
      const limited = async () => {
        for (let i = 0; i < PORTAL_CHANGE_RATE_LIMIT.max + 1; i++) {
          await applyPortalChange(
            ctx(),
            token,
            { ...change, returnAt: at(152 + (i % 2)) },
            { clientKey: "klientas-2" },
          );
        }
      };
      const refusal = await coreRefusal(limited(), "rate-limited");
      expect(refusal.message).toBe("Per daug užklausų. Bandykite vėliau.");
    }, 60_000);
  });
}
