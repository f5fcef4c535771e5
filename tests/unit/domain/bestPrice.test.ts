// The best-price rule: a rental never costs more than a longer one of the same car from the
// same pickup. Checked over the demo fleet's real price list and offers (every car, 1–60 days,
// pickups before, inside and across the seasons) and on small price lists that show why.
import { describe, expect, it } from "vitest";
import { buildDemoData } from "../../../server/seed/demoData";
import { calculateQuote, type QuoteInput } from "../../../src/domain/pricing";
import { type Offer, offerSchema, type Price, priceSchema } from "../../../src/domain/schemas";
import { addDaysToDateString, vilniusLocalToInstant } from "../../../src/domain/time";

const NOW = new Date("2026-05-20T09:00:00Z");
const data = buildDemoData(NOW);
const rules = data.settings.doc.bookingRules;
const prices = data.prices.map((p) => ({ ...p.doc, id: p.id }));
const offers = data.offers.map((o) => ({ ...o.doc, id: o.id }));
const cars = data.cars.map((c) => ({
  id: c.id,
  category: c.doc.category,
  deposit: c.doc.deposit,
  name: `${c.doc.make} ${c.doc.model}`,
}));

const at = (date: string, time = "10:00") => vilniusLocalToInstant(date, time);
const quoteFor = (input: Omit<QuoteInput, "pickupAt" | "returnAt">, pickupDate: string, days: number) =>
  calculateQuote({ ...input, pickupAt: at(pickupDate), returnAt: at(addDaysToDateString(pickupDate, days)) });

describe("geriausios kainos taisyklė demonstraciniame kainyne", () => {
  // Before the summer season, across its start, inside it, across the holiday season and in winter.
  const pickups = ["2026-05-25", "2026-06-15", "2026-08-20", "2026-12-15", "2027-02-01"];
  it.each(pickups)("nuo %s: nė viena n dienų nuoma nebrangesnė už n+1 dienų (visi automobiliai, 1–60 d.)", (pickup) => {
    const worse: string[] = [];
    let priced = 0;
    for (const car of cars) {
      const input = { car, prices, offers, rules };
      let previous = quoteFor(input, pickup, 1);
      for (let days = 2; days <= 60; days++) {
        const current = quoteFor(input, pickup, days);
        priced++;
        if (previous.total > current.total) {
          worse.push(`${car.name}: ${days - 1} d. ${previous.total} € > ${days} d. ${current.total} €`);
        }
        // The parts still add up: base − discount + fees = total.
        expect(current.base - current.discount + current.delivery).toBeCloseTo(current.total, 2);
        previous = current;
      }
    }
    expect(priced).toBe(cars.length * 59);
    expect(worse).toEqual([]);
  });
});

const CAR = { id: "00000000-0000-4000-8000-000000000001", category: "verslo", deposit: 500 };
const RULES = { graceMinutes: 60, vatRate: 0.21, maxDays: 90 };
const price = (fields: Record<string, unknown>): Price & { id: string } => ({
  ...priceSchema.parse(fields),
  id: "00000000-0000-4000-8000-000000000010",
});
const offer = (fields: Record<string, unknown>): Offer & { id: string } => ({
  ...offerSchema.parse({
    title: "Savaitė",
    slug: "savaite",
    validFrom: "2026-01-01",
    validTo: "2026-12-31",
    ...fields,
  }),
  id: "00000000-0000-4000-8000-000000000020",
});

describe("geriausios kainos taisyklė", () => {
  // The Škoda Superb case: 48 €/d. up to 29 days, 40 €/d. from 30: 29 × 48 = 1 392 € > 30 × 40 = 1 200 €.
  const superb = price({
    carId: CAR.id,
    tiers: [
      { fromDays: 1, toDays: 29, dailyRate: 48 },
      { fromDays: 30, toDays: null, dailyRate: 40 },
    ],
  });

  it("29 dienos kainuoja ne daugiau nei 30 (1 200 €, ne 1 392 €)", () => {
    const input = { car: CAR, prices: [superb], offers: [], rules: RULES };
    expect(quoteFor(input, "2026-10-01", 30).total).toBe(1200);
    const q29 = quoteFor(input, "2026-10-01", 29);
    expect(q29.total).toBe(1200);
    expect(q29.base).toBe(1200);
    expect(q29.days).toBe(29);
    expect(q29.perDay).toBeCloseTo(41.38, 2);
    // Shorter rentals that are cheaper anyway keep their own price.
    expect(quoteFor(input, "2026-10-01", 24).total).toBe(24 * 48);
    expect(quoteFor(input, "2026-10-01", 25).total).toBe(1200);
  });

  it("ilgesnė nei leidžiama nuoma nelyginama (ilgiausia nuoma 29 d.)", () => {
    const input = { car: CAR, prices: [superb], offers: [], rules: { ...RULES, maxDays: 29 } };
    expect(quoteFor(input, "2026-10-01", 29).total).toBe(1392);
  });

  it("akcija nuo 7 d. taikoma ir 6 d. nuomai, jei 7 d. būtų pigesnė", () => {
    const flat = price({ carId: CAR.id, tiers: [{ fromDays: 1, toDays: null, dailyRate: 50 }] });
    const week = offer({ minDays: 7, discount: { type: "percent", value: 20 } });
    const input = { car: CAR, prices: [flat], offers: [week], rules: RULES };
    const q7 = quoteFor(input, "2026-10-01", 7);
    expect(q7.total).toBe(280);
    expect(q7.offerId).toBe(week.id);
    const q6 = quoteFor(input, "2026-10-01", 6);
    expect(q6.total).toBe(280);
    expect(q6.base).toBe(300);
    expect(q6.discount).toBe(20);
    expect(q6.offerId).toBe(week.id);
    // 5 days at 250 € are cheaper than the week: no discount.
    const q5 = quoteFor(input, "2026-10-01", 5);
    expect(q5.total).toBe(250);
    expect(q5.offerId).toBeNull();
  });

  it("sezonas, kuris baigiasi be bazinės kainos, ilgesnės nuomos nekainuoja ir netrukdo", () => {
    const seasonOnly = price({
      carId: CAR.id,
      season: { name: "Ruduo", from: "2026-10-01", to: "2026-10-05" },
      tiers: [
        { fromDays: 1, toDays: 6, dailyRate: 50 },
        { fromDays: 7, toDays: null, dailyRate: 30 },
      ],
    });
    const input = { car: CAR, prices: [seasonOnly], offers: [], rules: RULES };
    expect(quoteFor(input, "2026-10-01", 5).total).toBe(250);
  });
});
