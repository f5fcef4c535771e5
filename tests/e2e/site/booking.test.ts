// A visitor books a car in real Chromium against the real server: home search -> results ->
// the reservation form -> the process modal with the reservation number, which staff then
// see in the back-office data with the server's price. And the refusals a visitor meets:
// an invalid phone, a return before the pickup (and the other period rules), a car taken.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../../src/domain/time";
import { adminGet, adminListAll, type Doc, reservationBody, signInAdmin } from "../../helpers/api";
import { withScreenshot } from "../../helpers/browser";
import { demoAppForFile } from "../../helpers/e2e";
import { ApiClient, listItems } from "../../helpers/http";

const app = demoAppForFile();

/** Money as the pages write it, spaces made comparable. */
const norm = (text: string) => text.trim().replace(/[\s\u00a0\u202f]/g, " ");

/** Console errors other than the browser's own note about an expected refusal (409, 422). */
const unexpected = (errors: string[]) =>
  errors.filter((text) => !/Failed to load resource: the server responded with a status of (409|422)/.test(text));

/** A Vilnius calendar date `days` from today. */
const dayFromToday = (days: number) => addDaysToDateString(vilniusDateString(new Date()), days);

/** The IP-to-country service is outside the test network: it answers as it would for Lithuania. */
async function withCountryService(page: Page): Promise<void> {
  await page.route("https://ip2c.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/plain", body: "1;LT;LTU;Lithuania" }),
  );
}

async function fillDriver(page: Page, phone: string, email: string): Promise<void> {
  await page.getByLabel("Vardas", { exact: true }).fill("Rūta");
  await page.getByLabel("Pavardė", { exact: true }).fill("Žemaitienė");
  await page.getByLabel("El. paštas", { exact: true }).fill(email);
  await page.getByLabel("Telefono numeris").fill(phone);
  await page.getByLabel("Gimimo data").fill("1986-03-14");
  await page.getByLabel("Vairuotojo pažymėjimo Nr.").fill("LT4455667");
  await page.getByLabel(/Sutinku su/).check();
}

type Reservation = Doc & {
  number: string;
  carId: string;
  customerId: string;
  pickupAt: string;
  returnAt: string;
  source: string;
  status: string;
  returnLocationId: string;
  quote: {
    total: number;
    days: number;
    base: number;
    vat: number;
    deposit: number;
    delivery: number;
    extrasLines: unknown[];
  };
};

