// The contract of a lazily loaded public page module.
//
// A page exports its component as default and, optionally, `load`: the data it needs,
// fetched through the backend port. The router runs `load` as the route loader, so the
// same function serves client navigation now and createStaticHandler prerendering
// later (its result becomes hydrationData; the page reads it with usePageData()).
import type { ComponentType } from "react";
import { type Params, type ShouldRevalidateFunction, useLoaderData } from "react-router-dom";
import type { Backend } from "../backend/port";

export interface PageLoadContext {
  backend: Backend;
  params: Params;
  url: URL;
  request: Request;
}

export interface PageModule {
  default: ComponentType;
  load?: (context: PageLoadContext) => Promise<unknown> | unknown;
  shouldRevalidate?: ShouldRevalidateFunction;
}

export type PageImporter = () => Promise<PageModule>;

/** The page's own load() result. */
export function usePageData<T>(): T {
  return useLoaderData() as T;
}
