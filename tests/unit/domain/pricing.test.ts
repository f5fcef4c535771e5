import { describe, expect, it } from "vitest";
import {
  calculateQuote,
  eligibleOffers,
  extendQuote,
  priceFromForCar,
  QuoteError,
  type QuoteInput,
  rentalDays,
  selectPriceRule,
  tierForDays,
  tiersForCar,
} from "../../../src/domain/pricing";
import {
  type Extra,
  extraSchema,
  type Location,
  locationSchema,
  type Offer,
  offerSchema,
  type Price,
  priceSchema,
  quoteSchema,
} from "../../../src/domain/schemas";
import { addDaysToDateString, vilniusLocalToInstant } from "../../../src/domain/time";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const CAR = { id: uuid(1), category: "ekonominė", deposit: 300 };
const OTHER_CAR_ID = uuid(2);
const RULES = { graceMinutes: 60, vatRate: 0.21 };
let nextId = 100;

const at = (date: string, time = "10:00") => vilniusLocalToInstant(date, time);
const price = (fields: Record<string, unknown>): Price & { id: string } => ({
  ...priceSchema.parse(fields),
  id: uuid(nextId++),
});
const extra = (fields: Record<string, unknown>): Extra & { id: string } => ({
  ...extraSchema.parse(fields),
  id: uuid(nextId++),
});
const offer = (fields: Record<string, unknown>): Offer & { id: string } => ({
  ...offerSchema.parse({ title: "Akcija", slug: "akcija", validFrom: "2026-01-01", validTo: "2026-12-31", ...fields }),
  id: uuid(nextId++),
});
const location = (deliveryFee: number): Location =>
  locationSchema.parse({ name: "Vieta", address: "Gedimino pr. 1", city: "Vilnius", deliveryFee });

const carBase = price({
  carId: CAR.id,
  tiers: [
    { fromDays: 1, toDays: 3, dailyRate: 40 },
    { fromDays: 4, toDays: 7, dailyRate: 35 },
    { fromDays: 8, toDays: null, dailyRate: 30 },
  ],
});
const carSummer = price({
  carId: CAR.id,
  season: { name: "Vasara", from: "2026-06-01", to: "2026-08-31" },
  tiers: [
    { fromDays: 1, toDays: 3, dailyRate: 60 },
    { fromDays: 4, toDays: null, dailyRate: 55 },
  ],
});
const categoryBase = price({ category: "ekonominė", tiers: [{ fromDays: 1, toDays: null, dailyRate: 50 }] });
const categoryWinter = price({
  category: "ekonominė",
  season: { from: "2026-12-20", to: "2027-01-10" },
  tiers: [{ fromDays: 1, toDays: null, dailyRate: 70 }],
});
const otherCarRule = price({ carId: OTHER_CAR_ID, tiers: [{ fromDays: 1, toDays: null, dailyRate: 5 }] });
const otherCategoryRule = price({ category: "prabangos", tiers: [{ fromDays: 1, toDays: null, dailyRate: 6 }] });

const quote = (overrides: Partial<QuoteInput> & Pick<QuoteInput, "pickupAt" | "returnAt">) =>
  calculateQuote({ car: CAR, prices: [carBase, carSummer, categoryBase], rules: RULES, ...overrides });

const expectQuoteError = (fn: () => unknown, message: string, field?: string) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(QuoteError);
    expect((error as QuoteError).message).toBe(message);
    if (field) expect((error as QuoteError).field).toBe(field);
    return;
  }
  throw new Error("tikėtasi QuoteError");
};

