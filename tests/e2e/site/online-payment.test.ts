// Online pre-payment in real Chromium against the real server, in test mode: the server is set up
// with Paysera, whose payment page is stood in for by a local page this test runs. That page checks
// the request's signature, posts Paysera's signed callback (ss1 + ss3/ss2 with a key pair the test
// made) to the server, as Paysera does server to server, and sends the visitor back to the site's
// success page. Then staff see the payment in the reservation's "Mokėjimai" panel.
// PAY_SCREENSHOTS_DIR=<folder> keeps screenshots of the success page and the panel (1280 and 390 px).
import { createHash, createSign, generateKeyPairSync } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payseraDecode, payseraEncode } from "../../../server/payments/paysera";
import { addDaysToDateString, vilniusDateString } from "../../../src/domain/time";
import { DEMO_STAFF } from "../../helpers/accounts";
import { type Doc, signInStaff } from "../../helpers/api";
import { assertBuilt, type BrowserSession, openBrowser, resizeTo, withScreenshot } from "../../helpers/browser";
import { signInThroughForm } from "../../helpers/e2e";
import { type RunningServer, startServer } from "../../helpers/server";

const PROJECT = "654321";
const PASSWORD = "e2e-paysera-slaptazodis";
const md5 = (text: string) => createHash("md5").update(text).digest("hex");
const b64url = (buffer: Buffer) => buffer.toString("base64").replace(/\+/g, "-").replace(/\//g, "_");
const shotsDir = process.env.PAY_SCREENSHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, `${name}.png`), fullPage: true });
}

