// Builds the data router from the route table (routes.ts).
//
//   root            build-watcher gate on every navigation, standalone error page
//   ├─ site         default layout; loads the public settings (brand, footer)
//   │  └─ (boundary) errors render inside the layout
//   │     ├─ public pages (lazy modules: validate -> guards -> page load())
//   │     └─ *         404 "Page Not Found: {fullPath}"
//   └─ /admin/*     admin layout: matches the admin table (404 for unknown paths or bad
//                   params), runs the guards, then renders the lazily imported AdminApp
//
// Everything a page needs comes through loaders that take the backend as an argument,
// so a server can run the same routes with createStaticHandler for prerendering.
import { type ComponentType, lazy, Suspense } from "react";
import {
  createBrowserRouter,
  type HydrationState,
  isRouteErrorResponse,
  matchRoutes,
  Outlet,
  type RouteObject,
  redirect,
  ScrollRestoration,
  useRouteError,
} from "react-router-dom";
import type { Backend } from "../backend/port";
import SiteLayout from "../site/layout/SiteLayout";
import { useBackend } from "./BackendContext";
import type { BuildWatcher } from "./buildWatcher";
import { isChunkLoadError } from "./errorReporter";
import { getGuard, loginUrlFor, runGuards } from "./guards";
import { notFound } from "./httpErrors";
import LoadingScreen from "./LoadingScreen";
import type { PageImporter, PageModule } from "./page";
import RouteErrorPage from "./RouteErrorPage";
import { type AppRoute, ROUTES, type RouteParams } from "./routes";

export type NavigationWatcher = Pick<BuildWatcher, "beforeNavigate" | "onChunkError">;

export interface AppRoutesOptions {
  backend: Backend;
  /** defaults to ROUTES */
  routes?: readonly AppRoute[];
  /** the new-build watcher; none on a server or in tests */
  watcher?: NavigationWatcher | null;
  /** the admin app module; tests may pass a light one */
  adminApp?: () => Promise<{ default: ComponentType<{ backend: Backend; notFound?: boolean }> }>;
  /** where the pending navigation goes: a chunk that fails to load reloads that URL */
  navigationTarget?: () => string | null;
}

/** Never settles: the page is being replaced by a full load. */
const pageIsReloading = () => new Promise<never>(() => {});

/** Every route's guard names must be registered: fail loudly when the router is built. */
export function assertRouteMiddleware(routes: readonly AppRoute[]): void {
  for (const route of routes) for (const name of route.middleware ?? []) getGuard(name);
}

export interface AppRouteMatch {
  route: AppRoute;
  params: RouteParams;
}

/** The most specific route of `routes` for a pathname (React Router's ranking), or null. */
export function matchAppRoute(routes: readonly AppRoute[], pathname: string): AppRouteMatch | null {
  const matches = matchRoutes(
    routes.map((route) => ({ path: route.path, handle: route })),
    pathname,
  );
  const last = matches?.[matches.length - 1];
  if (!last) return null;
  return { route: last.route.handle as AppRoute, params: last.params };
}