describe("rentalDays", () => {
  it("skaičiuoja pradėtus 24 val. laikotarpius", () => {
    expect(rentalDays(at("2026-11-21"), at("2026-11-22"), 60)).toBe(1);
    expect(rentalDays(at("2026-11-21"), at("2026-11-23"), 60)).toBe(2);
    expect(rentalDays(at("2026-11-21"), at("2026-11-21", "10:30"), 60)).toBe(1);
    expect(rentalDays(at("2026-11-21"), at("2026-11-21", "10:30"), 0)).toBe(1);
    expect(rentalDays(at("2026-11-21"), at("2026-11-22", "10:01"), 0)).toBe(2);
  });

  it("per nemokamą vėlavimo laiką pradėtos paros neskaičiuoja: 59 ir 60 min nemokamai, už 61 min – jau mokama", () => {
    expect(rentalDays(at("2026-11-21"), at("2026-11-22", "10:59"), 60)).toBe(1);
    expect(rentalDays(at("2026-11-21"), at("2026-11-22", "11:00"), 60)).toBe(1);
    expect(rentalDays(at("2026-11-21"), at("2026-11-22", "11:01"), 60)).toBe(2);
    expect(rentalDays("2026-11-21T08:00:00Z", "2026-11-24T09:00:00Z", 60)).toBe(3);
    expect(rentalDays("2026-11-21T08:00:00Z", "2026-11-24T09:00:01Z", 60)).toBe(4);
  });

  it("atmeta grąžinimą tuo pačiu metu kaip paėmimas ar anksčiau", () => {
    const message = "Grąžinimo laikas turi būti vėlesnis nei paėmimo";
    expectQuoteError(() => rentalDays(at("2026-11-21"), at("2026-11-21"), 60), message, "returnAt");
    expectQuoteError(() => rentalDays("2026-11-21T08:00:00Z", "2026-11-21T08:00:00.000Z", 60), message);
    expectQuoteError(() => rentalDays(at("2026-11-22"), at("2026-11-21"), 60), message);
  });

  it("atmeta neperskaitomas datas", () => {
    expectQuoteError(() => rentalDays("rytoj", at("2026-11-21"), 60), "Neteisinga data ir laikas", "pickupAt");
    expectQuoteError(
      () => rentalDays(at("2026-11-21"), "2026-13-45T10:00:00Z", 60),
      "Neteisinga data ir laikas",
      "returnAt",
    );
  });

  it("per pavasarinį laiko keitimą (2026-03-29, 23 val. para) paras skaičiuoja pagal laikrodį", () => {
    const pickup = at("2026-03-28");
    const ret = at("2026-03-29");
    expect(ret.getTime() - pickup.getTime()).toBe(23 * 3_600_000);
    expect(rentalDays(pickup, ret, 0)).toBe(1);
    expect(rentalDays(pickup, at("2026-03-31"), 0)).toBe(3);
    // 24 real hours end at 11:00 on the clock: one hour over, inside a 60 min grace only.
    const real24h = new Date(pickup.getTime() + 24 * 3_600_000);
    expect(rentalDays(pickup, real24h, 60)).toBe(1);
    expect(rentalDays(pickup, real24h, 0)).toBe(2);
  });

  it("per rudeninį laiko keitimą (2026-10-25, 25 val. para) paras skaičiuoja pagal laikrodį", () => {
    const pickup = at("2026-10-24");
    const ret = at("2026-10-25");
    expect(ret.getTime() - pickup.getTime()).toBe(25 * 3_600_000);
    expect(rentalDays(pickup, ret, 0)).toBe(1);
    expect(rentalDays(pickup, at("2026-10-27"), 0)).toBe(3);
    // Within the repeated hour the clock runs backwards; still at least one day.
    expect(rentalDays("2026-10-25T00:50:00Z", "2026-10-25T01:10:00Z", 0)).toBe(1);
  });

  it("įskaičiuoja keliamųjų metų vasario 29 d.", () => {
    expect(rentalDays(at("2028-02-28"), at("2028-03-01"), 60)).toBe(2);
    expect(rentalDays(at("2027-02-28"), at("2027-03-01"), 60)).toBe(1);
    expect(rentalDays(at("2028-02-01"), at("2028-03-01"), 60)).toBe(29);
  });
});

