// The iCalendar formatter (src/domain/ical.ts): folding at 75 octets, escaping, UTC times, and a
// feed that a real parser (ical.js) reads back to the same events.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { escapeText, foldLine, formatCalendar, icalDateTime } from "../../../src/domain/ical";

const octets = (text: string) => new TextEncoder().encode(text).length;

describe("iCalendar formatas", () => {
  it("laiką rašo UTC forma be skyriklių", () => {
    expect(icalDateTime("2026-11-24T09:05:00.000Z")).toBe("20261124T090500Z");
    expect(icalDateTime(new Date("2026-07-01T21:00:00+03:00"))).toBe("20260701T180000Z");
    expect(() => icalDateTime("nesąmonė")).toThrow(RangeError);
  });

  it("kabliataškį, kablelį, pasvirąjį brūkšnį ir eilutės lūžius pabėga", () => {
    expect(escapeText("a;b,c\\d\ne\r\nf")).toBe("a\\;b\\,c\\\\d\\ne\\nf");
  });

  it("ilgas eilutes laužo ties 75 baitais, nekirsdamas lietuviškų raidžių", () => {
    const line = `SUMMARY:${"Ąžuolas Šliūžė · ".repeat(12)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(" ")).toBe(true);
    // unfolding gives the line back, character for character
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(foldLine("SUMMARY:trumpa")).toBe("SUMMARY:trumpa");
  });

  it("visas kalendorius: CRLF, VEVENT su UID ir DTSTAMP, ical.js perskaito tuos pačius įvykius", () => {
    const summary = "R-2026-000123 · Vardenis Pavardenis · Toyota Corolla";
    const description = `Automobilis: Toyota Corolla (ABC123)\nKomentaras: vaikiška kėdutė; ${"ilgas tekstas, ".repeat(8)}`;
    const text = formatCalendar({
      name: "Užimtumas: visas parkas",
      now: new Date("2026-11-24T10:00:00.000Z"),
      events: [
        {
          uid: "reservation-1@ratunuoma",
          start: "2026-12-01T08:00:00.000Z",
          end: "2026-12-03T08:00:00.000Z",
          summary,
          description,
          status: "CONFIRMED",
          categories: ["Rezervacija"],
        },
        {
          uid: "maintenance-2@ratunuoma",
          start: "2026-12-05T07:00:00.000Z",
          end: "2026-12-06T15:30:00.000Z",
          summary: "Remontas · Škoda Octavia · padangų keitimas",
        },
      ],
    });
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(text).toContain("DTSTART:20261201T080000Z\r\n");

    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Užimtumas: visas parkas");
    const events = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
    expect(events.map((event) => event.uid)).toEqual(["reservation-1@ratunuoma", "maintenance-2@ratunuoma"]);
    expect(events[0]?.summary).toBe(summary);
    expect(events[0]?.description).toBe(description);
    expect(events[0]?.startDate.toJSDate().toISOString()).toBe("2026-12-01T08:00:00.000Z");
    expect(events[0]?.endDate.toJSDate().toISOString()).toBe("2026-12-03T08:00:00.000Z");
    expect(events[0]?.startDate.zone.tzid).toBe("UTC");
    expect(events[1]?.summary).toBe("Remontas · Škoda Octavia · padangų keitimas");
    const vevent = calendar.getFirstSubcomponent("vevent");
    expect(vevent?.getFirstPropertyValue("dtstamp")?.toString()).toBe("2026-11-24T10:00:00Z");
  });
});
