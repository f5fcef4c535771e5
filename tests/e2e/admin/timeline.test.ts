// The occupancy timeline in real Chromium against the real server: a booking dragged onto a
// taken slot is refused (the bar goes back, a Lithuanian message, nothing stored), dragged onto a
// free slot it is saved after the confirmation that shows the price difference, and a click on an
// empty slot opens the new reservation form with the car and the dates filled in.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { priceDifference } from "../../../src/admin/availability/timelineModel";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../../src/domain/time";
import { DEMO_STAFF } from "../../helpers/accounts";
import { adminGet, type Doc, freeCarId, publicCatalogue, reservationBody, signInStaff } from "../../helpers/api";
import { withScreenshot } from "../../helpers/browser";
import { demoAppForFile } from "../../helpers/e2e";
import { ApiClient } from "../../helpers/http";
import { signInAs } from "./session";

const app = demoAppForFile();

type Reservation = Doc & {
  number: string;
  carId: string;
  pickupAt: string;
  returnAt: string;
  status: string;
  version: number;
  quote: { total: number };
};

const DAY_MS = 86_400_000;
/** The window under test: far enough ahead that the demo bookings leave the two cars free. */
const first = addDaysToDateString(vilniusDateString(new Date()), 60);
const at = (days: number, time = "10:00") =>
  vilniusLocalToInstant(addDaysToDateString(first, days), time).toISOString();

const notification = (page: Page, text: RegExp) => page.getByRole("alert").filter({ hasText: text }).first();

async function center(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`Nematomas elementas: ${selector}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags with the mouse in small steps (pointer events, as a person would). */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + (to.x - from.x) / 3, from.y + (to.y - from.y) / 3, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.mouse.up();
}

describe("užimtumo laiko juosta", () => {
  it("tempimas ant užimto laiko atmetamas, ant laisvo – išsaugomas po patvirtinimo su kainos skirtumu", async () => {
    const { server, browser } = app;
    const site = new ApiClient(server.url);
    const staff = await signInStaff(server.url);
    const { locations } = await publicCatalogue(site);
    const window = [{ pickupAt: at(0), returnAt: at(14) }];
    const carA = await freeCarId(site, staff, window);
    const carB = await freeCarId(site, staff, window, [carA]);
    const book = async (carId: string, from: number, to: number) => {
      const created = await site.post<{ id: string }>(
        "/api/site/reservations",
        reservationBody({ carId, locationId: locations[0]!.id, pickupAt: at(from), returnAt: at(to) }),
      );
      expect(created.status, created.text).toBe(201);
      return adminGet<Reservation>(staff, "reservations", created.body.id);
    };
    const moving = await book(carA, 2, 4);
    const blocking = await book(carB, 2, 5);

    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 2400 });
    await signInAs(page, server.url, DEMO_STAFF);
    const bar = `[data-reservation-bar="${moving.id}"]`;

    await withScreenshot(browser, page, "laiko-juosta-uzimta", async () => {
      await page.goto(`${server.url}/admin/check-availability?from=${first}`, { waitUntil: "load" });
      await page.locator(bar).waitFor({ state: "visible" });
      await page.locator(`[data-reservation-bar="${blocking.id}"]`).waitFor({ state: "visible" });
      const start = await center(page, bar);
      const rowB = await center(page, `[role="row"][data-car-id="${carB}"]`);
      // the same days on car B, which is taken then
      await drag(page, start, { x: start.x, y: rowB.y });
      await notification(page, /perkelti negalima: automobilis šiuo laikotarpiu užimtas/i).waitFor({
        state: "visible",
      });
      await expect
        .poll(() => page.locator(bar).locator("xpath=ancestor::*[@data-car-id][1]").getAttribute("data-car-id"))
        .toBe(carA);
      expect(await page.locator(bar).getAttribute("data-preview")).toBeNull();
    });
    const unchanged = await adminGet<Reservation>(staff, "reservations", moving.id);
    expect(unchanged).toMatchObject({
      carId: carA,
      pickupAt: moving.pickupAt,
      returnAt: moving.returnAt,
      version: moving.version,
    });

    let shown = "";
    await withScreenshot(browser, page, "laiko-juosta-laisva", async () => {
      const start = await center(page, bar);
      const rowB = await center(page, `[role="row"][data-car-id="${carB}"]`);
      // a week later on car B: free. 52 px a day.
      await drag(page, start, { x: start.x + 7 * 52, y: rowB.y });
      const dialog = page.getByRole("dialog", { name: /perkelti rezervaciją/i });
      await dialog.waitFor({ state: "visible" });
      shown = (await dialog.locator("[data-price-difference]").getAttribute("data-price-difference")) ?? "";
      await expect.poll(() => dialog.textContent()).toContain(`Kainos skirtumas: ${shown}`);
      await dialog.getByRole("button", { name: /^perkelti$/i }).click();
      await notification(page, /perkelta/i).waitFor({ state: "visible" });
      await expect
        .poll(() => page.locator(bar).locator("xpath=ancestor::*[@data-car-id][1]").getAttribute("data-car-id"))
        .toBe(carB);
    });
    const moved = await adminGet<Reservation>(staff, "reservations", moving.id);
    expect(moved.carId).toBe(carB);
    expect(Date.parse(moved.pickupAt)).toBe(Date.parse(moving.pickupAt) + 7 * DAY_MS);
    expect(Date.parse(moved.returnAt)).toBe(Date.parse(moving.returnAt) + 7 * DAY_MS);
    expect(moved.version).toBe(moving.version + 1);
    expect(shown).toBe(priceDifference(moving.quote.total, moved.quote.total));
    expect(shown).toMatch(/^([+−]\d[\d\s]*,\d{2}\s€|0,00\s€)$/);
    await page.close();
  });

  it("tuščio langelio paspaudimas atveria naujos rezervacijos formą su automobiliu ir datomis", async () => {
    const { server, browser } = app;
    const site = new ApiClient(server.url);
    const staff = await signInStaff(server.url);
    const day = addDaysToDateString(first, 10);
    const carId = await freeCarId(site, staff, [{ pickupAt: at(9), returnAt: at(12) }]);
    const car = await adminGet<Doc & { make: string; model: string }>(staff, "cars", carId);
    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 2400 });
    await signInAs(page, server.url, DEMO_STAFF);
    await withScreenshot(browser, page, "laiko-juosta-naujas", async () => {
      await page.goto(`${server.url}/admin/check-availability?from=${first}`, { waitUntil: "load" });
      const cell = page.locator(`[role="row"][data-car-id="${carId}"] [data-free="true"][data-date="${day}"]`);
      await cell.click();
      await page.waitForURL((url) => url.pathname === "/admin/reservations/add");
      const query = new URL(page.url()).searchParams;
      expect(query.get("carId")).toBe(carId);
      expect(query.get("pickupAt")).toBe(vilniusLocalToInstant(day, "10:00").toISOString());
      await page.getByText(/automobilis šiuo laikotarpiu laisvas/i).waitFor({ state: "visible" });
      expect(await page.locator(`input[value="${day}"]`).count()).toBeGreaterThan(0);
      expect(await page.locator(`input[value="${addDaysToDateString(day, 1)}"]`).count()).toBeGreaterThan(0);
      // the car picker shows the chosen car
      await expect.poll(() => page.locator('input[name="carId"]').inputValue()).toContain(`${car.make} ${car.model}`);
    });
    await page.close();
  });
});
