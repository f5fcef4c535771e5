// The deposit at the rental desk in real Chromium against the real server: the hand-over at 1280 px
// asks for it (cash, the car's 250 € pre-filled) and records it in the ledger; the return on a
// 1024×768 touch tablet with 273 € of damage (within the car's 500 € excess) applies the deposit and
// shows 23 € still owed – the same figure in the ledger, the reservation's "Mokėjimai" panel, the
// return act's PDF and the "Neapmokėti likučiai" report.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatMoney } from "../../../src/domain/format";
import { vilniusDateString } from "../../../src/domain/time";
import { DEMO_STAFF } from "../../helpers/accounts";
import { adminGet, adminListAll, type Doc, signInAdmin, vilniusDaysFromNow } from "../../helpers/api";
import { demoAppForFile } from "../../helpers/e2e";
import { pdfText } from "../../helpers/pdfText";
import { signInAs } from "./session";

const app = demoAppForFile();

type Reservation = Doc & {
  status: string;
  number: string;
  returnAt: string;
  quote: { total: number };
  handover?: { mileage: number; deposit?: { method: string; amount: number } } | null;
};
type Ledger = {
  entries: { kind: string; amount: number; method: string }[];
  summary: { total: number; paid: number; due: number; deposit: { amount: number; state: string } };
};

let reservationId = "";
let rentalTotal = 0;

/** A few strokes across the signature pad. */
async function sign(page: Page): Promise<void> {
  const pad = page.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const y = box.y + box.height * 0.6;
  await page.mouse.move(box.x + 40, y);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) await page.mouse.move(box.x + 40 + i * 12, y - Math.sin(i / 2) * 30, { steps: 2 });
  await page.mouse.up();
}

const next = (page: Page) => page.getByRole("button", { name: "Toliau", exact: true }).click();

