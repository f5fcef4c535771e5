// Public pages as documents (src/site/app/siteRuntime.tsx): a page with no form loads no
// React, yet its menu works and a staff change made after the build shows; a page with a
// form hydrates; moving between pages is a page load; the new-build check starts 1 000 ms
// after the page script does.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAdmin } from "../../helpers/api";
import { demoAppForFile } from "../../helpers/e2e";
import { listItems } from "../../helpers/http";

const app = demoAppForFile();

/** Whether React owns the page's main element (hydrated or rendered). */
const reactOwnsMain = (page: Page) =>
  page.locator("main").evaluate((main) => Object.keys(main).some((key) => key.startsWith("__react")));

/** The scripts the page asked for, by file name without the hash. */
function scriptNames(page: Page): string[] {
  const names: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") names.push(new URL(request.url()).pathname.replace(/-[\w-]{8}\.js$/, ""));
  });
  return names;
}

describe("vieši puslapiai – atskiri dokumentai", () => {
  it("puslapis be formų: be React, meniu veikia 390 px pločio, nuoroda atveria naują dokumentą", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const scripts = scriptNames(page);
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    await page.goto(`${server.url}/salygos`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1, name: "Nuomos sąlygos" }).waitFor();
    // The build watcher runs (the page script started) but React DOM never loaded.
    await page.waitForFunction(() => document.documentElement.dataset.buildId);
    expect(scripts.some((name) => name.endsWith("/assets/client"))).toBe(false);
    expect(await reactOwnsMain(page)).toBe(false);

    const menu = page.getByRole("button", { name: "Meniu" });
    await menu.click();
    expect(await page.getByRole("button", { name: "Uždaryti" }).getAttribute("aria-expanded")).toBe("true");
    await page
      .getByRole("navigation", { name: "Pagrindinis meniu" })
      .getByRole("link", { name: "Kontaktai" })
      .waitFor();
    await page.keyboard.press("Escape");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");

    // A link is a page load: what this document set is gone on the next page.
    await page.evaluate(() => {
      (window as Window & { samePage?: boolean }).samePage = true;
    });
    await menu.click();
    await Promise.all([
      page.waitForURL(`${server.url}/kontaktai`),
      page.getByRole("navigation", { name: "Pagrindinis meniu" }).getByRole("link", { name: "Kontaktai" }).click(),
    ]);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.evaluate(() => (window as Window & { samePage?: boolean }).samePage)).toBeUndefined();
    // The contact page has a form: it hydrates.
    await page.waitForFunction(() =>
      Object.keys(document.querySelector("main") ?? {}).some((key) => key.startsWith("__react")),
    );
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("darbuotojo pakeistos sąlygos matomos iš karto, nors puslapis paruoštas surenkant", async () => {
    const { server, browser } = app;
    const admin = await signInAdmin(server.url);
    const settings = listItems<Record<string, unknown>>((await admin.get("/api/admin/settings")).body)[0]!;
    const { id, createdAt: _created, updatedAt: _updated, ...doc } = settings;
    const terms = `${String(doc.terms ?? "")}\n\nNauja sąlyga: automobilį grąžinkite švarų – ${Date.now()}.`;
    expect((await admin.put(`/api/admin/settings/${id}`, { ...doc, terms })).status).toBe(200);

    const page = await browser.newPage();
    await page.goto(`${server.url}/salygos`);
    // The prerendered HTML still has the old text; after load the page checks the API and renders afresh.
    await page.getByText(/Nauja sąlyga: automobilį grąžinkite švarų/).waitFor({ timeout: 15_000 });
    expect(await reactOwnsMain(page)).toBe(true);
    expect(await page.getByRole("heading", { level: 1, name: "Nuomos sąlygos" }).count()).toBe(1);
    await page.close();
  });

  it("puslapyje be React naujo surinkimo patikra prasideda ne anksčiau kaip po 1 000 ms nuo paleidimo", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    await page.goto(`${server.url}/apie-mus`, { waitUntil: "load" });
    const latest = await page.waitForResponse((response) => response.url().includes("/builds/latest.json"), {
      timeout: 10_000,
    });
    expect(latest.status()).toBe(200);
    const timing = await page.evaluate(() => {
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const entry = entries.find((item) => /\/assets\/index-[\w-]+\.js$/.test(item.name));
      const build = entries.find((item) => item.name.includes("/builds/"));
      return { entryLoaded: entry?.responseEnd ?? null, buildAsked: build?.startTime ?? null };
    });
    expect(timing.entryLoaded).not.toBeNull();
    expect(timing.buildAsked).not.toBeNull();
    expect(timing.buildAsked! - timing.entryLoaded!).toBeGreaterThanOrEqual(1_000);
    const body = (await latest.json()) as { id: string };
    expect(await page.evaluate(() => document.documentElement.dataset.buildId)).toBe(body.id);
    await page.close();
  });
});
