// The demo seed is valid for any start date, keeps the promises of issue 2 section 5,
// and ships its own car photos.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildDemoData, DEMO_CREDENTIALS, type DemoData, validateDemoData } from "../../../server/seed/demoData";
import { SEED_IMAGES_DIR } from "../../../server/seed/seed";
import { RESERVATION_STATUSES } from "../../../src/domain/schemas";

const NOW = new Date("2026-05-14T09:30:00Z");
const DAY = 86_400_000;

describe("demonstraciniai duomenys", () => {
  it.each([
    ["įprasta diena", "2026-05-14T09:30:00Z"],
    ["prieš vasaros laiką", "2026-03-28T22:30:00Z"],
    ["prieš žiemos laiką", "2026-10-24T23:15:00Z"],
    ["keliamųjų metų vasario 29 d.", "2028-02-29T12:00:00Z"],
    ["metų pabaiga", "2026-12-31T21:59:00Z"],
  ])("validateDemoData(buildDemoData(now)) praeina: %s", (_name, iso) => {
    expect(() => validateDemoData(buildDemoData(new Date(iso)))).not.toThrow();
  });

  it("tas pats now duoda tuos pačius duomenis", () => {
    expect(buildDemoData(NOW)).toEqual(buildDemoData(NOW));
  });

  it("validateDemoData tikrai randa klaidas", () => {
    const broken = structuredClone(buildDemoData(NOW)) as DemoData;
    broken.cars = broken.cars.slice(0, 3);
    expect(() => validateDemoData(broken)).toThrow();
    const badQuote = structuredClone(buildDemoData(NOW)) as DemoData;
    badQuote.reservations[0]!.doc.quote.total += 1;
    expect(() => validateDemoData(badQuote)).toThrow();
  });

  const data = buildDemoData(NOW);

  it("kiekiai pagal užduotį", () => {
    expect(data.locations.length).toBeGreaterThanOrEqual(3);
    expect(data.cars.length).toBeGreaterThanOrEqual(24);
    expect(data.extras.length).toBeGreaterThan(0);
    expect(data.offers.length).toBeGreaterThanOrEqual(3);
    expect(data.news.length).toBeGreaterThanOrEqual(5);
    expect(data.customers.length).toBeGreaterThanOrEqual(20);
    expect(data.reservations.length).toBeGreaterThanOrEqual(40);
    expect(data.requests.length).toBeGreaterThanOrEqual(10);
  });

  it("vietos: Vilniaus oro uostas, Vilniaus centras ir Kaunas", () => {
    const names = data.locations.map((l) => `${l.doc.name} ${l.doc.city}`);
    expect(names.some((n) => /oro uost/i.test(n) && /Vilni/.test(n))).toBe(true);
    expect(names.some((n) => /centr/i.test(n) && /Vilni/.test(n))).toBe(true);
    expect(names.some((n) => /Kaun/.test(n))).toBe(true);
  });

  it("automobiliai: visos klasės, tikri gamintojai, pakopinės kainos, užstatas, nuotraukos", () => {
    const categories = new Set(data.cars.map((c) => c.doc.category));
    expect(categories.size).toBeGreaterThanOrEqual(5);
    const makes = new Set(data.cars.map((c) => c.doc.make));
    expect(makes.size).toBeGreaterThanOrEqual(8);
    for (const car of data.cars) {
      expect(car.doc.deposit, car.doc.slug).toBeGreaterThan(0);
      expect(car.doc.images.length, car.doc.slug).toBeGreaterThan(0);
      for (const image of car.doc.images) {
        const name = image.split("/").pop() as string;
        expect(existsSync(join(SEED_IMAGES_DIR, name)), `${image} yra repozitorijoje`).toBe(true);
      }
    }
    expect(data.prices.some((p) => p.doc.tiers.length >= 3)).toBe(true);
    expect(data.prices.some((p) => p.doc.season !== null)).toBe(true);
  });

  it("rezervacijos visose būsenose, praeityje ir per ateinančias 60 dienų", () => {
    const statuses = new Set(data.reservations.map((r) => r.doc.status));
    for (const status of RESERVATION_STATUSES) expect(statuses.has(status), status).toBe(true);
    const pickups = data.reservations.map((r) => Date.parse(r.doc.pickupAt));
    expect(pickups.some((t) => t < NOW.getTime())).toBe(true);
    expect(pickups.some((t) => t > NOW.getTime())).toBe(true);
    for (const t of pickups) {
      expect(t).toBeGreaterThanOrEqual(NOW.getTime() - 61 * DAY);
      expect(t).toBeLessThanOrEqual(NOW.getTime() + 61 * DAY);
    }
    for (const r of data.reservations) expect(r.doc.number).toMatch(/^R-\d{4}-\d{6}$/);
  });

  it("užklausos: kontaktai, ilgalaikė nuoma, verslas", () => {
    const types = new Set(data.requests.map((r) => r.doc.type));
    for (const type of ["contact", "long-term", "business"] as const) expect(types.has(type), type).toBe(true);
  });

  it("viena administratoriaus ir viena darbuotojo paskyra su README nurodytais slaptažodžiais", () => {
    const byRole = (role: string) => data.staff.filter((s) => s.doc.role === role);
    expect(byRole("admin").map((s) => s.doc.email)).toContain(DEMO_CREDENTIALS.admin.email);
    expect(byRole("staff").map((s) => s.doc.email)).toContain(DEMO_CREDENTIALS.staff.email);
    expect(data.staff.find((s) => s.doc.email === DEMO_CREDENTIALS.admin.email)?.password).toBe(
      DEMO_CREDENTIALS.admin.password,
    );
  });

  it("tekstai lietuviški: įmonė, naujienos, akcijos su lietuviškomis raidėmis", () => {
    const lithuanian = /[ąčęėįšųūž]/i;
    expect(data.settings.doc.company.name).toMatch(/UAB|MB|AB/);
    expect(data.settings.doc.company.companyCode).toMatch(/^\d{9}$/);
    expect(data.settings.doc.company.vatCode).toMatch(/^LT\d{9,12}$/);
    expect(data.news.filter((n) => lithuanian.test(`${n.doc.title} ${n.doc.body}`)).length).toBe(data.news.length);
    expect(data.offers.filter((o) => lithuanian.test(`${o.doc.title} ${o.doc.body}`)).length).toBe(data.offers.length);
    expect(lithuanian.test(data.settings.doc.terms)).toBe(true);
  });
});
