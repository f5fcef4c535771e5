// Back-office lists in real Chromium against the real server on demo data: the reservations CSV
// a staff member downloads (BOM, ";", Lithuanian headers, names instead of ids), exporting and
// confirming selected rows, and the requests/customers tables fitting 1280 px with the menu open.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Download, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_STAFF } from "../../helpers/accounts";
import { adminGet, adminListAll, type Doc, signInStaff } from "../../helpers/api";
import { resizeTo, withScreenshot } from "../../helpers/browser";
import { demoAppForFile, screenshotFolderForFile } from "../../helpers/e2e";
import { signInAs } from "./session";

const app = demoAppForFile();

type Reservation = Doc & { number: string; carId: string; status: string; pickupAt: string };
type Car = Doc & { make: string; model: string; year: number };

/** SHOTS_DIR keeps the screenshots for review; by default they go to a temp folder of this file. */
const shots = screenshotFolderForFile("sarasai");

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await resizeTo(page, { width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: join(shots(), `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

let signedIn: Page | null = null;
async function staffPage(): Promise<Page> {
  if (signedIn) return signedIn;
  const page = await app.browser.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, app.server.url, DEMO_STAFF);
  signedIn = page;
  return page;
}

async function openList(page: Page, resource: string): Promise<void> {
  await page.goto(`${app.server.url}/admin/${resource}`, { waitUntil: "load" });
  await page.locator("table tbody tr").first().waitFor({ state: "visible" });
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const path = await download.path();
  return { download, bytes: readFileSync(path) };
}

/** Data lines of a CSV (quoted cells here hold no line breaks: numbers, names, times). */
const csvLines = (bytes: Buffer) => bytes.subarray(3).toString("utf8").split("\r\n").filter(Boolean);

const row = (page: Page, text: string) => page.locator("table tbody tr").filter({ hasText: text }).first();

describe("sąrašų eksportas ir masiniai veiksmai", () => {
  it("rezervacijų CSV: BOM, kabliataškiai, lietuviškos antraštės ir automobilių pavadinimai", async () => {
    const { server, browser } = app;
    const page = await staffPage();
    await withScreenshot(browser, page, "rezervaciju-csv", async () => {
      await openList(page, "reservations");
      const { download, bytes } = await downloaded(page, () =>
        page.getByRole("button", { name: "Eksportuoti", exact: true }).click(),
      );
      expect(download.suggestedFilename()).toMatch(/^rezervacijos-\d{4}-\d{2}-\d{2}\.csv$/);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString("utf8");
      expect(text.endsWith("\r\n")).toBe(true);
      expect(text.replace(/\r\n/g, "")).not.toMatch(/(?<!")\n/);
      const [header, ...rows] = csvLines(bytes);
      const headers = header!.split(";");
      expect(headers.slice(0, 6)).toEqual([
        "Numeris",
        "Būsena",
        "Automobilis",
        "Klientas",
        "Paėmimo laikas",
        "Grąžinimo laikas",
      ]);
      expect(headers).toContain("Iš viso su PVM, €");

      const staff = await signInStaff(server.url);
      const reservations = await adminListAll<Reservation>(staff, "reservations");
      expect(rows.length).toBe(Math.min(reservations.length, 1000));
      const sample = reservations.find((r) => r.number)!;
      const line = rows.find((l) => l.startsWith(`${sample.number};`));
      expect(line, `eilutė ${sample.number}`).toBeDefined();
      const car = await adminGet<Car>(staff, "cars", sample.carId);
      const cells = line!.split(";");
      expect(cells[2]).toBe(`${car.make} ${car.model} (${car.year})`);
      expect(cells[1]).toMatch(/^(Nauja|Patvirtinta|Vykdoma|Užbaigta|Atšaukta|Neatvyko)$/);
      expect(cells[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(cells[headers.indexOf("Iš viso su PVM, €")]).toMatch(/^\d+,\d{2}$/);
    });
  });

  it("pažymėtų eilučių eksportas ir patvirtinimas su lietuviška suvestine", async () => {
    const { server, browser } = app;
    const page = await staffPage();
    const staff = await signInStaff(server.url);
    await withScreenshot(browser, page, "rezervaciju-masiniai", async () => {
      await openList(page, "reservations");
      const numbers = (await page.locator("table tbody tr td:nth-child(2)").allTextContents()).map((t) => t.trim());
      const all = await adminListAll<Reservation>(staff, "reservations");
      const onPage = all.filter((r) => numbers.includes(r.number));
      const fresh = onPage.find((r) => r.status === "new");
      const closed = onPage.find((r) => ["completed", "cancelled", "no_show"].includes(r.status));
      expect(fresh, "pirmame puslapyje yra nauja rezervacija").toBeDefined();
      expect(closed, "pirmame puslapyje yra užbaigta ar atšaukta rezervacija").toBeDefined();

      await row(page, fresh!.number).getByRole("checkbox").check();
      await row(page, closed!.number).getByRole("checkbox").check();
      await expect.poll(() => page.getByText("Pažymėti 2 įrašai").count()).toBeGreaterThan(0);

      const { bytes } = await downloaded(page, () =>
        page.getByRole("button", { name: "Eksportuoti pažymėtus" }).click(),
      );
      const lines = csvLines(bytes);
      expect(lines.length).toBe(3);
      expect(
        lines
          .slice(1)
          .map((l) => l.split(";")[0])
          .sort(),
      ).toEqual([fresh!.number, closed!.number].sort());

      // The bulk action, not a row's own quick action of the same name.
      await page
        .locator('[data-test="bulk-actions-toolbar"]')
        .getByRole("button", { name: "Patvirtinti", exact: true })
        .click();
      const summary = page.getByRole("alert").filter({ hasText: /Patvirtinta 1 rezervacija, 1 nepavyko/ });
      await summary.first().waitFor({ state: "visible" });
      await page.screenshot({ path: join(shots(), "reservations-bulk-summary-1280.png") });
      expect(await summary.first().textContent()).toContain(closed!.number);
      // the server's reason for the refusal, not the generic form message
      expect(await summary.first().textContent()).not.toContain("Patikrinkite pažymėtus laukus");
      await expect
        .poll(async () => (await adminGet<Reservation>(staff, "reservations", fresh!.id)).status)
        .toBe("confirmed");
      expect((await adminGet<Reservation>(staff, "reservations", closed!.id)).status).toBe(closed!.status);
    });
  });

  it("užklausą galima pažymėti kaip šlamštą", async () => {
    const { server, browser } = app;
    const page = await staffPage();
    const staff = await signInStaff(server.url);
    await withScreenshot(browser, page, "uzklausos-slamstas", async () => {
      await openList(page, "requests");
      const requests = await adminListAll<Doc & { name: string; email: string; status: string }>(staff, "requests");
      // The sender cell's tooltip reads "Vardas <el. paštas>".
      const sender = await page.locator("table tbody tr").first().locator("[title*='@']").first().getAttribute("title");
      const firstEmail = sender?.match(/<([^>]+)>/)?.[1];
      const target = requests.find((r) => r.email === firstEmail && r.status !== "spam");
      expect(target, "pirma eilutė – ne šlamštas").toBeDefined();
      await page.locator("table tbody tr").first().getByRole("checkbox").check();
      await page.getByRole("button", { name: "Pažymėti kaip šlamštą" }).click();
      await expect
        .poll(async () => (await adminGet<Doc & { status: string }>(staff, "requests", target!.id)).status, {
          timeout: 15_000,
        })
        .toBe("spam");
    });
  });
});

describe("naujas automobilis", () => {
  it("kataloge atsiduria paskutinis: eilės tvarka max + 1", async () => {
    const { server, browser } = app;
    const page = await staffPage();
    const staff = await signInStaff(server.url);
    const cars = await adminListAll<Car & { sortOrder: number }>(staff, "cars");
    const last = Math.max(...cars.map((car) => car.sortOrder));
    await withScreenshot(browser, page, "naujas-automobilis", async () => {
      await page.goto(`${server.url}/admin/cars/add`, { waitUntil: "load" });
      const order = page.getByLabel("Eilės tvarka");
      await order.waitFor({ state: "visible" });
      await expect.poll(() => order.inputValue()).toBe(String(last + 1));
    });
  });
});

describe("sąrašų išdėstymas", () => {
  for (const resource of ["requests", "customers"]) {
    it(`${resource}: lentelė telpa 1280 px pločio lange su atvertu meniu`, async () => {
      const page = await staffPage();
      await withScreenshot(app.browser, page, `${resource}-plotis`, async () => {
        await page.setViewportSize({ width: 1280, height: 800 });
        await openList(page, resource);
        const menuWidth = await page
          .locator(".RaSidebar-fixed, .RaSidebar-paper, [class*='RaSidebar'] .MuiDrawer-paper")
          .first()
          .evaluate((el) => el.getBoundingClientRect().width);
        expect(menuWidth, "meniu atvertas").toBeGreaterThan(150);
        const fit = await page.evaluate(() => {
          const table = document.querySelector("table")!;
          let container: HTMLElement = table.parentElement!;
          for (let el: HTMLElement | null = table.parentElement; el; el = el.parentElement) {
            const overflow = getComputedStyle(el).overflowX;
            if (overflow === "auto" || overflow === "scroll") {
              container = el;
              break;
            }
          }
          const wrapper = table.closest(".RaDataTable-tableWrapper") as HTMLElement | null;
          return {
            container: [container.scrollWidth, container.clientWidth],
            wrapper: wrapper ? [wrapper.scrollWidth, wrapper.clientWidth] : [0, 0],
            page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
            tableRight: table.getBoundingClientRect().right,
          };
        });
        expect(fit.container[0], JSON.stringify(fit)).toBeLessThanOrEqual(fit.container[1]!);
        expect(fit.wrapper[0], JSON.stringify(fit)).toBeLessThanOrEqual(fit.wrapper[1]!);
        expect(fit.page[0], JSON.stringify(fit)).toBeLessThanOrEqual(fit.page[1]!);
        expect(fit.tableRight).toBeLessThanOrEqual(1280);
        // Long text is cut, and the whole text stays in the tooltip.
        const titled = page.locator("table tbody [title]").first();
        expect(await titled.getAttribute("title")).toBeTruthy();
      });
    });
  }

  it("ekrano kopijos: užklausos, klientai, rezervacijos (1280 ir 390 px)", async () => {
    const page = await staffPage();
    for (const resource of ["requests", "customers", "reservations"]) {
      await openList(page, resource);
      await shoot(page, resource);
    }
    // The refused confirmation above answers 4xx on purpose; Chromium logs that as a failed load.
    expect(app.browser.errorsOf(page).filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