describe("mokėjimas internetu rezervuojant (bandomasis režimas)", () => {
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  let provider: Server;
  let server: RunningServer;
  let browser: BrowserSession;
  const callbacks: { status: number; text: string }[] = [];

  beforeAll(async () => {
    assertBuilt();
    // The provider's page: checks `sign`, calls back with a signed `data`, sends the visitor back.
    provider = createServer((req, res) => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://127.0.0.1");
        const data = url.searchParams.get("data") ?? "";
        if (url.searchParams.get("sign") !== md5(data + PASSWORD)) {
          res.writeHead(400).end("neteisingas parašas");
          return;
        }
        const request = new URLSearchParams(payseraDecode(data));
        const answer = payseraEncode(
          new URLSearchParams({
            projectid: PROJECT,
            orderid: request.get("orderid") ?? "",
            amount: request.get("amount") ?? "",
            currency: request.get("currency") ?? "",
            status: "1",
            requestid: "e2e-1",
            test: "1",
          }).toString(),
        );
        const callback = await fetch(request.get("callbackurl") ?? "", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            data: answer,
            ss1: md5(answer + PASSWORD),
            ss2: b64url(createSign("RSA-SHA1").update(answer).sign(keys.privateKey)),
            ss3: b64url(createSign("RSA-SHA256").update(answer).sign(keys.privateKey)),
          }).toString(),
        });
        callbacks.push({ status: callback.status, text: await callback.text() });
        res.writeHead(302, { location: request.get("accepturl") ?? "/" }).end();
      })();
    });
    await new Promise<void>((done) => provider.listen(0, "127.0.0.1", done));
    server = await startServer({
      demo: true,
      env: {
        PAYSERA_PROJECT_ID: PROJECT,
        PAYSERA_PASSWORD: PASSWORD,
        PAYSERA_PUBLIC_KEY: keys.publicKey.export({ type: "spki", format: "pem" }).toString(),
        PAYSERA_PAY_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/pay`,
        PAYSERA_TEST: "1",
      },
    });
    browser = await openBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((done) => provider?.close(done));
  });

  it("lankytojas sumoka avansą, grįžta į sėkmės puslapį, o darbuotojas mato mokėjimą rezervacijoje", async () => {
    const page = await browser.newPage();
    await page.route("https://ip2c.org/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/plain", body: "1;LT;LTU;Lithuania" }),
    );
    const today = vilniusDateString(new Date());
    const number = await withScreenshot(browser, page, "mokejimas-internetu", async () => {
      await page.goto(server.url, { waitUntil: "load" });
      // This test is about the payment: type once the form is interactive, which is when today's
      // dates appear in it (typing during hydration on a loaded machine is the booking tests' subject).
      const search = page.getByRole("form", { name: "Automobilių paieška" });
      await expect.poll(() => search.getByLabel("Paėmimo data").inputValue()).not.toBe("");
      await search.getByLabel("Paėmimo data").fill(addDaysToDateString(today, 84));
      await search.getByLabel("Grąžinimo data").fill(addDaysToDateString(today, 87));
      await search.getByRole("button", { name: "Ieškoti automobilių" }).click();
      await page.waitForURL((url) => url.pathname === "/paieskosautomobiliai");
      await page.locator(".result-card").first().getByRole("link", { name: "Rezervuoti" }).click();
      await page.waitForURL((url) => url.pathname === "/rezervacija");
      await page.locator(".quote-panel__quote").getByText("Iš viso su PVM").waitFor();
      await page.getByLabel("Vardas", { exact: true }).fill("Jonas");
      await page.getByLabel("Pavardė", { exact: true }).fill("Petraitis");
      await page.getByLabel("El. paštas", { exact: true }).fill(`jonas.${Date.now().toString(36)}@pavyzdys.lt`);
      await page.getByLabel("Telefono numeris").fill("+370 612 34567");
      await page.getByLabel("Gimimo data").fill("1984-05-20");
      await page.getByLabel("Vairuotojo pažymėjimo Nr.").fill("LT7788990");
      await page.getByLabel(/Sutinku su/).check();
      await page.getByRole("button", { name: "Rezervuoti ir įsipareigoti sumokėti", exact: true }).click();

      // The provider's page called back and sent the visitor back to the site.
      await page.waitForURL((url) => url.pathname === "/mokejimas/sekmingas", { timeout: 30_000 });
      await page.getByRole("heading", { name: "Ačiū! Mokėjimas gautas" }).waitFor();
      const shown = ((await page.getByTestId("payment-number").textContent()) ?? "").trim();
      expect(shown).toMatch(/^R-\d{4}-\d{6}$/);
      expect(await page.getByTestId("payment-return").textContent()).toMatch(/Gavome 50,00\s€ mokėjimą/);
      await shot(page, "sekmes-puslapis-1280");
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, "sekmes-puslapis-390");
      return shown;
    });
    expect(callbacks).toEqual([{ status: 200, text: "OK" }]);
    expect(browser.errorsOf(page)).toEqual([]);
    await page.close();

    const staff = await signInStaff(server.url);
    const found = await staff.get<Doc[]>(
      `/api/admin/reservations?filter=${encodeURIComponent(JSON.stringify({ number }))}&range=[0,0]`,
    );
    const reservation = found.body[0] as Doc & { status: string };
    expect(reservation.status).toBe("confirmed");

    // The back-office: the reservation's "Mokėjimai" panel shows the online advance.
    const admin = await browser.newPage();
    await withScreenshot(browser, admin, "mokejimai-skydelis", async () => {
      await signInThroughForm(admin, server.url, DEMO_STAFF);
      await admin.goto(`${server.url}/admin/reservations/add/${reservation.id}`, { waitUntil: "load" });
      const panel = admin.getByTestId("reservation-payments");
      await panel.getByRole("heading", { name: "Mokėjimai" }).waitFor();
      await panel.getByTestId("ledger-entry").first().waitFor();
      const text = (await panel.textContent()) ?? "";
      expect(text).toContain("Avansas");
      expect(text).toContain("Internetu");
      expect(text).toContain("Mokėjimo sistema");
      expect(text).toMatch(/Sumokėta50,00\s€/);
      expect(text).toMatch(/Sumokėta internetu: 50,00\s€/);

      // Staff record the rest at the desk: the panel shows nothing more due.
      const due = (await panel.getByTestId("payment-summary").textContent()) ?? "";
      const rest = /Liko sumokėti([\d\s\u00a0]+,\d{2})/.exec(due)?.[1]?.replace(/[\s\u00a0]/g, "") ?? "";
      await panel.getByTestId("payment-amount").fill(rest);
      await panel.getByLabel("Pastaba (kvitas, pavedimas)").fill("Kasos kvitas Nr. 15");
      await panel.getByRole("button", { name: "Įrašyti mokėjimą" }).click();
      await expect.poll(async () => panel.getByTestId("ledger-entry").count()).toBe(2);
      await expect
        .poll(async () => (await panel.getByTestId("payment-summary").textContent()) ?? "")
        .toMatch(/Liko sumokėti0,00\s€/);
      await admin.getByTestId("reservation-payments").scrollIntoViewIfNeeded();
      await shot(admin, "mokejimai-1280");
      await resizeTo(admin, { width: 390, height: 844 });
      await shot(admin, "mokejimai-390");
    });
    expect(browser.errorsOf(admin)).toEqual([]);
    await admin.close();
  }, 180_000);
});
