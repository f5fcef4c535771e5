// The public settings (company, locations, extras, texts) the site layout loaded.
import { useRouteLoaderData } from "react-router-dom";
import type { PublicSettings } from "../backend/port";

export const SITE_ROUTE_ID = "site";

export function useSettings(): PublicSettings {
  const settings = useRouteLoaderData(SITE_ROUTE_ID) as PublicSettings | undefined;
  if (!settings) throw new Error("Viešieji nustatymai neįkelti: puslapis turi būti svetainės maketo viduje");
  return settings;
}
