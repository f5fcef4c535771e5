// One public page as a React tree: the layout around the page (or the error page), with the
// backend, the URL and the loaded data in context. The server renders it to HTML
// (src/site/ssr.tsx); the browser hydrates only its <main> (SiteContent.tsx) and renders the
// whole tree when the page is not prerendered or its data changed (siteRuntime.tsx).
import ErrorPage from "../../app/ErrorPage";
import { describeRouteError } from "../../app/httpErrors";
import { useRouteErrorReport } from "../../app/useRouteErrorReport";
import type { Backend } from "../../backend/port";
import SiteLayout from "../layout/SiteLayout";
import { type SiteLocationSource, useLocation } from "../lib/siteRouter";
import { SiteProviders } from "./SiteContent";
import type { SitePage } from "./siteData";

export interface SiteAppProps {
  backend: Backend;
  location: SiteLocationSource;
  page: SitePage;
  /** a page whose code failed to load after a deploy: reload (throttled); true when reloading */
  onChunkError?: (error: unknown) => boolean;
}

export default function SiteApp({ backend, location, page, onChunkError }: SiteAppProps) {
  const Page = page.kind === "page" ? page.module.default : null;
  return (
    <SiteProviders backend={backend} location={location} page={page}>
      <SiteLayout>
        {Page ? (
          <Page />
        ) : (
          <SiteErrorPage error={page.kind === "error" ? page.error : null} onChunkError={onChunkError} />
        )}
      </SiteLayout>
    </SiteProviders>
  );
}

/** Whatever a page's route or data threw, as the error page inside the layout. */
function SiteErrorPage({ error, onChunkError }: { error: unknown; onChunkError?: (error: unknown) => boolean }) {
  const { pathname, search } = useLocation();
  const href = `${pathname}${search}`;
  const details = describeRouteError(error, new URL(href, "http://localhost"));
  useRouteErrorReport(error, details.statusCode, href, onChunkError);
  return <ErrorPage {...details} />;
}
