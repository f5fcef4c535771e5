// Cars have a place (src/domain/carLocation.ts) on every DocumentStore (memory, PGlite,
// Firestore): core-*.test.ts call defineCarLocationContract with their harness. A car returned at
// Palanga airport is not offered at Vilnius airport soon after; once the transfer lead time allows,
// it is, with the settings' transfer fee as its own quote line; a forged web booking is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../../src/core/collections";
import { applyPortalChange, quotePortalChange } from "../../../src/core/customerPortal";
import { checkQuote } from "../../../src/core/quoteCheck";
import { deskInfo, handOverReservation, returnReservation } from "../../../src/core/rentalDesk";
import { createStaffReservation, quoteWebReservation, submitWebReservation } from "../../../src/core/reservations";
import { searchCars } from "../../../src/core/search";
import { TRANSFER_DEFAULTS } from "../../../src/domain/carTransfers";
import { memoryFiles } from "../../helpers/memoryFiles";
import { renterDoc } from "./deskFixtures";
import {
  at,
  type CoreStoreHarness,
  car,
  coreRefusal,
  demo,
  NOW,
  type RecordingStore,
  recordingStore,
  reservationInput,
  testContext,
} from "./useCases.contract";

const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const SIGNATURE = { image: PNG, signerName: "Rūta Žemaitienė" };
const placeNamed = (name: string) => demo.locations.find((l) => l.doc.name === name)!;
const VILNIUS = placeNamed("Vilniaus oro uostas");
const PALANGA = placeNamed("Palangos oro uostas");
const FEE = TRANSFER_DEFAULTS.fee;
const LEAD_HOURS = TRANSFER_DEFAULTS.leadHours;
const hoursAfter = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();
/** The reservation form's quote body: the booked items only. */
const quoteBody = (body: Record<string, unknown>) => {
  const { customer: _c, comment: _m, acceptTerms: _t, ...booked } = body;
  return booked;
};