describe("užstatas nuomos punkte naršyklėje", () => {
  it("perdavimas 1280 px: užstatas grynaisiais (automobilio 250 € iš anksto įrašyta) – žurnale", async () => {
    const { server, browser } = app;
    const admin = await signInAdmin(server.url);
    const car = await admin.post<Doc>("/api/admin/cars", {
      slug: `uzstato-testas-${process.pid}`,
      make: "Toyota",
      model: "Corolla",
      year: 2024,
      category: "vidutinė",
      transmission: "automatinė",
      fuel: "hibridas",
      seats: 5,
      doors: 5,
      bags: 3,
      airConditioning: true,
      deposit: 250,
      excess: 500,
      mileageLimitPerDay: null,
      minDriverAge: 21,
      minLicenceYears: 2,
      status: "hidden",
    });
    expect(car.status, car.text.slice(0, 300)).toBe(201);
    expect(car.body).toMatchObject({ excess: 500 });
    const carId = car.body.id;
    expect(
      (await admin.post("/api/admin/prices", { carId, tiers: [{ fromDays: 1, toDays: null, dailyRate: 40 }] })).status,
    ).toBe(201);
    const fleet = await admin.post<Doc>("/api/admin/fleet", {
      carId,
      plateNumber: "UZS 250",
      vin: "JTDBR32E720000001",
      mileage: 30_000,
    });
    expect(fleet.status, fleet.text.slice(0, 300)).toBe(201);
    const customer = await admin.post<Doc>("/api/admin/customers", {
      type: "private",
      firstName: "Rūta",
      lastName: "Žemaitienė",
      email: `ruta.uzstatas.${process.pid}@pavyzdys.lt`,
      phone: "+37061234567",
      birthDate: "1985-04-12",
      licenceIssuedAt: "2005-06-01",
      licenceNumber: "LT7654321",
    });
    expect(customer.status, customer.text.slice(0, 300)).toBe(201);
    const [location] = await adminListAll(admin, "locations");
    const created = await admin.post<Reservation>("/api/admin/reservations", {
      carId,
      customerId: customer.body.id,
      pickupAt: vilniusDaysFromNow(-1, "10:00"),
      returnAt: vilniusDaysFromNow(2, "10:00"),
      pickupLocationId: location!.id,
      returnLocationId: location!.id,
      status: "confirmed",
      confirmPast: true,
    });
    expect(created.status, created.text.slice(0, 400)).toBe(201);
    reservationId = created.body.id;
    rentalTotal = created.body.quote.total;
    // the rental paid at the desk before the car leaves
    const paid = await admin.post(`/api/admin/reservations/${reservationId}/payments`, {
      amount: rentalTotal,
      method: "card",
      kind: "rental",
    });
    expect(paid.status, paid.text.slice(0, 300)).toBe(201);

    const page = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, server.url, DEMO_STAFF);
    await page.goto(`${server.url}/admin/reservations/${reservationId}/handover`, { waitUntil: "load" });
    await page
      .getByRole("textbox", { name: /galioja iki/i })
      .fill(`${Number(vilniusDateString(new Date()).slice(0, 4)) + 3}-01-31`);
    await next(page);

    // 2. readings and the deposit: cash chosen, the car's deposit pre-filled
    const deposit = page.getByTestId("handover-deposit");
    await deposit.waitFor({ state: "visible" });
    expect(await deposit.getByRole("radio", { name: "Grynaisiais" }).isChecked()).toBe(true);
    const amount = deposit.getByRole("textbox", { name: /užstato suma/i });
    expect(await amount.inputValue()).toBe("250");
    await page.getByRole("textbox", { name: /rida/i }).fill("30010");
    await page.getByRole("button", { name: "pilnas bakas" }).click();
    // an empty amount stops the step on the field
    await amount.fill("");
    await next(page);
    await deposit.getByText("Įveskite užstato sumą eurais (daugiau nei 0 €)").waitFor({ state: "visible" });
    await amount.fill("250");
    await next(page);
    await next(page);

    // 4. what the customer signs names the deposit
    await page.getByText(`${formatMoney(250)} (grynaisiais)`).waitFor({ state: "visible" });
    await sign(page);
    await page.getByRole("button", { name: "Patvirtinti ir perduoti" }).click();
    await page.getByTestId("handover-done").waitFor({ state: "visible" });
    expect(browser.errorsOf(page)).toEqual([]);
    await page.close();

    const saved = await adminGet<Reservation>(admin, "reservations", reservationId);
    expect(saved.status).toBe("active");
    expect(saved.handover?.deposit).toMatchObject({ method: "cash", amount: 250 });
    const ledger = await admin.get<Ledger>(`/api/admin/reservations/${reservationId}/payments`);
    expect(ledger.body.entries.map((e) => [e.kind, e.amount, e.method])).toEqual([
      ["rental", rentalTotal, "card"],
      ["deposit-held", 250, "cash"],
    ]);
    expect(ledger.body.summary).toMatchObject({ due: 0, deposit: { amount: 250, state: "held" } });
  });

  it("grąžinimas planšete 1024×768 (liečiant): 273 € žalos, užstatas įskaitytas, liko 23 € – visur tas pats", async () => {
    const { server, browser } = app;
    expect(reservationId, "perdavimo testas sukūrė rezervaciją").not.toBe("");
    const admin = await signInAdmin(server.url);
    const reservation = await adminGet<Reservation>(admin, "reservations", reservationId);
    const tablet: BrowserContext = await browser.context.browser()!.newContext({
      locale: "lt-LT",
      timezoneId: "Europe/Vilnius",
      viewport: { width: 1024, height: 768 },
      hasTouch: true,
    });
    const page = await tablet.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    try {
      await signInAs(page, server.url, DEMO_STAFF);
      await page.goto(`${server.url}/admin/reservations/${reservationId}/return`, { waitUntil: "load" });
      await page.getByRole("textbox", { name: /rida/i }).fill(String((reservation.handover?.mileage ?? 0) + 80));
      await page.getByRole("button", { name: "pilnas bakas" }).tap();
      await next(page);

      // 2. a new damage with its repair cost
      const diagram = page.getByTestId("car-diagram");
      const area = (await diagram.boundingBox())!;
      await page.touchscreen.tap(area.x + area.width * 0.7, area.y + area.height * 0.2);
      await page.getByRole("textbox", { name: "Pažeidimas 1" }).fill("Įlenktas priekinis sparnas");
      await page.getByTestId("repair-cost-1").fill("310,50");
      await next(page);

      // 3. damage above the deposit, within the excess: charged in full, the deposit applied
      await page.getByRole("textbox", { name: /pažeidimų suma/i }).fill("273");
      await page.getByText(`Ne daugiau nei savarankiška rizika ${formatMoney(500)}`).waitFor({ state: "visible" });
      const box = page.getByTestId("deposit-box");
      await expect
        .poll(() => page.getByTestId("charges-total").textContent(), { timeout: 15_000 })
        .toBe(formatMoney(273));
      await expect.poll(() => box.textContent()).toContain(`Užstatas įskaitytas į mokesčius${formatMoney(250)}`);
      expect(await box.textContent()).toContain(`Grąžinama klientui${formatMoney(0)}`);
      expect(await box.textContent()).toContain(`Liko sumokėti${formatMoney(23)}`);
      await next(page);
      await sign(page);
      await page.getByRole("button", { name: "Patvirtinti grąžinimą" }).tap();
      await page.getByTestId("return-done").waitFor({ state: "visible" });
      await page.getByText(`liko sumokėti ${formatMoney(23)}`).waitFor({ state: "visible" });

      // the reservation's "Mokėjimai" panel
      await page.goto(`${server.url}/admin/reservations/add/${reservationId}`, { waitUntil: "load" });
      const summary = page.getByTestId("payment-summary");
      await summary.waitFor({ state: "visible" });
      await expect.poll(() => summary.textContent()).toContain(`Liko sumokėti${formatMoney(23)}`);
      expect(await summary.textContent()).toContain("Užstatasįskaitytas");
      await page
        .getByTestId("reservation-payments")
        .getByText("Užstatas įskaitytas")
        .first()
        .waitFor({ state: "visible" });
      expect(errors).toEqual([]);
    } finally {
      await tablet.close();
    }

    // the ledger, the act and the report say the same
    const ledger = await admin.get<Ledger>(`/api/admin/reservations/${reservationId}/payments`);
    expect(ledger.body.summary).toEqual({
      total: rentalTotal + 273,
      paid: rentalTotal + 250,
      due: 23,
      deposit: { amount: 0, state: "applied" },
    });
    // the signed act as bytes (the API client reads text)
    const act = await fetch(new URL(`/api/admin/reservations/${reservationId}/documents/return.pdf`, server.url), {
      headers: { cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    expect(act.status).toBe(200);
    const text = await pdfText(new Uint8Array(await act.arrayBuffer()));
    expect(text).toContain("Liko sumokėti");
    expect(text).toContain("23,00 €");
    expect(text).toContain("250,00 € (užstatas įskaitytas į mokesčius)");
    const day = vilniusDateString(new Date());
    const report = await admin.get<{ unpaid: { rows: { id: string; due: number }[] } }>(
      `/api/admin/reports?from=${day.slice(0, 8)}01&to=${vilniusDateString(reservation.returnAt)}`,
    );
    expect(report.status, report.text.slice(0, 300)).toBe(200);
    expect(report.body.unpaid.rows.filter((r) => r.id === reservationId)).toEqual([
      expect.objectContaining({ due: 23 }),
    ]);
    const damages = await adminListAll<Doc & { reservationId: string; repairCost: number }>(admin, "damages");
    expect(damages.find((d) => d.reservationId === reservationId)?.repairCost).toBe(310.5);
  });
});
