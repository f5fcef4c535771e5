// The public settings (company, locations, extras, texts) the site layout loaded.
import type { PublicSettings } from "../backend/port";
import { useSiteSettings } from "./lib/siteRouter";

export function useSettings(): PublicSettings {
  return useSiteSettings();
}
