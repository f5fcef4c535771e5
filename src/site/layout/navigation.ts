/** The main navigation, in order. */
export const MAIN_NAV = [
  { to: "/", label: "Pradžia", end: true },
  { to: "/automobiliai", label: "Automobiliai", end: false },
  { to: "/akcijos", label: "Akcijos", end: false },
  { to: "/ilgalaike-nuoma", label: "Ilgalaikė nuoma", end: false },
  { to: "/verslo-klientams", label: "Verslo klientams", end: false },
  { to: "/naujienos", label: "Naujienos", end: false },
  { to: "/kontaktai", label: "Kontaktai", end: false },
] as const;

/** "+370 600 00000" -> "tel:+37060000000" */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, "")}`;
