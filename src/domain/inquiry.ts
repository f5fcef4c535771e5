// An inquiry from the site (contact, long-term, business) as both backends read and store it.
import { CLIENT_PRICE_FIELDS, parseFields, prepareBody } from "./input";
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
