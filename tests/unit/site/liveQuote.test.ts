// The reservation form's live quote: the input it sends (exactly what the reservation will
// book), how the server's answer becomes the panel's state, and the previous answer kept on
// screen while a newer one is on its way.
import { describe, expect, it } from "vitest";
import { BackendError, type SearchResult, type SiteApi, type SiteQuote } from "../../../src/backend/port";
import type { Quote } from "../../../src/domain/schemas";
import { initialValues, toQuoteInput, toReservationInput } from "../../../src/site/reservation/reservationValues";
import { askQuote, type LiveAnswer, shownQuote } from "../../../src/site/reservation/useLiveQuote";

const CAR = "25239e32-7f21-52dd-ac80-9f8ef21ea6d9";
const OTHER = "5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f";
const PLACE = "466453be-16e6-56aa-871c-ed0b186adb3a";
const KAUNAS = "7d1e2f3a-4b5c-4d6e-9f70-8a9b0c1d2e3f";
const SEAT = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

const values = () => ({
  ...initialValues({
    carId: CAR,
    pickup: { date: "2026-12-01", time: "10:00" },
    return: { date: "2026-12-04", time: "12:30" },
    locationId: PLACE,
  }),
  returnLocationId: KAUNAS,
  extras: { [SEAT]: 2, [OTHER]: 0 },
});

const quote = { total: 123.45, days: 3 } as Quote; // only passed through
const input = toQuoteInput(values())!;

function fakeSite(answer: SiteQuote | Error, results: SearchResult[] = []) {
  const searches: unknown[] = [];
  const site: Pick<SiteApi, "quote" | "search"> = {
    quote: async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    },
    search: async (query) => {
      searches.push(query);
      return { data: results, total: results.length };
    },
  };
  return { site, searches };
}

describe("toQuoteInput", () => {
  it("siunčia tik tai, ką užsakys rezervacija: automobilį, laikotarpį, vietas ir pasirinktas paslaugas", () => {
    const booked = toReservationInput(values());
    expect(input).toEqual({
      carId: booked.carId,
      pickupAt: booked.pickupAt,
      returnAt: booked.returnAt,
      pickupLocationId: booked.pickupLocationId,
      returnLocationId: KAUNAS,
      extras: [{ id: SEAT, quantity: 2 }],
    });
    expect(input.pickupAt).toBe("2026-12-01T08:00:00.000Z");
  });

  it("kol trūksta automobilio, datos ar vietos, nesiunčia nieko", () => {
    expect(toQuoteInput({ ...values(), carId: "" })).toBeNull();
    expect(toQuoteInput({ ...values(), returnDate: "" })).toBeNull();
    expect(toQuoteInput({ ...values(), pickupLocationId: "" })).toBeNull();
  });
});

describe("askQuote", () => {
  it("laisvas automobilis: serverio kaina", async () => {
    const { site, searches } = fakeSite({ available: true, quote, quoteError: null });
    expect(await askQuote(site, input)).toEqual({ status: "ready", quote });
    expect(searches).toEqual([]);
  });

  it("užimtas: kiti laisvi automobiliai iš paieškos tam pačiam laikotarpiui ir vietai", async () => {
    const free = [{ id: CAR }, { id: OTHER }] as SearchResult[];
    const { site, searches } = fakeSite({ available: false, quote, quoteError: null }, free);
    expect(await askQuote(site, input)).toEqual({ status: "unavailable", alternatives: [{ id: OTHER }] });
    expect(searches).toEqual([{ from: input.pickupAt, to: input.returnAt, location: PLACE }]);
  });

  it("kainos nėra: serverio priežastis", async () => {
    const { site } = fakeSite({ available: true, quote: null, quoteError: "Šiam automobiliui kaina nenustatyta" });
    expect(await askQuote(site, input)).toEqual({
      status: "invalid",
      messages: ["Šiam automobiliui kaina nenustatyta"],
    });
  });

  it("atmesti duomenys – lankytojo taisomi pranešimai; kita – klaida", async () => {
    const refused = new BackendError("Patikrinkite pažymėtus laukus", 422, {
      pickupAt: "Paėmimo laikas jau praėjo",
      returnAt: "Paėmimo laikas jau praėjo",
    });
    expect(await askQuote(fakeSite(refused).site, input)).toEqual({
      status: "invalid",
      messages: ["Paėmimo laikas jau praėjo"],
    });
    expect(await askQuote(fakeSite(new BackendError("Serveris nepasiekiamas", 503)).site, input)).toEqual({
      status: "error",
      message: "Serveris nepasiekiamas",
    });
  });
});

describe("shownQuote", () => {
  const ready: LiveAnswer = { key: "a", live: { status: "ready", quote } };

  it("be pasirinkimo – laukia; pirmas atsakymas – skaičiuojama; tada atsakymas", () => {
    expect(shownQuote("", ready)).toEqual({ status: "idle" });
    expect(shownQuote("a", null)).toEqual({ status: "loading" });
    expect(shownQuote("a", ready)).toEqual({ status: "ready", quote });
  });

  it("kol ateina naujas atsakymas, rodo ankstesnį (pažymėtą), ne „skaičiuojama“", () => {
    expect(shownQuote("b", ready)).toEqual({ status: "ready", quote, pending: true });
  });
});
