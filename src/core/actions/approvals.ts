// Four eyes on credit notes and refunds (src/core/approvals.ts): staff file requests, an
// administrator who is someone else approves or rejects them.
import { envelope, id, value } from "./envelope";
import { ADMINS, STAFF, staffAction } from "./registry";

const ADMIN_DECIDES = "Prašymus tvirtina ar atmeta tik administratorius";

export const approvalActions = {
  /** the requests, newest first (filter: { status: "pending" } for the dashboard) */
  listApprovals: staffAction({
    roles: STAFF,
    args: (status?: "pending" | "approved" | "rejected") => ({ status: status ?? "" }),
    input: envelope({ status: value }),
    http: { method: "GET", path: "/approvals", query: ["status"] },
    run: ({ approvals }, input, ctx) => approvals.listApprovals(ctx.core, { status: input.status || undefined }),
  }),
  /** a request for a credit note (the credit note's own body: reason, lines) */
  requestCreditNote: staffAction({
    roles: STAFF,
    args: (id: string, body: { reason: string; lines?: { line: number; amount: number }[] }) => ({ id, body }),
    input: envelope({ id, body: value }),
    http: { method: "POST", path: "/invoices/:id/credit-requests", body: "body", status: 201 },
    invalidates: ["approvals"],
    run: ({ approvals }, input, ctx) => approvals.requestCreditNote(ctx.core, input.id, input.body, ctx.actor),
  }),
  /** a request for a refund { amount, method, reference } */
  requestRefund: staffAction({
    roles: STAFF,
    args: (id: string, body: { amount: number; method: string; reference: string }) => ({ id, body }),
    input: envelope({ id, body: value }),
    http: { method: "POST", path: "/reservations/:id/refund-requests", body: "body", status: 201 },
    invalidates: ["approvals"],
    run: ({ approvals }, input, ctx) => approvals.requestRefund(ctx.core, input.id, input.body, ctx.actor),
  }),
  /** an administrator approves: the credit note or the refund is written with the approval */
  approveRequest: staffAction({
    roles: ADMINS,
    refusal: ADMIN_DECIDES,
    args: (id: string) => ({ id }),
    input: envelope({ id }),
    http: { method: "POST", path: "/approvals/:id/approve", body: false },
    invalidates: ["approvals", "reservations", "mail"],
    run: ({ approvals }, input, ctx) => approvals.approveRequest(ctx.core, ctx.documents, input.id, ctx.actor),
  }),
  /** an administrator rejects with a reason */
  rejectRequest: staffAction({
    roles: ADMINS,
    refusal: ADMIN_DECIDES,
    args: (id: string, reason: string) => ({ id, body: { reason } }),
    input: envelope({ id, body: value }),
    http: { method: "POST", path: "/approvals/:id/reject", body: "body" },
    invalidates: ["approvals"],
    run: ({ approvals }, input, ctx) => approvals.rejectRequest(ctx.core, input.id, input.body, ctx.actor),
  }),
};
