// What a route's error page does besides showing the error: a page's code removed by a new
// deploy reloads the page (throttled), and a failure (5xx) is recorded. Shared by the
// back-office's error page (RouteErrorPage.tsx) and the public site's (src/site/app/SiteApp.tsx).
import { useEffect } from "react";
import { isChunkLoadError, reportError } from "./errorReporter";

export function useRouteErrorReport(
  error: unknown,
  statusCode: number,
  href: string,
  onChunkError?: (error: unknown) => boolean,
): void {
  useEffect(() => {
    if (isChunkLoadError(error)) {
      if (onChunkError?.(error)) return;
      reportError("chunk", "Nepavyko įkelti programos dalies", error);
      return;
    }
    if (statusCode >= 500) reportError("render", `Klaida atvaizduojant puslapį ${href}`, error);
  }, [error, statusCode, href, onChunkError]);
}
