// Server rendering for prerendering: the app's own routes and loaders run in Node against an
// in-memory implementation of the backend port (the renderer is under test, not a backend).
import { describe, expect, it } from "vitest";
import type { PublicCar, PublicSettings } from "../../../src/backend/port";
import { renderRoute } from "../../../src/site/ssr";
import { memoryBackend } from "../../helpers/memoryBackend";

const car: PublicCar = {
  id: "25239e32-7f21-52dd-ac80-9f8ef21ea6d9",
  slug: "toyota-yaris",
  make: "Toyota",
  model: "Yaris Hybrid",
  year: 2024,
  category: "ekonominė",
  transmission: "automatinė",
  fuel: "hibridas",
  seats: 5,
  doors: 5,
  bags: 2,
  airConditioning: true,
  features: ["Apple CarPlay"],
  description: "Taupus miesto hibridas.",
  images: ["cars/toyota-yaris-1.svg"],
  status: "active",
  sortOrder: 0,
  minDriverAge: 21,
  minLicenceYears: 2,
  deposit: 200,
  mileageLimitPerDay: 250,
  longTermMonthlyPrice: 520,
  priceFrom: 20,
  tiers: [
    { fromDays: 1, toDays: 3, dailyRate: 35 },
    { fromDays: 4, toDays: null, dailyRate: 20 },
  ],
};

const settings: PublicSettings = {
  company: {
    name: "UAB „Bandymas“",
    brand: "Bandymas",
    companyCode: "123456789",
    vatCode: "LT123456789",
    address: "Gedimino pr. 1, LT-01103 Vilnius",
    phones: ["+370 5 200 0000"],
    emails: ["info@bandymas.lt"],
    hours: "I–V 8:00–20:00",
  },
  locations: [],
  extras: [],
  terms: "Sąlygos",
  about: "Apie",
  privacy: "",
  bookingRules: {
    leadTimeHours: 2,
    minDays: 1,
    maxDays: 90,
    maxAdvanceDays: 365,
    graceMinutes: 60,
    openingHour: 8,
    closingHour: 20,
  },
};

const backend = memoryBackend({ car, settings });

describe("renderRoute", () => {
  it("atvaizduoja katalogą su pavadinimais, kainomis, head ir hidratacijos duomenimis", async () => {
    const result = await renderRoute(backend, "https://bandymas.lt/automobiliai");
    if (result.kind !== "page") throw new Error("tikėtasi puslapio");
    expect(result.status).toBe(200);
    expect(result.html).toContain("<h1>Automobiliai</h1>");
    expect(result.html).toContain("Toyota Yaris Hybrid");
    expect(result.html).toContain("20,00\u00a0€");
    expect(result.html).toContain("UAB „Bandymas“");
    // No inline scripts: the site's CSP allows none.
    expect(result.html).not.toContain("<script");
    expect(result.head?.title).toBe("Automobilių nuomos katalogas");
    expect(JSON.stringify(result.head?.jsonLd)).toContain('"@type":"ItemList"');
    expect(result.payload?.path).toBe("/automobiliai");
    expect(result.payload).toMatchObject({ settings, page: { cars: [car] } });
  });

  it("atvaizduoja automobilio puslapį su Product duomenimis; nežinomas automobilis – 404", async () => {
    const page = await renderRoute(backend, "https://bandymas.lt/automobiliai/toyota-yaris");
    if (page.kind !== "page") throw new Error("tikėtasi puslapio");
    expect(page.html).toContain("35,00\u00a0€");
    expect(page.head?.type).toBe("product");
    expect(JSON.stringify(page.head?.jsonLd)).toContain('"price":"20.00"');

    const missing = await renderRoute(backend, "https://bandymas.lt/automobiliai/nera-tokio");
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("Page Not Found: /automobiliai/nera-tokio");
    expect(missing.payload).toBeNull();
  });

  it("tai, kas priklauso nuo šiandienos, kiekviename surinkime atvaizduoja vienodai: paieškos formos datos lieka tuščios", async () => {
    const result = await renderRoute(backend, "https://bandymas.lt/");
    if (result.kind !== "page") throw new Error("tikėtasi puslapio");
    expect(result.html).toMatch(/id="home-search-pickup-date"[^>]*value=""/);
  });
});