describe("kainos pakopos", () => {
  it("ties riba keičia pakopą: 3 paros – 1–3 parų kaina, 4 paros – 4–7 parų kaina", () => {
    const three = quote({ pickupAt: at("2026-11-02"), returnAt: at("2026-11-05") });
    expect(three.days).toBe(3);
    expect(three.dailyRate).toBe(40);
    expect(three.base).toBe(120);
    const four = quote({ pickupAt: at("2026-11-02"), returnAt: at("2026-11-06") });
    expect(four.days).toBe(4);
    expect(four.dailyRate).toBe(35);
    expect(four.base).toBe(140);
    // 7 × 35 = 245 € would cost more than 8 × 30 = 240 €: the best-price rule charges 240 €.
    const seven = quote({ pickupAt: at("2026-11-02"), returnAt: at("2026-11-09") });
    expect(seven.base).toBe(240);
    const eight = quote({ pickupAt: at("2026-11-02"), returnAt: at("2026-11-10") });
    expect(eight.dailyRate).toBe(30);
    expect(eight.base).toBe(240);
  });

  it("pakopą lemia nemokamas vėlavimo laikas: 3 paros + 59 min lieka 3, + 61 min tampa 4", () => {
    expect(quote({ pickupAt: at("2026-11-02"), returnAt: at("2026-11-05", "10:59") }).base).toBe(120);
    const over = quote({ pickupAt: at("2026-11-02"), returnAt: at("2026-11-05", "11:01") });
    expect(over.days).toBe(4);
    expect(over.base).toBe(140);
  });

  it("kai pakopos baigiasi anksčiau, toliau taiko ilgiausią", () => {
    const tiers = [
      { fromDays: 4, toDays: 7, dailyRate: 35 },
      { fromDays: 1, toDays: 3, dailyRate: 40 },
    ];
    expect(tierForDays(tiers, 2)?.dailyRate).toBe(40);
    expect(tierForDays(tiers, 7)?.dailyRate).toBe(35);
    expect(tierForDays(tiers, 10)?.dailyRate).toBe(35);
    expect(tierForDays([], 1)).toBeNull();
  });
});

describe("kainos taisyklės parinkimas", () => {
  it("automobilio taisyklei teikia pirmenybę prieš jo klasės taisyklę", () => {
    expect(quote({ pickupAt: at("2026-11-02"), returnAt: at("2026-11-03") }).base).toBe(40);
  });

  it("jos nesant ima klasės taisyklę, kitų automobilių ir klasių nepaiso", () => {
    const q = calculateQuote({
      car: CAR,
      prices: [otherCarRule, otherCategoryRule, categoryBase],
      pickupAt: at("2026-11-02"),
      returnAt: at("2026-11-04"),
      rules: RULES,
    });
    expect(q.base).toBe(100);
  });

  it("atmeta automobilį be jokios kainos", () => {
    expectQuoteError(
      () =>
        calculateQuote({
          car: CAR,
          prices: [otherCarRule, otherCategoryRule],
          pickupAt: at("2026-11-02"),
          returnAt: at("2026-11-04"),
          rules: RULES,
        }),
      "Šiam automobiliui nenustatyta kaina",
      "carId",
    );
  });

  it("eiliškumas: automobilio sezonas > automobilio bazinė > klasės sezonas > klasės bazinė", () => {
    const all = [categoryWinter, categoryBase, carSummer, carBase];
    expect(selectPriceRule(CAR, all, "2026-07-01")).toBe(carSummer);
    expect(selectPriceRule(CAR, all, "2026-12-25")).toBe(carBase);
    expect(selectPriceRule(CAR, [categoryBase, categoryWinter], "2026-12-25")).toBe(categoryWinter);
    expect(selectPriceRule(CAR, [categoryBase, categoryWinter], "2027-01-11")).toBe(categoryBase);
    expect(selectPriceRule(CAR, [carSummer], "2026-09-01")).toBeNull();
  });

  it("iš persidengiančių sezonų ima trumpiausią", () => {
    const midsummer = price({
      carId: CAR.id,
      season: { from: "2026-06-20", to: "2026-06-25" },
      tiers: [{ fromDays: 1, toDays: null, dailyRate: 80 }],
    });
    expect(selectPriceRule(CAR, [carSummer, midsummer], "2026-06-24")).toBe(midsummer);
    expect(selectPriceRule(CAR, [carSummer, midsummer], "2026-06-26")).toBe(carSummer);
  });
});

