// An inquiry from the site (contact, long-term, business) as both backends read and store it,
// and staff's reply to it: the mail and the answered inquiry (the callers write both in one
// transaction).
import { z } from "zod";
import { formatNumber } from "./format";
import { CLIENT_PRICE_FIELDS, parseFields, prepareBody } from "./input";
import { type OutgoingMail, textToHtml } from "./mailTemplates";
import { type InquiryRequest, type RequestInput, requestInputSchema, requestSchema } from "./schemas";

export const REQUEST_INPUT_KEYS = Object.keys(requestInputSchema.shape);

/** The inquiry body: known fields only, client price fields dropped, validated. */
export const readRequestInput = (body: unknown): RequestInput =>
  parseFields(requestInputSchema, prepareBody(body, REQUEST_INPUT_KEYS, CLIENT_PRICE_FIELDS));

/** The stored inquiry: new, without replies. */
export const newRequestDoc = (input: RequestInput): InquiryRequest =>
  requestSchema.parse({
    type: input.type,
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    message: input.message,
    carId: input.carId ?? null,
    company: input.company ?? null,
    status: "new",
    replies: [],
  });

export const REQUEST_NOT_FOUND_MESSAGE = "Užklausa nerasta";

export const replyInputSchema = z
  .object({
    subject: z
      .string({ error: "Turi būti tekstas" })
      .trim()
      .min(1, { error: "Įrašykite temą" })
      .max(200, { error: "Ne daugiau kaip 200 simbolių" }),
    body: z
      .string({ error: "Turi būti tekstas" })
      .trim()
      .min(1, { error: "Įrašykite atsakymą" })
      .max(20_000, { error: `Ne daugiau kaip ${formatNumber(20_000)} simbolių` }),
  })
  .strict();
export type ReplyInput = z.infer<typeof replyInputSchema>;

/** The reply's mail to the inquirer; their answer goes to the company's first address. */
export const replyMail = (
  requestId: string,
  inquiry: Pick<InquiryRequest, "email">,
  companyEmail: string | undefined,
  input: ReplyInput,
): OutgoingMail => ({
  to: inquiry.email,
  ...(companyEmail ? { replyTo: companyEmail } : {}),
  subject: input.subject,
  text: input.body,
  html: textToHtml(input.body),
  ref: `request:${requestId}`,
});

/** The inquiry answered: the reply added to its replies; the record's id and times are left to the store. */
export function answeredRequest(inquiry: InquiryRequest, input: ReplyInput, by: string, at: Date): InquiryRequest {
  const { id: _id, createdAt: _c, updatedAt: _u, ...doc } = inquiry;
  const reply = { at: at.toISOString(), by, subject: input.subject, body: input.body };
  return requestSchema.parse({ ...doc, status: "answered", replies: [...(inquiry.replies ?? []), reply] });
}
