// The "Mano rezervacija" links in mails, apart from the portal's use cases (customerPortal.ts) so
// that the reservation and notification rules that put a link in a mail need not import the portal.
import { issuePortalLink, type PortalLinkIssue } from "../domain/portalToken";
import type { CoreContext } from "./ports";

/** Where the site lives when the context does not say (CoreContext.siteUrl). */
const DEFAULT_SITE_URL = "http://localhost:3000";

/** The site's address for links in mails, no trailing slash. */
export const siteBaseOf = (ctx: Pick<CoreContext, "siteUrl">): string =>
  (ctx.siteUrl ?? DEFAULT_SITE_URL).replace(/\/+$/, "");

/**
 * A fresh link for a reservation, for one mail: the mail carries it and queueMail stores its hash
 * with the mail (src/core/writes.ts). No I/O here, so it may be made inside a transaction.
 */
export const newReservationLink = (
  ctx: Pick<CoreContext, "siteUrl">,
  reservationId: string,
  returnAt: string,
): PortalLinkIssue => issuePortalLink(siteBaseOf(ctx), reservationId, returnAt);
