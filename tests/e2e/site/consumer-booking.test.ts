// The booking page as a consumer sees it on a 390 px phone (Directive 2011/83/EU art. 8(2)), in real
// Chromium against the real server with Paysera in test mode: right above the order button stand
// the total with all fees, the deposit, the cancellation rule and the payment (50 € online through
// Paysera now, the rest at pick-up), and the button says the order obliges to pay. The visitor then
// cancels on the provider's page, comes back to the cancel page and pays from there ("Mokėti dar
// kartą"): the provider's stand-in (a local page) sends the first order back cancelled and posts
// Paysera's signed callback for the second one.
import { createHash, createSign, generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payseraDecode, payseraEncode } from "../../../server/payments/paysera";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../../src/domain/time";
import type { Doc } from "../../helpers/api";
import { assertBuilt, type BrowserSession, openBrowser } from "../../helpers/browser";
import { ApiClient, listItems } from "../../helpers/http";
import { type RunningServer, startServer } from "../../helpers/server";

const PROJECT = "135790";
const PASSWORD = "e2e-vartotojas-slaptazodis";
const md5 = (text: string) => createHash("md5").update(text).digest("hex");
const b64url = (buffer: Buffer) => buffer.toString("base64").replace(/\+/g, "-").replace(/\//g, "_");
const ORDER_BUTTON = "Rezervuoti ir įsipareigoti sumokėti";

describe("rezervacija telefone: informacija prieš mygtuką ir mokėjimo kartojimas", () => {
  const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
  let provider: Server;
  let server: RunningServer;
  let browser: BrowserSession;
  const orders: string[] = [];
  const callbacks: { status: number; text: string }[] = [];

  beforeAll(async () => {
    assertBuilt();
    // The provider's page: the first order the visitor cancels (back to cancelurl), the next one is paid.
    provider = createServer((req, res) => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://127.0.0.1");
        const data = url.searchParams.get("data") ?? "";
        if (url.searchParams.get("sign") !== md5(data + PASSWORD)) {
          res.writeHead(400).end("neteisingas parašas");
          return;
        }
        const request = new URLSearchParams(payseraDecode(data));
        orders.push(request.get("orderid") ?? "");
        if (orders.length === 1) {
          res.writeHead(302, { location: request.get("cancelurl") ?? "/" }).end();
          return;
        }
        const answer = payseraEncode(
          new URLSearchParams({
            projectid: PROJECT,
            orderid: request.get("orderid") ?? "",
            amount: request.get("amount") ?? "",
            currency: request.get("currency") ?? "",
            status: "1",
            requestid: `e2e-${orders.length}`,
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

  it("390 px: kaina, užstatas, atšaukimas ir apmokėjimas virš mygtuko; atšauktą mokėjimą sumoka iš atšaukimo puslapio", async () => {
    const site = new ApiClient(server.url);
    const settings = (await site.get<{ locations: Doc[] }>("/api/site/settings")).body;
    const location = String(settings.locations[0]!.id);
    const today = vilniusDateString(new Date());
    const pickupAt = vilniusLocalToInstant(addDaysToDateString(today, 95), "10:00").toISOString();
    const returnAt = vilniusLocalToInstant(addDaysToDateString(today, 98), "10:00").toISOString();
    const free = listItems<{ car: { slug: string } }>(
      (
        await site.get(
          `/api/site/search?from=${encodeURIComponent(pickupAt)}&to=${encodeURIComponent(returnAt)}&location=${location}`,
        )
      ).body,
    );
    const slug = free[0]!.car.slug;

    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route("https://ip2c.org/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/plain", body: "1;LT;LTU;Lithuania" }),
    );
    await page.goto(
      `${server.url}/rezervacija?from=${encodeURIComponent(pickupAt)}&to=${encodeURIComponent(returnAt)}&location=${location}&car=${slug}`,
      { waitUntil: "load" },
    );
    const terms = page.getByTestId("booking-terms");
    await terms.getByTestId("booking-terms-payment").waitFor();
    const total = (await terms.getByTestId("booking-terms-total").textContent()) ?? "";
    expect(total).toMatch(/Iš viso su visais mokesčiais ir PVM[\d\s\u00a0]+,\d{2}\s€/);
    expect(await terms.getByTestId("booking-terms-deposit").textContent()).toMatch(
      /Užstatas \(grąžinamas\)[\d\s]+,\d{2}\s€/,
    );
    expect(await terms.getByTestId("booking-terms-cancellation").textContent()).toBe(
      "Nemokamai atšaukti galima likus ne mažiau kaip 48 val. iki paėmimo; vėliau atšaukti galima tik susisiekus su mumis (žr. nuomos sąlygas).",
    );
    expect(await terms.getByTestId("booking-terms-payment").textContent()).toMatch(
      /^Apmokėjimas: 50,00\s€ internetu per Paysera iškart pateikus rezervaciją \(per 30 min\., kitaip rezervacija atšaukiama\); likusi suma [\d\s]+,\d{2}\s€ – atsiimant automobilį\. Užstatas [\d\s]+,\d{2}\s€ imamas atsiimant/,
    );

    await page.getByLabel("Vardas", { exact: true }).fill("Rūta");
    await page.getByLabel("Pavardė", { exact: true }).fill("Žemaitienė");
    await page.getByLabel("El. paštas", { exact: true }).fill(`ruta.${Date.now().toString(36)}@pavyzdys.lt`);
    await page.getByLabel("Telefono numeris").fill("+370 612 34567");
    await page.getByLabel("Gimimo data").fill("1986-03-14");
    await page.getByLabel("Vairuotojo pažymėjimo Nr.").fill("LT4455667");
    await page.getByLabel(/Sutinku su/).check();

    // Everything the consumer must see stands above the button, which says the order obliges to pay.
    const button = page.getByRole("button", { name: ORDER_BUTTON, exact: true });
    expect(((await button.textContent()) ?? "").trim()).toBe(ORDER_BUTTON);
    const buttonBox = await button.boundingBox();
    if (!buttonBox) throw new Error("Mygtukas nematomas");
    expect(page.viewportSize()?.width).toBe(390);
    for (const id of [
      "booking-terms-total",
      "booking-terms-deposit",
      "booking-terms-cancellation",
      "booking-terms-payment",
    ]) {
      const box = await page.getByTestId(id).boundingBox();
      if (!box) throw new Error(`${id} nematomas`);
      expect(box.y + box.height, id).toBeLessThanOrEqual(buttonBox.y);
      expect(box.x + box.width, id).toBeLessThanOrEqual(390);
    }
    await button.click();

    // Cancelled on the provider's page: back on the cancel page, which offers to pay again.
    await page.waitForURL((url) => url.pathname === "/mokejimas/atsauktas", { timeout: 30_000 });
    const retry = page.getByTestId("payment-retry");
    await retry.waitFor();
    expect(await retry.textContent()).toMatch(/Mokėti dar kartą \(50,00\s€\)/);
    await retry.click();

    await page.waitForURL((url) => url.pathname === "/mokejimas/sekmingas", { timeout: 30_000 });
    await page.getByRole("heading", { name: "Ačiū! Mokėjimas gautas" }).waitFor();
    expect(await page.getByTestId("payment-return").textContent()).toMatch(/Gavome 50,00\s€ mokėjimą/);
    const reservationId = new URL(page.url()).searchParams.get("r");
    expect(orders).toEqual([reservationId, `p2-${reservationId}`]);
    expect(callbacks).toEqual([{ status: 200, text: "OK" }]);

    // The footer names the consumer dispute body.
    expect(await page.getByTestId("dispute-body").textContent()).toContain(
      "Valstybinė vartotojų teisių apsaugos tarnyba (VVTAT), Vilniaus g. 25, Vilnius, www.vvtat.lt",
    );
    expect(browser.errorsOf(page)).toEqual([]);
    await page.close();
  }, 180_000);
});
