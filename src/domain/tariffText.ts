// The tariff in words: "Kainos ir mokesčiai", one line per fee or rule, rendered from the numbers
// where they live (settings.tariff, the booking rules' grace and working hours, the portal's free
// cancellation window, the transfer fee, the places' delivery fees, the extras, the car's deposit,
// excess and km limit). The terms page, the agreement's general part and the e-mails print these
// lines; the counter charges by the same numbers (src/domain/returnCharges.ts), so what is signed
// is what is charged. No zod here: the public site renders it too.
import { formatCount, formatDays, formatMoney, formatNumber } from "./format";
import type { Tariff } from "./tariff";
import { TARIFF_DEFAULTS } from "./tariffDefaults";

export const TARIFF_TITLE = "Kainos ir mokesčiai";
export const TARIFF_TITLE_EN = "Prices and fees";

export interface TariffLine {
  label: string;
  value: string;
}

/** What the lines are rendered from (each number from its one place). */
export interface TariffFacts {
  tariff?: Tariff | undefined;
  bookingRules: { graceMinutes: number; openingHour: number; closingHour: number };
  /** settings.portal.freeCancellationHours */
  freeCancellationHours: number;
  /** settings.transfers.fee: bringing the car from another place to the pickup */
  transferFee: number;
  /** the active extras (the customer's choice, priced per day or per rental) */
  extras?: readonly { name: string; price: number; chargedPer: "day" | "rental"; maxPrice?: number | null }[];
  /** the active places; those with a delivery fee are listed */
  locations?: readonly { name: string; deliveryFee?: number | null }[];
  /** the agreement's car: its deposit, excess and km limit; absent (the terms page): per car */
  car?: { deposit: number; excess?: number | null; mileageLimitPerDay: number | null } | null;
}

const HOUR_FORMS = ["valandą", "valandas", "valandų"] as const;
const pad = (hour: number) => String(hour).padStart(2, "0");

/** "08:00–20:00" */
export const workingHours = (rules: { openingHour: number; closingHour: number }): string =>
  `${pad(rules.openingHour)}:00–${pad(rules.closingHour)}:00`;

/** The free cancellation rule in a sentence, Lithuanian or English. */
export function cancellationRuleText(hours: number, language: "lt" | "en" = "lt"): string {
  if (language === "en") {
    return `A reservation may be cancelled free of charge until ${formatNumber(hours, 0)} h before the pickup.`;
  }
  return `Rezervaciją galima nemokamai atšaukti ne vėliau kaip prieš ${formatCount(hours, HOUR_FORMS)} iki nuomos pradžios.`;
}

function mileageValue(tariff: Tariff, car: TariffFacts["car"]): string {
  const unlimitedFrom =
    tariff.unlimitedMileageFromDays === null
      ? ""
      : `; nuomojantis ${formatDays(tariff.unlimitedMileageFromDays)} ir ilgiau – rida neribojama`;
  if (!car) return `nurodytas prie kiekvieno automobilio (km per parą × nuomos parų)${unlimitedFrom}`;
  if (car.mileageLimitPerDay === null) return "rida neribojama";
  return `${formatNumber(car.mileageLimitPerDay, 0)} km per parą × nuomos parų${unlimitedFrom}`;
}

/** The tariff's lines, in the order a customer reads them. */
export function tariffLines(facts: TariffFacts): TariffLine[] {
  const tariff = facts.tariff ?? (TARIFF_DEFAULTS as Tariff);
  const { bookingRules } = facts;
  const lines: TariffLine[] = [];
  const add = (label: string, value: string) => lines.push({ label, value });

  add(
    "Vairuotojo amžius",
    `ne mažiau kaip ${tariff.minDriverAge} m.${facts.car ? "" : " (kai kuriems automobiliams – daugiau, nurodyta prie automobilio)"}`,
  );
  if (tariff.youngDriverPerDay > 0) {
    add(
      `Jauno vairuotojo (iki ${tariff.youngDriverUnderAge} m.) mokestis`,
      `${formatMoney(tariff.youngDriverPerDay)} parai, taikomas pagal vairuotojo gimimo datą`,
    );
  }
  if (facts.car) {
    add("Užstatas", formatMoney(facts.car.deposit));
    add("Savarankiška rizika (franšizė)", formatMoney(facts.car.excess ?? facts.car.deposit));
  } else {
    add("Užstatas ir savarankiška rizika (franšizė)", "nurodyti prie kiekvieno automobilio ir rezervacijoje");
  }
  add("Ridos limitas", mileageValue(tariff, facts.car));
  add("Viršyta rida", `${formatMoney(tariff.extraKmRate)} už kiekvieną kilometrą virš limito`);
  add(
    "Trūkstami degalai",
    `${formatMoney(tariff.fuelPerQuarter)} už kiekvieną trūkstamą bako ketvirtį${
      tariff.fuelServiceFee > 0 ? ` ir ${formatMoney(tariff.fuelServiceFee)} pildymo paslauga` : ""
    }, palyginti su išdavimu`,
  );
  add("Valymas", `${formatMoney(tariff.cleaningFee)}, kai automobilį grąžinus reikia valyti`);
  add("Rūkymas automobilyje", formatMoney(tariff.smokingFee));
  add(
    "Vėlavimas grąžinti",
    `ilgiau nei ${formatNumber(bookingRules.graceMinutes, 0)} min. – kiekviena pradėta para pagal nuomos paros kainą${
      tariff.lateReturnFee > 0 ? ` ir ${formatMoney(tariff.lateReturnFee)} vėlavimo mokestis` : ""
    }`,
  );
  if (tariff.abroadFee > 0 || tariff.abroadExtraDeposit > 0) {
    add(
      "Kelionė į užsienį",
      `${formatMoney(tariff.abroadFee)} už nuomą; užstatas didinamas ${formatMoney(tariff.abroadExtraDeposit)}`,
    );
  }
  if (tariff.afterHoursFee > 0) {
    add(
      `Paėmimas ar grąžinimas ne darbo laiku (ne ${workingHours(bookingRules)})`,
      `${formatMoney(tariff.afterHoursFee)} už kiekvieną`,
    );
  }
  if (facts.transferFee > 0) add("Automobilio pervežimas į paėmimo vietą", formatMoney(facts.transferFee));
  for (const place of facts.locations ?? []) {
    if ((place.deliveryFee ?? 0) > 0) add(`Pristatymo mokestis: ${place.name}`, formatMoney(place.deliveryFee ?? 0));
  }
  for (const extra of facts.extras ?? []) {
    const cap =
      extra.chargedPer === "day" && extra.maxPrice !== null && extra.maxPrice !== undefined
        ? ` (ne daugiau kaip ${formatMoney(extra.maxPrice)} už nuomą)`
        : "";
    add(extra.name, `${formatMoney(extra.price)} ${extra.chargedPer === "day" ? "parai" : "už nuomą"}${cap}`);
  }
  add(
    "Nemokamas atšaukimas",
    `ne vėliau kaip prieš ${formatCount(facts.freeCancellationHours, HOUR_FORMS)} iki nuomos pradžios`,
  );
  return lines;
}

/** The section as plain text: the title, then "Label – value." per line (the agreement, e-mails). */
export function tariffText(facts: TariffFacts): string {
  // A value ending in an abbreviation ("21 m.") already has its full stop.
  const sentence = (value: string) => (value.endsWith(".") ? value : `${value}.`);
  return [TARIFF_TITLE, "", ...tariffLines(facts).map((line) => `${line.label} – ${sentence(line.value)}`)].join("\n");
}