describe("sezonai", () => {
  it("kiekvieną parą įkainoja pagal tą dieną Vilniuje galiojantį sezoną ir visos nuomos pakopą", () => {
    // 4 days: 05-30 and 05-31 at base 4-7 (35), 06-01 and 06-02 at summer 4+ (55).
    const q = quote({ pickupAt: at("2026-05-30"), returnAt: at("2026-06-03") });
    expect(q.days).toBe(4);
    expect(q.base).toBe(180);
    expect(q.dailyRate).toBe(45);
  });

  it("ima paėmimo datą Vilniaus, o ne UTC laiku", () => {
    // 00:30 in Vilnius on 06-01 is still 05-31 in UTC.
    const pickup = at("2026-06-01", "00:30");
    expect(pickup.toISOString().startsWith("2026-05-31")).toBe(true);
    expect(quote({ pickupAt: pickup, returnAt: at("2026-06-02", "00:30") }).base).toBe(60);
    expect(quote({ pickupAt: at("2026-05-31", "23:30"), returnAt: at("2026-06-01", "23:30") }).base).toBe(40);
  });

  it("automobiliui be savų taisyklių taiko klasės sezoną", () => {
    const q = calculateQuote({
      car: CAR,
      prices: [categoryBase, categoryWinter],
      pickupAt: at("2026-12-18"),
      returnAt: at("2026-12-22"),
      rules: RULES,
    });
    // 12-18, 12-19 at 50; 12-20, 12-21 at 70.
    expect(q.base).toBe(240);
  });

  it("teisingai skaičiuoja sezoną, prasidedantį keliamųjų metų vasario 29 d.", () => {
    const leap = price({
      carId: CAR.id,
      season: { from: "2028-02-29", to: "2028-03-31" },
      tiers: [{ fromDays: 1, toDays: null, dailyRate: 100 }],
    });
    const prices = [carBase, leap];
    const q = (from: string, to: string) =>
      calculateQuote({ car: CAR, prices, pickupAt: at(from), returnAt: at(to), rules: RULES });
    // 02-27, 02-28 at 35 (4-day tier); 02-29, 03-01 at 100.
    expect(q("2028-02-27", "2028-03-02").base).toBe(270);
    expect(q("2028-02-29", "2028-03-01").base).toBe(100);
    expect(q("2028-02-28", "2028-02-29").base).toBe(40);
  });

  it("teisingai skaičiuoja sezoną, pasibaigiantį keliamųjų metų vasario 29 d.", () => {
    const february = price({
      carId: CAR.id,
      season: { from: "2028-02-01", to: "2028-02-29" },
      tiers: [{ fromDays: 1, toDays: null, dailyRate: 20 }],
    });
    const q = calculateQuote({
      car: CAR,
      prices: [carBase, february],
      pickupAt: at("2028-02-28"),
      returnAt: at("2028-03-02"),
      rules: RULES,
    });
    // 3 days: 02-28 and 02-29 at 20, 03-01 at 40.
    expect(q.days).toBe(3);
    expect(q.base).toBe(80);
  });

  it("per abu laiko keitimus paras įkainoja teisingai", () => {
    const spring = quote({ pickupAt: at("2026-03-28"), returnAt: at("2026-03-30") });
    expect(spring.days).toBe(2);
    expect(spring.base).toBe(80);
    const autumn = quote({ pickupAt: at("2026-10-24"), returnAt: at("2026-10-27") });
    expect(autumn.days).toBe(3);
    expect(autumn.base).toBe(120);
    // A season ending on the autumn change day: 10-24 and 10-25 seasonal, 10-26 base.
    const october = price({
      carId: CAR.id,
      season: { from: "2026-10-01", to: "2026-10-25" },
      tiers: [{ fromDays: 1, toDays: null, dailyRate: 25 }],
    });
    const q = calculateQuote({
      car: CAR,
      prices: [carBase, october],
      pickupAt: at("2026-10-24", "22:00"),
      returnAt: at("2026-10-27", "22:00"),
      rules: RULES,
    });
    expect(q.base).toBe(25 + 25 + 40);
  });
});

