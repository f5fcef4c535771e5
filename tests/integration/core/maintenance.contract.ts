// Maintenance blocks and the turnaround buffer on every DocumentStore (memory, PGlite,
// Firestore): core-*.test.ts call defineMaintenanceContract with their harness. A block takes the
// car exactly as a reservation does (the car lock serialises blocks and bookings on every store);
// two holds of one car keep bookingRules.turnaroundMinutes apart. Each group starts from the demo
// company (harness.seed()).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS, SETTINGS_ID } from "../../../src/core/collections";
import { RESERVATION_CONFLICT_MESSAGE } from "../../../src/core/errors";
import {
  createMaintenance,
  deleteMaintenance,
  listMaintenance,
  type MaintenanceBlock,
  updateMaintenance,
} from "../../../src/core/maintenance";
import { StoreConstraintError, type StoredDoc } from "../../../src/core/ports";
import { checkQuote } from "../../../src/core/quoteCheck";
import { createStaffReservation, quoteWebReservation, submitWebReservation } from "../../../src/core/reservations";
import { searchCars } from "../../../src/core/search";
import { MAINTENANCE_CONFLICT_MESSAGE } from "../../../src/domain/upkeep";
import {
  at,
  type CoreStoreHarness,
  coreRefusal,
  demo,
  inputRefusal,
  type RecordingStore,
  recordingStore,
  reservationInput,
  testContext,
} from "./useCases.contract";

const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;
const activeCars = demo.cars.filter((c) => c.doc.status === "active");
const place = demo.locations.find((l) => l.doc.active !== false)!;
const customer = demo.customers[0]!;
const minutes = (iso: string, m: number) => new Date(Date.parse(iso) + m * 60_000).toISOString();

export interface MaintenanceContractOptions {
  /** the store is PostgreSQL/PGlite: its exclusion constraint car_holds_no_overlap is checked too */
  databaseGuarantee: boolean;
  /** parallel attempts in the race test */
  concurrency: number;
}

