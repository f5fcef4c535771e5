// How many submissions one client may make on the public site per window, on every backend
// (each a setting of the deployment: env on the local server, parameters on Firebase).
import type { RateLimit } from "./rateLimit";

export const SITE_RATE_WINDOW_SECONDS = 600;

export interface SiteRateLimits {
  /** accepted inquiries */
  requests: RateLimit;
  /** accepted reservations: a visitor cannot tie up the fleet */
  reservations: RateLimit;
  /** live quotes: each one prices the whole rental on the server */
  quotes: RateLimit;
}

export const DEFAULT_SITE_RATE_LIMITS: SiteRateLimits = {
  requests: { max: 10, windowSeconds: SITE_RATE_WINDOW_SECONDS },
  reservations: { max: 20, windowSeconds: SITE_RATE_WINDOW_SECONDS },
  quotes: { max: 600, windowSeconds: SITE_RATE_WINDOW_SECONDS },
};
