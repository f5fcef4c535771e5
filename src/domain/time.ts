// Europe/Vilnius calendar helpers on plain Intl: the rental business runs on
// Vilnius wall-clock time whatever the time zone of the browser or server.

export const VILNIUS_TZ = "Europe/Vilnius";

export interface VilniusParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

let partsFormat: Intl.DateTimeFormat | undefined;
function vilniusFormat(): Intl.DateTimeFormat {
  partsFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: VILNIUS_TZ,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  return partsFormat;
}

/** Accepts a Date or anything Date.parse understands; throws RangeError when it is not a moment. */
export function toDate(value: string | number | Date): Date {
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Neteisinga data ir laikas: ${String(value)}`);
  return date;
}

/**
 * Readings already made, by epoch ms: formatToParts is slow, and a search prices every car for
 * the same two instants. Bounded; cleared when full.
 */
const readings = new Map<number, Readonly<VilniusParts>>();
const MAX_READINGS = 4096;

/** The Vilnius wall-clock reading of an instant. */
export function vilniusParts(date: string | number | Date): VilniusParts {
  const instant = toDate(date);
  const ms = instant.getTime();
  const known = readings.get(ms);
  if (known) return { ...known };
  const reading = readParts(instant);
  if (readings.size >= MAX_READINGS) readings.clear();
  readings.set(ms, reading);
  return { ...reading };
}

function readParts(instant: Date): VilniusParts {
  const parts: Record<string, number> = {};
  for (const part of vilniusFormat().formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    // Some engines print midnight as 24 even with h23.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/**
 * The Vilnius wall-clock reading as if it were UTC, in ms. Differences of these
 * values measure calendar time: 10:00 to 10:00 next day is 24 h even across DST.
 */
export function vilniusWallClockMs(date: string | number | Date): number {
  const d = toDate(date);
  const p = vilniusParts(d);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, d.getUTCMilliseconds());
}

/** Offset of Vilnius from UTC at an instant, in ms (+2 h in winter, +3 h in summer). */
export function vilniusOffsetMs(date: string | number | Date): number {
  const d = toDate(date);
  return vilniusWallClockMs(d) - d.getTime();
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "YYYY-MM-DD" of the Vilnius calendar day the instant falls on. */
export function vilniusDateString(date: string | number | Date): string {
  const p = vilniusParts(date);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** "HH:mm" on the Vilnius clock. */
export function vilniusTimeString(date: string | number | Date): string {
  const p = vilniusParts(date);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

function parseDateString(dateStr: string): { year: number; month: number; day: number } {
  const match = DATE_PATTERN.exec(dateStr);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (!match || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Neteisinga data: ${dateStr}`);
  }
  return { year, month, day };
}

export function isDateString(value: string): boolean {
  try {
    parseDateString(value);
    return true;
  } catch {
    return false;
  }
}

/** Monday = 0 ... Sunday = 6, for a calendar date. */
export function weekdayOf(date: string): number {
  return (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
}

/** Calendar arithmetic on "YYYY-MM-DD" (no time zone involved). */
export function addDaysToDateString(dateStr: string, days: number): string {
  const { year, month, day } = parseDateString(dateStr);
  const d = new Date(Date.UTC(year, month - 1, day + days));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Whole calendar days from `from` to `to` ("2028-02-28" -> "2028-03-01" = 2). */
export function daysBetweenDateStrings(from: string, to: string): number {
  const a = parseDateString(from);
  const b = parseDateString(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/**
 * The instant a Vilnius wall-clock reading denotes. In the spring gap (03:00-03:59
 * does not exist) the time moves forward by the gap (03:30 -> 04:30 EEST); in the
 * autumn overlap (03:00-03:59 happens twice) the first occurrence (EEST) wins.
 */
export function vilniusLocalToInstant(dateStr: string, timeStr = "00:00"): Date {
  const { year, month, day } = parseDateString(dateStr);
  const time = TIME_PATTERN.exec(timeStr);
  const hour = Number(time?.[1]);
  const minute = Number(time?.[2]);
  const second = Number(time?.[3] ?? 0);
  if (!time || hour > 23 || minute > 59 || second > 59) throw new RangeError(`Neteisingas laikas: ${timeStr}`);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);

  // Vilnius offsets near this reading: the one before a possible transition and the one after.
  const before = vilniusOffsetMs(wall - 14 * HOUR_MS);
  const after = vilniusOffsetMs(wall + 14 * HOUR_MS);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => vilniusWallClockMs(instant) === wall)
    .sort((a, b) => a - b);
  const first = candidates[0];
  if (first !== undefined) return new Date(first);
  // In a gap: read the wall time with the offset in force before the jump.
  return new Date(wall - before);
}
