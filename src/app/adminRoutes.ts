// The back-office's paths (SPEC section 2 and the resource screens): which admin paths exist
// (anything else is a 404) and which guards protect them. Apart from the public table
// (routes.ts), so the public site never loads it.
import { isEntityId } from "../domain/ids";
import { type AppRoute, PUBLIC_ROUTES, type RouteParams } from "./routes";

const idParam =
  (...names: string[]) =>
  (params: RouteParams): boolean =>
    names.every((name) => isEntityId(params[name]));
/** An optional id: absent, or a valid id. */
const optionalIdParam =
  (name: string) =>
  (params: RouteParams): boolean =>
    params[name] === undefined || params[name] === "" || isEntityId(params[name]);

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
  // "Mano paskyra": the signed-in member's own display name (src/admin/account)
  admin("/admin/account"),
  admin("/admin/mail"),
  admin("/admin/mail/:id", idParam("id")),
  admin("/admin/mail/:id/show", idParam("id")),
  admin("/admin/client-errors"),
  admin("/admin/client-errors/:id", idParam("id")),
  admin("/admin/client-errors/:id/show", idParam("id")),
  // the audit log, admins only (src/admin/audit)
  admin("/admin/audit-log"),
  // react-admin redirects here when an access check refuses or fails.
  admin("/admin/access-denied"),
  admin("/admin/authentication-error"),
];

export const ROUTES: readonly AppRoute[] = [...PUBLIC_ROUTES, ...ADMIN_ROUTES];
