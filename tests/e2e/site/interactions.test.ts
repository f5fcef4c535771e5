// The site's timed and stateful behaviour in real Chromium: the offers carousel (5,000 ms,
// pause on hover and with the button, still for reduced motion), toasts hiding after
// 5,000 ms, catalogue filters and price sorting kept in the URL, the inquiry forms.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminListAll, type Doc, signInAdmin } from "../../helpers/api";
import { settled, withScreenshot } from "../../helpers/browser";
import { demoAppForFile } from "../../helpers/e2e";
import { ApiClient, listItems } from "../../helpers/http";

const app = demoAppForFile();

const CAROUSEL_MS = 5_000;

/** The label of the slide on show ("1 iš 3: ..."). */
const currentSlide = (page: Page) =>
  page.locator('.carousel [aria-roledescription="skaidrė"]:not([hidden])').getAttribute("aria-label");

describe("svetainės elgsena", () => {
  it("akcijų karuselė: keičiasi kas 5 000 ms, stoja užvedus pelę ir mygtuku, ranka – pirmyn ir atgal", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    await withScreenshot(browser, page, "karusele", async () => {
      // The page's clock runs as usual; the checks that nothing changes jump it ahead
      // (page.clock.runFor) instead of waiting the carousel's 5 s for real.
      await page.clock.install();
      await page.goto(server.url, { waitUntil: "load" });
      // The pointer away from the carousel; once the page is interactive it runs.
      await page.mouse.move(1, 1);
      const carousel = page.locator(".carousel");
      await page.locator(".carousel[data-running]").waitFor();
      const first = await currentSlide(page);
      expect(first).toMatch(/^1 iš \d+:/);
      const started = Date.now();
      await expect.poll(() => currentSlide(page), { timeout: CAROUSEL_MS + 3_000, interval: 100 }).toMatch(/^2 iš/);
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThan(CAROUSEL_MS - 1_500);
      expect(elapsed).toBeLessThan(CAROUSEL_MS + 2_500);

      // Hovered: it stays.
      await carousel.hover();
      const hovered = await currentSlide(page);
      await page.clock.runFor(CAROUSEL_MS + 800);
      await settled(page);
      expect(await currentSlide(page)).toBe(hovered);
      await page.mouse.move(1, 1);

      // The pause button stops it; previous / next still work by hand.
      await page.getByRole("button", { name: "Sustabdyti automatinį akcijų slinkimą" }).click();
      await page.mouse.move(1, 1);
      await page.locator("h1").click();
      const paused = await currentSlide(page);
      await page.clock.runFor(CAROUSEL_MS + 800);
      await settled(page);
      expect(await currentSlide(page)).toBe(paused);
      await page.getByRole("button", { name: "Kita akcija" }).click();
      expect(await currentSlide(page)).not.toBe(paused);
      await page.getByRole("button", { name: "Ankstesnė akcija" }).click();
      expect(await currentSlide(page)).toBe(paused);
      await page.getByRole("button", { name: "Paleisti automatinį akcijų slinkimą" }).waitFor();
    });
    expect(browser.errorsOf(page)).toEqual([]);
    await page.close();
  });

  it("kai lankytojas prašo mažiau judesio, karuselė pati nesikeičia", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto(server.url, { waitUntil: "load" });
    await page.mouse.move(1, 1);
    // Interactive and aware of the preference: the button offers to start it.
    await page.getByRole("button", { name: "Paleisti automatinį akcijų slinkimą" }).waitFor();
    expect(await page.locator(".carousel[data-running]").count()).toBe(0);
    const shown = await currentSlide(page);
    await page.clock.runFor(CAROUSEL_MS + 800);
    await settled(page);
    expect(await currentSlide(page)).toBe(shown);
    await page.close();
  });

  it("kontaktų forma: užklausa išsaugoma, pranešimas dingsta po 5 000 ms", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    // The IP-to-country service is outside the test network.
    await page.route("https://ip2c.org/**", (route) => route.fulfill({ body: "1;LT;LTU;Lithuania" }));
    const message = `Ar galima paimti automobilį 7 val.? ${Date.now().toString(36)}`;
    await withScreenshot(browser, page, "kontaktai-pranesimas", async () => {
      await page.goto(`${server.url}/kontaktai`, { waitUntil: "load" });
      const form = page.getByRole("form", { name: "Parašykite mums" });
      await form.getByLabel("Vardas ir pavardė").fill("Ona Onaitienė");
      await form.getByLabel("El. paštas").fill("ona@pavyzdys.lt");
      await form.getByLabel("Telefonas").fill("+370 612 34567");
      await form.getByLabel("Žinutė").fill(message);
      await form.getByRole("button", { name: "Siųsti užklausą" }).click();
      const toast = page.locator(".toast").filter({ hasText: "Užklausa išsiųsta" });
      await toast.waitFor();
      const shownAt = Date.now();
      await form.getByText("Ačiū! Jūsų užklausa gauta").waitFor();
      await toast.waitFor({ state: "detached", timeout: 9_000 });
      const visibleFor = Date.now() - shownAt;
      expect(visibleFor).toBeGreaterThan(4_000);
      expect(visibleFor).toBeLessThan(7_000);
    });
    expect(browser.errorsOf(page)).toEqual([]);
    await page.close();
    const admin = await signInAdmin(server.url);
    const requests = await adminListAll<Doc & { type: string; message: string; phone: string | null }>(
      admin,
      "requests",
    );
    const stored = requests.find((request) => request.message === message);
    expect(stored?.type).toBe("contact");
    expect(stored?.phone).toBe("+37061234567");
  });

  it("verslo užklausa su įmonės pavadinimu, kodu ir PVM kodu", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    await page.route("https://ip2c.org/**", (route) => route.fulfill({ body: "1;LT;LTU;Lithuania" }));
    const company = `UAB „Bandymų statyba ${Date.now().toString(36)}“`;
    await page.goto(`${server.url}/verslo-klientams`, { waitUntil: "load" });
    const form = page.getByRole("form", { name: "Gaukite pasiūlymą įmonei" });
    await form.getByLabel("Įmonės pavadinimas").fill(company);
    await form.getByLabel("Įmonės kodas").fill("302456789");
    await form.getByLabel("PVM mokėtojo kodas").fill("lt100004567815");
    await form.getByLabel("Kontaktinis asmuo").fill("Jonas Jonaitis");
    await form.getByLabel("El. paštas").fill("jonas@statyba.lt");
    await form.getByLabel("Žinutė").fill("Reikėtų trijų mikroautobusų birželiui.");
    await form.getByRole("button", { name: "Gauti pasiūlymą" }).click();
    await form.getByText("Ačiū! Jūsų užklausa gauta").waitFor();
    await page.close();
    const admin = await signInAdmin(server.url);
    const stored = (
      await adminListAll<Doc & { type: string; company: { name: string; code: string; vatCode?: string } | null }>(
        admin,
        "requests",
      )
    ).find((request) => request.company?.name === company);
    expect(stored?.type).toBe("business");
    expect(stored?.company).toMatchObject({ code: "302456789", vatCode: "LT100004567815" });
  });

  it("šalies ir datos pasirinkimas klaviatūra: sąrašas su vėliavomis, kalendorius", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    await page.route("https://ip2c.org/**", (route) => route.fulfill({ body: "1;LT;LTU;Lithuania" }));
    // The phone tables are held back until the visitor has started typing a country, as on a slow
    // connection: their arrival must neither clear the search nor move the highlight.
    let releaseRules = () => {};
    const rulesHeld = new Promise<void>((resolve) => {
      releaseRules = resolve;
    });
    await page.route(/\/assets\/phone-[\w-]+\.js$/, async (route) => {
      await rulesHeld;
      await route.continue();
    });
    await withScreenshot(browser, page, "klaviatura", async () => {
      await page.goto(`${server.url}/rezervacija`, { waitUntil: "load" });
      await page.getByRole("button", { name: "Rezervuoti ir įsipareigoti sumokėti", exact: true }).waitFor();
      await page.waitForFunction(() => !document.querySelector("button[type=submit][disabled]"));

      const countryButton = page.getByRole("button", { name: /Šalies kodas: Lietuva \+370/ });
      await countryButton.focus();
      await page.keyboard.press("Enter");
      const search = page.getByRole("combobox", { name: "Ieškoti šalies" });
      await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
      // The priority countries first, each with its drawn flag.
      const options = page.getByRole("listbox", { name: "Šalys" }).getByRole("option");
      expect(await options.nth(1).textContent()).toContain("Latvija");
      expect(await options.nth(1).locator("svg.flag").count()).toBe(1);
      await page.keyboard.type("š");
      const builtInMatches = await options.count();
      releaseRules();
      // The full country list has arrived: more countries match "š" than in the built-in list.
      await expect.poll(() => options.count()).toBeGreaterThan(builtInMatches);
      expect(await search.inputValue()).toBe("š");
      await page.keyboard.type("vei");
      expect(await options.first().textContent()).toContain("Šveicarija");
      await page.keyboard.press("Enter");
      const phone = page.getByLabel("Telefono numeris");
      await expect.poll(() => phone.inputValue()).toBe("+41 ");
      await expect.poll(() => phone.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.getByRole("button", { name: /Šalies kodas: Šveicarija \+41/ }).waitFor();

      // The calendar: arrows move the day, Enter picks it.
      const pickupDate = page.getByLabel("Paėmimo data");
      const before = await pickupDate.inputValue();
      await page.getByRole("button", { name: "Pasirinkti iš kalendoriaus" }).first().click();
      await page.getByRole("dialog", { name: "Pasirinkite datą" }).waitFor();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      const next = new Date(`${before}T12:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 8);
      await expect.poll(() => pickupDate.inputValue()).toBe(next.toISOString().slice(0, 10));
      expect(await page.getByRole("dialog", { name: "Pasirinkite datą" }).count()).toBe(0);
    });
    expect(browser.errorsOf(page)).toEqual([]);
    await page.close();
  });

  it("katalogas: filtrai ir rikiavimas pagal kainą adrese; tas pats adresas atveria tą patį vaizdą", async () => {
    const { server, browser } = app;
    const cars = listItems<{ make: string; model: string; transmission: string; priceFrom: number | null }>(
      (await new ApiClient(server.url).get("/api/site/cars")).body,
    );
    const automatic = cars.filter((car) => car.transmission === "automatinė");
    const page = await browser.newPage();
    await withScreenshot(browser, page, "katalogas-filtrai", async () => {
      await page.goto(`${server.url}/automobiliai`, { waitUntil: "load" });
      await page.getByLabel("Pavarų dėžė").selectOption("automatinė");
      await page.waitForURL((url) => url.searchParams.get("transmission") === "automatinė");
      await page.getByLabel("Rikiuoti").selectOption("kaina");
      await page.waitForURL((url) => url.searchParams.get("rikiuoti") === "kaina");
      const names = async () => page.locator(".car-card__title a").allTextContents();
      await expect.poll(async () => (await names()).length).toBe(automatic.length);
      const expected = [...automatic]
        .map((car, index) => ({ car, index }))
        .sort((a, b) => (a.car.priceFrom ?? Infinity) - (b.car.priceFrom ?? Infinity) || a.index - b.index)
        .map(({ car }) => `${car.make} ${car.model}`);
      expect(await names()).toEqual(expected);

      // The address alone restores the view (a shared link, a reload).
      await page.reload({ waitUntil: "load" });
      await expect.poll(async () => (await names()).length).toBe(automatic.length);
      expect(await names()).toEqual(expected);
      expect(await page.getByLabel("Pavarų dėžė").inputValue()).toBe("automatinė");
    });
    expect(browser.errorsOf(page)).toEqual([]);
    await page.close();
  });
});
