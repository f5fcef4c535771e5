// The data provider's translation of react-admin list parameters into Firestore queries,
// and the index file that has to serve every query it can issue.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { indexesText } from "../../../scripts/firebase-indexes";
import { FIRESTORE_RESOURCES, RESOURCE_MODELS } from "../../../src/backend/firebase/model";
import {
  type CompositeIndex,
  DOCUMENT_ID,
  indexesForPlan,
  indexKey,
  MAX_IN_VALUES,
  planKey,
  planList,
  planMatches,
  QueryNotSupportedError,
  representativePlans,
  requiredIndexes,
} from "../../../src/backend/firebase/queryPlan";

const refused = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(QueryNotSupportedError);
    expect((error as QueryNotSupportedError).status).toBe(400);
    return (error as Error).message;
  }
  throw new Error("planList turėjo atsisakyti");
};

describe("planList", () => {
  it("lygybę, sąrašus, null ir rikiavimą paverčia where/orderBy, lygiaverčius įrašus stabiliai rikiuodamas pagal id", () => {
    const plan = planList("cars", {
      filter: { category: "ekonominė", status: ["active", "maintenance"], fuel: null },
      sort: { field: "make", order: "DESC" },
      pagination: { page: 3, perPage: 10 },
    });
    expect(plan.collection).toBe("cars");
    expect(plan.where).toEqual([
      { field: "category", op: "==", value: "ekonominė" },
      { field: "status", op: "in", value: ["active", "maintenance"] },
      { field: "fuel", op: "==", value: null },
    ]);
    expect(plan.orderBy).toEqual([
      { field: "make", direction: "desc" },
      { field: DOCUMENT_ID, direction: "desc" },
    ]);
    expect(plan).toMatchObject({ page: 3, perPage: 10, matchesNothing: false, ids: null });
  });

  it("naudoja modelio numatytąjį rikiavimą, o react-admin 'id' rikiuoja pagal dokumento id", () => {
    expect(planList("reservations", {}).orderBy[0]).toEqual({ field: "pickupAt", direction: "desc" });
    expect(planList("settings", { sort: { field: "id", order: "ASC" } }).orderBy).toEqual([
      { field: DOCUMENT_ID, direction: "asc" },
    ]);
  });

  it("filtro reikšmes paverčia saugomais tipais (skaičiai, loginės reikšmės, momentai, audito laiko žymos)", () => {
    expect(planList("locations", { filter: { active: "true" }, sort: { field: "name", order: "ASC" } }).where).toEqual([
      { field: "active", op: "==", value: true },
    ]);
    const reservations = planList("reservations", {
      filter: { pickupAt_gte: "2026-11-21T10:00:00+02:00", pickupAt_lt: "2026-11-22" },
      sort: { field: "pickupAt", order: "ASC" },
    });
    expect(reservations.where).toEqual([
      { field: "pickupAt", op: ">=", value: "2026-11-21T08:00:00.000Z" },
      { field: "pickupAt", op: "<", value: "2026-11-22T00:00:00.000Z" },
    ]);
    const requests = planList("requests", {
      filter: { createdAt_gte: "2026-01-01T00:00:00Z" },
      sort: { field: "createdAt", order: "DESC" },
    });
    expect(requests.where[0]?.value).toEqual(new Date("2026-01-01T00:00:00Z"));
    refused(() =>
      planList("requests", { filter: { createdAt_gte: "vakar" }, sort: { field: "createdAt", order: "ASC" } }),
    );
  });

  it("ieško vienu array-contains pagal suvienodintas žodžių pradžias", () => {
    const plan = planList("customers", { filter: { q: "  ŽEMAITIENĖ  " }, sort: { field: "lastName", order: "ASC" } });
    expect(plan.where).toEqual([{ field: "_search", op: "array-contains", value: "zemaitiene" }]);
    expect(plan.searchTokens).toEqual(["zemaitiene"]);
    const two = planList("customers", { filter: { q: "rūta žemaitienė" }, sort: { field: "lastName", order: "ASC" } });
    expect(two.where).toEqual([{ field: "_search", op: "array-contains", value: "zemaitiene" }]);
    expect(two.searchTokens).toEqual(["ruta", "zemaitiene"]);
    expect(planMatches(two, { _search: ["r", "ru", "rut", "ruta", "zemaitiene"] })).toBe(true);
    expect(planMatches(two, { _search: ["zemaitiene", "jonas"] })).toBe(false);
    expect(planList("customers", { filter: { q: "   " } }).where).toEqual([]);
    expect(refused(() => planList("prices", { filter: { q: "bmw" } }))).toBe("Šiame sąraše paieška tekstu negalima");
  });

  it("aptarnauja suvestinės ir užimtumo rodinio intervalų užklausas", () => {
    const dashboard = planList("reservations", {
      filter: {
        pickupAt_gte: "2026-11-21T00:00:00Z",
        pickupAt_lt: "2026-11-22T00:00:00Z",
        status: ["new", "confirmed"],
      },
      sort: { field: "pickupAt", order: "ASC" },
    });
    expect(dashboard.orderBy.map((o) => o.field)).toEqual(["pickupAt", DOCUMENT_ID]);
    const occupancy = planList("reservations", {
      filter: {
        pickupAt_lt: "2026-12-05T00:00:00Z",
        returnAt_gt: "2026-11-21T00:00:00Z",
        status: ["new", "confirmed", "active"],
      },
      sort: { field: "pickupAt", order: "ASC" },
      pagination: { page: 1, perPage: 2000 },
    });
    expect(occupancy.orderBy.map((o) => o.field)).toEqual(["pickupAt", "returnAt", DOCUMENT_ID]);
    expect(occupancy.perPage).toBe(2000);
  });

  it("ko Firestore negali įvykdyti, atmeta lietuviškai", () => {
    expect(refused(() => planList("cars", { filter: { make: "BMW" } }))).toContain("Pagal „make“ filtruoti negalima");
    expect(
      refused(() => planList("cars", { filter: { category: "verslo" }, sort: { field: "deposit", order: "ASC" } })),
    ).toContain("galima rikiuoti tik pagal");
    expect(
      refused(() =>
        planList("reservations", {
          filter: { returnAt_gt: "2026-01-01T00:00:00Z" },
          sort: { field: "number", order: "ASC" },
        }),
      ),
    ).toContain("reikia rikiuoti pagal tą patį lauką");
    expect(refused(() => planList("cars", { filter: { year_gte: 2020 } }))).toContain(
      "Šiame sąraše intervalo filtrų nėra",
    );
    const many = Array.from({ length: MAX_IN_VALUES + 1 }, (_, i) => `v${i}`);
    expect(refused(() => planList("reservations", { filter: { carId: many } }))).toContain("daugiausia 30");
    expect(
      refused(() =>
        planList("reservations", {
          filter: {
            status: ["new", "confirmed", "active", "completed", "cancelled", "no_show"],
            carId: ["a", "b", "c", "d", "e", "f"],
          },
        }),
      ),
    ).toContain("derinių");
    expect(refused(() => planList("cars", { filter: { "bad field": 1 } }))).toContain("Netinkamas filtro laukas");
    expect(refused(() => planList("cars", { filter: { _search: "x" } }))).toContain("Netinkamas filtro laukas");
    expect(refused(() => planList("cars", { filter: { id: ["a"], status: "active" } }))).toContain("identifikatorius");
  });

  it("be filtrų rikiuoja pagal bet kurį lauką (užtenka vieno lauko indeksų)", () => {
    const plan = planList("reservations", { sort: { field: "quote.total", order: "DESC" } });
    expect(plan.orderBy[0]).toEqual({ field: "quote.total", direction: "desc" });
    expect(indexesForPlan(plan)).toEqual([]);
  });

  it("react-admin įdėtines filtro reikšmes skaito kaip laukus su taškais", () => {
    const plan = planList("mail", {
      filter: { delivery: { state: "ERROR" } },
      sort: { field: "createdAt", order: "DESC" },
    });
    expect(plan.where).toEqual([{ field: "delivery.state", op: "==", value: "ERROR" }]);
  });

  it("tuščiam 'in' sąrašui ir id sąrašams be kitų filtrų atsako be užklausos", () => {
    expect(planList("cars", { filter: { status: [] } }).matchesNothing).toBe(true);
    expect(planList("cars", { filter: { id: ["b", "a", "b"] } }).ids).toEqual(["b", "a"]);
  });

  it("kursorius sieja su užklausa, ne su puslapiu", () => {
    const a = planList("cars", { filter: { status: "active" }, pagination: { page: 1, perPage: 25 } });
    const b = planList("cars", { filter: { status: "active" }, pagination: { page: 4, perPage: 25 } });
    const c = planList("cars", { filter: { status: "hidden" }, pagination: { page: 1, perPage: 25 } });
    expect(planKey(a)).toBe(planKey(b));
    expect(planKey(a)).not.toBe(planKey(c));
    expect(planKey(a).startsWith('["cars"')).toBe(true);
  });
});

