// The back-office as a staff member works it, in real Chromium against the real server: a new
// car with a photo, the catalogue order, an inquiry answered, a reservation from a free slot and
// an overlapping one refused, a price rise, the printed agreement, and live updates.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatDateTime, formatMoney } from "../../../src/domain/format";
import { newRate } from "../../../src/domain/priceChange";
import { DEMO_STAFF } from "../../helpers/accounts";
import { adminGet, adminListAll, type Doc, reservationBody, signInStaff, vilniusDaysFromNow } from "../../helpers/api";
import { withScreenshot } from "../../helpers/browser";
import { demoAppForFile } from "../../helpers/e2e";
import { ApiClient, listItems } from "../../helpers/http";
import { makePng } from "../../helpers/images";
import { normaliseSpaces, pdfText } from "./pdfText";
import { signInAs } from "./session";

const app = demoAppForFile();

type PublicCar = Doc & {
  make: string;
  model: string;
  slug: string;
  category: string;
  images: string[];
  tiers: { fromDays: number; toDays: number | null; dailyRate: number }[];
};
type Reservation = Doc & {
  number: string;
  carId: string;
  customerId: string;
  pickupAt: string;
  returnAt: string;
  status: string;
  quote: { total: number };
};

const publicCars = async (url: string, query = "") =>
  listItems<PublicCar>((await new ApiClient(url).get(`/api/site/cars${query}`)).body);

let signedIn: Page | null = null;
/** One signed-in staff tab for the whole file. */
async function staffPage(): Promise<Page> {
  if (signedIn) return signedIn;
  const page = await app.browser.newPage();
  await signInAs(page, app.server.url, DEMO_STAFF);
  signedIn = page;
  return page;
}

const notification = (page: Page, text: RegExp | string) => page.getByRole("alert").filter({ hasText: text }).first();