describe("papildomos paslaugos", () => {
  const seat = extra({ name: "Vaikiška kėdutė", price: 5, chargedPer: "day", maxPrice: 30, maxQuantity: 2 });
  const gps = extra({ name: "GPS navigacija", price: 10, chargedPer: "rental" });
  const driver = extra({ name: "Papildomas vairuotojas", price: 4.5, chargedPer: "day" });

  it("skaičiuoja už parą ir už visą nuomą, paros paslaugai taiko kainos ribą", () => {
    const q = quote({
      pickupAt: at("2026-11-02"),
      returnAt: at("2026-11-05"),
      extras: [
        { extra: seat, quantity: 2 },
        { extra: gps, quantity: 1 },
        { extra: driver, quantity: 1 },
      ],
    });
    // seat 5 x 2 x 3 = 30 (cap 60), gps 10, driver 4.50 x 3 = 13.50
    expect(q.extras).toBe(53.5);
    expect(q.extrasLines).toEqual([
      { extraId: seat.id, name: "Vaikiška kėdutė", quantity: 2, unitPrice: 5, chargedPer: "day", amount: 30 },
      { extraId: gps.id, name: "GPS navigacija", quantity: 1, unitPrice: 10, chargedPer: "rental", amount: 10 },
      {
        extraId: driver.id,
        name: "Papildomas vairuotojas",
        quantity: 1,
        unitPrice: 4.5,
        chargedPer: "day",
        amount: 13.5,
      },
    ]);
    expect(q.total).toBe(120 + 53.5);
  });

  it("ilgai nuomai paros paslaugos kainą riboja maxPrice už vienetą", () => {
    const long = { pickupAt: at("2026-11-02"), returnAt: at("2026-11-12") };
    expect(quote({ ...long, extras: [{ extra: seat, quantity: 1 }] }).extras).toBe(30);
    expect(quote({ ...long, extras: [{ extra: seat, quantity: 2 }] }).extras).toBe(60);
    expect(quote({ ...long, extras: [{ extra: driver, quantity: 1 }] }).extras).toBe(45);
  });

  it("atmeta didesnį nei leistinas kiekį, taip pat kai paslauga nurodyta du kartus", () => {
    const message = "Paslaugos „Vaikiška kėdutė“ galima užsakyti ne daugiau kaip 2";
    const period = { pickupAt: at("2026-11-02"), returnAt: at("2026-11-05") };
    expectQuoteError(() => quote({ ...period, extras: [{ extra: seat, quantity: 3 }] }), message, "extras");
    expectQuoteError(
      () =>
        quote({
          ...period,
          extras: [
            { extra: seat, quantity: 2 },
            { extra: seat, quantity: 1 },
          ],
        }),
      message,
    );
    expectQuoteError(
      () => quote({ ...period, extras: [{ extra: gps, quantity: 2 }] }),
      "Paslaugos „GPS navigacija“ galima užsakyti ne daugiau kaip 1",
    );
    expectQuoteError(
      () => quote({ ...period, extras: [{ extra: gps, quantity: -1 }] }),
      "Neteisingas paslaugos kiekis",
    );
    expectQuoteError(
      () => quote({ ...period, extras: [{ extra: gps, quantity: 0.5 }] }),
      "Neteisingas paslaugos kiekis",
    );
  });

  it("praleidžia paslaugą, kurios kiekis 0", () => {
    const q = quote({ pickupAt: at("2026-11-02"), returnAt: at("2026-11-05"), extras: [{ extra: gps, quantity: 0 }] });
    expect(q.extras).toBe(0);
    expect(q.extrasLines).toEqual([]);
  });
});

