// The "Mano rezervacija" links in mails, apart from the portal's use cases (customerPortal.ts) so
// that the reservation and notification rules that put a link in a mail need not import the portal.
import { issuePortalLink, type PortalLinkIssue } from "../domain/portalToken";

/** Where the site lives, for the links in mails (server: PUBLIC_URL; Firebase: the hosting address). */
let baseUrl = "http://localhost:3000";

export function setPortalBaseUrl(url: string): void {
  baseUrl = url.replace(/\/+$/, "");
}

export const portalBaseUrl = (): string => baseUrl;

/**
 * A fresh link for a reservation, for one mail: the mail carries it and queueMail stores its hash
 * with the mail (src/core/writes.ts). No I/O here, so it may be made inside a transaction.
 */
export const newReservationLink = (reservationId: string, returnAt: string): PortalLinkIssue =>
  issuePortalLink(baseUrl, reservationId, returnAt);
