// The messages that carry change events between server instances (pg_notify payloads).
import { describe, expect, it } from "vitest";
import { type ChangeEvent, eventsFromPayload, packPayloads } from "../../../server/services/events";

// Origins are randomUUID()s.
const THIS = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";

const event = (index: number): ChangeEvent => ({
  resource: "cars",
  id: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
  kind: "updated",
  at: "2026-11-21T10:00:00.000Z",
});

describe("pakeitimų perdavimas tarp serverių", () => {
  it("daug įvykių supakuojami į kelis pranešimus, kiekvienas iki 7 000 baitų, tvarka išlieka", () => {
    const events = Array.from({ length: 500 }, (_, index) => event(index));
    const payloads = packPayloads(events, OTHER);
    expect(payloads.length).toBeGreaterThan(1);
    expect(payloads.length).toBeLessThan(20);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(7000);
    const received = payloads.flatMap((payload) => eventsFromPayload(payload, THIS));
    expect(received).toEqual(events);
  });

  it("savo paties ir sugadinti pranešimai atmetami", () => {
    const [payload] = packPayloads([event(1)], THIS);
    expect(eventsFromPayload(payload!, THIS)).toEqual([]);
    expect(eventsFromPayload("ne JSON", THIS)).toEqual([]);
    expect(eventsFromPayload(`{"o":"${OTHER}","e":[{"resource":"cars"}]}`, THIS)).toEqual([]);
    expect(eventsFromPayload(`{"o":"${OTHER}","e":"ne masyvas"}`, THIS)).toEqual([]);
  });

  it("tuščias sąrašas – jokio pranešimo", () => {
    expect(packPayloads([], OTHER)).toEqual([]);
  });
});
