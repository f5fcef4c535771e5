// A staff member signs in, edits a car in the back-office and sees the change on
// the public site.
import { describe, expect, it } from "vitest";
import { DEMO_STAFF } from "../helpers/accounts";
import { withScreenshot } from "../helpers/browser";
import { demoAppForFile, signInThroughForm } from "../helpers/e2e";
import { ApiClient, listItems } from "../helpers/http";

const app = demoAppForFile();

type PublicCar = { id: string; slug: string; make: string; model: string };

describe("darbuotojas", () => {
  it("prisijungia, atidaro /admin/cars, redaguoja automobilį ir pakeitimą mato viešoje svetainėje", async () => {
    const { server, browser } = app;
    const site = new ApiClient(server.url);
    const cars = listItems<PublicCar>((await site.get("/api/site/cars")).body);
    const page = await browser.newPage();
    const newModel = `Testinis modelis ${Date.now().toString(36)}`;

    const edited = await withScreenshot(browser, page, "darbuotojas-redagavimas", async () => {
      await signInThroughForm(page, server.url, DEMO_STAFF);

      await page.goto(`${server.url}/admin/cars`, { waitUntil: "load" });
      // the list shows the cars; pick one that is on the public site
      const row = page
        .getByRole("row")
        .filter({ hasText: new RegExp(cars.map((c) => escapeRegExp(c.model)).join("|")) })
        .first();
      await row.waitFor({ state: "visible" });
      const rowText = (await row.textContent()) ?? "";
      const car =
        cars.find((c) => rowText.includes(c.model) && rowText.includes(c.make)) ??
        cars.find((c) => rowText.includes(c.model))!;
      await row.getByText(car.model, { exact: false }).first().click();
      await page.waitForURL((url) => url.pathname === `/admin/cars/${car.id}`);

      const model = page.getByLabel(/^modelis/i).first();
      await model.waitFor({ state: "visible" });
      await expect.poll(() => model.inputValue()).toBe(car.model);
      await model.fill(newModel);
      await page
        .getByRole("button", { name: /išsaugoti/i })
        .first()
        .click();
      // react-admin goes back to the list after a save
      await page.waitForURL((url) => url.pathname === "/admin/cars");
      await page.getByText(newModel).first().waitFor({ state: "visible" });
      return car;
    });

    const publicPage = await browser.newPage();
    await withScreenshot(browser, publicPage, "darbuotojas-viesas", async () => {
      await publicPage.goto(`${server.url}/automobiliai/${edited.slug}`, { waitUntil: "load" });
      await publicPage.getByText(newModel).first().waitFor({ state: "visible" });
      await publicPage.goto(`${server.url}/automobiliai`, { waitUntil: "load" });
      await publicPage.getByText(newModel).first().waitFor({ state: "visible" });
    });
    const stored = (await site.get<PublicCar>(`/api/site/cars/${edited.slug}`)).body;
    expect(stored.model).toBe(newModel);
    expect(browser.errorsOf(page)).toEqual([]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