describe("rezervacija svetainėje", () => {
  it("paieška pradžioje -> rezultatai -> forma su +370 6xx xxxxx -> numeris -> rezervacija administravime su serverio kaina", async () => {
    const { server, browser } = app;
    const settings = (
      await new ApiClient(server.url).get<{ locations: (Doc & { deliveryFee?: number })[] }>("/api/site/settings")
    ).body;
    const delivered = settings.locations.find((l) => (l.deliveryFee ?? 0) > 0)!;
    const page = await browser.newPage();
    await withCountryService(page);
    const pickupDate = dayFromToday(75);
    const returnDate = dayFromToday(78);
    const email = `ruta.${Date.now().toString(36)}@pavyzdys.lt`;

    const shown = await withScreenshot(browser, page, "rezervacija-srautas", async () => {
      await page.goto(server.url, { waitUntil: "load" });
      const search = page.getByRole("form", { name: "Automobilių paieška" });
      await search.getByLabel("Paėmimo data").fill(pickupDate);
      await search.getByLabel("Grąžinimo data").fill(returnDate);
      await search.getByRole("button", { name: "Ieškoti automobilių" }).click();
      await page.waitForURL((url) => url.pathname === "/paieskosautomobiliai");
      await page.getByRole("heading", { name: /Laisvi automobiliai:/ }).waitFor();

      // The first result: its name and the server's total, then "Rezervuoti".
      const first = page.locator(".result-card").first();
      const carTitle = ((await first.getByRole("heading", { level: 3 }).textContent()) ?? "").trim();
      const searchTotal = ((await first.locator(".result-card__total").textContent()) ?? "").trim();
      expect(searchTotal).toMatch(/^\d[\d\s\u00a0]*,\d{2}\s€$/);
      await first.getByRole("link", { name: "Rezervuoti" }).click();
      await page.waitForURL((url) => url.pathname === "/rezervacija");

      // The form arrives with the car, the dates and a live quote from the server.
      await expect.poll(() => page.getByLabel("Paėmimo data").inputValue()).toBe(pickupDate);
      const quotePanel = page.locator(".quote-panel__quote");
      await quotePanel.getByText("Iš viso su PVM").waitFor();
      expect(await quotePanel.textContent()).toContain(searchTotal);

      // An extra and another return place: the server quotes them; the panel keeps the old total
      // until the new one arrives, then shows it (no longer busy).
      const live = quotePanel.locator("[aria-live]");
      const formTotal = quotePanel.locator(".summary-list__total dd");
      await page.getByRole("group", { name: "Papildomos paslaugos" }).getByRole("checkbox").first().check();
      await page.getByLabel("Grąžinimo vieta").selectOption(delivered.id);
      await quotePanel.getByText("Pristatymas ir paėmimas").waitFor();
      await expect
        .poll(async () => (await live.getAttribute("aria-busy")) === null && (await formTotal.count()) === 1)
        .toBe(true);
      const shownTotal = ((await formTotal.textContent()) ?? "").trim();
      expect(norm(shownTotal)).not.toBe(norm(searchTotal));

      await fillDriver(page, "+370 612 34567", email);
      // The picker follows the number's country code.
      await expect
        .poll(() => page.getByRole("button", { name: /Šalies kodas/ }).getAttribute("aria-label"))
        .toContain("Lietuva +370");
      await page.getByRole("button", { name: "Rezervuoti ir įsipareigoti sumokėti", exact: true }).click();

      const dialog = page.getByRole("dialog");
      await dialog.getByRole("heading", { name: "Rezervacija gauta" }).waitFor();
      const number = ((await dialog.getByTestId("reservation-number").textContent()) ?? "").trim();
      expect(number).toMatch(/^R-\d{4}-\d{6}$/);
      const modalTotal = ((await dialog.locator(".summary-list__total dd").textContent()) ?? "").trim();
      expect(await dialog.textContent()).toContain("Kas toliau?");
      await dialog.getByRole("button", { name: "Gerai" }).click();
      await page.getByRole("heading", { name: /Ačiū! Rezervacija gauta/ }).waitFor();
      return { number, modalTotal, carTitle, searchTotal, shownTotal };
    });
    expect(browser.errorsOf(page)).toEqual([]);
    await page.close();

    // Staff see it in the back-office data, priced by the server.
    const admin = await signInAdmin(server.url);
    const reservations = await adminListAll<Reservation>(admin, "reservations");
    const stored = reservations.find((r) => r.number === shown.number);
    expect(stored, `rezervacija ${shown.number} administravimo duomenyse`).toBeDefined();
    expect(stored!.source).toBe("web");
    expect(stored!.status).toBe("new");
    expect(stored!.pickupAt).toBe(vilniusLocalToInstant(pickupDate, "10:00").toISOString());
    expect(stored!.returnAt).toBe(vilniusLocalToInstant(returnDate, "10:00").toISOString());
    const money = (n: number) => new Intl.NumberFormat("lt-LT", { style: "currency", currency: "EUR" }).format(n);
    // The total the form showed before submitting is the one the server stored (and the modal showed).
    expect(norm(shown.shownTotal)).toBe(norm(money(stored!.quote.total)));
    expect(norm(shown.modalTotal)).toBe(norm(money(stored!.quote.total)));
    expect(stored!.quote.extrasLines).toHaveLength(1);
    expect(stored!.quote.delivery).toBe(delivered.deliveryFee);
    expect(stored!.returnLocationId).toBe(delivered.id);
    const site = new ApiClient(server.url);
    const search = await site.get(
      `/api/site/search?from=${encodeURIComponent(stored!.pickupAt)}&to=${encodeURIComponent(stored!.returnAt)}&limit=100`,
    );
    const cars = listItems<{ id: string; make: string; model: string }>((await site.get("/api/site/cars")).body);
    const car = cars.find((c) => c.id === stored!.carId)!;
    expect(shown.carTitle).toContain(`${car.make} ${car.model}`);
    // The car is now taken for those dates: the search no longer offers it.
    expect(listItems<{ id: string }>(search.body).some((item) => item.id === stored!.carId)).toBe(false);
    const customer = await adminGet<Doc & { phone: string; email: string }>(admin, "customers", stored!.customerId);
    expect(customer.phone).toBe("+37061234567");
    expect(customer.email).toBe(email);
  });

  it("neteisingas telefono numeris: lietuviškas pranešimas, rezervacija nepateikiama", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    await withCountryService(page);
    await withScreenshot(browser, page, "rezervacija-telefonas", async () => {
      await page.goto(`${server.url}/rezervacija`, { waitUntil: "load" });
      const phone = page.getByLabel("Telefono numeris");
      expect(await phone.getAttribute("type")).toBe("tel");
      expect(await phone.getAttribute("maxlength")).toBe("25");
      // Letters cannot be typed at all; the rest is checked for the country.
      await phone.pressSequentially("+370 12a3");
      await expect.poll(() => phone.inputValue()).toBe("+370 123");
      await phone.blur();
      const message = page.getByText("Neteisingas telefono numeris šiai šaliai");
      await message.waitFor();
      expect(await phone.getAttribute("aria-invalid")).toBe("true");
      await page.getByRole("button", { name: "Rezervuoti ir įsipareigoti sumokėti", exact: true }).click();
      await page.getByText("Patikrinkite pažymėtus laukus").first().waitFor();
      expect(await page.getByRole("dialog").isVisible()).toBe(false);
    });
    expect(browser.errorsOf(page)).toEqual([]);
    await page.close();
  });

  it("grąžinimas prieš paėmimą, praėjęs laikas ir per trumpas įspėjimas: aiškūs pranešimai, paieška nevykdoma", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    await withScreenshot(browser, page, "paieska-laikotarpis", async () => {
      await page.goto(server.url, { waitUntil: "load" });
      const search = page.getByRole("form", { name: "Automobilių paieška" });
      const submit = search.getByRole("button", { name: "Ieškoti automobilių" });
      // The browser checks these rules once the page is interactive: it fills in tomorrow by then.
      await expect.poll(() => search.getByLabel("Paėmimo data").inputValue()).not.toBe("");

      await search.getByLabel("Paėmimo data").fill(dayFromToday(10));
      await search.getByLabel("Grąžinimo data").fill(dayFromToday(8));
      await submit.click();
      await search.getByText("Grąžinimo laikas turi būti vėlesnis nei paėmimo").waitFor();
      expect(new URL(page.url()).pathname).toBe("/");

      await search.getByLabel("Paėmimo data").fill(dayFromToday(-2));
      await search.getByLabel("Grąžinimo data").fill(dayFromToday(3));
      await submit.click();
      await search.getByText("Paėmimo laikas jau praėjo").waitFor();

      // Too little notice: the next half-hour slot within the 2 h lead time, when today still offers one.
      const soon = new Date(Math.ceil((Date.now() + 5 * 60 * 1000) / 1_800_000) * 1_800_000);
      const soonDate = vilniusDateString(soon);
      const slot = new Intl.DateTimeFormat("lt-LT", {
        timeZone: "Europe/Vilnius",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(soon);
      const pickupTime = search.getByRole("combobox", { name: "Laikas" }).first();
      const slots = await pickupTime.locator("option").allTextContents();
      if (soonDate === dayFromToday(0) && slots.includes(slot)) {
        await search.getByLabel("Paėmimo data").fill(soonDate);
        await pickupTime.selectOption(slot);
        await search.getByLabel("Grąžinimo data").fill(addDaysToDateString(soonDate, 2));
        await submit.click();
        await search.getByText(/Rezervuoti galima ne vėliau kaip prieš 2 valand/).waitFor();
        expect(new URL(page.url()).pathname).toBe("/");
      }

      // The server says the same for a period typed into the address.
      const from = vilniusLocalToInstant(dayFromToday(10), "10:00").toISOString();
      const to = vilniusLocalToInstant(dayFromToday(8), "10:00").toISOString();
      await page.goto(
        `${server.url}/paieskosautomobiliai?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        { waitUntil: "load" },
      );
      await page.getByText("Grąžinimo laikas turi būti vėlesnis nei paėmimo").first().waitFor();
      expect(await page.locator(".result-card").count()).toBe(0);

      const tooSoon = new Date(Date.now() + 30 * 60 * 1000).toISOString();
      const later = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
      await page.goto(
        `${server.url}/paieskosautomobiliai?from=${encodeURIComponent(tooSoon)}&to=${encodeURIComponent(later)}`,
        { waitUntil: "load" },
      );
      await page
        .getByText(/Rezervuoti galima ne vėliau kaip prieš 2 valand/)
        .first()
        .waitFor();
    });
    expect(unexpected(browser.errorsOf(page))).toEqual([]);
    await page.close();
  });

  it("automobilis užimtas: forma tai sako iš karto, o užimtas tarp pildymo ir pateikimo – langas siūlo kitus", async () => {
    const { server, browser } = app;
    const site = new ApiClient(server.url);
    const admin = await signInAdmin(server.url);
    const settings = (await site.get<{ locations: Doc[] }>("/api/site/settings")).body;
    const location = settings.locations[0]!.id;
    const pickupAt = vilniusLocalToInstant(dayFromToday(90), "10:00").toISOString();
    const returnAt = vilniusLocalToInstant(dayFromToday(93), "10:00").toISOString();
    const free = listItems<{ id: string; car: { slug: string; make: string; model: string } }>(
      (
        await site.get(
          `/api/site/search?from=${encodeURIComponent(pickupAt)}&to=${encodeURIComponent(returnAt)}&location=${location}`,
        )
      ).body,
    );
    expect(free.length).toBeGreaterThan(2);
    const [taken, later] = free as [(typeof free)[number], (typeof free)[number]];
    const query = (slug: string) =>
      `from=${encodeURIComponent(pickupAt)}&to=${encodeURIComponent(returnAt)}&location=${location}&car=${slug}`;

    // Someone books the first car over the API; the form for it says so at once.
    const first = await site.post(
      "/api/site/reservations",
      reservationBody({ carId: taken.id, locationId: location, pickupAt, returnAt }),
    );
    expect(first.status).toBe(201);
    const page = await browser.newPage();
    await withCountryService(page);
    await withScreenshot(browser, page, "rezervacija-uzimta", async () => {
      await page.goto(`${server.url}/rezervacija?${query(taken.car.slug)}`, { waitUntil: "load" });
      await page.getByText("Šis automobilis pasirinktomis datomis užimtas").waitFor();

      // The second car is free while the visitor fills the form, then taken just before they submit.
      await page.goto(`${server.url}/rezervacija?${query(later.car.slug)}`, { waitUntil: "load" });
      await page.locator(".quote-panel__quote").getByText("Iš viso su PVM").waitFor();
      await fillDriver(page, "+370 698 76543", `jonas.${Date.now().toString(36)}@pavyzdys.lt`);
      const meanwhile = await site.post(
        "/api/site/reservations",
        reservationBody({ carId: later.id, locationId: location, pickupAt, returnAt }),
      );
      expect(meanwhile.status).toBe(201);
      await page.getByRole("button", { name: "Rezervuoti ir įsipareigoti sumokėti", exact: true }).click();

      const dialog = page.getByRole("dialog");
      await dialog.getByRole("heading", { name: "Automobilis ką tik buvo užsakytas" }).waitFor();
      expect(await dialog.textContent()).toContain("jau užimtas");
      // Other cars still free for the same period, with their server prices; one click picks one
      // and returns to the form, where its total, deposit and terms stand before the order button.
      const offer = dialog.locator(".alternative").first();
      await offer.waitFor();
      expect(await offer.textContent()).toMatch(/\d,\d{2}\s€/);
      const offerTotal = ((await offer.textContent()) ?? "").match(/\d[\d\s]*,\d{2}\s€/)?.[0] ?? "";
      await offer.getByRole("button", { name: /Rinktis šį automobilį/ }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.getByTestId("booking-terms-total").filter({ hasText: offerTotal }).waitFor();
      await page.getByRole("button", { name: "Rezervuoti ir įsipareigoti sumokėti", exact: true }).click();
      await dialog.getByRole("heading", { name: "Rezervacija gauta" }).waitFor();
      expect(((await dialog.getByTestId("reservation-number").textContent()) ?? "").trim()).toMatch(/^R-\d{4}-\d{6}$/);
    });
    expect(unexpected(browser.errorsOf(page))).toEqual([]);
    await page.close();
    // Exactly the two API bookings and the visitor's third one hold cars over that period.
    const overlapping = (await adminListAll<Reservation>(admin, "reservations")).filter(
      (r) => r.pickupAt === pickupAt && r.returnAt === returnAt && r.status === "new",
    );
    expect(new Set(overlapping.map((r) => r.carId)).size).toBe(overlapping.length);
    expect(overlapping.length).toBe(3);
  });
});