describe("pristatymas", () => {
  it("prideda paėmimo ir grąžinimo vietų mokesčius", () => {
    const period = { pickupAt: at("2026-11-02"), returnAt: at("2026-11-03") };
    const q = quote({ ...period, pickupLocation: location(20), returnLocation: location(15.5) });
    expect(q.delivery).toBe(35.5);
    expect(q.total).toBe(75.5);
    expect(quote({ ...period, pickupLocation: location(0), returnLocation: null }).delivery).toBe(0);
    expect(quote(period).delivery).toBe(0);
  });
});

describe("akcijos", () => {
  const period = { pickupAt: at("2026-11-02"), returnAt: at("2026-11-06") }; // 4 days, base 140

  it("procentinę nuolaidą taiko bazinei kainai", () => {
    const tenPercent = offer({ discount: { type: "percent", value: 10 } });
    const q = quote({ ...period, offers: [tenPercent], pickupLocation: location(20) });
    expect(q.discount).toBe(14);
    expect(q.offerId).toBe(tenPercent.id);
    expect(q.total).toBe(140 + 20 - 14);
  });

  it("taiko fiksuotą nuolaidą, ne didesnę už bazinę kainą", () => {
    const fixed = offer({ discount: { type: "fixed", value: 25 } });
    expect(quote({ ...period, offers: [fixed] }).discount).toBe(25);
    const huge = offer({ discount: { type: "fixed", value: 1000 } });
    const q = quote({ ...period, offers: [huge], pickupLocation: location(20) });
    expect(q.discount).toBe(140);
    expect(q.total).toBe(20);
  });

  it("parenka akciją su didžiausia nuolaida", () => {
    const tenPercent = offer({ discount: { type: "percent", value: 10 } }); // 14
    const fixed = offer({ discount: { type: "fixed", value: 20 } }); // 20
    const fifteen = offer({ discount: { type: "percent", value: 15 } }); // 21
    expect(quote({ ...period, offers: [tenPercent, fixed] }).offerId).toBe(fixed.id);
    const q = quote({ ...period, offers: [tenPercent, fixed, fifteen] });
    expect(q.offerId).toBe(fifteen.id);
    expect(q.discount).toBe(21);
  });

  it("nepaiso akcijų, kurios neaktyvios, negalioja, skirtos kitiems automobiliams, reikalauja ilgesnės nuomos ar neturi nuolaidos", () => {
    const offers = [
      offer({ discount: { type: "percent", value: 50 }, active: false }),
      offer({ discount: { type: "percent", value: 50 }, validFrom: "2026-11-03", validTo: "2026-11-30" }),
      offer({ discount: { type: "percent", value: 50 }, validFrom: "2026-10-01", validTo: "2026-11-01" }),
      offer({ discount: { type: "percent", value: 50 }, carIds: [OTHER_CAR_ID] }),
      // 5 days at −10 % (157,50 €) cost more than these 4 days (140 €): the longer rental's offer is no help.
      offer({ discount: { type: "percent", value: 10 }, minDays: 5 }),
      offer({ discount: null }),
    ];
    const q = quote({ ...period, offers });
    expect(q.discount).toBe(0);
    expect(q.offerId).toBeNull();
  });

  it("ilgesnės nuomos akcija taikoma, kai ta nuoma būtų pigesnė (geriausios kainos taisyklė)", () => {
    const half = offer({ discount: { type: "percent", value: 50 }, minDays: 5 });
    // 5 days: 175 € − 50 % = 87,50 €; 4 days (140 €) cost no more than that.
    const q = quote({ ...period, offers: [half] });
    expect(q.total).toBe(87.5);
    expect(q.discount).toBe(52.5);
    expect(q.offerId).toBe(half.id);
  });

  it("priima šiam automobiliui skirtą akciją pagal paėmimo datą Vilniuje ir lygiai minDays trukmės nuomai", () => {
    const mine = offer({
      discount: { type: "percent", value: 20 },
      carIds: [OTHER_CAR_ID, CAR.id],
      minDays: 4,
      validFrom: "2026-11-02",
      validTo: "2026-11-02",
    });
    expect(quote({ ...period, offers: [mine] }).discount).toBe(28);
    // Picked up 00:30 on 11-03 Vilnius (still 11-02 in UTC): the offer has ended.
    const late = quote({ pickupAt: at("2026-11-03", "00:30"), returnAt: at("2026-11-07", "00:30"), offers: [mine] });
    expect(late.discount).toBe(0);
    expect(eligibleOffers([mine], CAR.id, "2026-11-02", 3)).toEqual([]);
  });
});

