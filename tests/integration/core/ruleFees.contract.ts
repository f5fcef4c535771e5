// Fees that apply by rule (settings.tariff, src/domain/ruleFees.ts) on every DocumentStore (memory,
// PGlite, Firestore): a 22-year-old's quote before the button carries the young driver's fee, the
// web booking stores it whatever the browser claims, a staff booking for a young customer gets it
// from the customer card, and travel abroad adds its fee and the larger deposit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../../src/core/collections";
import { checkQuote } from "../../../src/core/quoteCheck";
import { createStaffReservation, quoteWebReservation, submitWebReservation } from "../../../src/core/reservations";
import { addDaysToDateString, vilniusDateString } from "../../../src/domain/time";
import { renterDoc } from "./deskFixtures";
import {
  at,
  type CoreStoreHarness,
  demo,
  type RecordingStore,
  recordingStore,
  reservationInput,
  testContext,
} from "./useCases.contract";

const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;
const tariff = demo.settings.doc.tariff;
/** a car a 22-year-old may drive */
const youngCar = demo.cars.find((c) => c.doc.status === "active" && c.doc.minDriverAge <= 22)!;
const place = demo.locations.find((l) => l.doc.active !== false && (l.doc.deliveryFee ?? 0) === 0)!;
const PICKUP = at(120);
const RETURN = at(123);
/** 22 years old on the pickup day (the birthday a week before it) */
const BIRTH_22 = addDaysToDateString(vilniusDateString(PICKUP), -7).replace(/^\d{4}/, (y) => String(Number(y) - 22));

const booked = (overrides: Record<string, unknown> = {}) => ({
  carId: youngCar.id,
  pickupAt: PICKUP,
  returnAt: RETURN,
  pickupLocationId: place.id,
  returnLocationId: place.id,
  extras: [],
  ...overrides,
});

const ruleLine = (quote: { extrasLines: { rule?: string; amount: number }[] } | null | undefined, rule: string) =>
  quote?.extrasLines.find((line) => line.rule === rule);

export function defineRuleFeesContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`Mokesčiai pagal taisykles kainoje: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: RecordingStore;
    const ctx = () => testContext(store);

    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = recordingStore(harness.store);
    });
    afterAll(async () => {
      await harness?.close();
    });

    it("22 metų vairuotojo kaina prieš mygtuką: jauno vairuotojo mokestis už kiekvieną parą", async () => {
      expect(tariff.youngDriverUnderAge).toBeGreaterThan(22);
      const plain = await quoteWebReservation(ctx(), booked());
      const young = await quoteWebReservation(ctx(), booked({ birthDate: BIRTH_22 }));
      expect(plain.available).toBe(true);
      expect(ruleLine(plain.quote, "youngDriver")).toBeUndefined();
      const line = ruleLine(young.quote, "youngDriver");
      const days = young.quote?.days ?? 0;
      expect(days).toBe(3);
      expect(line).toMatchObject({ name: `Jauno vairuotojo (iki ${tariff.youngDriverUnderAge} m.) mokestis` });
      expect(line?.amount).toBe(tariff.youngDriverPerDay * days);
      expect(young.quote?.total).toBe(
        Math.round(((plain.quote?.total ?? 0) + tariff.youngDriverPerDay * days) * 100) / 100,
      );
      // The day the driver turns the age: no fee.
      const older = BIRTH_22.replace(/^\d{4}/, (y) => String(Number(y) - (tariff.youngDriverUnderAge - 22)));
      expect(
        ruleLine((await quoteWebReservation(ctx(), booked({ birthDate: older }))).quote, "youngDriver"),
      ).toBeUndefined();
    });

    it("svetainės rezervacija: serveris pats prideda mokestį pagal gimimo datą, kaip parodė kaina", async () => {
      const quoted = await quoteWebReservation(
        ctx(),
        booked({ birthDate: BIRTH_22, pickupAt: at(130), returnAt: at(133) }),
      );
      const created = await submitWebReservation(
        ctx(),
        reservationInput({
          ...booked({ pickupAt: at(130), returnAt: at(133) }),
          customer: {
            firstName: "Jonas",
            lastName: "Jaunasis",
            email: "jonas.jaunasis@example.lt",
            phone: "+370 612 34567",
            birthDate: BIRTH_22,
            licenceNumber: "LT2222222",
          },
          // a price the browser sends is never trusted
          total: 1,
        }),
      );
      expect(created.quote.total).toBe(quoted.quote?.total);
      expect(ruleLine(created.quote, "youngDriver")?.amount).toBe(tariff.youngDriverPerDay * 3);
      const stored = (await store.get(COLLECTIONS.reservations, created.id))?.data as { quote: { total: number } };
      expect(stored.quote.total).toBe(created.quote.total);
    });

    it("darbuotojų rezervacija: mokestis iš kliento kortelės gimimo datos; kelionė į užsienį – mokestis ir užstatas", async () => {
      const customerId = store.newId(COLLECTIONS.customers);
      const stamp = new Date(at(0)).toISOString();
      await store.transaction(async (tx) => {
        tx.set(COLLECTIONS.customers, customerId, {
          ...renterDoc("jauna.kliente@example.lt", stamp),
          birthDate: BIRTH_22,
        });
      });
      const base = { ...booked({ pickupAt: at(140), returnAt: at(143) }), customerId, status: "confirmed" };
      const saved = await createStaffReservation(ctx(), base, STAFF);
      expect(ruleLine(saved.quote, "youngDriver")?.amount).toBe(tariff.youngDriverPerDay * 3);
      expect(saved.quote.deposit).toBe(youngCar.doc.deposit);

      // The back-office's live price before saving shows the same fee, and the same total.
      const { pickupAt, returnAt, pickupLocationId, returnLocationId } = base;
      const live = await checkQuote(ctx(), {
        carId: youngCar.id,
        pickupAt,
        returnAt,
        pickupLocationId,
        returnLocationId,
        customerId,
      });
      expect(ruleLine(live.quote, "youngDriver")?.amount).toBe(tariff.youngDriverPerDay * 3);
      expect(live.quote?.total).toBe(saved.quote.total);

      const abroad = await createStaffReservation(
        ctx(),
        { ...base, pickupAt: at(150), returnAt: at(153), travelAbroad: true },
        STAFF,
      );
      expect(ruleLine(abroad.quote, "abroad")?.amount).toBe(tariff.abroadFee);
      expect(abroad.quote.deposit).toBe(youngCar.doc.deposit + tariff.abroadExtraDeposit);
      expect(abroad.quote.total).toBe(Math.round((saved.quote.total + tariff.abroadFee) * 100) / 100);
    });

    it("paėmimas ne darbo laiku: mokestis už kiekvieną paėmimą ar grąžinimą", async () => {
      const rules = demo.settings.doc.bookingRules;
      const early = `${String(rules.openingHour - 1).padStart(2, "0")}:00`;
      const quoted = await quoteWebReservation(ctx(), booked({ pickupAt: at(160, early), returnAt: at(163) }));
      expect(ruleLine(quoted.quote, "afterHours")?.amount).toBe(tariff.afterHoursFee);
    });
  });
}
