// The staff session ending under an open form, in real Chromium against the real server: the
// save is refused, the typed text stays, a sign-in dialog over the form lets staff sign in
// again and save. A signed-out visit to a record comes back to that record after signing in,
// with a one-level redirect. Unsaved reordering on the sorting page asks before leaving.
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_STAFF } from "../../helpers/accounts";
import { adminGet, adminListAll, type Doc, signInStaff } from "../../helpers/api";
import { resizeTo, withScreenshot } from "../../helpers/browser";
import { demoAppForFile, submitLoginForm } from "../../helpers/e2e";
import { ApiClient } from "../../helpers/http";
import { signInAs } from "./session";

const app = demoAppForFile();
const SESSION_EXPIRED = "Sesija baigėsi. Prisijunkite iš naujo – įvesti duomenys neprarasti.";
const SHOTS = process.env.SHOTS_DIR ?? "";

async function shot(page: Page, name: string, width: number) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  await resizeTo(page, { width, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  if (before) await page.setViewportSize(before);
}

/** Ends the browser's own session on the server: POST /api/auth/logout with its cookie. */
async function endSessionOnServer(page: Page, baseUrl: string) {
  const cookies = await page.context().cookies(baseUrl);
  const sid = cookies.find((cookie) => cookie.name === "sid");
  expect(sid, "sesijos slapukas").toBeTruthy();
  const client = new ApiClient(baseUrl);
  client.cookies.set("sid", sid!.value);
  expect((await client.get("/api/auth/me")).status).toBe(200);
  expect((await client.post("/api/auth/logout", {})).status).toBeLessThan(300);
  expect((await client.get("/api/auth/me")).status).toBe(401);
}

type Customer = Doc & { firstName: string; lastName: string; notes: string };

describe("administravimas: pasibaigusi sesija", () => {
  it("forma išlieka, dialoge prisijungus iš naujo išsaugoma", async () => {
    const { server, browser } = app;
    const api = await signInStaff(server.url);
    const customer = (await adminListAll<Customer>(api, "customers"))[0]!;
    const page = await browser.newPage();
    await withScreenshot(browser, page, "sesija-baigesi-forma", async () => {
      await signInAs(page, server.url, DEMO_STAFF);
      await page.goto(`${server.url}/admin/customers/${customer.id}`, { waitUntil: "load" });
      const notes = page.getByLabel(/^pastabos/i).first();
      await notes.waitFor({ state: "visible" });
      const typed = `Skambino dėl sutarties ${Date.now().toString(36)}`;
      await notes.fill(typed);

      await endSessionOnServer(page, server.url);
      await page.getByRole("button", { name: /^išsaugoti$/i }).click();

      const dialog = page.getByRole("dialog", { name: /prisijunkite iš naujo/i });
      await dialog.waitFor({ state: "visible" });
      await expect.poll(() => dialog.textContent()).toContain(SESSION_EXPIRED);
      // Still on the record, the text still typed, not on /login.
      expect(new URL(page.url()).pathname).toBe(`/admin/customers/${customer.id}`);
      expect(await notes.inputValue()).toBe(typed);
      await shot(page, "sesija-dialogas", 1280);
      await shot(page, "sesija-dialogas", 390);

      // A wrong password is refused inside the dialog; the form stays.
      await dialog.getByLabel(/slaptažodis/i).fill("neteisingas-slaptazodis");
      await dialog.getByRole("button", { name: /^prisijungti$/i }).click();
      await dialog.getByText(/neteisingas el\. paštas arba slaptažodis/i).waitFor({ state: "visible" });

      await dialog.getByLabel(/el\. paštas/i).fill(DEMO_STAFF.email);
      await dialog.getByLabel(/slaptažodis/i).fill(DEMO_STAFF.password);
      await dialog.getByRole("button", { name: /^prisijungti$/i }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(await notes.inputValue()).toBe(typed);

      await page.getByRole("button", { name: /^išsaugoti$/i }).click();
      await expect.poll(async () => (await adminGet<Customer>(api, "customers", customer.id)).notes).toBe(typed);
    });
  });

  it("be sesijos atidarytas įrašas veda į prisijungimą su vienu grįžimo adresu ir grįžta į įrašą", async () => {
    const { server, browser } = app;
    const api = await signInStaff(server.url);
    const customer = (await adminListAll<Customer>(api, "customers"))[1]!;
    const context = browser.context;
    await context.clearCookies();
    const page = await browser.newPage();
    await withScreenshot(browser, page, "sesija-grizimas", async () => {
      const target = `/admin/customers/${customer.id}`;
      await page.goto(`${server.url}${target}`, { waitUntil: "networkidle" });
      await page.waitForURL((url) => url.pathname === "/login");
      const url = new URL(page.url());
      expect(url.searchParams.get("redirect")).toBe(target);
      expect(url.search).not.toMatch(/login/);
      await submitLoginForm(page, DEMO_STAFF);
      await page.waitForURL((next) => next.pathname === target);
      await page
        .getByLabel(/^pastabos/i)
        .first()
        .waitFor({ state: "visible" });
    });
  });

  it("senas įdėtas /login?redirect=/login?redirect=… vis tiek grąžina į įrašą", async () => {
    const { server, browser } = app;
    const api = await signInStaff(server.url);
    const customer = (await adminListAll<Customer>(api, "customers"))[1]!;
    await browser.context.clearCookies();
    const page = await browser.newPage();
    await withScreenshot(browser, page, "sesija-idetas", async () => {
      const target = `/admin/customers/${customer.id}`;
      const nested = `/login?redirect=${encodeURIComponent(`/login?redirect=${encodeURIComponent(target)}`)}`;
      await page.goto(`${server.url}${nested}`, { waitUntil: "networkidle" });
      await submitLoginForm(page, DEMO_STAFF);
      await page.waitForURL((next) => next.pathname === target);
      // The record open, so the back-office is not still starting (and sending a signed-out
      // visitor to /login?redirect=<the record>) when the cookies go.
      await page
        .getByLabel(/^pastabos/i)
        .first()
        .waitFor({ state: "visible" });
      // And a foreign address never leaves the site.
      await browser.context.clearCookies();
      await page.goto(`${server.url}/login?redirect=${encodeURIComponent("//evil.example/admin")}`, {
        waitUntil: "networkidle",
      });
      await submitLoginForm(page, DEMO_STAFF);
      await page.waitForURL((next) => next.pathname === "/admin");
      expect(new URL(page.url()).host).toBe(new URL(server.url).host);
    });
  });
});

type Reservation = Doc & {
  status: string;
  carId: string;
  contract: { mileageOut: number | null; mileageIn: number | null; damages: string };
};

describe("administravimas: neišsaugoti pakeitimai", () => {
  it("sutarties puslapis tikrina ridą, rodo serverio laukų klaidas prie laukų ir klausia prieš išeinant", async () => {
    const { server, browser } = app;
    const api = await signInStaff(server.url);
    const fleet = await adminListAll<Doc & { carId: string }>(api, "fleet");
    const listed = (await adminListAll<Reservation>(api, "reservations")).find(
      (r) => r.status === "confirmed" && fleet.some((f) => f.carId === r.carId),
    )!;
    const reservation = await adminGet<Reservation>(api, "reservations", listed.id);
    const tooLong = "p".repeat(5001);
    // What the server says about a too long damages text, asked directly.
    const refused = await api.put<{ errors?: Record<string, string> }>(`/api/admin/reservations/${reservation.id}`, {
      ...Object.fromEntries(
        Object.entries(reservation).filter(([key]) => !["id", "createdAt", "updatedAt"].includes(key)),
      ),
      contract: { ...reservation.contract, damages: tooLong },
    });
    expect(refused.status).toBe(422);
    const damagesMessage = refused.body.errors?.["contract.damages"];
    expect(damagesMessage).toBeTruthy();

    await browser.context.clearCookies();
    const page = await browser.newPage();
    await withScreenshot(browser, page, "sutartis-klaidos", async () => {
      await signInAs(page, server.url, DEMO_STAFF);
      await page.goto(`${server.url}/admin/print-edit/${reservation.id}`, { waitUntil: "load" });
      await page.getByRole("article", { name: /sutarties peržiūra/i }).waitFor({ state: "visible" });
      await page.getByLabel(/rida perduodant/i).fill("45231");
      await page.getByLabel(/rida grąžinant/i).fill("45000");
      await page.getByRole("button", { name: /^išsaugoti$/i }).click();
      await page
        .getByText(/^Grąžinimo rida turi būti ne mažesnė nei paėmimo rida \(45\s231 km\)$/)
        .waitFor({ state: "visible" });
      await shot(page, "sutartis-rida", 1280);
      // Nothing was sent.
      expect((await adminGet<Reservation>(api, "reservations", reservation.id)).contract.mileageIn).toBe(
        reservation.contract.mileageIn,
      );

      await page.getByLabel(/rida grąžinant/i).fill("45300");
      await page.getByLabel(/^pažeidimai/i).fill(tooLong);
      await page.getByRole("button", { name: /^išsaugoti$/i }).click();
      await page.locator("#contract-damages-helper-text").getByText(damagesMessage!).waitFor({ state: "visible" });
      expect((await adminGet<Reservation>(api, "reservations", reservation.id)).contract.damages).toBe(
        reservation.contract.damages,
      );

      // Unsaved: a menu link asks first.
      await page
        .getByRole("menuitem", { name: /^rezervacijos$/i })
        .first()
        .click();
      const dialog = page.getByRole("dialog", { name: /neišsaugoti pakeitimai/i });
      await dialog.waitFor({ state: "visible" });
      await dialog.getByRole("button", { name: /likti puslapyje/i }).click();
      expect(new URL(page.url()).pathname).toBe(`/admin/print-edit/${reservation.id}`);
      expect(await page.getByLabel(/rida grąžinant/i).inputValue()).toBe("45300");

      // Saved: leaving no longer asks.
      await page.getByLabel(/^pažeidimai/i).fill("Įbrėžimas ant galinio buferio");
      await page.getByRole("button", { name: /^išsaugoti$/i }).click();
      await expect
        .poll(async () => (await adminGet<Reservation>(api, "reservations", reservation.id)).contract.mileageIn)
        .toBe(45300);
      await page
        .getByRole("menuitem", { name: /^rezervacijos$/i })
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === "/admin/reservations");
    });
  });

  it("rūšiavimo puslapis klausia prieš išeinant: atšaukus lieka, patvirtinus išeina", async () => {
    const { server, browser } = app;
    await browser.context.clearCookies();
    const page = await browser.newPage();
    await withScreenshot(browser, page, "neissaugoti-rusiavimas", async () => {
      await signInAs(page, server.url, DEMO_STAFF);
      await page.goto(`${server.url}/admin/sorting`, { waitUntil: "load" });
      await page
        .getByRole("button", { name: /žemyn$/i })
        .first()
        .click();
      await page.getByRole("button", { name: /išsaugoti tvarką/i }).waitFor({ state: "visible" });
      expect(await page.getByRole("button", { name: /išsaugoti tvarką/i }).isEnabled()).toBe(true);

      await page
        .getByRole("menuitem", { name: /^klientai$/i })
        .first()
        .click();
      const dialog = page.getByRole("dialog", { name: /neišsaugoti pakeitimai/i });
      await dialog.waitFor({ state: "visible" });
      await shot(page, "neissaugoti-dialogas", 1280);
      await shot(page, "neissaugoti-dialogas", 390);
      await dialog.getByRole("button", { name: /likti puslapyje/i }).click();
      await dialog.waitFor({ state: "hidden" });
      expect(new URL(page.url()).pathname).toBe("/admin/sorting");
      expect(await page.getByRole("button", { name: /išsaugoti tvarką/i }).isEnabled()).toBe(true);

      await page
        .getByRole("menuitem", { name: /^klientai$/i })
        .first()
        .click();
      await dialog.waitFor({ state: "visible" });
      await dialog.getByRole("button", { name: /išeiti be išsaugojimo/i }).click();
      await page.waitForURL((url) => url.pathname === "/admin/customers");

      // Closing or reloading the tab with changes gets the browser's own prompt (beforeunload).
      await page.goto(`${server.url}/admin/sorting`, { waitUntil: "load" });
      await page
        .getByRole("button", { name: /žemyn$/i })
        .first()
        .click();
      const prompted = new Promise<string>((resolve) => {
        page.once("dialog", (prompt) => {
          resolve(prompt.type());
          void prompt.dismiss();
        });
      });
      // beforeunload fires only after a user gesture on the page: the click above was one.
      void page.reload().catch(() => undefined);
      expect(await prompted).toBe("beforeunload");
      expect(new URL(page.url()).pathname).toBe("/admin/sorting");
    });
  });
});
