// The price floor over HTTP on the real server and PGlite: a bulk change that would take rates to
// 0 € is marked in the preview and refused on apply; a price edit below the floor is refused; the
// settings' floor must be positive; an applied change is undone as a whole, unless its rules
// were edited since.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_ID } from "../../src/core/collections";
import { adminGet, adminListAll, type Doc, signInAdmin, signInStaff } from "../helpers/api";
import { type ApiClient, listItems, listQuery } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer;
let staff: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  server = await startServer({ demo: true });
  staff = await signInStaff(server.url);
  admin = await signInAdmin(server.url);
});
afterAll(async () => {
  await server?.stop();
});

type Tier = { fromDays: number; toDays: number | null; dailyRate: number };
type Price = Doc & { carId: string | null; category: string | null; season: unknown; tiers: Tier[]; version?: number };
type Car = Doc & { category: string };
type Planned = {
  key: string;
  priceId: string | null;
  updatedAt: string | null;
  changed: boolean;
  refusal: string | null;
  refusalErrors?: Record<string, string>;
};
type HistoryEntry = { id: string; undoOf: string | null; undoneBy: string | null; rules: number };

const FLOOR_MESSAGE = "Paros kaina turi būti ne mažesnė kaip 1,00\u00a0€";
const fingerprint = (plan: Planned[]) => Object.fromEntries(plan.map((rule) => [rule.key, rule.updatedAt]));
const byId = (prices: Price[]) => new Map(prices.map((price) => [price.id, price]));
/** A price as the edit form sends it back. */
const editBody = (price: Price, tiers: Tier[]) => ({
  carId: price.carId,
  category: price.category,
  season: price.season,
  tiers,
  ...(price.version === undefined ? {} : { version: price.version }),
});

async function preview(change: object, scope: object): Promise<Planned[]> {
  const answer = await staff.post<{ plan: Planned[] }>("/api/admin/actions/prices/preview", { change, scope });
  expect(answer.status, answer.text).toBe(200);
  return answer.body.plan;
}

