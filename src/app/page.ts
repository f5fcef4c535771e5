// The contract of a lazily loaded public page module.
//
// A page exports its component as default and, optionally, `load`: the data it needs,
// fetched through the backend port. The same function runs on the server when the page is
// prerendered and in the browser when a page is opened with a query string or its data has
// changed since the build (src/site/app/siteData.ts); the page reads the result with usePageData()
// (src/site/lib/siteRouter.tsx).
import type { ComponentType } from "react";
import type { Backend } from "../backend/port";

/** A route's path parameters (routes.ts). */
export type RouteParams = Record<string, string | undefined>;

export interface PageLoadContext {
  backend: Backend;
  params: RouteParams;
  url: URL;
  request: Request;
}

export interface PageModule {
  default: ComponentType;
  load?: (context: PageLoadContext) => Promise<unknown> | unknown;
}

export type PageImporter = () => Promise<PageModule>;