describe("indeksai", () => {
  it("lygybės filtrui reikia (filter, sort), paieškai – (CONTAINS, sort)", () => {
    expect(
      indexesForPlan(planList("requests", { filter: { status: "new" }, sort: { field: "createdAt", order: "DESC" } })),
    ).toEqual([
      {
        collectionGroup: "requests",
        queryScope: "COLLECTION",
        fields: [
          { fieldPath: "status", order: "ASCENDING" },
          { fieldPath: "createdAt", order: "DESCENDING" },
        ],
      },
    ]);
    const search = indexesForPlan(planList("cars", { filter: { q: "sko" }, sort: { field: "make", order: "ASC" } }));
    expect(search[0]?.fields[0]).toEqual({ fieldPath: "_search", arrayConfig: "CONTAINS" });
  });

  it("firestore.indexes.json yra sugeneruotas failas (npm run firebase:indexes)", () => {
    const file = readFileSync(resolve(import.meta.dirname, "../../../firestore.indexes.json"), "utf8");
    expect(file).toBe(indexesText());
  });

  it("apima kiekvieną filtro ir rikiavimo porą, kurią tiekėjas gali pateikti, kiekvienam resursui", () => {
    const file = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../firestore.indexes.json"), "utf8")) as {
      indexes: CompositeIndex[];
    };
    const deployed = new Set(file.indexes.map(indexKey));
    let checked = 0;
    for (const resource of FIRESTORE_RESOURCES) {
      const model = RESOURCE_MODELS[resource];
      const plans = representativePlans(resource);
      // every declared filter and (when searchable) the search appear with every declared sort
      for (const filter of [...model.filters, ...(model.search.length > 0 ? ["_search"] : [])]) {
        for (const sort of model.sorts) {
          if (sort === filter) continue;
          expect(
            plans.some((p) => p.where.some((w) => w.field === filter) && p.orderBy[0]?.field === sort),
            `${resource}: ${filter} x ${sort}`,
          ).toBe(true);
        }
      }
      for (const plan of plans) {
        for (const index of indexesForPlan(plan)) {
          checked += 1;
          expect(deployed.has(indexKey(index)), `${resource}: ${indexKey(index)}`).toBe(true);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(requiredIndexes().length).toBe(file.indexes.length);
    // Firestore's limit per database; stay well under it.
    expect(file.indexes.length).toBeLessThan(200);
  });

  it("kiekvienas intervalo laukas lieka rikiuojamas, todėl intervalas su lygybės filtru turi savo indeksą", () => {
    for (const resource of FIRESTORE_RESOURCES) {
      const model = RESOURCE_MODELS[resource];
      for (const field of model.ranges) expect(model.sorts, `${resource}.${field}`).toContain(field);
    }
  });
});