describe("administravimas: darbuotojo darbas", () => {
  it("naujas automobilis su nuotrauka (/admin/cars/add) atsiranda viešame kataloge", async () => {
    const { server, browser } = app;
    const page = await staffPage();
    const model = `Bandomasis ${Date.now().toString(36)}`;
    await withScreenshot(browser, page, "admin-naujas-automobilis", async () => {
      await page.goto(`${server.url}/admin/cars/add`, { waitUntil: "load" });
      await page.getByLabel(/^markė/i).fill("Škoda");
      await page.getByLabel(/^modelis/i).fill(model);
      await page.getByLabel(/^užstatas/i).fill("300");
      // A photo above 256 KB goes up in resumable chunks; on a slow line staff can pause it
      // (nothing more is sent) and resume it from where the server stopped.
      const photo = makePng(420, 320, true);
      expect(photo.length).toBeGreaterThan(256 * 1024);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        // Slow enough that the pause lands before the first chunk is through, even on a busy machine.
        uploadThroughput: 60 * 1024,
      });
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: "skoda.png", mimeType: "image/png", buffer: photo });
      const upload = page.locator("[data-upload-state]").filter({ hasText: "skoda.png" });
      await upload.getByText(/būsena: įkeliama/i).waitFor({ state: "visible" });
      await upload.getByRole("progressbar", { name: /įkėlimo eiga/i }).waitFor({ state: "visible" });
      await upload.getByRole("button", { name: "Sustabdyti" }).click();
      await upload.getByText(/būsena: sustabdyta/i).waitFor({ state: "visible" });
      const pausedAt = await upload.getByText(/būsena: sustabdyta/i).textContent();
      await page.waitForTimeout(1500);
      expect(await upload.getByText(/būsena: sustabdyta/i).textContent()).toBe(pausedAt);
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await upload.getByRole("button", { name: "Tęsti" }).click();
      await page
        .locator('[data-upload-state="success"]')
        .getByText(/būsena: įkelta/i)
        .waitFor({ state: "visible" });
      await page.getByRole("img", { name: /nuotrauka 1/i }).waitFor({ state: "visible", timeout: 30_000 });
      await page.getByRole("button", { name: /^išsaugoti$/i }).click();
      await page.waitForURL((url) => /^\/admin\/cars\/[0-9a-f-]{36}$/.test(url.pathname));
    });
    const car = (await publicCars(server.url)).find((c) => c.model === model);
    expect(car, "naujas automobilis viešajame API").toBeDefined();
    expect(car!.images).toHaveLength(1);
    expect((await fetch(`${server.url}/files/${car!.images[0]}`)).headers.get("content-type")).toBe("image/png");

    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/automobiliai`, { waitUntil: "load" });
    await visitor.getByText(model).first().waitFor({ state: "visible" });
    await visitor.close();
  });

  it("rūšiavimas klaviatūra ir pele, išsaugotas vienu kartu, keičia viešą tvarką", async () => {
    const { server, browser } = app;
    const page = await staffPage();
    const before = await publicCars(server.url);
    const third = before[2]!;
    const fifth = before[4]!;
    await withScreenshot(browser, page, "admin-rusiavimas", async () => {
      await page.goto(`${server.url}/admin/sorting`, { waitUntil: "load" });
      const list = page.getByRole("list", { name: /automobilių tvarka/i });
      await list.waitFor({ state: "visible" });
      const rows = list.locator("[data-sort-id]");
      // keyboard: pick the car up, move it with the arrow keys and Home, put it down
      await page
        .locator(`[data-sort-id="${third.id}"]`)
        .getByRole("button", { name: /tarpas – paimti/i })
        .focus();
      await page.keyboard.press("Space");
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("Home");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("Space");
      await expect.poll(() => rows.first().getAttribute("data-sort-id")).toBe(third.id);
      // mouse: drag another car onto the second place
      await page.locator(`[data-sort-id="${fifth.id}"]`).dragTo(rows.nth(1));
      await expect.poll(() => rows.nth(1).getAttribute("data-sort-id")).toBe(fifth.id);
      await page.getByRole("button", { name: /išsaugoti tvarką/i }).click();
      await notification(page, /tvarka išsaugota/i).waitFor({ state: "visible" });
    });
    const after = (await publicCars(server.url)).map((car) => car.id);
    expect(after.slice(0, 2)).toEqual([third.id, fifth.id]);
  });

  it("atsakymas į užklausą: nauja užklausa atsiranda be perkrovimo, laiškas eilėje, užklausa atsakyta", async () => {
    const { server, browser } = app;
    const page = await staffPage();
    const staff = await signInStaff(server.url);
    const name = `Gintarė Testaitė ${Date.now().toString(36)}`;
    const email = "gintare.testaite@pavyzdys.lt";
    await withScreenshot(browser, page, "admin-atsakymas", async () => {
      await page.goto(`${server.url}/admin/requests`, { waitUntil: "load" });
      await page
        .getByRole("columnheader", { name: /siuntėjas/i })
        .first()
        .waitFor({ state: "visible" });
      // a visitor writes while staff watch the list
      const created = await new ApiClient(server.url).post<{ id: string }>("/api/site/requests", {
        type: "long-term",
        name,
        email,
        message: "Norėčiau išsinuomoti automobilį trims mėnesiams.",
      });
      expect(created.status).toBe(201);
      await notification(page, new RegExp(`nauja užklausa: ${escapeRegExp(name)}`, "i")).waitFor({
        state: "visible",
        timeout: 10_000,
      });
      await page.getByRole("row").filter({ hasText: name }).first().click();
      await page.waitForURL((url) => url.pathname === `/admin/requests/reply/${created.body.id}`);
      const subject = page.getByLabel(/^tema/i);
      await expect.poll(() => subject.inputValue()).toMatch(/ilgalaikė nuoma/i);
      const body = page.getByLabel(/^tekstas/i);
      // The reply template greets without a nominative full name (a native editor's rule).
      await expect.poll(() => body.inputValue()).toMatch(/^Laba diena,/);
      await body.fill(`Laba diena,\n\nilgalaikės nuomos pasiūlymą siunčiame priede.\n\nPagarbiai\nRatų nuoma`);
      await page.getByRole("button", { name: /siųsti atsakymą/i }).click();
      await page.waitForURL((url) => url.pathname === "/admin/requests");
      const request = await adminGet<Doc & { status: string; replies: { body: string }[] }>(
        staff,
        "requests",
        created.body.id,
      );
      expect(request.status).toBe("answered");
      expect(request.replies.at(-1)?.body).toContain("ilgalaikės nuomos pasiūlymą");
      const mails = await adminListAll<Doc & { to: string; ref: string; message: { text: string } }>(staff, "mail");
      // the outbox also holds the site's note to the company about the new inquiry
      const mail = mails.find((m) => m.ref === `request:${created.body.id}` && m.to === email);
      expect(mail, "atsakymas siuntimo eilėje").toBeDefined();
      expect(mail?.message.text).toContain("ilgalaikės nuomos pasiūlymą");
    });
  });

  it("laisvas langelis užimtumo lentelėje -> išsaugota rezervacija; persidengianti atmetama lietuviškai", async () => {
    const { server, browser } = app;
    const page = await staffPage();
    const staff = await signInStaff(server.url);
    const customers = await adminListAll<Doc & { firstName: string; lastName: string }>(staff, "customers");
    const customer = customers.find((c) => c.lastName.length > 3)!;
    const countBefore = (await adminListAll(staff, "reservations")).length;
    let saved: Reservation | undefined;

    await withScreenshot(browser, page, "admin-laisvas-langelis", async () => {
      await page.goto(`${server.url}/admin/check-availability`, { waitUntil: "load" });
      await page.getByRole("grid", { name: /užimtumas/i }).waitFor({ state: "visible" });
      // a free day a week ahead
      const day = vilniusDaysFromNow(7, "12:00").slice(0, 10);
      const cell = page.locator(`[data-free="true"][data-date="${day}"]`).nth(3);
      const carId = await cell.locator("xpath=ancestor::*[@data-car-id][1]").getAttribute("data-car-id");
      await cell.click();
      await page.waitForURL((url) => url.pathname === "/admin/reservations/add");
      await page.getByText(/automobilis šiuo laikotarpiu laisvas/i).waitFor({ state: "visible" });
      await chooseCustomer(page, customer.lastName);
      await page.getByRole("button", { name: /^išsaugoti$/i }).click();
      await page.waitForURL((url) => /^\/admin\/reservations\/add\/[0-9a-f-]{36}$/.test(url.pathname));
      const id = new URL(page.url()).pathname.split("/").pop()!;
      saved = await adminGet<Reservation>(staff, "reservations", id);
      expect(saved.carId).toBe(carId);
      expect(saved.customerId).toBe(customer.id);
      expect(saved.status).toBe("new");
    });
    expect((await adminListAll(staff, "reservations")).length).toBe(countBefore + 1);

    await withScreenshot(browser, page, "admin-persidengianti", async () => {
      // the same car, overlapping the one just saved
      const overlap = {
        carId: saved!.carId,
        pickupAt: new Date(Date.parse(saved!.pickupAt) + 2 * 3_600_000).toISOString(),
        returnAt: new Date(Date.parse(saved!.returnAt) + 24 * 3_600_000).toISOString(),
      };
      await page.goto(`${server.url}/admin/reservations/add?source=${encodeURIComponent(JSON.stringify(overlap))}`, {
        waitUntil: "load",
      });
      await page.getByText(/automobilis šiuo laikotarpiu užimtas/i).waitFor({ state: "visible" });
      await chooseCustomer(page, customer.lastName);
      await page.getByRole("button", { name: /^išsaugoti$/i }).click();
      await notification(page, /šis automobilis pasirinktomis datomis jau užimtas/i).waitFor({ state: "visible" });
      expect(page.url()).toContain("/admin/reservations/add");
    });
    expect((await adminListAll(staff, "reservations")).length).toBe(countBefore + 1);
  });

  it("+10 % vienai klasei po peržiūros keičia tos klasės viešas kainas", async () => {
    const { server, browser } = app;
    const page = await staffPage();
    const category = "kompaktinė";
    const before = await publicCars(server.url, `?category=${encodeURIComponent(category)}`);
    const others = (await publicCars(server.url)).filter((car) => car.category !== category);
    expect(before.length).toBeGreaterThan(0);

    await withScreenshot(browser, page, "admin-kainos", async () => {
      await page.goto(`${server.url}/admin/price-update`, { waitUntil: "load" });
      await page.getByRole("combobox", { name: /^klasė/i }).click();
      await page.getByRole("option", { name: /^kompaktinė$/i }).click();
      await page.getByLabel(/^dydis, %/i).fill("10");
      await page.getByRole("combobox", { name: /apvalinti iki/i }).click();
      await page.getByRole("option", { name: /0,01/ }).click();
      const apply = page.getByRole("button", { name: /taikyti/i });
      expect(await apply.isDisabled()).toBe(true);
      await page.getByRole("button", { name: /peržiūrėti pakeitimus/i }).click();
      await page.getByRole("heading", { name: /peržiūra/i }).waitFor({ state: "visible" });
      await expect.poll(() => page.locator("tr[data-preview-row]").count()).toBeGreaterThan(0);
      await apply.click();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /^taikyti$/i })
        .click();
      await notification(page, /kainos atnaujintos/i).waitFor({ state: "visible" });
      await page
        .getByText(/\+10 %/)
        .first()
        .waitFor({ state: "visible" });
    });

    const after = await publicCars(server.url, `?category=${encodeURIComponent(category)}`);
    for (const car of before) {
      const now = after.find((c) => c.id === car.id)!;
      expect(now.tiers.map((t) => t.dailyRate)).toEqual(
        car.tiers.map((t) => newRate(t.dailyRate, { kind: "percent", value: 10, step: 0.01 })),
      );
    }
    const othersAfter = (await publicCars(server.url)).filter((car) => car.category !== category);
    expect(othersAfter.map((car) => car.tiers)).toEqual(others.map((car) => car.tiers));
  });

  it("naujiena su formatuotu tekstu: redaktorius, serveris išvalo, svetainė rodo", async () => {
    const { server, browser } = app;
    const page = await staffPage();
    const title = `Naujiena ${Date.now().toString(36)}`;
    await withScreenshot(browser, page, "admin-naujiena", async () => {
      await page.goto(`${server.url}/admin/news/create`, { waitUntil: "load" });
      await page.getByRole("textbox", { name: /^antraštė/i }).fill(title);
      await page.getByRole("combobox", { name: /^būsena/i }).click();
      await page.getByRole("option", { name: /^paskelbta$/i }).click();
      const editor = page.getByRole("textbox", { name: /^tekstas/i });
      await editor.click();
      await page.keyboard.type("Vasarą dirbame ilgiau. ");
      await page.getByRole("button", { name: "Paryškinti", exact: true }).click();
      await page.keyboard.type("Svarbu");
      await page.getByRole("button", { name: "Paryškinti", exact: true }).click();
      await page.keyboard.press("Enter");
      await page.getByRole("button", { name: "Sąrašas", exact: true }).click();
      await page.keyboard.type("Vilniaus oro uostas");
      await page.getByRole("button", { name: /^išsaugoti$/i }).click();
      await page.waitForURL((url) => url.pathname === "/admin/news");
    });
    const staff = await signInStaff(server.url);
    const item = (await adminListAll<Doc & { title: string; slug: string; body: string }>(staff, "news")).find(
      (n) => n.title === title,
    )!;
    expect(item.body).toContain("<strong>Svarbu</strong>");
    expect(item.body).toContain("<li>Vilniaus oro uostas</li>");
    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/naujienos/${item.slug}`, { waitUntil: "load" });
    await visitor.locator("strong", { hasText: "Svarbu" }).first().waitFor({ state: "visible" });
    await visitor.close();
  });

  it("sutarties PDF (page.pdf()) turi kliento vardą, valstybinį numerį, datas ir sumą", async () => {
    const { server, browser } = app;
    const page = await staffPage();
    const staff = await signInStaff(server.url);
    const reservations = await adminListAll<Reservation>(staff, "reservations");
    const fleet = await adminListAll<Doc & { carId: string; plateNumber: string }>(staff, "fleet");
    const reservation = reservations.find((r) => r.status === "confirmed" && fleet.some((f) => f.carId === r.carId))!;
    const plate = fleet.find((f) => f.carId === reservation.carId)!.plateNumber;
    const customer = await adminGet<Doc & { firstName: string; lastName: string }>(
      staff,
      "customers",
      reservation.customerId,
    );

    const text = await withScreenshot(browser, page, "admin-sutartis", async () => {
      await page.goto(`${server.url}/admin/print-edit/${reservation.id}`, { waitUntil: "load" });
      await page.getByRole("article", { name: /sutarties peržiūra/i }).waitFor({ state: "visible" });
      await page.getByRole("article").getByText(plate).first().waitFor({ state: "visible" });
      // staff record the handover and save it
      await page.getByLabel(/rida perduodant/i).fill("48210");
      await page.getByRole("button", { name: /^išsaugoti$/i }).click();
      await notification(page, /sutartis išsaugota/i).waitFor({ state: "visible" });
      const pdf = await page.pdf({ format: "A4", printBackground: true });
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
      return normaliseSpaces(pdfText(pdf));
    });
    const stored = await adminGet<Reservation & { contract: { mileageOut: number } }>(
      staff,
      "reservations",
      reservation.id,
    );
    expect(stored.contract.mileageOut).toBe(48210);
    for (const expected of [
      `${customer.firstName} ${customer.lastName}`,
      plate,
      formatDateTime(reservation.pickupAt),
      formatDateTime(reservation.returnAt),
      formatMoney(reservation.quote.total),
      "48 210",
    ]) {
      expect(text, `PDF turi „${expected}“`).toContain(normaliseSpaces(expected));
    }
    // the print stylesheet leaves the back-office out of the document
    expect(text).not.toMatch(/Suvestinė|Perdavimo–priėmimo aktas\s+Rida perduodant/);
  });

  it("nauja rezervacija iš svetainės pasirodo suvestinėje per kelias sekundes be perkrovimo", async () => {
    const { server, browser } = app;
    const page = await staffPage();
    const site = new ApiClient(server.url);
    await withScreenshot(browser, page, "admin-gyvai", async () => {
      await page.goto(`${server.url}/admin`, { waitUntil: "load" });
      const card = page.getByRole("region", { name: /naujos rezervacijos/i });
      await card.waitFor({ state: "visible" });
      await expect.poll(() => card.textContent()).toMatch(/\d+ rezervacij/);
      const countText = async () => Number(((await card.textContent()) ?? "").match(/(\d+) rezervacij/)?.[1] ?? -1);
      const before = await countText();

      const settings = await site.get<{ locations: Doc[] }>("/api/site/settings");
      const period = { pickupAt: vilniusDaysFromNow(20, "10:00"), returnAt: vilniusDaysFromNow(23, "10:00") };
      const cars = await publicCars(server.url);
      const staff = await signInStaff(server.url);
      const taken = await adminListAll<Reservation>(staff, "reservations");
      const car = cars.find(
        (c) =>
          !taken.some(
            (r) =>
              r.carId === c.id &&
              ["new", "confirmed", "active"].includes(r.status) &&
              Date.parse(r.pickupAt) < Date.parse(period.returnAt) &&
              Date.parse(period.pickupAt) < Date.parse(r.returnAt),
          ),
      )!;
      const created = await site.post<{ number: string }>(
        "/api/site/reservations",
        reservationBody({ carId: car.id, locationId: settings.body.locations[0]!.id, ...period }),
      );
      expect(created.status, created.text).toBe(201);
      await notification(page, new RegExp(`nauja rezervacija iš svetainės: ${created.body.number}`, "i")).waitFor({
        state: "visible",
        timeout: 10_000,
      });
      await expect.poll(countText, { timeout: 10_000 }).toBe(before + 1);
    });
    // The one error the tab saw is the refused overlapping reservation (409), which is the point.
    expect(
      browser.errorsOf(page).filter((error) => !/409 \(Conflict\).*\/api\/admin\/reservations/.test(error)),
    ).toEqual([]);
  });
});

/** Types in the customer picker and takes the first match. */
async function chooseCustomer(page: Page, lastName: string): Promise<void> {
  const picker = page.getByRole("combobox", { name: /^klientas/i });
  await picker.click();
  await picker.fill(lastName);
  await page
    .getByRole("option", { name: new RegExp(escapeRegExp(lastName)) })
    .first()
    .click();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
