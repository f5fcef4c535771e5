// A visitor opens the home page and the car list in real Chromium.
import { describe, expect, it } from "vitest";
import { withScreenshot } from "../helpers/browser";
import { demoAppForFile } from "../helpers/e2e";
import { ApiClient, listItems } from "../helpers/http";

const app = demoAppForFile();

describe("lankytojas", () => {
  it("atidaro /, mato automobilius su „€/parai“, tada /automobiliai; be konsolės klaidų", async () => {
    const { server, browser } = app;
    const cars = listItems<{ make: string; model: string; slug: string }>(
      (await new ApiClient(server.url).get("/api/site/cars")).body,
    );
    const page = await browser.newPage();
    await withScreenshot(browser, page, "lankytojas-pradzia", async () => {
      const response = await page.goto(server.url, { waitUntil: "load" });
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.title()).not.toBe("");
      await page
        .getByText(/€\s*\/\s*parai/)
        .first()
        .waitFor({ state: "visible" });
      const modelOnPage = cars.find((car) => car.model.length > 1)!;
      await page.getByText(modelOnPage.model, { exact: false }).first().waitFor({ state: "visible" });
      expect(await page.locator("html").getAttribute("lang")).toBe("lt");

      await page
        .getByRole("navigation")
        .first()
        .getByRole("link", { name: /^automobiliai$/i })
        .first()
        .click();
      await page.waitForURL(/\/automobiliai$/);
      await page.getByRole("heading", { level: 1 }).first().waitFor({ state: "visible" });
      await page
        .getByText(/€\s*\/\s*parai/)
        .first()
        .waitFor({ state: "visible" });
      await page
        .getByText(cars[cars.length - 1]!.model, { exact: false })
        .first()
        .waitFor({ state: "visible" });

      // a direct load of /automobiliai too (prerendered or client-rendered, it must work)
      const direct = await page.goto(`${server.url}/automobiliai`, { waitUntil: "load" });
      expect(direct?.status()).toBe(200);
      await page.getByRole("heading", { level: 1 }).first().waitFor({ state: "visible" });
      await page
        .getByText(/€\s*\/\s*parai/)
        .first()
        .waitFor({ state: "visible" });
    });
    expect(browser.errorsOf(page)).toEqual([]);
  });

  it("viešas puslapis neatsisiunčia administravimo kodo (react-admin)", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.url());
    });
    await page.goto(server.url, { waitUntil: "networkidle" });
    const bodies = await Promise.all(scripts.map(async (url) => ({ url, text: await (await fetch(url)).text() })));
    const withAdmin = bodies.filter((b) => /["'`]ra\.(action|navigation|page|notification)\./.test(b.text));
    expect(withAdmin.map((b) => b.url)).toEqual([]);
    await page.close();
  });
});
