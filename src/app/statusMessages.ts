// The error page's status messages (SPEC section 8), without React Router: the app's entry
// needs the 500 text before any of the router is loaded.

/** The spec's exact 404 status message. */
export const pageNotFoundMessage = (fullPath: string): string => `Page Not Found: ${fullPath}`;
export const INTERNAL_SERVER_ERROR = "Internal Server Error";
