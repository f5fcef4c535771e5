// Renders whatever a route threw (loader, guard, render) as the error page, and records
// the serious ones. A failed chunk import reloads the page instead (throttled).
import { useLocation, useRouteError } from "react-router-dom";
import ErrorPage, { FullPageError } from "./ErrorPage";
import { describeRouteError } from "./httpErrors";
import { useRouteErrorReport } from "./useRouteErrorReport";

export interface RouteErrorPageProps {
  /** without a layout around it (root errors) */
  standalone?: boolean;
  onChunkError?: (error: unknown) => boolean;
}

export default function RouteErrorPage({ standalone = false, onChunkError }: RouteErrorPageProps) {
  const error = useRouteError();
  const location = useLocation();
  const href = `${location.pathname}${location.search}`;
  const details = describeRouteError(error, new URL(href, "http://localhost"));

  useRouteErrorReport(error, details.statusCode, href, onChunkError);

  return standalone ? <FullPageError {...details} /> : <ErrorPage {...details} />;
}