export function defineCarLocationContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`Automobilio vieta: grąžinimas, paieška ir rezervacija: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: RecordingStore;
    const deps = { files: memoryFiles() };
    /** the clock: the car came back at Palanga airport at 10:00 on day 230 */
    const returnedAt = at(230, "10:00");
    const afterReturn = () => testContext(store, new Date(returnedAt));

    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = recordingStore(harness.store);
      const stamp = NOW.toISOString();
      const customerId = store.newId(COLLECTIONS.customers);
      await store.transaction(async (tx) => {
        tx.set(COLLECTIONS.customers, customerId, renterDoc("ruta.vieta@example.lt", stamp));
      });
      // A one-way rental: from Vilnius airport to Palanga airport, handed over and returned.
      const rental = await createStaffReservation(
        testContext(store),
        {
          carId: car.id,
          customerId,
          pickupAt: at(227),
          returnAt: returnedAt,
          pickupLocationId: VILNIUS.id,
          returnLocationId: PALANGA.id,
          status: "confirmed",
        },
        STAFF,
      );
      const handoverClock = testContext(store, new Date(at(227, "10:30")));
      const info = await deskInfo(handoverClock, rental.id);
      const handedOver = await handOverReservation(
        handoverClock,
        deps,
        rental.id,
        {
          mileage: (info.fleet?.mileage ?? 0) + 10,
          fuel: "1",
          licence: { number: "LT7654321", expiresAt: "2031-01-01" },
          confirmedDamageIds: info.damages.map((d) => d.id),
          signature: SIGNATURE,
          version: info.reservation.version,
        },
        STAFF,
      );
      await returnReservation(
        afterReturn(),
        deps,
        rental.id,
        {
          mileage: (handedOver.contract.mileageOut ?? 0) + 400,
          fuel: "1",
          returnedAt,
          damages: [],
          signature: SIGNATURE,
          version: handedOver.version,
        },
        STAFF,
      );
    });
    afterAll(async () => {
      await harness?.close();
    });

    const search = (from: string, to: string, location: string) =>
      searchCars(afterReturn(), { from, to, location, limit: 100 });
    const offered = async (from: string, to: string, location: string) =>
      (await search(from, to, location)).data.find((hit) => hit.id === car.id) ?? null;

    it("grąžinimas įrašo automobilio dabartinę vietą – grąžinimo vietą", async () => {
      const stored = await store.get(COLLECTIONS.cars, car.id);
      expect(stored?.data.locationId).toBe(PALANGA.id);
      expect(store.written.some((w) => w.collection === COLLECTIONS.cars && w.id === car.id)).toBe(true);
    });

    it("Palangos oro uoste grąžintas automobilis Vilniaus oro uoste po valandos nesiūlomas, Palangoje – be mokesčio", async () => {
      // The booking rules' own lead time (2 h) allows a search 3 h later; the transfer needs 6 h.
      const from = hoursAfter(returnedAt, 3);
      const to = at(233, "10:00");
      expect(await offered(from, to, VILNIUS.id)).toBeNull();
      const there = await offered(from, to, PALANGA.id);
      expect(there).not.toBeNull();
      expect(there?.quote.transfer).toBeUndefined();
    });

    it("suklastota rezervacija į vietą, kurios automobilis nepasieks, atmetama lietuviškai (409)", async () => {
      const from = hoursAfter(returnedAt, 3);
      const body = reservationInput({
        carId: car.id,
        pickupAt: from,
        returnAt: hoursAfter(from, 26),
        pickupLocationId: VILNIUS.id,
        returnLocationId: VILNIUS.id,
        extras: [],
        customer: { ...(reservationInput().customer as object), email: "klastote@example.lt" },
      });
      const before = store.commits;
      const refused = await coreRefusal(submitWebReservation(afterReturn(), body), "conflict");
      expect(refused.message).toMatch(/^Šio automobilio nespėsime pristatyti į pasirinktą paėmimo vietą/);
      expect(refused.message).toContain(`${LEAD_HOURS} val.`);
      expect(store.commits).toBe(before);
      const quoted = await quoteWebReservation(afterReturn(), quoteBody(body));
      expect(quoted).toEqual({ available: false, quote: null, quoteError: refused.message });
    });

    it("darbuotojų forma įspėja, bet kainą skaičiuoja su pervežimu (darbuotojai automobilį perveža)", async () => {
      const from = hoursAfter(returnedAt, 2);
      const checked = await checkQuote(afterReturn(), {
        carId: car.id,
        pickupAt: from,
        returnAt: hoursAfter(from, 24),
        pickupLocationId: VILNIUS.id,
        returnLocationId: VILNIUS.id,
      });
      expect(checked.available).toBe(true);
      expect(checked.placeWarning).toBe(
        `Automobilis tuo metu bus vietoje „${PALANGA.doc.name}“ ir jo nespėsite laiku pervežti į paėmimo vietą.`,
      );
      expect(checked.quote?.transfer).toBe(FEE);
      const atPalanga = await checkQuote(afterReturn(), {
        carId: car.id,
        pickupAt: from,
        returnAt: hoursAfter(from, 24),
        pickupLocationId: PALANGA.id,
        returnLocationId: PALANGA.id,
      });
      expect(atPalanga.placeWarning).toBeNull();
      expect(atPalanga.quote?.transfer).toBeUndefined();
    });
    it("kai pervežimo laikas leidžia, siūlomas su pervežimo mokesčiu iš nustatymų", async () => {
      const from = hoursAfter(returnedAt, LEAD_HOURS + 1);
      const to = at(233, "18:00");
      const moved = await offered(from, to, VILNIUS.id);
      expect(moved?.quote.transfer).toBe(FEE);
      const q = moved!.quote;
      expect(q.total).toBeCloseTo(q.base + q.extras + q.delivery + FEE - q.discount, 2);
      // The reservation form's quote and the stored booking charge the same.
      const body = reservationInput({
        carId: car.id,
        pickupAt: from,
        returnAt: to,
        pickupLocationId: VILNIUS.id,
        returnLocationId: VILNIUS.id,
        extras: [],
      });
      const quoted = await quoteWebReservation(afterReturn(), quoteBody(body));
      expect(quoted).toMatchObject({ available: true, quoteError: null });
      expect(quoted.quote).toEqual(moved!.quote);
      const saved = await submitWebReservation(afterReturn(), body);
      expect(saved.quote.transfer).toBe(FEE);
      expect(saved.quote.total).toBe(moved!.quote.total);
    });

    it("„Mano rezervacija“: kitai vietai – su pervežimu, nepasiekiamai laiku – atmetama kaip rezervuojant", async () => {
      // Booked at Vilnius airport, where the car is after the booking above (its return place).
      const email = "vieta.keitimas@example.lt";
      const body = reservationInput({
        carId: car.id,
        pickupAt: at(240),
        returnAt: at(243),
        pickupLocationId: VILNIUS.id,
        returnLocationId: VILNIUS.id,
        extras: [],
        customer: { ...(reservationInput().customer as object), email },
      });
      const saved = await submitWebReservation(afterReturn(), body);
      expect(saved.quote.transfer).toBeUndefined();
      const mails = await store.query(COLLECTIONS.mail, {
        where: [{ field: "ref", op: "==", value: `reservation:${saved.id}` }],
      });
      const token = mails
        .map(
          (m) => /\/mano-rezervacija\/([A-Za-z0-9_-]{43})/.exec(String((m.data.message as { text: string }).text))?.[1],
        )
        .find((t): t is string => Boolean(t))!;
      expect(token).toBeTruthy();

      // To Palanga airport: the car must be moved there, so the change costs the transfer.
      const toPalanga = {
        pickupAt: at(240),
        returnAt: at(243),
        pickupLocationId: PALANGA.id,
        returnLocationId: PALANGA.id,
        extras: [],
      };
      const quoted = await quotePortalChange(afterReturn(), token, toPalanga);
      expect(quoted.quote?.transfer).toBe(FEE);
      const applied = await applyPortalChange(afterReturn(), token, toPalanga);
      expect(applied.quote.transfer).toBe(FEE);
      expect(applied.quote.total).toBe(quoted.quote?.total);
      const stored = await store.get(COLLECTIONS.reservations, saved.id);
      expect((stored!.data.quote as { transfer?: number }).transfer).toBe(FEE);

      // Three hours after the car comes back to Vilnius from the booking above: it cannot be at
      // Palanga in time. Refused in Lithuanian, nothing written; the live quote says the same.
      const tooSoon = {
        pickupAt: hoursAfter(at(233, "18:00"), 3),
        returnAt: at(236),
        pickupLocationId: PALANGA.id,
        returnLocationId: PALANGA.id,
        extras: [],
      };
      const before = store.commits;
      const refused = await coreRefusal(applyPortalChange(afterReturn(), token, tooSoon), "conflict");
      expect(refused.message).toMatch(/^Šio automobilio nespėsime pristatyti į pasirinktą paėmimo vietą/);
      expect(store.commits).toBe(before);
      expect(await quotePortalChange(afterReturn(), token, tooSoon)).toMatchObject({
        available: false,
        quote: null,
        quoteError: refused.message,
      });
    });
  });
}
