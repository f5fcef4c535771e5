// Every route of SPEC section 2 in real Chromium: public pages render, admin pages
// send a signed-out visitor to /login, an unknown path shows the 404 page.
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "../helpers/accounts";
import { adminListAll, signInAdmin } from "../helpers/api";
import { withScreenshot } from "../helpers/browser";
import { demoAppForFile, signInThroughForm } from "../helpers/e2e";
import { ApiClient, listItems } from "../helpers/http";
import { adminRoutes, PUBLIC_ROUTES } from "../helpers/routes";

const app = demoAppForFile();

describe("maršrutai naršyklėje", () => {
  it("kiekvienas viešas maršrutas atvaizduojamas (matomas h1)", async () => {
    const { server, browser } = app;
    const site = new ApiClient(server.url);
    const car = listItems<{ slug: string }>((await site.get("/api/site/cars")).body)[0]!;
    const news = listItems<{ slug: string }>((await site.get("/api/site/news")).body)[0]!;
    const routes = [...PUBLIC_ROUTES, `/automobiliai/${car.slug}`, `/naujienos/${news.slug}`];
    const page = await browser.newPage();
    const failures: string[] = [];
    for (const path of routes) {
      await withScreenshot(browser, page, `viesas${path}`, async () => {
        const response = await page.goto(`${server.url}${path}`, { waitUntil: "load" });
        if (response?.status() !== 200) failures.push(`${path}: HTTP ${response?.status()}`);
        const heading = page.getByRole("heading", { level: 1 }).first();
        try {
          await heading.waitFor({ state: "visible", timeout: 10_000 });
        } catch {
          failures.push(`${path}: nėra matomo h1 (${await browser.screenshot(page, `be-h1${path}`)})`);
          return;
        }
        const text = ((await heading.textContent()) ?? "").trim();
        if (!text) failures.push(`${path}: tuščias h1`);
        if (/Page Not Found|Internal Server Error/.test((await page.locator("body").textContent()) ?? "")) {
          failures.push(`${path}: rodomas klaidos puslapis`);
        }
      });
    }
    expect(failures).toEqual([]);
    await page.close();
  });

  it("kiekvienas administravimo maršrutas neprisijungusį lankytoją nukreipia į /login", async () => {
    const { server, browser } = app;
    const admin = await signInAdmin(server.url);
    const [car] = await adminListAll(admin, "cars");
    const [request] = await adminListAll(admin, "requests");
    const [reservation] = await adminListAll(admin, "reservations");
    const routes = adminRoutes({ carId: car!.id, requestId: request!.id, reservationId: reservation!.id });
    await browser.context.clearCookies();
    const page = await browser.newPage();
    const failures: string[] = [];
    for (const path of routes) {
      await page.goto(`${server.url}${path}`, { waitUntil: "load" });
      try {
        await page.waitForURL((url) => url.pathname === "/login", { timeout: 10_000 });
      } catch {
        failures.push(`${path}: liko ${page.url()} (${await browser.screenshot(page, `admin${path}`)})`);
        continue;
      }
      // the login form, not a blank page
      await page
        .getByRole("button", { name: /prisijungti/i })
        .first()
        .waitFor({ state: "visible" });
    }
    expect(failures).toEqual([]);
    await page.close();
  });

  it("nežinomas kelias rodo „Page Not Found: /that/path“ ir serveris atsako 404", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    await withScreenshot(browser, page, "404", async () => {
      const response = await page.goto(`${server.url}/that/path`, { waitUntil: "load" });
      expect(response?.status()).toBe(404);
      await page.getByText("Page Not Found: /that/path").first().waitFor({ state: "visible" });
      await expect.poll(() => page.locator("body").textContent()).toMatch(/404/);
    });
    await page.close();
  });

  it("administravimo maršrutas su netinkamu id rodo tą patį 404 puslapį (prisijungus)", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    await withScreenshot(browser, page, "admin-blogas-id", async () => {
      await signInThroughForm(page, server.url, DEMO_ADMIN);
      await page.goto(`${server.url}/admin/cars/ne-id`, { waitUntil: "load" });
      await page.getByText("Page Not Found: /admin/cars/ne-id").first().waitFor({ state: "visible" });
    });
    await browser.context.clearCookies();
    await page.close();
  });
});
