// The part of a public page that React hydrates: what is inside <main>. The header and the
// footer around it stay the prerendered HTML (the menu button works without React,
// staticMenu.ts), so their code is not loaded to hydrate a page; it loads only when the whole
// page is rendered in the browser (SiteApp.tsx).
import { type ReactNode, Suspense } from "react";
import AppErrorBoundary from "../../app/AppErrorBoundary";
import { BackendProvider } from "../../app/BackendContext";
import type { Backend } from "../../backend/port";
import { ToastProvider } from "../components/Toasts";
import { type SiteLocationSource, SiteRouteProvider } from "../lib/siteRouter";
import type { SitePage } from "./siteData";

/** Inside <main>: the page and the toasts' live region. The Suspense boundary lets React hydrate in slices. */
export function SiteContent({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <Suspense>{children}</Suspense>
    </ToastProvider>
  );
}

export interface SiteProvidersProps {
  backend: Backend;
  location: SiteLocationSource;
  page: SitePage;
  children: ReactNode;
}

/** What every page reads from context: the backend, the URL, the route's params and data. */
export function SiteProviders({ backend, location, page, children }: SiteProvidersProps) {
  const route = {
    location,
    params: page.kind === "page" ? page.match.params : {},
    settings: page.settings,
    pageData: page.kind === "page" ? page.pageData : null,
  };
  return (
    <AppErrorBoundary>
      <BackendProvider backend={backend}>
        <SiteRouteProvider route={route}>{children}</SiteRouteProvider>
      </BackendProvider>
    </AppErrorBoundary>
  );
}

/** A prerendered page's <main>, hydrated. */
export default function SiteMain({
  backend,
  location,
  page,
}: {
  backend: Backend;
  location: SiteLocationSource;
  page: SitePage & { kind: "page" };
}) {
  const Page = page.module.default;
  return (
    <SiteProviders backend={backend} location={location} page={page}>
      <SiteContent>
        <Page />
      </SiteContent>
    </SiteProviders>
  );
}