describe("PVM, sumos ir struktūra", () => {
  const oneDay = (rate: number, vatRate = 0.21) =>
    calculateQuote({
      car: CAR,
      prices: [price({ carId: CAR.id, tiers: [{ fromDays: 1, toDays: null, dailyRate: rate }] })],
      pickupAt: at("2026-11-02"),
      returnAt: at("2026-11-03"),
      rules: { graceMinutes: 60, vatRate },
    });

  it("21 % PVM išskiria iš sumos su PVM: 121,00 -> 21,00 + 100,00", () => {
    const q = oneDay(121);
    expect(q.total).toBe(121);
    expect(q.vat).toBe(21);
    expect(q.net).toBe(100);
    expect(q.vatRate).toBe(0.21);
  });

  it("PVM apvalina iki centų, o suma be PVM + PVM = iš viso", () => {
    const q = oneDay(99.99);
    expect(q.vat).toBe(17.35);
    expect(q.net).toBe(82.64);
    expect(Math.round((q.vat + q.net) * 100)).toBe(9999);
    expect(oneDay(50, 0).vat).toBe(0);
  });

  it("vidutinę paros kainą skaičiuoja centų tikslumu", () => {
    const q = calculateQuote({
      car: CAR,
      prices: [price({ carId: CAR.id, tiers: [{ fromDays: 1, toDays: null, dailyRate: 33.33 }] })],
      pickupAt: at("2026-11-02"),
      returnAt: at("2026-11-05"),
      pickupLocation: location(0.01),
      rules: RULES,
    });
    expect(q.base).toBe(99.99);
    expect(q.total).toBe(100);
    expect(q.perDay).toBe(33.33);
    expect(q.dailyRate).toBe(33.33);
  });

  it("sudeda bazinę kainą, paslaugas ir pristatymą, atima nuolaidą, pateikia užstatą ir valiutą", () => {
    const q = quote({
      pickupAt: "2026-11-02T08:00:00Z",
      returnAt: "2026-11-06T08:00:00Z",
      extras: [{ extra: extra({ name: "GPS", price: 10, chargedPer: "rental" }), quantity: 1 }],
      pickupLocation: location(20),
      returnLocation: location(20),
      offers: [offer({ discount: { type: "fixed", value: 15 } })],
    });
    expect(q).toMatchObject({
      days: 4,
      dailyRate: 35,
      base: 140,
      extras: 10,
      delivery: 40,
      discount: 15,
      total: 175,
      // the rental per day after the discount: (140 − 15) / 4; extras and delivery are one-off
      perDay: 31.25,
      vat: 30.37,
      net: 144.63,
      deposit: 300,
      currency: "EUR",
    });
    expect(quoteSchema.parse(q)).toEqual(q);
  });

  it("sumos turi ne daugiau kaip du skaitmenis po kablelio", () => {
    const q = calculateQuote({
      car: { ...CAR, deposit: 250.5 },
      prices: [price({ carId: CAR.id, tiers: [{ fromDays: 1, toDays: null, dailyRate: 19.99 }] })],
      pickupAt: at("2026-11-02"),
      returnAt: at("2026-11-09"),
      rules: RULES,
    });
    for (const value of [q.base, q.total, q.vat, q.net, q.perDay, q.dailyRate, q.deposit]) {
      expect(Math.round(value * 100) / 100).toBe(value);
    }
    expect(q.base).toBe(139.93);
    expect(q.deposit).toBe(250.5);
  });
});

