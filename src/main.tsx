// Start-up: error reporting first, then the runtime config, the backend adapter it names,
// and the router. Any failure on the way is logged (in Lithuanian), recorded in the
// server's client-error log, and shown as the 500 page.
//
// React DOM and the app's tree (router, layout) are dynamic imports: each is evaluated in a
// task of its own, so a prerendered page never blocks the main thread for long while it starts.
// The stylesheets stay in the entry: prerendered pages inline them (scripts/prerender.ts).
import "./app/app.css";
import "./app/errorPage.css";
import "./site/site.css";
import type { Root } from "react-dom/client";
import { createBuildWatcher } from "./app/buildWatcher";
import { errorMessage, installGlobalErrorReporting, reportError } from "./app/errorReporter";
import { logger } from "./app/logger";
import type { AppRouter } from "./app/router";
import { loadRuntimeConfig } from "./app/runtimeConfig";
import type { RoutePayload } from "./app/ssr";
import { INTERNAL_SERVER_ERROR } from "./app/statusMessages";
import { createBackend } from "./backend";
import { setDocumentHydration } from "./site/lib/hydration";
import { canonicalPath, setSiteBaseUrl } from "./site/lib/siteUrl";

const loadReactDom = () => import("react-dom/client");
const loadMount = () => import("./app/mount");

// The build id in the DOM: handy in bug reports. scripts/write-build-info.ts finds the id in the
// bundle by this exact call, so keep __BUILD_ID__ written inline here.
document.documentElement.setAttribute("data-build-id", __BUILD_ID__);
const BUILD_ID = __BUILD_ID__;

// Replaced once the runtime config is read (it may set the check interval); handlers read the latest.
let watcher = createBuildWatcher({ buildId: BUILD_ID });
installGlobalErrorReporting({ buildId: BUILD_ID, onChunkError: (error) => watcher.onChunkError(error) });
let router: AppRouter | null = null;
// Vite fires this when a lazy chunk's preload fails (typically: a new deploy removed it).
// Reload the page the visitor was going to; while throttled, the import fails normally.
window.addEventListener("vite:preloadError", (event) => {
  const target = router ? pendingHref(router) : null;
  if (watcher.onChunkError((event as Event & { payload?: unknown }).payload, target ?? undefined)) {
    event.preventDefault();
  }
});

let root: Root | null = null;

/** The href the router is navigating to, or null when idle (router.tsx's pendingNavigationHref, without loading it). */
function pendingHref(activeRouter: AppRouter): string | null {
  const target = activeRouter.state.navigation.location;
  return target ? activeRouter.createHref(target) : null;
}

/** The data a prerendered page carries (scripts/prerender.ts writes it), or null. */
function readRoutePayload(): RoutePayload | null {
  const element = document.getElementById("route-data");
  if (!element?.textContent) return null;
  try {
    const payload = JSON.parse(element.textContent) as RoutePayload;
    return typeof payload?.path === "string" && payload.hydrationData ? payload : null;
  } catch (error) {
    logger.warn(`Nepavyko perskaityti puslapio duomenų, puslapis bus įkeltas iš naujo: ${errorMessage(error)}`);
    return null;
  }
}

/** The layout's data without the page's own: the page loads its data for this exact URL. */
function withoutPageData(payload: RoutePayload): RoutePayload["hydrationData"] {
  const loaderData = Object.fromEntries(
    Object.entries(payload.hydrationData.loaderData ?? {}).filter(([id]) => !id.startsWith("page:")),
  );
  return { loaderData, actionData: null, errors: null };
}

/**
 * After hydration: ask the API again, so a change staff made after the build shows at once.
 * The loaders run outside the router first; only when their answer differs from the
 * prerendered data does the router revalidate (and React re-render the page).
 */
