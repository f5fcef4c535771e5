// Server rendering of one public URL, for prerendering at build time (scripts/prerender.ts).
// The same route table and loaders as the browser, run through React Router's static handler;
// the loader results travel with the HTML so the browser hydrates without asking again.
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, type HydrationState, StaticRouterProvider } from "react-router-dom";
import type { Backend } from "../backend/port";
import { createHeadCollector, HeadContext } from "../site/lib/head";
import type { PageHead } from "../site/lib/seo";
import { BackendProvider } from "./BackendContext";
import { createAppRoutes } from "./router";

/** What the browser reads back from the prerendered page (see readRoutePayload in main.tsx). */
export interface RoutePayload {
  /** the pathname the data belongs to */
  path: string;
  hydrationData: HydrationState;
}

export type RenderResult =
  | {
      kind: "page";
      status: number;
      html: string;
      head: PageHead | null;
      payload: RoutePayload;
    }
  | { kind: "redirect"; status: number; location: string };

export async function renderRoute(backend: Backend, url: string): Promise<RenderResult> {
  const routes = createAppRoutes({ backend });
  const handler = createStaticHandler(routes);
  const request = new Request(url, { headers: { Accept: "text/html" } });
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { kind: "redirect", status: context.status, location: context.headers.get("Location") ?? "/" };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const collector = createHeadCollector();
  const html = renderToString(
    <BackendProvider backend={backend}>
      <HeadContext.Provider value={collector}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </HeadContext.Provider>
    </BackendProvider>,
  );
  return {
    kind: "page",
    status: context.statusCode,
    html,
    head: collector.head,
    payload: {
      path: new URL(url).pathname,
      hydrationData: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    },
  };
}
