// The back-office's data router, from the route table (routes.ts).
//
//   root            build-watcher gate on every navigation, standalone error page
//   ├─ *            any public path: a full page load (public pages are documents, src/site/app)
//   └─ /admin/*     admin layout: matches the admin table (404 for unknown paths or bad
//                   params), runs the guards, then renders the lazily imported AdminApp
//
// The guards take the backend as an argument, so tests run the same routes on a memory backend.
import { type ComponentType, lazy, Suspense } from "react";
import {
  createBrowserRouter,
  type HydrationState,
  matchRoutes,
  Outlet,
  type RouteObject,
  redirect,
  ScrollRestoration,
  useRouteError,
} from "react-router-dom";
import type { Backend } from "../backend/port";
import { ROUTES } from "./adminRoutes";
import { useBackend } from "./BackendContext";
import type { BuildWatcher } from "./buildWatcher";
import { isChunkLoadError } from "./errorReporter";
import { getGuard, loginUrlFor, runGuards } from "./guards";
import { isHttpErrorResponse, notFound } from "./httpErrors";
import LoadingScreen from "./LoadingScreen";
import RouteErrorPage from "./RouteErrorPage";
import type { AppRoute, AppRouteMatch } from "./routes";

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

export type { AppRouteMatch } from "./routes";

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
          // Public pages are documents of their own (src/site/app): the back-office hands any
          // other path to the browser, which loads that page (the site answers 404 for unknown ones).
          path: "*",
          loader: ({ request }) => {
            window.location.assign(request.url);
            return pageIsReloading();
          },
          Component: NothingHere,
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
  if (isHttpErrorResponse(error) && error.status === 404) return <AdminRoute App={App} notFound />;
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

export interface AppRouterOptions extends AppRoutesOptions {
  hydrationData?: HydrationState;
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