function refreshAfterLoad(activeRouter: AppRouter): void {
  const check = async () => {
    const { matches, loaderData, location } = activeRouter.state;
    const url = new URL(activeRouter.createHref(location), window.location.href);
    const request = new Request(url);
    for (const match of matches) {
      const loader = match.route.loader;
      // The root's loader is the new-build gate, not data.
      if (match.route.id === "root" || typeof loader !== "function") continue;
      const fresh = await loader({
        request,
        url,
        params: match.params,
        pattern: match.route.path ?? "",
        context: undefined,
      });
      if (JSON.stringify(fresh) !== JSON.stringify(loaderData[match.route.id])) {
        await activeRouter.revalidate();
        return;
      }
    }
  };
  const refresh = () =>
    setTimeout(() => {
      check().catch((error: unknown) => {
        // A route that no longer exists (a car taken off the site) shows its error page.
        activeRouter.revalidate().catch(() => undefined);
        logger.warn(`Nepavyko atnaujinti puslapio duomenų: ${errorMessage(error)}`);
      });
    }, 0);
  if (document.readyState === "complete") refresh();
  else window.addEventListener("load", refresh, { once: true });
}

async function showFailure(error: unknown): Promise<void> {
  const props = { statusCode: 500, statusMessage: INTERNAL_SERVER_ERROR, description: errorMessage(error) };
  const container = document.getElementById("root");
  try {
    if (!container) throw new Error("Nerastas elementas #root");
    const [{ createRoot }, { FullPageError }] = await Promise.all([loadReactDom(), loadMount()]);
    root?.unmount();
    root = createRoot(container);
    root.render(<FullPageError {...props} />);
  } catch {
    // React itself failed: plain text still tells the visitor what happened.
    // Never the raw error text (it is in the log): a fixed Lithuanian explanation.
    document.body.textContent = `500 ${INTERNAL_SERVER_ERROR}. Įvyko klaida: puslapio parodyti nepavyko.`;
  }
}

async function start(): Promise<void> {
  let stage: "startup" | "mount" = "startup";
  try {
    // Fetched while the runtime config is read; evaluated as each arrives.
    const reactDom = loadReactDom();
    const mount = loadMount();
    const config = await loadRuntimeConfig();
    const backend = await createBackend(config);
    const checkIntervalMs = config.buildCheckIntervalMs;
    if (checkIntervalMs !== undefined) watcher = createBuildWatcher({ buildId: BUILD_ID, checkIntervalMs });
    const activeWatcher = watcher;
    setSiteBaseUrl(config.publicUrl ?? window.location.origin);

    // A prerendered page of this very path: start from its data. With a query string the
    // markup was made for another URL, so the page renders afresh (the layout's data still serves).
    const payload = readRoutePayload();
    const prerendered =
      payload !== null &&
      canonicalPath(payload.path) === canonicalPath(window.location.pathname) &&
      !payload.hydrationData.errors;
    const hydrate = prerendered && window.location.search === "";
    const { appElement, createAppRouter, createHydratingAppRouter } = await mount;
    if (prerendered) {
      router = await createHydratingAppRouter({
        backend,
        watcher: activeWatcher,
        pathname: window.location.pathname,
        hydrationData: hydrate ? payload.hydrationData : withoutPageData(payload),
      });
    } else {
      router = createAppRouter({ backend, watcher: activeWatcher });
    }

    stage = "mount";
    const container = document.getElementById("root");
    if (!container) throw new Error("Nerastas elementas #root, į kurį montuojama programa");
    const app = appElement(backend, router);
    const { createRoot, hydrateRoot } = await reactDom;
    const rootOptions = {
      onUncaughtError: (error: unknown) => reportError("mount", "Neapdorota klaida montuojant programą", error),
      onRecoverableError: (error: unknown) => logger.warn(`React atsigavo po klaidos: ${errorMessage(error)}`),
    };
    if (hydrate) {
      setDocumentHydration(true);
      // Pages the visitor moves to later render in the browser from the start.
      const activeRouter = router;
      const stopWatching = activeRouter.subscribe((state) => {
        if (state.navigation.state !== "idle") {
          setDocumentHydration(false);
          stopWatching();
        }
      });
      root = hydrateRoot(container, app, rootOptions);
      refreshAfterLoad(router);
    } else {
      root = createRoot(container, rootOptions);
      root.render(app);
    }
    activeWatcher.start();
    logger.info(`Programa paleista (versija ${BUILD_ID}, duomenų adapteris ${backend.kind})`);
  } catch (error) {
    reportError(stage, stage === "startup" ? "Klaida paleidžiant programą" : "Klaida montuojant programą", error);
    await showFailure(error);
  }
}

void start();
