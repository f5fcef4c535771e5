// Lithuanian labels for stored codes, as react-admin choices. Values stay the stored codes.
import { REQUEST_STATUS_LABELS, REQUEST_TYPE_LABELS, RESERVATION_STATUS_LABELS } from "../domain/reservationStatus";
import {
  CAR_CATEGORIES,
  CAR_STATUSES,
  FUELS,
  NEWS_STATUSES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  RESERVATION_STATUSES,
  STAFF_ROLES,
  TRANSMISSIONS,
} from "../domain/schemas";

export interface Choice {
  id: string;
  name: string;
}

const capitalise = (text: string): string => text.charAt(0).toLocaleUpperCase("lt-LT") + text.slice(1);

const choicesOf = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>): Choice[] =>
  values.map((value) => ({ id: value, name: capitalise(labels[value]) }));

export const CAR_STATUS_LABELS: Readonly<Record<(typeof CAR_STATUSES)[number], string>> = {
  active: "Aktyvus",
  hidden: "Paslėptas",
  maintenance: "Remontas",
};

/** Categories, gearboxes and fuels are stored as Lithuanian words already. */
export const CAR_CATEGORY_CHOICES: Choice[] = CAR_CATEGORIES.map((value) => ({ id: value, name: capitalise(value) }));
export const TRANSMISSION_CHOICES: Choice[] = TRANSMISSIONS.map((value) => ({ id: value, name: capitalise(value) }));
export const FUEL_CHOICES: Choice[] = FUELS.map((value) => ({ id: value, name: capitalise(value) }));
export const CAR_STATUS_CHOICES: Choice[] = choicesOf(CAR_STATUSES, CAR_STATUS_LABELS);

export const RESERVATION_STATUS_CHOICES: Choice[] = choicesOf(RESERVATION_STATUSES, RESERVATION_STATUS_LABELS);
export const RESERVATION_SOURCE_CHOICES: Choice[] = [
  { id: "web", name: "Svetainė" },
  { id: "phone", name: "Telefonu" },
  { id: "office", name: "Biure" },
];

export const REQUEST_STATUS_CHOICES: Choice[] = choicesOf(REQUEST_STATUSES, REQUEST_STATUS_LABELS);
export const REQUEST_TYPE_CHOICES: Choice[] = choicesOf(REQUEST_TYPES, REQUEST_TYPE_LABELS);

export const CUSTOMER_TYPE_CHOICES: Choice[] = [
  { id: "private", name: "Privatus asmuo" },
  { id: "business", name: "Įmonė" },
];

export const NEWS_STATUS_CHOICES: Choice[] = choicesOf(NEWS_STATUSES, { draft: "Juodraštis", published: "Paskelbta" });

export const CHARGED_PER_CHOICES: Choice[] = [
  { id: "day", name: "Parai" },
  { id: "rental", name: "Nuomai" },
];

export const STAFF_ROLE_CHOICES: Choice[] = choicesOf(STAFF_ROLES, {
  admin: "Administratorius",
  staff: "Darbuotojas",
});

export const MAIL_STATE_CHOICES: Choice[] = [
  { id: "PENDING", name: "Laukia eilėje" },
  { id: "PROCESSING", name: "Siunčiamas" },
  { id: "SUCCESS", name: "Išsiųstas" },
  { id: "ERROR", name: "Klaida" },
];

export const CLIENT_ERROR_KIND_CHOICES: Choice[] = [
  { id: "startup", name: "Paleidimas" },
  { id: "mount", name: "Prijungimas" },
  { id: "render", name: "Atvaizdavimas" },
  { id: "error", name: "Klaida" },
  { id: "unhandledrejection", name: "Neapdorotas pažadas" },
  { id: "chunk", name: "Modulio įkėlimas" },
];

export const DISCOUNT_TYPE_CHOICES: Choice[] = [
  { id: "percent", name: "Procentais" },
  { id: "fixed", name: "Fiksuota suma" },
];

export function choiceName(choices: readonly Choice[], id: unknown): string {
  return choices.find((choice) => choice.id === id)?.name ?? (typeof id === "string" ? id : "");
}