export function defineMaintenanceContract(
  name: string,
  open: () => Promise<CoreStoreHarness>,
  options: MaintenanceContractOptions,
): void {
  describe(`Techninės priežiūros blokavimai ir tarpas tarp nuomų: ${name}`, () => {
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

    const web = (carId: string, pickupAt: string, returnAt: string, email = "blokas@example.lt") =>
      submitWebReservation(
        ctx(),
        reservationInput({
          carId,
          pickupAt,
          returnAt,
          extras: [],
          customer: { ...(reservationInput().customer as object), email },
        }),
      );
    const office = (carId: string, pickupAt: string, returnAt: string) =>
      createStaffReservation(
        ctx(),
        {
          carId,
          customerId: customer.id,
          pickupAt,
          returnAt,
          pickupLocationId: place.id,
          returnLocationId: place.id,
          extras: [],
          status: "confirmed",
          source: "phone",
        },
        STAFF,
      );
    const block = (carId: string, from: string, to: string, reason = "Planinis aptarnavimas") =>
      createMaintenance(ctx(), { carId, from, to, reason }, STAFF);
    const setTurnaround = async (value: number) => {
      const settings = (await store.get(COLLECTIONS.settings, SETTINGS_ID)) as StoredDoc;
      const rules = settings.data.bookingRules as Record<string, unknown>;
      await store.transaction(async (tx) => {
        tx.set(COLLECTIONS.settings, SETTINGS_ID, {
          ...settings.data,
          bookingRules: { ...rules, turnaroundMinutes: value },
        });
      });
    };

    it("blokavimas sustabdo web ir darbuotojo rezervaciją, paiešką ir abi kainos patikras", async () => {
      const carId = activeCars[5]!.id;
      const saved = await block(carId, at(120), at(122));
      expect(saved).toMatchObject({ carId, from: at(120), to: at(122), createdBy: STAFF.email, version: 1 });
      const stored = await store.get(COLLECTIONS.maintenance, saved.id);
      expect(stored?.data).toMatchObject({ carId, from: at(120), to: at(122), reason: "Planinis aptarnavimas" });

      const commits = store.commits;
      expect((await coreRefusal(web(carId, at(121), at(124)), "conflict")).message).toBe(RESERVATION_CONFLICT_MESSAGE);
      expect((await coreRefusal(office(carId, at(119), at(120, "11:00")), "conflict")).message).toBe(
        RESERVATION_CONFLICT_MESSAGE,
      );
      expect(store.commits).toBe(commits);

      const quote = await quoteWebReservation(ctx(), {
        carId,
        pickupAt: at(121),
        returnAt: at(124),
        pickupLocationId: place.id,
        returnLocationId: place.id,
        extras: [],
      });
      expect(quote.available).toBe(false);
      const found = (await searchCars(ctx(), { from: at(121), to: at(124), limit: 100 })).data;
      expect(found.length).toBeGreaterThan(0);
      expect(found.map((hit) => hit.id)).not.toContain(carId);
      const check = await checkQuote(ctx(), { carId, pickupAt: at(121), returnAt: at(124) });
      expect(check.available).toBe(false);
      expect(check.conflicts).toEqual([
        { id: saved.id, number: "Planinis aptarnavimas", status: "maintenance", pickupAt: at(120), returnAt: at(122) },
      ]);

      // Half-open: a booking from the block's end is accepted; the list shows the block.
      const after = await web(carId, at(122), at(124));
      expect(after.record.carId).toBe(carId);
      expect((await listMaintenance(ctx(), { from: at(110), to: at(130) })).map((b) => b.id)).toContain(saved.id);
      expect(await listMaintenance(ctx(), { from: at(122), to: at(130), carId })).toEqual([]);

      // Deleted, the window is free again.
      await deleteMaintenance(ctx(), saved.id, STAFF);
      expect(await store.get(COLLECTIONS.maintenance, saved.id)).toBeNull();
      expect((await web(carId, at(120), at(122), "vel@example.lt")).record.carId).toBe(carId);
      await coreRefusal(deleteMaintenance(ctx(), saved.id, STAFF), "not-found");
    });

    it("blokavimas ant rezervacijos ar kito blokavimo atmetamas (409) ir nieko neįrašo", async () => {
      const carId = activeCars[6]!.id;
      await office(carId, at(130), at(132));
      const commits = store.commits;
      expect((await coreRefusal(block(carId, at(131), at(134)), "conflict")).message).toBe(
        MAINTENANCE_CONFLICT_MESSAGE,
      );
      expect(store.commits).toBe(commits);
      const first = await block(carId, at(132), at(134));
      await coreRefusal(block(carId, at(133), at(135), "Kėbulo remontas"), "conflict");
      // Moving the block onto the reservation is refused; within its own window it is fine.
      await coreRefusal(updateMaintenance(ctx(), first.id, { from: at(131) }, STAFF), "conflict");
      const moved = await updateMaintenance(ctx(), first.id, { to: at(133), version: 1 }, STAFF);
      expect(moved).toMatchObject({ from: at(132), to: at(133), version: 2 });
      await coreRefusal(updateMaintenance(ctx(), first.id, { reason: "Kita", version: 1 }, STAFF), "stale");
      // Bad input: Lithuanian field errors.
      const bad = await inputRefusal(block(carId, at(140), at(139), ""));
      expect(bad.errors).toMatchObject({ to: "Pabaiga turi būti vėlesnė nei pradžia", reason: "Nurodykite priežastį" });
    });

    it(`${options.concurrency} lygiagrečių blokavimų ir rezervacijų tam pačiam langui: laimi lygiai vienas`, async () => {
      const carId = activeCars[7]!.id;
      const attempts = Array.from({ length: options.concurrency }, (_, i) =>
        i % 2 === 0
          ? block(carId, at(150), at(152), `Remontas ${i}`).then(() => "block")
          : web(carId, minutes(at(150), i), at(153), `lenktynes${i}@example.lt`).then(() => "reservation"),
      );
      const results = await Promise.allSettled(attempts);
      const won = results.filter((r) => r.status === "fulfilled");
      expect(
        won,
        JSON.stringify(results.filter((r) => r.status === "rejected").map((r) => String(r.reason))),
      ).toHaveLength(1);
      const blocks = await store.query(COLLECTIONS.maintenance, {
        where: [{ field: "carId", op: "==", value: carId }],
      });
      const reservations = await store.query(COLLECTIONS.reservations, {
        where: [{ field: "carId", op: "==", value: carId }],
      });
      const holding = reservations.filter((r) => Date.parse(String(r.data.pickupAt)) >= Date.parse(at(149)));
      expect(blocks.length + holding.length).toBe(1);
    });

    describe("tarpas tarp nuomų 120 min.", () => {
      beforeAll(async () => setTurnaround(120));
      afterAll(async () => setTurnaround(0));

      it("svetainė: po 60 min. – 409, po 120 min. – priimama; paieška ir kaina tai mato", async () => {
        const carId = activeCars[8]!.id;
        await web(carId, at(160), at(162), "pirmas@example.lt");
        await coreRefusal(web(carId, minutes(at(162), 60), at(164), "antras@example.lt"), "conflict");
        const found = (await searchCars(ctx(), { from: minutes(at(162), 60), to: at(164), limit: 100 })).data;
        expect(found.map((hit) => hit.id)).not.toContain(carId);
        const quote = await quoteWebReservation(ctx(), {
          carId,
          pickupAt: minutes(at(162), 60),
          returnAt: at(164),
          pickupLocationId: place.id,
          returnLocationId: place.id,
          extras: [],
        });
        expect(quote.available).toBe(false);
        const ok = await web(carId, minutes(at(162), 120), at(164), "trecias@example.lt");
        expect(ok.record.pickupAt).toBe(minutes(at(162), 120));
        // Before the first one too.
        await coreRefusal(web(carId, at(158), minutes(at(160), -60), "ketvirtas@example.lt"), "conflict");
      });

      it("administravimas: po 60 min. – 409, po 120 min. – priimama; patikra rodo konfliktą; blokavimui irgi", async () => {
        const carId = activeCars[9]!.id;
        const first = await office(carId, at(170), at(172));
        const check = await checkQuote(ctx(), { carId, pickupAt: minutes(at(172), 60), returnAt: at(174) });
        expect(check.available).toBe(false);
        expect(check.conflicts.map((c) => c.id)).toEqual([first.id]);
        await coreRefusal(office(carId, minutes(at(172), 60), at(174)), "conflict");
        await office(carId, minutes(at(172), 120), at(174));
        await coreRefusal(block(carId, minutes(at(174), 60), at(176)), "conflict");
        await block(carId, minutes(at(174), 120), at(176));
      });
    });

    it.runIf(options.databaseGuarantee)(
      "PostgreSQL: blokavimas, įrašytas pro branduolį, atmetamas apribojimu car_holds_no_overlap",
      async () => {
        const carId = activeCars[10]!.id;
        await office(carId, at(180), at(182));
        const id = store.newId(COLLECTIONS.maintenance);
        const refused = await store
          .transaction(async (tx) =>
            tx.set(COLLECTIONS.maintenance, id, {
              carId,
              from: at(181),
              to: at(183),
              reason: "Pro branduolį",
              createdBy: "testas",
            } satisfies Omit<MaintenanceBlock, "id" | "version" | "createdAt" | "updatedAt">),
          )
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(refused).toBeInstanceOf(StoreConstraintError);
        expect(refused).toMatchObject({ kind: "overlap", constraint: "car_holds_no_overlap" });
        expect(await store.get(COLLECTIONS.maintenance, id)).toBeNull();
      },
    );
  });
}
