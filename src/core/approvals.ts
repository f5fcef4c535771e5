// Four eyes on money going back: staff file a request for a credit note or a refund; an
// administrator who is not the requester approves it (the credit note or the ledger's refund entry
// is written in the same transaction as the approval) or rejects it with a reason. Every step is
// in the audit log. The customer's change in "Mano rezervacija" that leaves a paid reservation
// overpaid files a refund task the same way (fileOverpaymentTask). Written once for every store.
import {
  APPROVAL_MESSAGES,
  type Approval,
  approvalListFilterSchema,
  approvalSchema,
  PORTAL_REFUND_REFERENCE,
  readRejectInput,
} from "../domain/approvals";
import { readPartialCreditInput } from "../domain/creditNotes";
import { formatMoney, roundMoney } from "../domain/format";
import { parseFields } from "../domain/input";
import { PORTAL_ACTOR } from "../domain/portal";
import { COLLECTIONS } from "./collections";
import { CoreError, RESERVATION_NOT_FOUND_MESSAGE } from "./errors";
import {
  afterCredit,
  afterIssue,
  checkCreditLines,
  INVOICE_NOT_FOUND_MESSAGE,
  type InvoiceDeps,
  prepareCreditNote,
  type StoredInvoice,
} from "./invoices";
import { afterLedgerEntry, prepareLedgerEntry, readStaffLedgerInput } from "./payments";
import type { CoreContext, Reader, StoredDoc, Transaction } from "./ports";
import { readRecord, type Stamped, toRecord } from "./records";
import { staffDisplayName } from "./staff";
import { insertDoc, replaceDoc, type StaffActor, type Writer, writeAudit, writer } from "./writes";

export type StoredApproval = Stamped<Approval>;

const toApproval = (doc: StoredDoc): StoredApproval => readRecord(approvalSchema, doc) as StoredApproval;

async function loadApproval(reader: Reader, ctx: CoreContext, id: string): Promise<StoredApproval> {
  const found = ctx.store.isId(id) ? await reader.get(COLLECTIONS.approvals, id) : null;
  if (!found) throw new CoreError("not-found", APPROVAL_MESSAGES.notFound);
  return toApproval(found);
}

function fileRequest(w: Writer, data: Approval, actor: string): string {
  const id = insertDoc(w, COLLECTIONS.approvals, { ...data } as Record<string, unknown>);
  writeAudit(w, {
    action: "create",
    resource: "approvals",
    recordId: id,
    actor,
    kind: data.kind,
    amount: data.amount,
    ...(data.invoiceNumber ? { invoiceNumber: data.invoiceNumber } : {}),
    ...(data.reservationNumber ? { reservationNumber: data.reservationNumber } : {}),
  });
  return id;
}

const emptyRequest = {
  invoiceId: null,
  invoiceNumber: null,
  lines: null,
  reservationId: null,
  reservationNumber: null,
  refund: null,
  decidedBy: null,
  decidedAt: null,
  decisionReason: "",
  result: null,
} as const;

export interface FiledRequest {
  id: string;
  status: "pending";
  amount: number;
  message: string;
}

/** Staff ask for a credit note (the same body as the credit note itself): POST /invoices/:id/credit-requests. */
export async function requestCreditNote(
  ctx: CoreContext,
  invoiceId: string,
  body: unknown,
  actor: StaffActor,
): Promise<FiledRequest> {
  const { store } = ctx;
  const input = readPartialCreditInput(body);
  if (!store.isId(invoiceId)) throw new CoreError("not-found", INVOICE_NOT_FOUND_MESSAGE);
  const now = ctx.clock.now();
  const filed = await store.transaction(async (tx) => {
    await tx.lock(`invoice-credit-${invoiceId}`);
    const found = await tx.get(COLLECTIONS.invoices, invoiceId);
    if (!found) throw new CoreError("not-found", INVOICE_NOT_FOUND_MESSAGE);
    const original = { ...toRecord(found), creditOfId: found.data.creditOfId ?? null } as StoredInvoice;
    const { lines } = await checkCreditLines(tx, original, input.lines);
    const amount = -roundMoney(lines.reduce((sum, line) => sum + line.total, 0));
    const w = writer(tx, store, now);
    const id = fileRequest(
      w,
      {
        ...emptyRequest,
        kind: "credit-note",
        status: "pending",
        requestedBy: actor.email,
        source: "staff",
        reason: input.reason,
        amount,
        invoiceId,
        invoiceNumber: original.number,
        lines: input.lines && input.lines.length > 0 ? input.lines : null,
        reservationId: original.reservationIds.length === 1 ? (original.reservationIds[0] ?? null) : null,
        reservationNumber: original.reservationNumbers.length === 1 ? (original.reservationNumbers[0] ?? null) : null,
      },
      actor.email,
    );
    return { id, amount, number: original.number };
  });
  ctx.events.publish("approvals", filed.id, "created");
  ctx.log.info(
    `Prašymas kreditinei sąskaitai ${filed.number} (${formatMoney(filed.amount)}) pateiktas (${actor.email})`,
  );
  return {
    id: filed.id,
    status: "pending",
    amount: filed.amount,
    message: `Prašymas išrašyti kreditinę sąskaitą (${formatMoney(filed.amount)}) pateiktas. Ją išrašys administratorius, patvirtinęs prašymą.`,
  };
}

