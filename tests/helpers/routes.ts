// The route table of SPEC section 2, shared by the integration and e2e suites.
export const PUBLIC_ROUTES = [
  "/",
  "/login",
  "/akcijos",
  "/salygos",
  "/privatumo-politika",
  "/apie-mus",
  "/kontaktai",
  "/naujienos",
  "/rezervacija",
  "/automobiliai",
  "/ilgalaike-nuoma",
  "/verslo-klientams",
  "/paieskosautomobiliai",
] as const;

export interface RouteIds {
  carId: string;
  requestId: string;
  reservationId: string;
}

/** Admin routes with their parameters filled in with real ids. */
export function adminRoutes(ids: RouteIds): string[] {
  return [
    "/admin",
    "/admin/offers",
    "/admin/sorting",
    "/admin/cars",
    "/admin/cars/add",
    `/admin/cars/${ids.carId}`,
    "/admin/settings",
    "/admin/customers",
    "/admin/price-update",
    "/admin/requests",
    `/admin/requests/reply/${ids.requestId}`,
    "/admin/check-availability",
    `/admin/print-edit/${ids.reservationId}`,
    "/admin/reservations/add",
    `/admin/reservations/add/${ids.reservationId}`,
  ];
}
