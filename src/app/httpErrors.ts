// Route errors as React Router error responses: serialisable, so a prerendered page
// can hand them to hydration (createStaticHandler -> hydrationData) unchanged.
import { data, isRouteErrorResponse } from "react-router-dom";
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

/** Throw from a loader: the 404 page for this URL. */
export function notFound(url: URL | string, message = "Tokio puslapio nėra. Patikrinkite adresą."): never {
  throw data<RouteErrorBody>({ message }, { status: 404, statusText: pageNotFoundMessage(fullPathOf(url)) });
}

export interface ErrorDetails {
  statusCode: number;
  statusMessage: string;
  description: string;
}

/** Whatever a route threw, as the three things the error page shows. */
export function describeRouteError(error: unknown, url: URL | string): ErrorDetails {
  if (isRouteErrorResponse(error)) {
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
