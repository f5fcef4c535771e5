// The back-office in the browser: a client-side app under /admin (React Router and the
// lazily loaded react-admin). Public pages are documents of their own (src/site/app); the
// router hands any public path back to the browser as a full page load.
import { createRoot, type Root } from "react-dom/client";
import { createBackend } from "../backend";
import type { BuildWatcher } from "./buildWatcher";
import { errorMessage, reportError } from "./errorReporter";
import { logger } from "./logger";
import { appElement, createAppRouter, pendingNavigationHref } from "./mount";
import type { AppRouter } from "./router";
import type { RuntimeConfig } from "./runtimeConfig";

export interface SpaStart {
  config: RuntimeConfig;
  watcher: BuildWatcher;
}

export async function startSpa({ config, watcher }: SpaStart): Promise<{ root: Root; router: AppRouter }> {
  const backend = await createBackend(config);
  const container = document.getElementById("root");
  if (!container) throw new Error("Nerastas elementas #root, į kurį montuojama programa");
  const router = createAppRouter({ backend, watcher });
  const root = createRoot(container, {
    onUncaughtError: (error: unknown) => reportError("mount", "Neapdorota klaida montuojant programą", error),
    onRecoverableError: (error: unknown) => logger.warn(`React atsigavo po klaidos: ${errorMessage(error)}`),
  });
  root.render(appElement(backend, router));
  return { root, router };
}

export { pendingNavigationHref };