/** Staff ask for a refund: POST /reservations/:id/refund-requests { amount, method, reference }. */
export async function requestRefund(
  ctx: CoreContext,
  reservationId: string,
  body: unknown,
  actor: StaffActor,
): Promise<FiledRequest> {
  const { store } = ctx;
  const raw = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const input = readStaffLedgerInput({ ...raw, kind: "refund" });
  if (!store.isId(reservationId)) throw new CoreError("not-found", RESERVATION_NOT_FOUND_MESSAGE);
  const now = ctx.clock.now();
  const filed = await store.transaction(async (tx) => {
    const prepared = await prepareLedgerEntry(tx, ctx, reservationId, input, actor.email, now);
    if (Math.round(input.amount * 100) > Math.round(prepared.paidBefore * 100)) {
      throw new CoreError("precondition", APPROVAL_MESSAGES.refundTooMuch(prepared.paidBefore));
    }
    const w = writer(tx, store, now);
    const id = fileRequest(
      w,
      {
        ...emptyRequest,
        kind: "refund",
        status: "pending",
        requestedBy: actor.email,
        source: "staff",
        reason: input.reference,
        amount: input.amount,
        reservationId,
        reservationNumber: prepared.reservation.number ?? null,
        refund: { method: input.method, reference: input.reference },
      },
      actor.email,
    );
    return { id, number: prepared.reservation.number ?? reservationId };
  });
  ctx.events.publish("approvals", filed.id, "created");
  ctx.log.info(
    `Grąžinimo prašymas rezervacijai ${filed.number} (${formatMoney(input.amount)}) pateiktas (${actor.email})`,
  );
  return {
    id: filed.id,
    status: "pending",
    amount: input.amount,
    message: `Prašymas grąžinti ${formatMoney(input.amount)} pateiktas. Pinigai bus įrašyti, kai prašymą patvirtins administratorius.`,
  };
}

