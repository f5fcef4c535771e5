// Dates and times the way the rental desk works: Europe/Vilnius wall clock.
import type { PublicSettings } from "../../backend/port";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant, vilniusTimeString } from "../../domain/time";

export interface LocalDateTime {
  date: string;
  time: string;
}

export interface SearchPeriod {
  pickup: LocalDateTime;
  return: LocalDateTime;
}

type Rules = Pick<PublicSettings["bookingRules"], "openingHour" | "closingHour">;

const pad = (n: number) => String(n).padStart(2, "0");

/** Half-hour slots within opening hours: "08:00" ... "20:00". */
export function timeOptions(rules: Rules | undefined): string[] {
  const open = rules?.openingHour ?? 8;
  const close = rules?.closingHour ?? 20;
  const slots: string[] = [];
  for (let minutes = open * 60; minutes <= close * 60; minutes += 30) {
    if (minutes >= 24 * 60) break;
    slots.push(`${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`);
  }
  return slots.length > 0 ? slots : ["10:00"];
}

export function todayInVilnius(now: Date = new Date()): string {
  return vilniusDateString(now);
}

/** Tomorrow 10:00 to three days later 10:00: a sensible first search. */
export function defaultPeriod(now: Date = new Date()): SearchPeriod {
  const tomorrow = addDaysToDateString(todayInVilnius(now), 1);
  return {
    pickup: { date: tomorrow, time: "10:00" },
    return: { date: addDaysToDateString(tomorrow, 3), time: "10:00" },
  };
}

/** "2026-11-21" + "10:00" in Vilnius -> ISO instant; null when incomplete or invalid. */
export function toInstantIso(value: LocalDateTime): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value.date) || !/^\d{2}:\d{2}$/.test(value.time)) return null;
  try {
    return vilniusLocalToInstant(value.date, value.time).toISOString();
  } catch {
    return null;
  }
}

/** ISO instant -> Vilnius date and time; null when it is not a date. */
export function fromInstantIso(iso: string | null | undefined): LocalDateTime | null {
  if (!iso || Number.isNaN(Date.parse(iso))) return null;
  return { date: vilniusDateString(iso), time: vilniusTimeString(iso) };
}

/** Reads ?from=&to= (ISO) into a period, falling back to the default one. */
export function periodFromQuery(params: URLSearchParams, now: Date = new Date()): SearchPeriod {
  const fallback = defaultPeriod(now);
  return {
    pickup: fromInstantIso(params.get("from")) ?? fallback.pickup,
    return: fromInstantIso(params.get("to")) ?? fallback.return,
  };
}
