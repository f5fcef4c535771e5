// Start-up: error reporting first, then the runtime config, the backend adapter it names,
// and the router. Any failure on the way is logged (in Lithuanian), recorded in the
// server's client-error log, and shown as the 500 page.
import { StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { RouterProvider } from "react-router-dom";
import AppErrorBoundary from "./app/AppErrorBoundary";
import { BackendProvider } from "./app/BackendContext";
import { createBuildWatcher } from "./app/buildWatcher";
import { FullPageError } from "./app/ErrorPage";
import { errorMessage, installGlobalErrorReporting, reportError } from "./app/errorReporter";
import { INTERNAL_SERVER_ERROR } from "./app/httpErrors";
import { logger } from "./app/logger";
import { type AppRouter, createAppRouter, pendingNavigationHref } from "./app/router";
import { loadRuntimeConfig } from "./app/runtimeConfig";
import { createBackend } from "./backend";

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
  const target = router ? pendingNavigationHref(router) : null;
  if (watcher.onChunkError((event as Event & { payload?: unknown }).payload, target ?? undefined)) {
    event.preventDefault();
  }
});

let root: Root | null = null;

function showFailure(error: unknown): void {
  const props = { statusCode: 500, statusMessage: INTERNAL_SERVER_ERROR, description: errorMessage(error) };
  const container = document.getElementById("root");
  try {
    if (!container) throw new Error("Nerastas elementas #root");
    root?.unmount();
    root = createRoot(container);
    root.render(<FullPageError {...props} />);
  } catch {
    // React itself failed: plain text still tells the visitor what happened.
    document.body.textContent = `500 ${INTERNAL_SERVER_ERROR}. Įvyko klaida: ${props.description}`;
  }
}

async function start(): Promise<void> {
  let stage: "startup" | "mount" = "startup";
  try {
    const config = await loadRuntimeConfig();
    const backend = await createBackend(config);
    const checkIntervalMs = config.buildCheckIntervalMs;
    if (checkIntervalMs !== undefined) watcher = createBuildWatcher({ buildId: BUILD_ID, checkIntervalMs });
    const activeWatcher = watcher;
    router = createAppRouter({ backend, watcher: activeWatcher });

    stage = "mount";
    const container = document.getElementById("root");
    if (!container) throw new Error("Nerastas elementas #root, į kurį montuojama programa");
    root = createRoot(container, {
      onUncaughtError: (error) => reportError("mount", "Neapdorota klaida montuojant programą", error),
      onRecoverableError: (error) => logger.warn(`React atsigavo po klaidos: ${errorMessage(error)}`),
    });
    root.render(
      <StrictMode>
        <AppErrorBoundary>
          <BackendProvider backend={backend}>
            <RouterProvider router={router} />
          </BackendProvider>
        </AppErrorBoundary>
      </StrictMode>,
    );
    activeWatcher.start();
    logger.info(`Programa paleista (versija ${BUILD_ID}, duomenų adapteris ${backend.kind})`);
  } catch (error) {
    reportError(stage, stage === "startup" ? "Klaida paleidžiant programą" : "Klaida montuojant programą", error);
    showFailure(error);
  }
}

void start();