/** The requests, newest first (filter: status); the dashboard asks for the pending ones. */
export async function listApprovals(ctx: CoreContext, filter: unknown): Promise<StoredApproval[]> {
  const { status } = parseFields(approvalListFilterSchema, filter ?? {});
  const docs = await ctx.store.query(
    COLLECTIONS.approvals,
    status ? { where: [{ field: "status", op: "==", value: status }] } : undefined,
  );
  return docs.map(toApproval).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export interface ApprovalDecision {
  id: string;
  status: "approved" | "rejected";
  /** what the approval issued: the credit note's number, or the refund's ledger entry */
  result: { id: string; number: string | null } | null;
  message: string;
}

function assertDecidable(approval: StoredApproval, actor: StaffActor, approving: boolean): void {
  if (approval.status !== "pending") throw new CoreError("conflict", APPROVAL_MESSAGES.decided(approval.status));
  if (approving && approval.requestedBy.toLowerCase() === actor.email.toLowerCase()) {
    throw new CoreError("forbidden", APPROVAL_MESSAGES.ownRequest);
  }
}

function decided(w: Writer, approval: StoredApproval, patch: Partial<Approval>): void {
  replaceDoc(w, COLLECTIONS.approvals, approval.id, { ...approval, ...patch }, approval.createdAt);
}

/**
 * An administrator approves: the credit note or the refund is written in this same transaction,
 * checked again against the invoice's balance or what was paid now. Never the requester.
 */
export async function approveRequest(
  ctx: CoreContext,
  deps: InvoiceDeps,
  id: string,
  actor: StaffActor,
): Promise<ApprovalDecision> {
  const { store } = ctx;
  const now = ctx.clock.now();
  if (actor.role !== "admin") throw new CoreError("forbidden", APPROVAL_MESSAGES.creditAdminOnly);
  const actorName = await staffDisplayName(store, actor);
  const outcome = await store.transaction(async (tx: Transaction) => {
    await tx.lock(`approval-${id}`);
    const approval = await loadApproval(tx, ctx, id);
    assertDecidable(approval, actor, true);
    const w = writer(tx, store, now);
    const audit = (result: { id: string; number: string | null }) =>
      writeAudit(w, {
        action: "update",
        resource: "approvals",
        recordId: id,
        actor: actor.email,
        decision: "approved",
        kind: approval.kind,
        amount: approval.amount,
        resultId: result.id,
        ...(result.number ? { resultNumber: result.number } : {}),
      });
    if (approval.kind === "credit-note") {
      const credit = await prepareCreditNote(
        tx,
        ctx,
        approval.invoiceId ?? "",
        { reason: approval.reason, ...(approval.lines ? { lines: approval.lines } : {}) },
        actor.email,
        actorName,
        now,
      );
      const issued = credit.write();
      const result = { id: issued.id, number: issued.number };
      decided(w, approval, { status: "approved", decidedBy: actor.email, decidedAt: now.toISOString(), result });
      audit(result);
      return { approval, credit: issued, ledger: null, result };
    }
    if (!approval.refund || !approval.reservationId) throw new CoreError("precondition", APPROVAL_MESSAGES.notRefund);
    const prepared = await prepareLedgerEntry(
      tx,
      ctx,
      approval.reservationId,
      {
        amount: approval.amount,
        method: approval.refund.method,
        kind: "refund",
        reference: approval.refund.reference,
      },
      actor.email,
      now,
    );
    if (Math.round(approval.amount * 100) > Math.round(prepared.paidBefore * 100)) {
      throw new CoreError("precondition", APPROVAL_MESSAGES.refundTooMuch(prepared.paidBefore));
    }
    const ledger = prepared.write();
    const result = { id: ledger.entry.id, number: null };
    decided(w, approval, { status: "approved", decidedBy: actor.email, decidedAt: now.toISOString(), result });
    audit(result);
    return { approval, credit: null, ledger, result };
  });
  ctx.events.publish("approvals", id, "updated");
  if (outcome.credit) {
    afterCredit(ctx, outcome.credit, outcome.approval.invoiceId ?? "", outcome.approval.reason, actor.email);
    await afterIssue(ctx, deps, outcome.credit.id);
  }
  if (outcome.ledger) afterLedgerEntry(ctx, outcome.ledger, actor.email);
  return {
    id,
    status: "approved",
    result: outcome.result,
    message: outcome.credit
      ? `Patvirtinta: išrašyta kreditinė sąskaita ${outcome.credit.number} (${formatMoney(outcome.credit.total)})`
      : `Patvirtinta: grąžinimas ${formatMoney(outcome.approval.amount)} įrašytas į mokėjimus`,
  };
}

/** An administrator rejects a request with a reason: POST /approvals/:id/reject { reason }. */
export async function rejectRequest(
  ctx: CoreContext,
  id: string,
  body: unknown,
  actor: StaffActor,
): Promise<ApprovalDecision> {
  const { store } = ctx;
  const { reason } = readRejectInput(body);
  const now = ctx.clock.now();
  if (actor.role !== "admin") throw new CoreError("forbidden", APPROVAL_MESSAGES.creditAdminOnly);
  await store.transaction(async (tx) => {
    await tx.lock(`approval-${id}`);
    const approval = await loadApproval(tx, ctx, id);
    assertDecidable(approval, actor, false);
    const w = writer(tx, store, now);
    decided(w, approval, {
      status: "rejected",
      decidedBy: actor.email,
      decidedAt: now.toISOString(),
      decisionReason: reason,
    });
    writeAudit(w, {
      action: "update",
      resource: "approvals",
      recordId: id,
      actor: actor.email,
      decision: "rejected",
      kind: approval.kind,
      amount: approval.amount,
      reason,
    });
  });
  ctx.events.publish("approvals", id, "updated");
  ctx.log.info(`Prašymas ${id} atmestas: ${reason} (${actor.email})`);
  return { id, status: "rejected", result: null, message: "Prašymas atmestas" };
}

// ---------- the refund task of a customer's change ----------

/**
 * Inside the customer's change (after its reads: call `readPendingPortalTask` first): files or
 * updates the reservation's refund task for what was paid above the new price, or closes a task
 * that no longer has anything to give back.
 */
export async function readPendingPortalTask(tx: Transaction, reservationId: string): Promise<StoredApproval | null> {
  const docs = await tx.query(COLLECTIONS.approvals, {
    where: [{ field: "reservationId", op: "==", value: reservationId }],
  });
  return (
    docs.map(toApproval).find((a) => a.status === "pending" && a.source === "portal" && a.kind === "refund") ?? null
  );
}

export function fileOverpaymentTask(
  w: Writer,
  reservation: Stamped<{ number?: string }>,
  pending: StoredApproval | null,
  overpayment: number,
): string | null {
  const number = reservation.number ?? reservation.id;
  if (overpayment <= 0) {
    if (pending) {
      decided(w, pending, {
        status: "rejected",
        decidedBy: PORTAL_ACTOR,
        decidedAt: w.now.toISOString(),
        decisionReason: "Klientas dar kartą pakeitė rezervaciją: permokos nebeliko",
      });
    }
    return pending?.id ?? null;
  }
  if (pending) {
    decided(w, pending, { amount: overpayment, reason: `Permoka ${formatMoney(overpayment)}, grąžintina` });
    return pending.id;
  }
  return fileRequest(
    w,
    {
      ...emptyRequest,
      kind: "refund",
      status: "pending",
      requestedBy: PORTAL_ACTOR,
      source: "portal",
      reason: `Permoka ${formatMoney(overpayment)}, grąžintina`,
      amount: overpayment,
      reservationId: reservation.id,
      reservationNumber: reservation.number ?? null,
      refund: { method: "transfer", reference: PORTAL_REFUND_REFERENCE(number) },
    },
    PORTAL_ACTOR,
  );
}
