// iCalendar (RFC 5545) feeds of the fleet's bookings: reservations and maintenance blocks as
// VEVENTs a calendar application subscribes to. Pure: the text of the feed from plain events.
// Lines end in CRLF, are folded at 75 octets (UTF-8, never inside a character) and TEXT values
// are escaped (\\, \;, \, and \n).

export interface IcalEvent {
  /** globally unique and stable: the same booking keeps its UID when it moves */
  uid: string;
  /** ISO instants; written in UTC ("20261124T090000Z") */
  start: string;
  end: string;
  summary: string;
  description?: string;
  location?: string;
  /** when the booking was last changed (LAST-MODIFIED) */
  updatedAt?: string;
  status?: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
  categories?: string[];
}

export interface IcalCalendar {
  /** X-WR-CALNAME: the name a calendar application shows */
  name: string;
  /** DTSTAMP of every event: when the feed was produced */
  now: Date;
  events: readonly IcalEvent[];
}

export const ICAL_CONTENT_TYPE = "text/calendar; charset=utf-8";
export const ICAL_PRODUCT_ID = "-//Ratų nuoma//Užimtumo kalendorius//LT";
const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/** A TEXT value escaped (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** An instant as a UTC DATE-TIME: "2026-11-24T09:00:00.000Z" -> "20261124T090000Z". */
export function icalDateTime(value: string | Date): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Neteisingas laikas: ${String(value)}`);
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/**
 * One content line folded (RFC 5545 3.1): no line longer than 75 octets without its CRLF, the
 * continuation lines starting with a space (which counts), a multi-byte character never split.
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const property = (name: string, value: string): string => foldLine(`${name}:${value}`);

function eventLines(event: IcalEvent, stamp: string): string[] {
  const lines = [
    "BEGIN:VEVENT",
    property("UID", escapeText(event.uid)),
    property("DTSTAMP", stamp),
    property("DTSTART", icalDateTime(event.start)),
    property("DTEND", icalDateTime(event.end)),
    property("SUMMARY", escapeText(event.summary)),
  ];
  if (event.description) lines.push(property("DESCRIPTION", escapeText(event.description)));
  if (event.location) lines.push(property("LOCATION", escapeText(event.location)));
  if (event.status) lines.push(property("STATUS", event.status));
  if (event.categories && event.categories.length > 0) {
    lines.push(property("CATEGORIES", event.categories.map(escapeText).join(",")));
  }
  if (event.updatedAt) lines.push(property("LAST-MODIFIED", icalDateTime(event.updatedAt)));
  lines.push("TRANSP:OPAQUE", "END:VEVENT");
  return lines;
}

/** The whole feed: a VCALENDAR with one VEVENT per event, CRLF line ends (also after the last line). */
export function formatCalendar(calendar: IcalCalendar): string {
  const stamp = icalDateTime(calendar.now);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    property("PRODID", ICAL_PRODUCT_ID),
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    property("X-WR-CALNAME", escapeText(calendar.name)),
    "X-WR-TIMEZONE:Europe/Vilnius",
    ...calendar.events.flatMap((event) => eventLines(event, stamp)),
    "END:VCALENDAR",
  ];
  return `${lines.join("\r\n")}\r\n`;
}
