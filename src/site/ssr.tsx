// Server rendering of one public URL, for prerendering at build time (scripts/prerender.ts).
// The same page modules, load() functions and React tree as the browser (src/site/app); the
// loaded data travels with the HTML so the browser starts from it without asking again.
import { renderToString } from "react-dom/server";
import { describeRouteError } from "../app/httpErrors";
import type { Backend } from "../backend/port";
import SiteApp from "./app/SiteApp";
import { loadSitePage, payloadOf, type SitePayload } from "./app/siteData";
import { createHeadCollector, HeadContext } from "./lib/head";
import type { PageHead } from "./lib/seo";
import { staticLocation } from "./lib/siteRouter";

export type RenderResult = {
  kind: "page";
  status: number;
  html: string;
  head: PageHead | null;
  /** null for an error page: it is never prerendered */
  payload: SitePayload | null;
};

export async function renderRoute(backend: Backend, url: string): Promise<RenderResult> {
  const target = new URL(url);
  const page = await loadSitePage(backend, target);
  const collector = createHeadCollector();
  const html = renderToString(
    <HeadContext.Provider value={collector}>
      <SiteApp backend={backend} location={staticLocation(target.href)} page={page} />
    </HeadContext.Provider>,
  );
  return {
    kind: "page",
    status: page.kind === "page" ? 200 : describeRouteError(page.error, target).statusCode,
    html,
    head: collector.head,
    payload: page.kind === "page" ? payloadOf(target, page) : null,
  };
}
