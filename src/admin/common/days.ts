// Calendar days on the company's clock (Europe/Vilnius), shared by the dashboard, the
// availability timeline and the date picker.
import { addDaysToDateString, vilniusLocalToInstant } from "../../domain/time";

/** A Vilnius calendar day and its bounds as epoch milliseconds (start inclusive, end exclusive). */
export interface DaySpan {
  date: string;
  start: number;
  end: number;
}

/** `count` consecutive days from `first`; a DST day is 23 or 25 hours long. */
export function daySpans(first: string, count: number): DaySpan[] {
  return Array.from({ length: count }, (_, index) => {
    const date = addDaysToDateString(first, index);
    return {
      date,
      start: vilniusLocalToInstant(date).getTime(),
      end: vilniusLocalToInstant(addDaysToDateString(date, 1)).getTime(),
    };
  });
}

// Noon UTC is the same calendar day everywhere, so formatting in UTC gives the date's own weekday.
export const noonUtc = (date: string) => new Date(`${date}T12:00:00Z`);
const weekdayShortFormat = new Intl.DateTimeFormat("lt-LT", { weekday: "short", timeZone: "UTC" });
const weekdayLongFormat = new Intl.DateTimeFormat("lt-LT", { weekday: "long", timeZone: "UTC" });

/** "2026-11-25" -> "tr" */
export const weekdayShort = (date: string): string => weekdayShortFormat.format(noonUtc(date));
/** "2026-11-25" -> "trečiadienis" */
export const weekdayLong = (date: string): string => weekdayLongFormat.format(noonUtc(date));
/** Monday = 0 ... Sunday = 6. */
export const mondayIndex = (date: string): number => (noonUtc(date).getUTCDay() + 6) % 7;