export function createAppRoutes(options: AppRoutesOptions): RouteObject[] {
  const { backend, watcher = null } = options;
  const routes = options.routes ?? ROUTES;
  assertRouteMiddleware(routes);

  const onChunkError = (error: unknown): boolean =>
    watcher?.onChunkError(error, options.navigationTarget?.() ?? undefined) ?? false;
  /** A lazy import that reloads the page when its chunk is gone (a new deploy). */
  const loadChunk =
    <T,>(importer: () => Promise<T>) =>
    async (): Promise<T> => {
      try {
        const loaded = await importer();
        // A vite:preloadError answered with a reload resolves the import to undefined.
        if (loaded === undefined) return pageIsReloading();
        return loaded;
      } catch (error) {
        if (isChunkLoadError(error) && onChunkError(error)) return pageIsReloading();
        throw error;
      }
    };

  const publicRoute = (route: AppRoute): RouteObject => {
    if (!route.page) throw new Error(`Viešasis maršrutas ${route.path} neturi puslapio modulio`);
    const loadPage: PageImporter = loadChunk(route.page);
    return {
      id: pageRouteId(route.path),
      path: route.path,
      // Shown in the layout when a page's data must load before it renders (a prerendered
      // page opened with a query string); the layout itself stays.
      HydrateFallback: LoadingScreen,
      loader: async ({ request, params }) => {
        const url = new URL(request.url);
        if (route.validate && !route.validate(params)) notFound(url);
        if (route.middleware?.length) await runGuards(route.middleware, { backend, request, url, params });
        const page: PageModule = await loadPage();
        return page.load ? ((await page.load({ backend, params, url, request })) ?? null) : null;
      },
      lazy: async () => {
        const page = await loadPage();
        return page.shouldRevalidate
          ? { Component: page.default, shouldRevalidate: page.shouldRevalidate }
          : { Component: page.default };
      },
    };
  };

  const adminRoutes = routes.filter((route) => route.layout === "admin");
  const AdminApp = lazy(loadChunk(options.adminApp ?? (() => import("../admin/AdminApp"))));

  return [
    {
      id: "root",
      Component: RootShell,
      HydrateFallback: LoadingScreen,
      errorElement: <RouteErrorPage standalone onChunkError={onChunkError} />,
      // Runs on every navigation: an outdated build turns it into a full page load.
      loader: async ({ request }) => {
        if (watcher && (await watcher.beforeNavigate(request.url))) return pageIsReloading();
        return null;
      },
      shouldRevalidate: () => true,
      children: [
        {
          id: "site",
          Component: SiteLayout,
          loader: () => backend.site.settings(),
          // Settings change rarely: load them when the layout mounts or on an explicit revalidate.
          shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
            currentUrl.href === nextUrl.href && defaultShouldRevalidate,
          children: [
            {
              errorElement: <RouteErrorPage onChunkError={onChunkError} />,
              children: [
                ...routes.filter((route) => route.layout === "default").map(publicRoute),
                {
                  path: "*",
                  loader: ({ request }) => notFound(new URL(request.url)),
                  Component: NothingHere,
                },
              ],
            },
          ],
        },
        {
          path: "/admin/*",
          loader: async ({ request }) => {
            const url = new URL(request.url);
            // react-admin sends signed-out staff to <basename>/login; our login page is /login.
            if (url.pathname.replace(/\/+$/, "") === "/admin/login") throw redirect(loginUrlFor("/admin"));
            const match = matchAppRoute(adminRoutes, url.pathname);
            if (!match || (match.route.validate && !match.route.validate(match.params))) notFound(url);
            await runGuards(match.route.middleware ?? [], { backend, request, url, params: match.params });
            return null;
          },
          // react-admin rewrites the query string as staff filter and sort: no need to re-check then.
          shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
            currentUrl.pathname !== nextUrl.pathname || (currentUrl.href === nextUrl.href && defaultShouldRevalidate),
          element: <AdminRoute App={AdminApp} />,
          // An unknown admin address: the 404 inside the back-office layout (menu and app bar stay).
          errorElement: <AdminRouteError App={AdminApp} onChunkError={onChunkError} />,
        },
      ],
    },
  ];
}

type AdminAppComponent = ComponentType<{ backend: Backend; notFound?: boolean }>;

/** The back-office, loaded only after the admin route's guards let the visitor in. */
function AdminRoute({ App, notFound = false }: { App: AdminAppComponent; notFound?: boolean }) {
  const backend = useBackend();
  return (
    <Suspense fallback={<LoadingScreen label="Įkeliama administravimo sistema…" />}>
      <App backend={backend} notFound={notFound} />
    </Suspense>
  );
}

/** A 404 under /admin renders the back-office with its own not-found page; anything else the error page. */
function AdminRouteError({ App, onChunkError }: { App: AdminAppComponent; onChunkError: (error: unknown) => boolean }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <AdminRoute App={App} notFound />;
  return <RouteErrorPage standalone onChunkError={onChunkError} />;
}

function RootShell() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** The catch-all's loader always throws a 404; this never shows. */
function NothingHere() {
  return null;
}

/** The route id of a public page: stable, so prerendered data finds its route when hydrating. */
export const pageRouteId = (path: string): string => `page:${path}`;

export interface AppRouterOptions extends AppRoutesOptions {
  hydrationData?: HydrationState;
}

/**
 * Loads the lazy modules of the routes that match `pathname`, in place. Hydrating a
 * prerendered page needs them before the router starts: a route still lazy at start-up
 * makes React Router render the loading fallback instead of the server's markup.
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const route = match.route;
    if (typeof route.lazy !== "function") continue;
    const loaded = await route.lazy();
    Object.assign(route, loaded);
    route.lazy = undefined;
  }
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The href the router is navigating to, or null when idle. */
export function pendingNavigationHref(router: AppRouter): string | null {
  const target = router.state.navigation.location;
  return target ? router.createHref(target) : null;
}

export function createAppRouter(options: AppRouterOptions): AppRouter {
  let router: AppRouter | null = null;
  const routes = createAppRoutes({
    ...options,
    navigationTarget: () => (router ? pendingNavigationHref(router) : null),
  });
  router = createBrowserRouter(routes, options.hydrationData ? { hydrationData: options.hydrationData } : {});
  return router;
}

/**
 * The router for a page that arrived prerendered: the matching route modules are loaded
 * first, so the router starts with the server's data and renders the same markup.
 */
export async function createHydratingAppRouter(
  options: AppRouterOptions & { hydrationData: HydrationState; pathname: string },
): Promise<AppRouter> {
  let router: AppRouter | null = null;
  const routes = createAppRoutes({
    ...options,
    navigationTarget: () => (router ? pendingNavigationHref(router) : null),
  });
  await resolveLazyRoutes(routes, options.pathname);
  router = createBrowserRouter(routes, { hydrationData: options.hydrationData });
  return router;
}
