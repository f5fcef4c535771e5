// How car attributes read on the site.
import { formatNumber, pluralLt } from "../../domain/format";

export const capitalize = (value: string): string =>
  value ? value[0]!.toLocaleUpperCase("lt") + value.slice(1) : value;

export const SEAT_FORMS = ["vieta", "vietos", "vietų"] as const;
export const DOOR_FORMS = ["durys", "durys", "durų"] as const;
export const BAG_FORMS = ["lagaminas", "lagaminai", "lagaminų"] as const;

export const seatsLabel = (n: number): string => `${formatNumber(n)} ${pluralLt(n, SEAT_FORMS)}`;
export const bagsLabel = (n: number): string => `${formatNumber(n)} ${pluralLt(n, BAG_FORMS)}`;

export const carName = (car: { make: string; model: string }): string => `${car.make} ${car.model}`;

/** Filter keys kept in the catalogue URL, with their Lithuanian labels. */
export const CAR_FILTERS = [
  { key: "category", label: "Klasė" },
  { key: "transmission", label: "Pavarų dėžė" },
  { key: "fuel", label: "Degalų tipas" },
  { key: "seats", label: "Sėdimos vietos" },
] as const;
export type CarFilterKey = (typeof CAR_FILTERS)[number]["key"];
