// The public route table: every public route of SPEC section 2, plus the detail pages.
// Each renders a lazily loaded page module in the default layout (src/site/app). The
// back-office's paths are in adminRoutes.ts, so the public site never loads them.
import { isSlug } from "../domain/ids";
import type { PageImporter, RouteParams } from "./page";

export type RouteLayout = "default" | "admin";
export type { RouteParams };

export interface AppRoute {
  path: string;
  layout: RouteLayout;
  /** names of registered guards, run in order before the route renders */
  middleware?: readonly string[];
  /** false -> the same 404 as an unknown path */
  validate?: (params: RouteParams) => boolean;
  /** public routes: the page module */
  page?: PageImporter;
  /** public routes: the page module's file, for the prerenderer's preload links */
  source?: string;
  /**
   * public routes with no form or other interactive part: the page stays the prerendered
   * HTML and loads no React at all (its data is still checked against the API after load).
   */
  staticPage?: boolean;
}

export interface AppRouteMatch {
  route: AppRoute;
  params: RouteParams;
}

/**
 * The public route for a pathname, or null. The public paths are a fixed path or a path with
 * one-segment parameters, and a fixed path wins over a parameter, so this small matcher ranks
 * them as React Router would (tests/unit/app/router.test.ts compares the two).
 */
export function matchPublicRoute(pathname: string): AppRouteMatch | null {
  const segments = pathname.split("/").filter(Boolean);
  let best: { match: AppRouteMatch; fixed: number } | null = null;
  for (const route of PUBLIC_ROUTES) {
    const pattern = route.path.split("/").filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: RouteParams = {};
    let fixed = 0;
    let matches = true;
    for (const [index, part] of pattern.entries()) {
      const segment = segments[index] as string;
      if (part.startsWith(":")) {
        try {
          params[part.slice(1)] = decodeURIComponent(segment);
        } catch {
          matches = false;
          break;
        }
      } else if (part === segment) fixed += 1;
      else {
        matches = false;
        break;
      }
    }
    if (matches && (!best || fixed > best.fixed)) best = { match: { route, params }, fixed };
  }
  return best?.match ?? null;
}

const slugParam = (params: RouteParams): boolean => isSlug(params.slug);

export const PUBLIC_ROUTES: readonly AppRoute[] = [
  { path: "/", layout: "default", page: () => import("../site/home/HomePage"), source: "src/site/home/HomePage.tsx" },
  {
    path: "/login",
    layout: "default",
    page: () => import("../site/login/LoginPage"),
    source: "src/site/login/LoginPage.tsx",
  },
  {
    path: "/akcijos",
    layout: "default",
    page: () => import("../site/offers/OffersPage"),
    source: "src/site/offers/OffersPage.tsx",
    staticPage: true,
  },
  {
    path: "/salygos",
    layout: "default",
    page: () => import("../site/info/TermsPage"),
    source: "src/site/info/TermsPage.tsx",
    staticPage: true,
  },
  {
    path: "/privatumo-politika",
    layout: "default",
    page: () => import("../site/info/PrivacyPage"),
    source: "src/site/info/PrivacyPage.tsx",
    staticPage: true,
  },
  {
    path: "/apie-mus",
    layout: "default",
    page: () => import("../site/info/AboutPage"),
    source: "src/site/info/AboutPage.tsx",
    staticPage: true,
  },
  {
    path: "/kontaktai",
    layout: "default",
    page: () => import("../site/contacts/ContactsPage"),
    source: "src/site/contacts/ContactsPage.tsx",
  },
  {
    path: "/naujienos",
    layout: "default",
    page: () => import("../site/news/NewsPage"),
    source: "src/site/news/NewsPage.tsx",
    staticPage: true,
  },
  {
    path: "/naujienos/:slug",
    layout: "default",
    validate: slugParam,
    page: () => import("../site/news/NewsArticlePage"),
    source: "src/site/news/NewsArticlePage.tsx",
    staticPage: true,
  },
  {
    path: "/rezervacija",
    layout: "default",
    page: () => import("../site/reservation/ReservationPage"),
    source: "src/site/reservation/ReservationPage.tsx",
  },
  // Where the payment provider brings the visitor back (src/site/payment; server/payments).
  {
    path: "/mokejimas/sekmingas",
    layout: "default",
    page: () => import("../site/payment/PaymentReturnPage"),
    source: "src/site/payment/PaymentReturnPage.tsx",
  },
  {
    path: "/mokejimas/atsauktas",
    layout: "default",
    page: () => import("../site/payment/PaymentReturnPage"),
    source: "src/site/payment/PaymentReturnPage.tsx",
  },
  {
    path: "/automobiliai",
    layout: "default",
    page: () => import("../site/cars/CarsPage"),
    source: "src/site/cars/CarsPage.tsx",
  },
  {
    path: "/automobiliai/:slug",
    layout: "default",
    validate: slugParam,
    page: () => import("../site/cars/CarPage"),
    source: "src/site/cars/CarPage.tsx",
  },
  {
    path: "/ilgalaike-nuoma",
    layout: "default",
    page: () => import("../site/long-term/LongTermPage"),
    source: "src/site/long-term/LongTermPage.tsx",
  },
  {
    path: "/verslo-klientams",
    layout: "default",
    page: () => import("../site/business/BusinessPage"),
    source: "src/site/business/BusinessPage.tsx",
  },
  {
    // "Mano rezervacija": the signed link of the customer's mails (never prerendered, never indexed)
    path: "/mano-rezervacija/:token",
    layout: "default",
    validate: (params) => typeof params.token === "string" && /^[A-Za-z0-9_-]{1,200}$/.test(params.token),
    page: () => import("../site/portal/PortalPage"),
    source: "src/site/portal/PortalPage.tsx",
  },
  {
    path: "/paieskosautomobiliai",
    layout: "default",
    page: () => import("../site/search/SearchPage"),
    source: "src/site/search/SearchPage.tsx",
  },
];
