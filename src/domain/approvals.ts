// Four eyes on money going back (keturių akių principas): a credit note or a refund requested by
// one person is executed only when an administrator who is someone else approves it. The request
// is a document of the collection `approvals`; src/core/approvals.ts files, approves and rejects
// them. A refund task from "Mano rezervacija" (a paid reservation re-priced below what was paid)
// is the same kind of request, filed by the customer's change.
import { z } from "zod";
import { creditPickSchema } from "./creditNotes";
import { formatMoney } from "./format";
import { invalidFields, issueFieldErrors, prepareBody } from "./input";
import { PAYMENT_METHODS } from "./payments";

export const APPROVAL_KINDS = ["credit-note", "refund"] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_KIND_LABELS: Readonly<Record<ApprovalKind, string>> = {
  "credit-note": "Kreditinė sąskaita",
  refund: "Pinigų grąžinimas",
};
export const APPROVAL_STATUS_LABELS: Readonly<Record<ApprovalStatus, string>> = {
  pending: "Laukia patvirtinimo",
  approved: "Patvirtinta",
  rejected: "Atmesta",
};

/** A request as stored (collection `approvals`). */
export const approvalSchema = z
  .object({
    kind: z.enum(APPROVAL_KINDS),
    status: z.enum(APPROVAL_STATUSES),
    /** who asked: a staff member's e-mail, or the customer's change ("Mano rezervacija") */
    requestedBy: z.string().min(1).max(254),
    source: z.enum(["staff", "portal"]).default("staff"),
    reason: z.string().max(500),
    /** what goes back, gross (the credit note's total as a positive amount, or the refund) */
    amount: z.number(),
    invoiceId: z.string().max(64).nullable().default(null),
    invoiceNumber: z.string().max(40).nullable().default(null),
    /** a partial credit note's lines; null: everything still in force */
    lines: z.array(creditPickSchema).nullable().default(null),
    reservationId: z.string().max(64).nullable().default(null),
    reservationNumber: z.string().max(40).nullable().default(null),
    /** a refund: how the money goes back and its reference */
    refund: z
      .object({ method: z.enum(PAYMENT_METHODS), reference: z.string().max(200) })
      .strict()
      .nullable()
      .default(null),
    decidedBy: z.string().max(254).nullable().default(null),
    decidedAt: z.string().nullable().default(null),
    /** why it was rejected */
    decisionReason: z.string().max(500).default(""),
    /** what the approval issued: the credit note or the ledger entry */
    result: z.object({ id: z.string(), number: z.string().nullable() }).strict().nullable().default(null),
  })
  .strict();
export type Approval = z.infer<typeof approvalSchema>;

export const APPROVAL_MESSAGES = {
  notFound: "Prašymas nerastas",
  ownRequest: "Savo prašymo patvirtinti negalima: jį patvirtina kitas administratorius",
  decided: (status: ApprovalStatus) =>
    `Prašymas jau išspręstas (${APPROVAL_STATUS_LABELS[status].toLocaleLowerCase("lt")})`,
  creditAdminOnly:
    "Kreditinę sąskaitą išrašo tik administratorius. Pateikite prašymą – jį patvirtins kitas darbuotojas, administratorius.",
  refundTooMuch: (paid: number) => `Grąžinti daugiau nei sumokėta (${formatMoney(paid)}) negalima`,
  notRefund: "Šis prašymas – ne grąžinimas",
} as const;

/** What the customer's change leaves to give back: the reference of the refund task. */
export const PORTAL_REFUND_REFERENCE = (number: string) =>
  `Permoka po kliento pakeitimo „Mano rezervacija“ (${number})`;

const reasonField = z
  .string({ error: "Nurodykite priežastį" })
  .trim()
  .min(3, { error: "Nurodykite priežastį (bent 3 simboliai)" })
  .max(500, { error: "Ne daugiau kaip 500 simbolių" });

export const rejectInputSchema = z.object({ reason: reasonField }).strict();

/** The reason an administrator rejects a request with. */
export function readRejectInput(body: unknown): { reason: string } {
  const parsed = rejectInputSchema.safeParse(prepareBody(body ?? {}, ["reason"]));
  if (!parsed.success) throw invalidFields(issueFieldErrors(parsed.error));
  return parsed.data;
}

/** Only pending requests on the dashboard; the rest kept for the record. */
export const approvalListFilterSchema = z.object({ status: z.enum(APPROVAL_STATUSES).optional() }).strict();