async function history(): Promise<HistoryEntry[]> {
  const answer = await staff.get<HistoryEntry[]>("/api/admin/actions/prices/history");
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

describe("bulk −500 € per day", () => {
  it("peržiūra pažymi kiekvieną taisyklę, taikymas atmetamas (422) ir niekas nepasikeičia", async () => {
    const change = { kind: "amount", value: -500, step: 0.01 };
    const scope = { category: null, carIds: [], season: "all" };
    const plan = await preview(change, scope);
    expect(plan.length).toBeGreaterThan(0);
    for (const rule of plan) {
      expect(rule.refusal, rule.key).toBe(FLOOR_MESSAGE);
      expect(Object.values(rule.refusalErrors ?? {})).toContain(FLOOR_MESSAGE);
    }
    const before = await adminListAll<Price>(staff, "prices");
    const historyBefore = await history();

    const applied = await staff.post<{ message: string; errors: Record<string, string> }>(
      "/api/admin/actions/prices/apply",
      { change, scope, expected: fingerprint(plan) },
    );
    expect(applied.status, applied.text).toBe(422);
    expect(applied.body.message).toContain("Paros kaina turi būti ne mažesnė kaip 1,00\u00a0€");
    expect(nonLithuanianMessages(applied.body)).toEqual([]);
    expect(await adminListAll<Price>(staff, "prices")).toEqual(before);
    expect(await history()).toEqual(historyBefore);
  });
});

describe("kainos taisyklės redagavimas", () => {
  it("0 € – 422, žemiau ribos – 422, lygiai riba – 200", async () => {
    const [price] = await adminListAll<Price>(staff, "prices");
    expect(price).toBeDefined();
    const original = price as Price;
    const withFirstRate = (rate: number) =>
      original.tiers.map((tier, i) => (i === 0 ? { ...tier, dailyRate: rate } : tier));

    const zero = await staff.put<{ errors: Record<string, string> }>(
      `/api/admin/prices/${original.id}`,
      editBody(original, withFirstRate(0)),
    );
    expect(zero.status, zero.text).toBe(422);
    expect(zero.body.errors["tiers.0.dailyRate"]).toBeTruthy();
    expect(nonLithuanianMessages(zero.body)).toEqual([]);

    const settings = await adminGet<Doc & { minDailyRate?: number; version?: number }>(admin, "settings", SETTINGS_ID);
    const raised = await admin.put(`/api/admin/settings/${SETTINGS_ID}`, { ...settings, minDailyRate: 15 });
    expect(raised.status, raised.text).toBe(200);

    const below = await staff.put<{ errors: Record<string, string> }>(
      `/api/admin/prices/${original.id}`,
      editBody(original, withFirstRate(14.99)),
    );
    expect(below.status, below.text).toBe(422);
    expect(below.body.errors["tiers.0.dailyRate"]).toBe("Paros kaina turi būti ne mažesnė kaip 15,00\u00a0€");
    expect(await adminGet<Price>(staff, "prices", original.id)).toEqual(original);

    const atFloor = await staff.put<Price>(`/api/admin/prices/${original.id}`, editBody(original, withFirstRate(15)));
    expect(atFloor.status, atFloor.text).toBe(200);
    expect(atFloor.body.tiers[0]?.dailyRate).toBe(15);

    // Back to the demo's floor and rate for the other tests.
    const current = await adminGet<Doc & { version?: number }>(admin, "settings", SETTINGS_ID);
    expect((await admin.put(`/api/admin/settings/${SETTINGS_ID}`, { ...current, minDailyRate: 1 })).status).toBe(200);
    const edited = await adminGet<Price>(staff, "prices", original.id);
    expect((await staff.put(`/api/admin/prices/${original.id}`, editBody(edited, original.tiers))).status).toBe(200);
  });
});

describe("nustatymų riba", () => {
  it("mažiausia paros kaina ≤ 0 atmetama (422) ir nieko nekeičia", async () => {
    const settings = await adminGet<Doc & { minDailyRate?: number }>(admin, "settings", SETTINGS_ID);
    for (const bad of [0, -5]) {
      const answer = await admin.put<{ errors: Record<string, string> }>(`/api/admin/settings/${SETTINGS_ID}`, {
        ...settings,
        minDailyRate: bad,
      });
      expect(answer.status, answer.text).toBe(422);
      expect(answer.body.errors.minDailyRate).toBe("Mažiausia paros kaina turi būti didesnė už 0 €");
    }
    expect(await adminGet(admin, "settings", SETTINGS_ID)).toEqual(settings);
  });
});

describe("pakeitimo atšaukimas", () => {
  const change = { kind: "percent", value: 10, step: 0.5 };

  /** A change of one class's rules plus new own rules of one of its cars that has none. */
  async function applyChange(): Promise<{ batchId: string; plan: Planned[]; before: Map<string, Price> }> {
    const prices = await adminListAll<Price>(staff, "prices");
    const cars = await adminListAll<Car>(staff, "cars");
    const car = cars.find(
      (c) => !prices.some((p) => p.carId === c.id) && prices.some((p) => p.category === c.category),
    );
    expect(car, "demo duomenyse turi būti automobilis be savų kainų").toBeDefined();
    const scope = { category: null, carIds: [car?.id as string], season: "all" };
    const plan = await preview(change, scope);
    expect(plan.some((rule) => rule.priceId === null)).toBe(true);
    const applied = await staff.post<{ batchId: string; created: number }>("/api/admin/actions/prices/apply", {
      change,
      scope,
      expected: fingerprint(plan),
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.created).toBeGreaterThan(0);
    // Also a class change, so the batch updates existing rules too.
    const classScope = { category: car?.category, carIds: [], season: "all" };
    const classPlan = await preview(change, classScope);
    const before = byId(await adminListAll<Price>(staff, "prices"));
    const classApplied = await staff.post<{ batchId: string }>("/api/admin/actions/prices/apply", {
      change,
      scope: classScope,
      expected: fingerprint(classPlan),
    });
    expect(classApplied.status, classApplied.text).toBe(200);
    return { batchId: classApplied.body.batchId, plan: classPlan, before };
  }

  it("atšaukia visą pakeitimą: grąžina tikslias senas kainas ir ištrina sukurtas taisykles; tai irgi įrašoma", async () => {
    const { batchId, plan, before } = await applyChange();
    const updatedIds = plan.filter((rule) => rule.priceId).map((rule) => rule.priceId as string);
    expect(updatedIds.length).toBeGreaterThan(0);
    for (const id of updatedIds) {
      expect((await adminGet<Price>(staff, "prices", id)).tiers).not.toEqual(before.get(id)?.tiers);
    }

    const undone = await staff.post<{ batchId: string; undoOf: string; restored: number; deleted: number }>(
      "/api/admin/actions/prices/undo",
      { batchId },
    );
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body).toMatchObject({ undoOf: batchId, restored: plan.length });
    const after = byId(await adminListAll<Price>(staff, "prices"));
    for (const id of updatedIds) expect(after.get(id)?.tiers).toEqual(before.get(id)?.tiers);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());

    // The latest change now is the car's own rules: undoing it deletes them.
    const entries = await history();
    expect(entries[0]).toMatchObject({ id: undone.body.batchId, undoOf: batchId });
    expect(entries.find((entry) => entry.id === batchId)?.undoneBy).toBe(undone.body.batchId);
    const carChange = entries.find((entry) => entry.undoOf === null && entry.undoneBy === null);
    expect(carChange).toBeDefined();
    const createdIds = [...after.keys()].filter((id) => !before.has(id));
    expect(createdIds).toEqual([]);
    const pricesBeforeCarUndo = await adminListAll<Price>(staff, "prices");
    const carUndo = await staff.post<{ deleted: number; restored: number }>("/api/admin/actions/prices/undo", {
      batchId: carChange?.id,
    });
    expect(carUndo.status, carUndo.text).toBe(200);
    expect(carUndo.body.deleted).toBeGreaterThan(0);
    expect(carUndo.body.restored).toBe(0);
    const left = await adminListAll<Price>(staff, "prices");
    expect(left.length).toBe(pricesBeforeCarUndo.length - carUndo.body.deleted);

    const log = await admin.get(
      `/api/admin/audit-log${listQuery({ filter: { action: "price-update", recordId: undone.body.batchId } })}`,
    );
    expect(listItems(log.body)).toHaveLength(1);
  });

  it("jei po pakeitimo viena taisyklė buvo redaguota – 409 su lietuvišku pranešimu ir niekas nepasikeičia", async () => {
    const { batchId, plan } = await applyChange();
    const id = plan.find((rule) => rule.priceId)?.priceId as string;
    const rule = await adminGet<Price>(staff, "prices", id);
    const edited = await staff.put(
      `/api/admin/prices/${id}`,
      editBody(
        rule,
        rule.tiers.map((tier) => ({ ...tier, dailyRate: tier.dailyRate + 1 })),
      ),
    );
    expect(edited.status, edited.text).toBe(200);
    const prices = await adminListAll<Price>(staff, "prices");
    const entries = await history();

    const refused = await staff.post<{ message: string }>("/api/admin/actions/prices/undo", { batchId });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.message).toBe(
      "Pakeitimo atšaukti negalima: po jo pakeista 1 kainų taisyklė. Kainas pataisykite rankiniu būdu kainų sąraše.",
    );
    expect(await adminListAll<Price>(staff, "prices")).toEqual(prices);
    expect(await history()).toEqual(entries);

    // Only the latest change that is not undone may be undone.
    const older = entries.find((entry) => entry.id !== batchId && entry.undoOf === null && entry.undoneBy === null);
    const notLatest = await staff.post<{ message: string }>("/api/admin/actions/prices/undo", { batchId: older?.id });
    expect(notLatest.status, notLatest.text).toBe(409);
    expect(nonLithuanianMessages(notLatest.body)).toEqual([]);
    const bad = await staff.post("/api/admin/actions/prices/undo", { batch: 1 });
    expect(bad.status).toBe(422);
    expect(await adminListAll<Price>(staff, "prices")).toEqual(prices);
  });
});
