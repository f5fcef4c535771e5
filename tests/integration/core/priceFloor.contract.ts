// The price floor and the undo of a bulk price change, on every DocumentStore (memory, PGlite,
// Firestore): core-*.test.ts call definePriceFloorContract with their harness. Each group starts
// from the demo company (harness.seed()).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../../src/core/catalog";
import { COLLECTIONS, SETTINGS_ID } from "../../../src/core/collections";
import type { StoredDoc } from "../../../src/core/ports";
import {
  applyPriceUpdate,
  previewPriceUpdate,
  priceUpdateHistory,
  undoPriceUpdate,
} from "../../../src/core/priceUpdate";
import { planFingerprint } from "../../../src/domain/priceChange";
import { priceFloorErrors } from "../../../src/domain/priceFloor";
import {
  UNDO_NOT_LATEST_MESSAGE,
  UNDO_NOTHING_MESSAGE,
  undoChangedSinceMessage,
} from "../../../src/domain/priceUpdate";
import {
  type CoreStoreHarness,
  coreRefusal,
  demo,
  inputRefusal,
  NOW,
  type RecordingStore,
  recordingStore,
  testContext,
} from "./useCases.contract";

const ACTOR = "darbuotojas@ratunuoma.lt";
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
type Tiers = { fromDays: number; toDays: number | null; dailyRate: number }[];

