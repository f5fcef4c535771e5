// Cars have a place, in real Chromium at 1280 px: the occupancy timeline shows where each car
// stands at the start of its row and where each rental leaves it; the car form shows the current
// place and staff change it there.
import { describe, expect, it } from "vitest";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../../src/domain/time";
import { DEMO_ADMIN } from "../../helpers/accounts";
import { adminGet, adminListAll, type Doc, freeCarId, publicCatalogue, signInAdmin } from "../../helpers/api";
import { withScreenshot } from "../../helpers/browser";
import { demoAppForFile } from "../../helpers/e2e";
import { ApiClient } from "../../helpers/http";
import { signInAs } from "./session";

const app = demoAppForFile();

type Car = Doc & { locationId?: string | null; make: string; model: string };

/** The window under test: far enough ahead that the demo bookings leave the car free. */
const first = addDaysToDateString(vilniusDateString(new Date()), 75);
const at = (days: number, time = "10:00") =>
  vilniusLocalToInstant(addDaysToDateString(first, days), time).toISOString();

describe("automobilio vieta administravime", () => {
  it("užimtumo lentelė rodo automobilio vietą ir kur jį palieka kiekviena nuoma; forma vietą keičia", async () => {
    const { server, browser } = app;
    const site = new ApiClient(server.url);
    const admin = await signInAdmin(server.url);
    const { locations } = await publicCatalogue(site);
    const place = (name: string) => locations.find((l) => l.name === name) as Doc & { name: string };
    const vilnius = place("Vilniaus oro uostas");
    const palanga = place("Palangos oro uostas");
    const kaunas = place("Kauno oro uostas");
    const carId = await freeCarId(site, admin, [{ pickupAt: at(0), returnAt: at(10) }]);
    const car = await adminGet<Car>(admin, "cars", carId);
    expect((await admin.put(`/api/admin/cars/${carId}`, { ...car, locationId: vilnius.id })).status).toBe(200);
    const customer = (await adminListAll<Doc>(admin, "customers"))[0]!;
    const created = await admin.post<Doc>("/api/admin/reservations", {
      carId,
      customerId: customer.id,
      pickupAt: at(2),
      returnAt: at(4),
      pickupLocationId: vilnius.id,
      returnLocationId: palanga.id,
      status: "confirmed",
    });
    expect(created.status, created.text.slice(0, 300)).toBe(201);

    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 2400 });
    await signInAs(page, server.url, DEMO_ADMIN);
    await withScreenshot(browser, page, "laiko-juosta-vietos", async () => {
      await page.goto(`${server.url}/admin/check-availability?from=${first}`, { waitUntil: "load" });
      const bar = page.locator(`[data-reservation-bar="${created.body.id}"]`);
      await bar.waitFor({ state: "visible" });
      const row = page.locator(`[role="row"][data-car-id="${carId}"]`);
      await expect.poll(() => row.locator("[data-car-place]").getAttribute("data-car-place")).toBe(vilnius.name);
      expect(await row.locator("[data-car-place]").textContent()).toContain(vilnius.name);
      expect(await bar.textContent()).toContain(`→ ${palanga.name}`);
      expect(await bar.getAttribute("aria-label")).toContain(`${vilnius.name} → ${palanga.name}`);
      // The place stays readable in the row's name column at 1280 px.
      const box = await row.locator("[data-car-place]").boundingBox();
      expect(box?.height ?? 0).toBeGreaterThan(8);
    });

    await withScreenshot(browser, page, "automobilio-forma-vieta", async () => {
      await page.goto(`${server.url}/admin/cars/${carId}`, { waitUntil: "load" });
      const current = page.getByRole("combobox", { name: "Dabartinė vieta" });
      await expect.poll(() => current.textContent()).toBe(vilnius.name);
      await current.click();
      await page.getByRole("option", { name: kaunas.name }).click();
      await expect.poll(() => current.textContent()).toBe(kaunas.name);
      await page.getByRole("button", { name: "Išsaugoti", exact: true }).first().click();
      await expect.poll(async () => (await adminGet<Car>(admin, "cars", carId)).locationId).toBe(kaunas.id);
    });
    await page.close();
  });
});
