// The public site in the browser. Every public page is its own prerendered document, and
// moving between pages is a page load (prefetched on intent), so
// there is no client-side router. What runs here depends on the page:
//
//   - a page with no form (terms, privacy, about, a news article): nothing but the menu button
//     and, after load, a check of its data against the API. React is loaded only when that data
//     changed since the build, to render the fresh page;
//   - a page with forms or other interactive parts: React hydrates the prerendered markup from
//     the data in the page, then the same check renders fresh data in place if it changed;
//   - a page opened with a query string (search results, filters), a page not prerendered
//     (the app shell for "Mano rezervacija", an unknown path): its data loads, then React renders.
import type { ReactElement } from "react";
import type { Root } from "react-dom/client";
import type { BuildWatcher } from "../../app/buildWatcher";
import { errorMessage, reportError } from "../../app/errorReporter";
import { logger } from "../../app/logger";
import type { RuntimeConfig } from "../../app/runtimeConfig";
import { createBackend } from "../../backend";
import { setDocumentHydration } from "../lib/hydration";
import { browserLocation } from "../lib/siteRouter";
import { canonicalPath, setSiteBaseUrl } from "../lib/siteUrl";
import type { SitePage, SitePayload } from "./siteData";
import { bindStaticMenu } from "./staticMenu";

export interface SiteStart {
  config: RuntimeConfig;
  watcher: BuildWatcher;
}

/** The data a prerendered page carries (scripts/prerender.ts writes it), or null. */
function readPayload(): SitePayload | null {
  const element = document.getElementById("route-data");
  if (!element?.textContent) return null;
  try {
    const payload = JSON.parse(element.textContent) as SitePayload;
    return typeof payload?.path === "string" && payload.settings ? payload : null;
  } catch (error) {
    logger.warn(`Nepavyko perskaityti puslapio duomenų, puslapis bus įkeltas iš naujo: ${errorMessage(error)}`);
    return null;
  }
}

const afterLoad = (task: () => void) => {
  const run = () => setTimeout(task, 0);
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
};

const sameData = (page: SitePage, payload: SitePayload): boolean =>
  page.kind === "page" &&
  JSON.stringify(page.settings) === JSON.stringify(payload.settings) &&
  JSON.stringify(page.pageData) === JSON.stringify(payload.page);

export async function startSite({ config, watcher }: SiteStart): Promise<void> {
  setSiteBaseUrl(config.publicUrl ?? window.location.origin);
  const container = document.getElementById("root");
  if (!container) throw new Error("Nerastas elementas #root, į kurį montuojama svetainė");
  const url = new URL(window.location.href);
  const payload = readPayload();
  const prerendered =
    payload !== null && canonicalPath(payload.path) === canonicalPath(url.pathname) && url.search === "";

  const [{ loadSitePage, publicRouteOf }, backend] = await Promise.all([import("./siteData"), createBackend(config)]);
  const onChunkError = (error: unknown) => watcher.onChunkError(error);
  const rootOptions = {
    onUncaughtError: (error: unknown) => reportError("mount", "Neapdorota klaida montuojant svetainę", error),
    onRecoverableError: (error: unknown) => logger.warn(`React atsigavo po klaidos: ${errorMessage(error)}`),
  };
  const location = browserLocation();
  /** React on <main> of a prerendered page (with the element it renders there), or on the whole page. */
  let island: { root: Root; main: (page: SitePage & { kind: "page" }) => ReactElement } | null = null;
  let root: Root | null = null;

  /** The whole page (layout included), rendered in the browser. */
  const render = async (page: SitePage) => {
    const [{ createRoot }, { createElement }, { default: SiteApp }] = await Promise.all([
      import("react-dom/client"),
      import("react"),
      import("./SiteApp"),
    ]);
    if (!root) {
      island?.root.unmount();
      island = null;
      root = createRoot(container, rootOptions);
    }
    root.render(createElement(SiteApp, { backend, location, page, onChunkError }));
  };

  /** After load: the API's data for this page; a change since the build renders it afresh. */
  const refresh = (current: SitePayload) =>
    afterLoad(() => {
      loadSitePage(backend, url)
        .then(async (fresh) => {
          if (sameData(fresh, current)) return;
          setDocumentHydration(false);
          // A hydrated page keeps what the visitor has typed: its <main> re-renders in place.
          if (island && fresh.kind === "page") island.root.render(island.main(fresh));
          else await render(fresh);
        })
        .catch((error: unknown) => logger.warn(`Nepavyko atnaujinti puslapio duomenų: ${errorMessage(error)}`));
    });

  if (prerendered && payload) {
    // The header and the footer stay the prerendered HTML on every such page.
    bindStaticMenu(container);
    const match = publicRouteOf(url);
    if (match.route.staticPage) {
      refresh(payload);
      return;
    }
    const main = container.querySelector("main");
    if (!main) throw new Error("Iš anksto paruoštame puslapyje nėra <main>");
    const importer = match.route.page as NonNullable<typeof match.route.page>;
    const [module, { hydrateRoot }, { createElement }, { default: SiteMain }] = await Promise.all([
      importer(),
      import("react-dom/client"),
      import("react"),
      import("./SiteContent"),
    ]);
    const mainOf = (page: SitePage & { kind: "page" }) => createElement(SiteMain, { backend, location, page });
    setDocumentHydration(true);
    const hydrated = hydrateRoot(
      main,
      mainOf({ kind: "page", match, module, settings: payload.settings, pageData: payload.page }),
      rootOptions,
    );
    island = { root: hydrated, main: mainOf };
    refresh(payload);
    return;
  }
  // The layout's settings from the page, when it has them (a query string on a prerendered page).
  await render(await loadSitePage(backend, url, payload ? { settings: payload.settings } : {}));
}