describe("priceFromForCar ir tiersForCar", () => {
  it("pateikia mažiausią bazinę paros kainą iš paties automobilio taisyklių", () => {
    expect(priceFromForCar(CAR, [carBase, carSummer, categoryBase])).toBe(30);
  });

  it("jų nesant ima klasės kainą, sezonų nepaiso", () => {
    expect(priceFromForCar(CAR, [categoryBase, categoryWinter, otherCarRule])).toBe(50);
    expect(priceFromForCar(CAR, [carSummer])).toBeNull();
    expect(priceFromForCar(CAR, [])).toBeNull();
  });

  it("pateikia tą dieną galiojančias pakopas, trumpiausią pirmą", () => {
    const prices = [carSummer, carBase, categoryBase];
    expect(tiersForCar(CAR, prices, new Date("2026-07-01T12:00:00Z")).map((t) => t.dailyRate)).toEqual([60, 55]);
    expect(tiersForCar(CAR, prices, new Date("2026-11-01T12:00:00Z")).map((t) => t.dailyRate)).toEqual([40, 35, 30]);
    // 2026-05-31T21:30Z is already June 1st in Vilnius.
    expect(tiersForCar(CAR, prices, new Date("2026-05-31T21:30:00Z"))[0]?.dailyRate).toBe(60);
    const shuffled = price({
      carId: CAR.id,
      tiers: [
        { fromDays: 8, toDays: null, dailyRate: 30 },
        { fromDays: 1, toDays: 7, dailyRate: 40 },
      ],
    });
    expect(tiersForCar(CAR, [shuffled]).map((t) => t.fromDays)).toEqual([1, 8]);
    expect(tiersForCar(CAR, [otherCarRule])).toEqual([]);
  });
});

describe("pratęsimo kaina", () => {
  /** 5 € a day: 15 € for 3 days, 25 € for 5 */
  const GPS = extra({ name: "GPS", price: 5, chargedPer: "day", maxQuantity: 1 });
  const quoteFor = (days: number, rate: number, withGps = false) =>
    calculateQuote({
      car: CAR,
      prices: [price({ carId: CAR.id, tiers: [{ fromDays: 1, toDays: null, dailyRate: rate }] })],
      pickupAt: at("2026-11-02"),
      returnAt: at(addDaysToDateString("2026-11-02", days)),
      ...(withGps ? { extras: [{ extra: GPS, quantity: 1 }] } : {}),
      rules: RULES,
    });

  it("sutarta kaina lieka, pridėtos paros – pagal dabartinio automobilio tarifą", () => {
    // Agreed: 3 days of a 29 € car (kept through a swap); now the customer has a 32 € car.
    const agreed = quoteFor(3, 29, true);
    const extended = extendQuote(agreed, quoteFor(3, 32, true), quoteFor(5, 32, true));
    expect(extended.days).toBe(5);
    expect(extended.base).toBe(87 + 64);
    expect(extended.total).toBe(agreed.total + 64 + 10);
    expect(extended.deposit).toBe(agreed.deposit);
    expect(Math.round((extended.vat + extended.net) * 100)).toBe(Math.round(extended.total * 100));
  });

  it("be keitimo ir tarifo pokyčio – tas pats, kas nauja kaina visam laikotarpiui", () => {
    expect(extendQuote(quoteFor(3, 30), quoteFor(3, 30), quoteFor(5, 30))).toEqual(quoteFor(5, 30));
  });
});
