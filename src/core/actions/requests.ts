// The inquiries', the outbox's and "Mano rezervacija"'s staff actions.
import type { ReplyInput } from "../../domain/inquiry";
import { envelope, id, value } from "./envelope";
import { STAFF, staffAction } from "./registry";

export const requestActions = {
  /** mail to the outbox + reply recorded + inquiry answered, in one server transaction */
  replyToRequest: staffAction({
    roles: STAFF,
    args: (id: string, input: ReplyInput) => ({ id, input }),
    input: envelope({ id, input: value }),
    http: { method: "POST", path: "/actions/requests/:id/reply", body: "input", status: 201 },
    invalidates: ["requests", "mail"],
    run: ({ inquiries }, input, ctx) => inquiries.replyToInquiry(ctx.core, input.id, input.input, ctx.actor.email),
  }),
  /** a copy of an outbox mail queued again (same recipients, message, attachments and ref); audited */
  resendMail: staffAction({
    roles: STAFF,
    args: (id: string) => ({ id }),
    input: envelope({ id }),
    http: { method: "POST", path: "/actions/mail/:id/resend", body: false, status: 201 },
    invalidates: ["mail"],
    run: ({ mailResend }, input, ctx) => mailResend.resendMail(ctx.core, input.id, ctx.actor.email),
  }),
  /** "Mano rezervacija": every link of the reservation revoked, a new one mailed to the customer; audited */
  resendPortalLink: staffAction({
    roles: STAFF,
    args: (id: string) => ({ id }),
    input: envelope({ id }),
    http: { method: "POST", path: "/actions/reservations/:id/portal-link", body: false },
    invalidates: ["mail"],
    run: ({ customerPortal }, input, ctx) => customerPortal.resendPortalLink(ctx.core, input.id, ctx.actor),
  }),
};
