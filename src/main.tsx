// Start-up: error reporting and the new-build watcher first, then the runtime config, then one
// of two apps, each a dynamic import so neither costs the other anything:
//   - the public site (src/site/app/siteRuntime.tsx): every page its own prerendered document;
//   - the back-office under /admin (src/app/spa.tsx): a client-side app.
// Any failure on the way is logged (in Lithuanian), recorded in the server's client-error log,
// and shown as the 500 page.
// The stylesheets stay in the entry: prerendered pages inline them (scripts/prerender.ts).
import "./app/app.css";
import "./app/errorPage.css";
import "./site/site.css";
import type { Root } from "react-dom/client";
import { createBuildWatcher } from "./app/buildWatcher";
import { errorMessage, installGlobalErrorReporting, isChunkLoadError, reportError } from "./app/errorReporter";
import { logger } from "./app/logger";
import type { AppRouter } from "./app/router";
import { loadRuntimeConfig } from "./app/runtimeConfig";
import { INTERNAL_SERVER_ERROR } from "./app/statusMessages";

// The build id in the DOM: handy in bug reports. scripts/write-build-info.ts finds the id in the
// bundle by this exact call, so keep __BUILD_ID__ written inline here.
document.documentElement.setAttribute("data-build-id", __BUILD_ID__);
const BUILD_ID = __BUILD_ID__;

// Replaced once the runtime config is read (it may set the check interval); handlers read the latest.
let watcher = createBuildWatcher({ buildId: BUILD_ID });
installGlobalErrorReporting({ buildId: BUILD_ID, onChunkError: (error) => watcher.onChunkError(error) });
let router: AppRouter | null = null;
let root: Root | null = null;
// Vite fires this when a lazy chunk's preload fails (typically: a new deploy removed it).
// Reload the page the visitor was going to; while throttled, the import fails normally.
window.addEventListener("vite:preloadError", (event) => {
  const target = router ? pendingHref(router) : null;
  if (watcher.onChunkError((event as Event & { payload?: unknown }).payload, target ?? undefined)) {
    event.preventDefault();
  }
});

/** The href the back-office router is navigating to, or null when idle (without loading router.tsx). */
function pendingHref(activeRouter: AppRouter): string | null {
  const target = activeRouter.state.navigation.location;
  return target ? activeRouter.createHref(target) : null;
}

const isBackOffice = (pathname: string): boolean => /^\/admin(\/|$)/.test(pathname);

async function showFailure(error: unknown): Promise<void> {
  const props = { statusCode: 500, statusMessage: INTERNAL_SERVER_ERROR, description: errorMessage(error) };
  const container = document.getElementById("root");
  try {
    if (!container) throw new Error("Nerastas elementas #root");
    const [{ createRoot }, { FullPageError }] = await Promise.all([
      import("react-dom/client"),
      import("./app/ErrorPage"),
    ]);
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
  try {
    const backOffice = isBackOffice(window.location.pathname);
    // Fetched while the runtime config is read; evaluated when it arrives.
    const spa = backOffice ? import("./app/spa") : null;
    const site = backOffice ? null : import("./site/app/siteRuntime");
    const config = await loadRuntimeConfig();
    const checkIntervalMs = config.buildCheckIntervalMs;
    if (checkIntervalMs !== undefined) watcher = createBuildWatcher({ buildId: BUILD_ID, checkIntervalMs });
    const activeWatcher = watcher;
    if (spa) {
      const started = await (await spa).startSpa({ config, watcher: activeWatcher });
      router = started.router;
      root = started.root;
    }
    if (site) await (await site).startSite({ config, watcher: activeWatcher });
    activeWatcher.start();
    logger.info(`Programa paleista (versija ${BUILD_ID}, ${backOffice ? "administravimas" : "svetainė"})`);
  } catch (error) {
    // A page's code removed by a new deploy: load the page again (throttled).
    if (isChunkLoadError(error) && watcher.onChunkError(error)) return;
    reportError("startup", "Klaida paleidžiant programą", error);
    await showFailure(error);
  }
}

void start();
