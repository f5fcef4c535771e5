// Calendar feeds (src/core/calendarFeeds.ts) on every DocumentStore (memory, PGlite, Firestore):
// core-*.test.ts call defineCalendarFeedsContract with their harness. A token opens its feed, only
// its hash is stored, a new token kills the old one, staff may not make one.
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarFeed, FLEET_FEED_ID, hashFeedToken, regenerateCalendarFeed } from "../../../src/core/calendarFeeds";
import { COLLECTIONS } from "../../../src/core/collections";
import { type CoreStoreHarness, coreRefusal, demo, testContext } from "./useCases.contract";

const ADMIN = { email: "admin@ratunuoma.lt", role: "admin" } as const;
const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;

const uids = (text: string) =>
  new ICAL.Component(ICAL.parse(text))
    .getAllSubcomponents("vevent")
    .map((component) => String(component.getFirstPropertyValue("uid")));

export function defineCalendarFeedsContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`iCal kalendoriai: ${name}`, () => {
    let harness: CoreStoreHarness;
    beforeAll(async () => {
      harness = await open();
      await harness.seed();
    });
    afterAll(async () => {
      await harness?.close();
    });

    it("viso parko adresas atveria kalendorių su automobilį laikančiomis rezervacijomis; saugoma tik maiša", async () => {
      const ctx = testContext(harness.store);
      const made = await regenerateCalendarFeed(ctx, { carId: null }, ADMIN);
      expect(made.feedId).toBe(FLEET_FEED_ID);
      const stored = await harness.store.get(COLLECTIONS.calendarFeeds, FLEET_FEED_ID);
      expect(stored?.data.tokenHash).toBe(await hashFeedToken(made.token));
      expect(JSON.stringify(stored?.data)).not.toContain(made.token);

      const text = await calendarFeed(ctx, made.token);
      const holding = demo.reservations.filter(
        (r) =>
          ["new", "confirmed", "active"].includes(r.doc.status as string) &&
          Date.parse(r.doc.returnAt as string) > ctx.clock.now().getTime() - 30 * 86_400_000,
      );
      expect(holding.length).toBeGreaterThan(0);
      expect(uids(text).sort()).toEqual(holding.map((r) => `reservation-${r.id}@ratunuoma`).sort());
    });

    it("naujas automobilio adresas panaikina senąjį; darbuotojas adreso kurti negali", async () => {
      const ctx = testContext(harness.store);
      const carId = demo.reservations.find((r) => ["new", "confirmed", "active"].includes(r.doc.status as string))!.doc
        .carId as string;
      const first = await regenerateCalendarFeed(ctx, { carId }, ADMIN);
      const own = uids(await calendarFeed(ctx, first.token));
      expect(own.length).toBeGreaterThan(0);
      const second = await regenerateCalendarFeed(ctx, { carId }, ADMIN);
      await coreRefusal(calendarFeed(ctx, first.token), "not-found");
      expect(uids(await calendarFeed(ctx, second.token))).toEqual(own);
      await coreRefusal(regenerateCalendarFeed(ctx, { carId }, STAFF), "forbidden");
      await coreRefusal(calendarFeed(ctx, "x".repeat(43)), "not-found");
    });
  });
}
