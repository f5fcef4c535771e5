// THE route table: every route of SPEC section 2 (plus the detail pages and the
// back-office resource paths a real site needs), in one place.
//
// Public routes render a lazily loaded page module in the default layout. Admin routes
// all render the lazily loaded react-admin app under /admin; this table decides which
// admin paths exist (anything else is a 404) and which guards protect them.
import { isEntityId, isSlug } from "../domain/ids";
import type { PageImporter } from "./page";

export type RouteLayout = "default" | "admin";
export type RouteParams = Record<string, string | undefined>;

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
}

const idParam =
  (...names: string[]) =>
  (params: RouteParams): boolean =>
    names.every((name) => isEntityId(params[name]));
/** An optional id: absent, or a valid id. */
const optionalIdParam =
  (name: string) =>
  (params: RouteParams): boolean =>
    params[name] === undefined || params[name] === "" || isEntityId(params[name]);
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
  },
  {
    path: "/salygos",
    layout: "default",
    page: () => import("../site/info/TermsPage"),
    source: "src/site/info/TermsPage.tsx",
  },
  {
    path: "/privatumo-politika",
    layout: "default",
    page: () => import("../site/info/PrivacyPage"),
    source: "src/site/info/PrivacyPage.tsx",
  },
  {
    path: "/apie-mus",
    layout: "default",
    page: () => import("../site/info/AboutPage"),
    source: "src/site/info/AboutPage.tsx",
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
  },
  {
    path: "/naujienos/:slug",
    layout: "default",
    validate: slugParam,
    page: () => import("../site/news/NewsArticlePage"),
    source: "src/site/news/NewsArticlePage.tsx",
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

const admin = (path: string, validate?: AppRoute["validate"]): AppRoute => ({
  path,
  layout: "admin",
  middleware: ["auth"],
  ...(validate ? { validate } : {}),
});

/** react-admin's standard screens of one resource: list, create, edit, show. */
const adminResource = (name: string): AppRoute[] => [
  admin(`/admin/${name}`),
  admin(`/admin/${name}/create`),
  admin(`/admin/${name}/:id`, idParam("id")),
  admin(`/admin/${name}/:id/show`, idParam("id")),
];

export const ADMIN_ROUTES: readonly AppRoute[] = [
  // SPEC section 2, verbatim.
  admin("/admin"),
  admin("/admin/offers"),
  admin("/admin/sorting"),
  admin("/admin/cars"),
  admin("/admin/cars/add"),
  admin("/admin/cars/:id", idParam("id")),
  admin("/admin/settings"),
  admin("/admin/customers"),
  admin("/admin/price-update"),
  admin("/admin/requests"),
  admin("/admin/requests/reply/:id", idParam("id")),
  admin("/admin/check-availability"),
  admin("/admin/print-edit/:reservationId", idParam("reservationId")),
  // the rental desk's hand-over and return wizards (src/admin/desk)
  admin("/admin/reservations/:id/handover", idParam("id")),
  admin("/admin/reservations/:id/return", idParam("id")),
  admin("/admin/reservations/add/:reservationId?", optionalIdParam("reservationId")),
  // The rest of the back-office: react-admin resource screens.
  admin("/admin/cars/create"),
  admin("/admin/cars/:id/show", idParam("id")),
  ...adminResource("offers").slice(1),
  ...adminResource("customers").slice(1),
  ...adminResource("requests").slice(1),
  ...adminResource("reservations"),
  ...adminResource("news"),
  ...adminResource("locations"),
  ...adminResource("extras"),
  ...adminResource("prices"),
  ...adminResource("fleet"),
  ...adminResource("staff"),
  // the cars' damage register (list only; src/admin/damages)
  admin("/admin/damages"),
  // invoices and credit notes (read only), the reports (src/admin/invoices, src/admin/reports)
  admin("/admin/invoices"),
  admin("/admin/invoices/:id", idParam("id")),
  admin("/admin/reports"),
  admin("/admin/mail"),
  admin("/admin/mail/:id", idParam("id")),
  admin("/admin/mail/:id/show", idParam("id")),
  admin("/admin/client-errors"),
  admin("/admin/client-errors/:id", idParam("id")),
  admin("/admin/client-errors/:id/show", idParam("id")),
  // react-admin redirects here when an access check refuses or fails.
  admin("/admin/access-denied"),
  admin("/admin/authentication-error"),
];

export const ROUTES: readonly AppRoute[] = [...PUBLIC_ROUTES, ...ADMIN_ROUTES];
