// Route errors: a status, its text and a message. No router library here: the public site's
// pages throw these from their load() too, and the public bundle carries no router. React
// Router's own error responses (the back-office's) have the same shape and are read alike.
import { INTERNAL_SERVER_ERROR, pageNotFoundMessage } from "./statusMessages";

export { INTERNAL_SERVER_ERROR, pageNotFoundMessage } from "./statusMessages";

export interface RouteErrorBody {
  /** the error's own message, shown as the description */
  message: string;
}

/** "/automobiliai/x?y=1": the path as the visitor typed it. */
export function fullPathOf(url: URL | string): string {
  const u = typeof url === "string" ? new URL(url, "http://localhost") : url;
  return `${u.pathname}${u.search}`;
}

/** An error with an HTTP status, thrown by a route's loader or guard. */
export class HttpError extends Error {
  readonly internal = false;
  readonly data: RouteErrorBody;
  constructor(
    readonly status: number,
    readonly statusText: string,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
    this.data = { message };
  }
}

/** An HttpError or React Router's error response: { status, statusText, data }. */
export function isHttpErrorResponse(error: unknown): error is { status: number; statusText: string; data: unknown } {
  const candidate = error as { status?: unknown; statusText?: unknown } | null;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    typeof candidate.status === "number" &&
    typeof candidate.statusText === "string" &&
    "data" in candidate
  );
}

/** Throw from a loader: the 404 page for this URL. */
export function notFound(url: URL | string, message = "Tokio puslapio nėra. Patikrinkite adresą."): never {
  throw new HttpError(404, pageNotFoundMessage(fullPathOf(url)), message);
}

export interface ErrorDetails {
  statusCode: number;
  statusMessage: string;
  description: string;
}

/** Whatever a route threw, as the three things the error page shows. */
export function describeRouteError(error: unknown, url: URL | string): ErrorDetails {
  if (isHttpErrorResponse(error)) {
    const body = error.data as Partial<RouteErrorBody> | string | undefined;
    const description =
      typeof body === "string" ? body : typeof body?.message === "string" ? body.message : (error.statusText ?? "");
    return {
      statusCode: error.status,
      statusMessage: error.status === 404 ? pageNotFoundMessage(fullPathOf(url)) : INTERNAL_SERVER_ERROR,
      description,
    };
  }
  const status =
    typeof (error as { status?: unknown })?.status === "number" ? (error as { status: number }).status : 500;
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "Nežinoma klaida";
  if (status === 404)
    return { statusCode: 404, statusMessage: pageNotFoundMessage(fullPathOf(url)), description: message };
  return {
    statusCode: status >= 400 && status <= 599 ? status : 500,
    statusMessage: INTERNAL_SERVER_ERROR,
    description: message,
  };
}
