// The public site's "router": every public page is its own document (prerendered HTML), so
// moving between pages is an ordinary page load, helped by prefetching (speculation rules).
// What pages need from a router is small, and this module gives exactly that:
// the URL (with query changes made in place, as filters do), the route's params, the layout's
// and the page's data, links, and navigation. No client-side route table, no router library
// in the public bundle (it cost about 30 kB gzip on every page).
import {
  type AnchorHTMLAttributes,
  createContext,
  type ReactNode,
  useContext,
  useMemo,
  useSyncExternalStore,
} from "react";
import type { RouteParams } from "../../app/page";
import type { PublicSettings } from "../../backend/port";

/** Where the page's URL lives: fixed on the server, the address bar in the browser. */
export interface SiteLocationSource {
  href(): string;
  subscribe(listener: () => void): () => void;
  /** A new document: another page, or the same page with different data. */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Same page, a new query string (filters, sorting): history only, no load. */
  setSearch(search: string, options?: { replace?: boolean }): void;
}

export function staticLocation(href: string): SiteLocationSource {
  return {
    href: () => href,
    subscribe: () => () => undefined,
    navigate: () => {
      throw new Error("Serveryje naršyti negalima");
    },
    setSearch: () => {
      throw new Error("Serveryje adreso keisti negalima");
    },
  };
}

export function browserLocation(): SiteLocationSource {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    href: () => window.location.href,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) window.addEventListener("popstate", notify);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener("popstate", notify);
      };
    },
    navigate(to, options) {
      if (options?.replace) window.location.replace(to);
      else window.location.assign(to);
    },
    setSearch(search, options) {
      const query = search.replace(/^\?/, "");
      const url = `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`;
      if (options?.replace) window.history.replaceState(window.history.state, "", url);
      else window.history.pushState(window.history.state, "", url);
      notify();
    },
  };
}

export interface SiteRoute {
  location: SiteLocationSource;
  params: RouteParams;
  settings: PublicSettings;
  /** the page module's load() result (null when it has none) */
  pageData: unknown;
}

const SiteRouteContext = createContext<SiteRoute | null>(null);

export function SiteRouteProvider({ route, children }: { route: SiteRoute; children: ReactNode }) {
  return <SiteRouteContext.Provider value={route}>{children}</SiteRouteContext.Provider>;
}

function useSiteRoute(): SiteRoute {
  const route = useContext(SiteRouteContext);
  if (!route) throw new Error("Svetainės puslapis atvaizduojamas be maršruto duomenų (SiteRouteProvider)");
  return route;
}

function useHref(): string {
  const { location } = useSiteRoute();
  return useSyncExternalStore(location.subscribe, location.href, location.href);
}

export interface SiteLocation {
  pathname: string;
  search: string;
  hash: string;
}

export function useLocation(): SiteLocation {
  const href = useHref();
  return useMemo(() => {
    const url = new URL(href, "http://localhost");
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  }, [href]);
}

type SearchInit = URLSearchParams | Record<string, string>;

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit, options?: { replace?: boolean; preventScrollReset?: boolean }) => void,
] {
  const { location } = useSiteRoute();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = (next: SearchInit, options?: { replace?: boolean }) =>
    location.setSearch(new URLSearchParams(next).toString(), options);
  return [params, set];
}

export function useNavigate(): (to: string, options?: { replace?: boolean }) => void {
  return useSiteRoute().location.navigate;
}

export function useParams(): RouteParams {
  return useSiteRoute().params;
}

export function useSiteSettings(): PublicSettings {
  return useSiteRoute().settings;
}

export function usePageData<T>(): T {
  return useSiteRoute().pageData as T;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/** A link to another page: a plain anchor (the browser loads the page, prefetched on intent). */
export function Link({ to, children, ...rest }: AnchorProps) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

/** A menu link: marks the current page (aria-current), `end` for an exact match only. */
export function NavLink({ to, end = false, children, ...rest }: AnchorProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, "") || "/";
  const active = path === to || (!end && to !== "/" && path.startsWith(`${to}/`));
  return (
    <a href={to} aria-current={active ? "page" : undefined} {...rest}>
      {children}
    </a>
  );
}