export function definePriceFloorContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`Kainų riba ir pakeitimo atšaukimas: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: RecordingStore;
    const ctx = (now: Date = NOW) => testContext(store, now);
    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = recordingStore(harness.store);
    });
    afterAll(async () => {
      await harness?.close();
    });

    const everything = { category: null, carIds: [], season: "all" };
    const snapshot = async () => ({
      prices: await store.query(COLLECTIONS.prices),
      history: await store.query(COLLECTIONS.priceUpdates),
      commits: store.commits,
    });
    const setFloor = async (floor: number) => {
      const settings = (await store.get(COLLECTIONS.settings, SETTINGS_ID)) as StoredDoc;
      await store.transaction(async (tx) => {
        tx.set(COLLECTIONS.settings, SETTINGS_ID, { ...settings.data, minDailyRate: floor });
      });
    };

    it("−500 € parai: peržiūra pažymi kiekvieną taisyklę, taikymas atmetamas ir nieko neįrašo", async () => {
      const change = { kind: "amount", value: -500, step: 0.01 } as const;
      const { plan } = await previewPriceUpdate(ctx(), { change, scope: everything });
      expect(plan.length).toBe(demo.prices.length);
      expect(plan.every((rule) => rule.refusal === "Paros kaina turi būti ne mažesnė kaip 1,00\u00a0€")).toBe(true);
      const before = await snapshot();
      const refused = await inputRefusal(
        applyPriceUpdate(ctx(), { change, scope: everything, expected: planFingerprint(plan) }, ACTOR),
      );
      expect(refused.message).toContain("Paros kaina turi būti ne mažesnė kaip 1,00\u00a0€");
      expect(await snapshot()).toEqual(before);
    });

    /** The generic price write's check: the rule with the floor the store's settings give. */
    const priceFloorCheck = async (_store: RecordingStore, price: { tiers: Tiers }) =>
      priceFloorErrors(price, (await loadSettings(store)).minDailyRate);

    it("riba imama iš nustatymų; be lauko – 1 €; bendram įrašymui – klaidos pagal pakopas", async () => {
      const price = demo.prices[0]!;
      const lowest = Math.min(...price.doc.tiers.map((tier) => tier.dailyRate));
      await setFloor(lowest + 0.01);
      const change = { kind: "percent", value: 1, step: 0.01 } as const;
      const { plan } = await previewPriceUpdate(ctx(), { change, scope: everything });
      // +1 % of the lowest rate is less than a cent above it... unless rounding lifts it; either way the rule is marked
      // exactly when a new rate is below the floor.
      for (const rule of plan) {
        const breaks = rule.newTiers.some((tier) => tier.dailyRate < lowest + 0.01);
        expect(rule.refusal !== null, rule.key).toBe(breaks);
      }
      const at = await priceFloorCheck(store, { tiers: [{ fromDays: 1, toDays: null, dailyRate: lowest + 0.01 }] });
      expect(at).toEqual({});
      const below = await priceFloorCheck(store, { tiers: [{ fromDays: 1, toDays: null, dailyRate: lowest }] });
      expect(Object.keys(below)).toEqual(["tiers.0.dailyRate"]);

      const settings = (await store.get(COLLECTIONS.settings, SETTINGS_ID)) as StoredDoc;
      const { minDailyRate: _floor, ...old } = settings.data;
      await store.transaction(async (tx) => {
        tx.set(COLLECTIONS.settings, SETTINGS_ID, old);
      });
      expect(await priceFloorCheck(store, { tiers: [{ fromDays: 1, toDays: null, dailyRate: 0.99 }] })).toEqual({
        "tiers.0.dailyRate": "Paros kaina turi būti ne mažesnė kaip 1,00\u00a0€",
      });
      expect(await priceFloorCheck(store, { tiers: [{ fromDays: 1, toDays: null, dailyRate: 1 }] })).toEqual({});
    });

    it("atšaukimas vienu įrašymu grąžina tikslias senas kainas, ištrina sukurtas taisykles ir pats įrašomas", async () => {
      const prices = await store.query(COLLECTIONS.prices);
      const cars = await store.query(COLLECTIONS.cars);
      const car = cars.find(
        (c) => !prices.some((p) => p.data.carId === c.id) && prices.some((p) => p.data.category === c.data.category),
      );
      expect(car).toBeDefined();
      const change = { kind: "amount", value: 3, step: 0.5 } as const;
      const scope = { category: String(car?.data.category), carIds: [], season: "all" };
      const carScope = { category: null, carIds: [car?.id as string], season: "all" };
      const before = new Map(prices.map((p) => [p.id, p.data.tiers as Tiers]));

      // One change that creates the car's own rules, then in a second one the class's rules change.
      const carPlan = (await previewPriceUpdate(ctx(later(1)), { change, scope: carScope })).plan;
      const carApplied = await applyPriceUpdate(
        ctx(later(1)),
        { change, scope: carScope, expected: planFingerprint(carPlan) },
        ACTOR,
      );
      expect(carApplied.created).toBeGreaterThan(0);
      const classPlan = (await previewPriceUpdate(ctx(later(2)), { change, scope })).plan;
      const applied = await applyPriceUpdate(
        ctx(later(2)),
        { change, scope, expected: planFingerprint(classPlan) },
        ACTOR,
      );
      expect(applied.updated).toBeGreaterThan(0);

      const commits = store.commits;
      const c = ctx(later(3));
      const undone = await undoPriceUpdate(c, { batchId: applied.batchId }, ACTOR);
      expect(store.commits).toBe(commits + 1);
      expect(undone).toMatchObject({ undoOf: applied.batchId, restored: applied.updated, deleted: applied.created });
      for (const rule of classPlan.filter((r) => r.priceId)) {
        const stored = (await store.get(COLLECTIONS.prices, rule.priceId as string))?.data.tiers;
        // The car's new rules were created by the first change, so the class change's "before" is theirs.
        expect(stored).toEqual(rule.oldTiers);
        if (before.has(rule.priceId as string)) expect(stored).toEqual(before.get(rule.priceId as string));
      }
      expect(c.published.filter((p) => p.resource === "prices")).toHaveLength(classPlan.length);

      const history = await priceUpdateHistory(ctx());
      expect(history[0]).toMatchObject({ id: undone.batchId, undoOf: applied.batchId, actor: ACTOR });
      expect(history.find((entry) => entry.id === applied.batchId)?.undoneBy).toBe(undone.batchId);
      const audit = await store.query(COLLECTIONS.auditLog, {
        where: [{ field: "recordId", op: "==", value: undone.batchId }],
      });
      expect(audit).toHaveLength(1);

      // The next step undoes the car's change: its new rules are deleted.
      const stale = await coreRefusal(
        undoPriceUpdate(ctx(later(4)), { batchId: applied.batchId }, ACTOR),
        "precondition",
      );
      expect(stale.message).toBe(UNDO_NOT_LATEST_MESSAGE);
      const carUndone = await undoPriceUpdate(ctx(later(4)), { batchId: carApplied.batchId }, ACTOR);
      expect(carUndone).toMatchObject({ deleted: carApplied.created, restored: 0 });
      const after = await store.query(COLLECTIONS.prices);
      expect(after.map((p) => p.id).sort()).toEqual([...before.keys()].sort());
      for (const p of after) expect(p.data.tiers).toEqual(before.get(p.id));
    });

    it("jei taisyklė redaguota po pakeitimo – atsisako (409) ir nieko nekeičia; nėra ko atšaukti – 404", async () => {
      const change = { kind: "percent", value: 5, step: 0.5 } as const;
      const scope = {
        category: demo.prices.find((p) => p.doc.category)?.doc.category ?? null,
        carIds: [],
        season: "all",
      };
      const { plan } = await previewPriceUpdate(ctx(later(10)), { change, scope });
      const applied = await applyPriceUpdate(ctx(later(10)), { change, scope, expected: planFingerprint(plan) }, ACTOR);
      const id = plan.find((rule) => rule.priceId)?.priceId as string;
      const current = (await store.get(COLLECTIONS.prices, id)) as StoredDoc;
      const tiers = (current.data.tiers as Tiers).map((tier) => ({ ...tier, dailyRate: tier.dailyRate + 1 }));
      await store.transaction(async (tx) => {
        tx.set(COLLECTIONS.prices, id, { ...current.data, tiers, updatedAt: later(11).toISOString() });
      });
      const before = await snapshot();
      const refused = await coreRefusal(
        undoPriceUpdate(ctx(later(12)), { batchId: applied.batchId }, ACTOR),
        "precondition",
      );
      expect(refused.message).toBe(undoChangedSinceMessage(1));
      expect(await snapshot()).toEqual(before);

      // With every change undone (or refused), a fresh store has nothing to undo.
      await harness?.seed();
      store = recordingStore(harness?.store as RecordingStore);
      const nothing = await coreRefusal(undoPriceUpdate(ctx(), { batchId: "x" }, ACTOR), "not-found");
      expect(nothing.message).toBe(UNDO_NOTHING_MESSAGE);
      await inputRefusal(undoPriceUpdate(ctx(), { batch: 1 }, ACTOR));
    });
  });
}
