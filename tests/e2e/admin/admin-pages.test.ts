// Back-office pages a staff member reads, in real Chromium against the real server: an unknown
// admin address shows the 404 inside the layout, number limits speak Lithuanian (never
// "undefined", never the browser's own bubble), a too-long reply shows its counter, the app
// bar fits a phone and toasts leave the Save button free.
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { REPLY_BODY_MAX } from "../../../src/admin/requests/RequestReply";
import { formatNumber } from "../../../src/domain/format";
import { DEMO_STAFF } from "../../helpers/accounts";
import { adminListAll, type Doc, signInStaff } from "../../helpers/api";
import { withScreenshot } from "../../helpers/browser";
import { demoAppForFile } from "../../helpers/e2e";
import { signInAs } from "./session";

const app = demoAppForFile();

/** SHOTS_DIR=/tmp/shots/text keeps screenshots of the checked screens for a person to look at. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

let signedIn: Page | null = null;
async function staffPage(): Promise<Page> {
  if (!signedIn) {
    const page = await app.browser.newPage();
    await signInAs(page, app.server.url, DEMO_STAFF);
    signedIn = page;
  }
  // Each test starts on a desktop screen, whatever the previous one left.
  await signedIn.setViewportSize({ width: 1280, height: 800 });
  return signedIn;
}

async function firstId(resource: string): Promise<string> {
  const client = await signInStaff(app.server.url);
  const [first] = await adminListAll<Doc>(client, resource);
  if (!first) throw new Error(`demo duomenyse nėra ${resource}`);
  return String(first.id);
}

describe("administravimo puslapiai", () => {
  it.each([1280, 390])(
    "nežinomas /admin adresas: 404 administravimo išdėstyme, su keliu atgal (%i px)",
    async (width) => {
      const page = await staffPage();
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await withScreenshot(app.browser, page, `admin-404-${width}`, async () => {
        await page.goto(`${app.server.url}/admin/tokio-puslapio-nera?x=1`, { waitUntil: "load" });
        await page.getByText("Page Not Found: /admin/tokio-puslapio-nera?x=1").waitFor({ state: "visible" });
        await page.getByRole("heading", { name: "Puslapis nerastas", level: 1 }).waitFor({ state: "visible" });
        expect(await page.getByText("Tokio administravimo puslapio nėra.", { exact: false }).count()).toBe(1);
        // The layout stays: the app bar and the menu (a drawer behind its button on a phone).
        await page.getByRole("banner").waitFor({ state: "visible" });
        if (width > 600)
          await page.getByRole("menuitem", { name: "Rezervacijos" }).first().waitFor({ state: "visible" });
        else await page.getByRole("button", { name: /meniu/i }).first().waitFor({ state: "visible" });
        await shot(page, `admin-404-${width}`);
        await page.getByRole("link", { name: "Grįžti į suvestinę" }).click();
        await page.waitForURL((url) => url.pathname === "/admin" || url.pathname === "/admin/");
      });
      await page.setViewportSize({ width: 1280, height: 800 });
    },
  );

  it("skaičius virš ribos: mūsų pranešimas po lauku, be „undefined“ ir be naršyklės burbulo", async () => {
    const page = await staffPage();
    const carId = await firstId("cars");
    await withScreenshot(app.browser, page, "admin-skaiciaus-riba", async () => {
      await page.goto(`${app.server.url}/admin/cars/${carId}`, { waitUntil: "load" });
      const age = page.getByLabel(/^mažiausias vairuotojo amžius/i);
      await age.waitFor({ state: "visible" });
      // The form never validates natively: no bubble in the browser's language.
      expect(await age.evaluate((input) => (input as HTMLInputElement).form?.noValidate)).toBe(true);

      await age.fill("150");
      await page.getByRole("button", { name: "Išsaugoti" }).first().click();
      await page.getByText("Turi būti ne daugiau kaip 99").first().waitFor({ state: "visible" });
      expect(await age.getAttribute("aria-invalid")).toBe("true");

      // Below the input's own min: natively invalid, yet react-admin still validates and speaks.
      await age.fill("5");
      expect(await age.evaluate((input) => (input as HTMLInputElement).validity.valid)).toBe(false);
      await page.getByRole("button", { name: "Išsaugoti" }).first().click();
      await page.getByText("Turi būti ne mažiau kaip 18").first().waitFor({ state: "visible" });
      const text = (await page.locator("main").textContent()) ?? "";
      expect(text).not.toMatch(/undefined|%\{/);
      expect(page.url()).toContain(`/admin/cars/${carId}`);
      await shot(page, "admin-formos-klaida-1280");
    });
  });

  it("per ilgas atsakymas į užklausą: laukas pažymėtas, rodomas simbolių skaitiklis", async () => {
    const page = await staffPage();
    const requestId = await firstId("requests");
    await withScreenshot(app.browser, page, "admin-atsakymo-skaitiklis", async () => {
      await page.goto(`${app.server.url}/admin/requests/reply/${requestId}`, { waitUntil: "load" });
      const body = page.getByRole("textbox", { name: /^tekstas/i });
      await body.waitFor({ state: "visible" });
      const counter = page.getByTestId("reply-counter");
      await body.fill("Laba diena");
      expect(await counter.textContent()).toBe(`10 / ${formatNumber(REPLY_BODY_MAX)} simbolių`);

      const tooLong = "a".repeat(REPLY_BODY_MAX + 3);
      await body.fill(tooLong);
      await expect
        .poll(() => counter.textContent())
        .toBe(`${formatNumber(REPLY_BODY_MAX + 3)} / ${formatNumber(REPLY_BODY_MAX)} simbolių`);
      expect(await body.getAttribute("aria-invalid")).toBe("true");
      await page.getByText("Atsakymas per ilgas: sutrumpinkite 3 simboliais").first().waitFor({ state: "visible" });

      await page.getByRole("button", { name: "Siųsti atsakymą" }).click();
      // Nothing was sent: still on the reply page, the field still marked.
      expect(page.url()).toContain(`/admin/requests/reply/${requestId}`);
      expect(await page.getByText("Patikrinkite pažymėtus laukus").count()).toBe(0);
      await counter.evaluate((el) => el.scrollIntoView({ block: "center" }));
      await shot(page, "admin-atsakymo-skaitiklis-1280");
    });
  });

  it("390 px: programos juosta telpa, o pranešimas po išsaugojimo neuždengia mygtuko „Išsaugoti“", async () => {
    const page = await staffPage();
    const locationId = await firstId("locations");
    await page.setViewportSize({ width: 390, height: 844 });
    await withScreenshot(app.browser, page, "admin-juosta-390", async () => {
      await page.goto(`${app.server.url}/admin/locations/${locationId}`, { waitUntil: "load" });
      const save = page.getByRole("button", { name: "Išsaugoti" }).first();
      await save.waitFor({ state: "visible" });
      // Every app bar control is on screen; a long title ends in "…" instead.
      const bar = page.getByRole("banner");
      const buttons = bar.getByRole("button").or(bar.getByRole("link"));
      for (const box of await buttons.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()))) {
        expect(box.right).toBeLessThanOrEqual(390);
        expect(box.left).toBeGreaterThanOrEqual(0);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The long title is cut with "…" by CSS, inside the bar.
      const title = page.locator("#react-admin-title > *").first();
      expect(await title.evaluate((el) => getComputedStyle(el).textOverflow)).toBe("ellipsis");
      expect(await title.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await shot(page, "admin-juosta-390");

      await page.getByLabel(/^darbo laikas/i).fill(`I–V 8:00–18:00 (${Date.now() % 1000})`);
      // Where the Save button sits on a phone (react-admin pins the toolbar to the bottom).
      const saveBox = await save.boundingBox();
      await save.click();
      const toast = page
        .getByRole("alert")
        .filter({ hasText: /atnaujint|išsaugot/i })
        .first();
      await toast.waitFor({ state: "visible" });
      const toastBox = await toast.boundingBox();
      expect(toastBox).not.toBeNull();
      expect(saveBox).not.toBeNull();
      // At the top of the screen, well clear of the form's toolbar.
      expect(toastBox?.y ?? 999).toBeLessThan(200);
      if (saveBox && toastBox)
        expect(toastBox.y + toastBox.height <= saveBox.y || saveBox.y + saveBox.height <= toastBox.y).toBe(true);
      await shot(page, "admin-pranesimas-390");
    });
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
