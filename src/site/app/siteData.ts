// A public page's data, the same on the server (prerendering) and in the browser: the
// layout's settings and the page module's load() for one URL. No React, no router.
import { notFound } from "../../app/httpErrors";
import type { PageModule } from "../../app/page";
import { type AppRouteMatch, matchPublicRoute } from "../../app/routes";
import type { Backend, PublicSettings } from "../../backend/port";

/** What a prerendered page carries for the browser (the route-data script and _payload.json). */
export interface SitePayload {
  /** the pathname the data belongs to */
  path: string;
  settings: PublicSettings;
  /** the page's load() result; null when it has none */
  page: unknown;
}

export type SitePage =
  | { kind: "page"; match: AppRouteMatch; module: PageModule; settings: PublicSettings; pageData: unknown }
  | { kind: "error"; error: unknown; settings: PublicSettings };

/** The route of a URL with valid params, or throws the 404. */
export function publicRouteOf(url: URL): AppRouteMatch {
  const match = matchPublicRoute(url.pathname);
  if (!match || (match.route.validate && !match.route.validate(match.params))) notFound(url);
  return match;
}

/**
 * Loads what the page at `url` shows. A failure of the page's own data becomes the error page
 * inside the layout; without the settings there is no layout, so that failure is thrown.
 */
export async function loadSitePage(
  backend: Backend,
  url: URL,
  options: { settings?: PublicSettings } = {},
): Promise<SitePage> {
  const settingsPromise = options.settings ? Promise.resolve(options.settings) : backend.site.settings();
  try {
    const match = publicRouteOf(url);
    const importer = match.route.page;
    if (!importer) throw new Error(`Viešasis maršrutas ${match.route.path} neturi puslapio modulio`);
    const [module, settings] = await Promise.all([importer(), settingsPromise]);
    const pageData = module.load
      ? ((await module.load({ backend, params: match.params, url, request: new Request(url) })) ?? null)
      : null;
    return { kind: "page", match, module, settings, pageData };
  } catch (error) {
    return { kind: "error", error, settings: await settingsPromise };
  }
}

/** The payload of a loaded page (errors are never prerendered). */
export function payloadOf(url: URL, page: SitePage & { kind: "page" }): SitePayload {
  return { path: url.pathname, settings: page.settings, page: page.pageData };
}
