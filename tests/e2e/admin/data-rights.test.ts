// The customer's data rights on the customer's card in real Chromium: an admin downloads the
// export (the JSON file and the Lithuanian summary), asks to erase, sees the confirmation, erases
// and sees the counts; the card then shows the customer as erased. Staff do not see the card.
// Wide (1280 px) and phone (390 px), without sideways scrolling. Screenshots go to
// DATA_RIGHTS_SHOTS (default: a temp folder of this file, removed after it).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_STAFF } from "../../helpers/accounts";
import { type Doc, signInAdmin } from "../../helpers/api";
import { settled, withScreenshot } from "../../helpers/browser";
import { demoAppForFile, screenshotFolderForFile } from "../../helpers/e2e";
import { signInAs } from "./session";

const app = demoAppForFile();
const shots = screenshotFolderForFile("teises", process.env.DATA_RIGHTS_SHOTS);
const shot = (page: Page, name: string) => page.screenshot({ path: join(shots(), `${name}.png`), fullPage: true });

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);

async function newCustomer(tag: string): Promise<Doc & { email: string }> {
  const admin = await signInAdmin(app.server.url);
  const created = await admin.post<Doc & { email: string }>("/api/admin/customers", {
    type: "private",
    firstName: "Eglė",
    lastName: `Trinamoji${tag}`,
    email: `egle.${tag.toLowerCase()}.${process.pid}@pavyzdys.lt`,
    phone: tag === "A" ? "+37065550001" : "+37065550002",
    licenceNumber: `LTE${tag}1234`,
    address: "Pilies g. 1, Vilnius",
    notes: "Pageidauja automobilio su kablio įranga",
  });
  expect(created.status, created.text.slice(0, 300)).toBe(201);
  return created.body;
}

const rightsCard = (page: Page) => page.locator("section[aria-labelledby=customer-data-rights]");

describe("kliento asmens duomenų teisės kortelėje", () => {
  it("administratorius atsisiunčia išrašą, patvirtina ir ištrina duomenis (1280 px)", async () => {
    const customer = await newCustomer("A");
    const page = await app.browser.newPage();
    await withScreenshot(app.browser, page, "teises-1280", async () => {
      await signInAs(page, app.server.url, DEMO_ADMIN);
      await page.goto(`${app.server.url}/admin/customers/${customer.id}`, { waitUntil: "load" });
      const card = rightsCard(page);
      await card.getByRole("heading", { name: "Asmens duomenys (BDAR)" }).waitFor();

      const downloads: { name: string; path: string }[] = [];
      page.on("download", async (download) => {
        downloads.push({ name: download.suggestedFilename(), path: (await download.path()) ?? "" });
      });
      await card.getByRole("button", { name: "Asmens duomenų išrašas" }).click();
      await page.getByText("Asmens duomenų išrašas atsisiųstas (JSON ir santrauka)").waitFor();
      await expect.poll(() => downloads.filter((d) => d.path !== "").length, { timeout: 10_000 }).toBe(2);
      const json = downloads.find((d) => d.name.endsWith(".json"))!;
      const html = downloads.find((d) => d.name.endsWith(".html"))!;
      expect(json.name).toBe(`asmens-duomenys-${customer.id}.json`);
      const data = JSON.parse(readFileSync(json.path, "utf8")) as { customer: { email: string } };
      expect(data.customer.email).toBe(customer.email);
      expect(readFileSync(html.path, "utf8")).toContain("Asmens duomenų išrašas: Eglė TrinamojiA");
      await shot(page, "kortele-1280");

      await card.getByRole("button", { name: "Ištrinti asmens duomenis" }).click();
      const dialog = page.getByRole("dialog", { name: /Ištrinti kliento Eglė TrinamojiA asmens duomenis\?/ });
      await dialog.waitFor();
      await dialog.getByText(/išrašytos sąskaitos faktūros ir kreditiniai dokumentai/).waitFor();
      await settled(page); // the dialog's fade-in
      await shot(page, "patvirtinimas-1280");
      await dialog.getByRole("button", { name: "Taip, ištrinti" }).click();

      const done = page.getByRole("dialog", { name: "Asmens duomenys ištrinti" });
      await done.waitFor();
      await done.getByText("Užklausos ištrintos: 0").waitFor();
      await done.getByText(/Nieko: sąskaitų, mokėjimų ir atvirų žalos pretenzijų nėra/).waitFor();
      await settled(page);
      await shot(page, "rezultatas-1280");
      await done.getByRole("button", { name: "Uždaryti" }).click();

      await card.getByText(/Šio kliento asmens duomenys ištrinti \d{4}-\d{2}-\d{2}/).waitFor();
      expect(await card.getByRole("button", { name: "Ištrinti asmens duomenis" }).count()).toBe(0);
      await expect.poll(() => page.getByLabel("Pavardė").inputValue()).toBe("klientas");
      // The form shows the erased values, so saving it cannot bring them back.
      expect(await page.getByLabel("Vairuotojo pažymėjimo Nr.").inputValue()).toBe("");
      expect(await page.getByLabel("Adresas").inputValue()).toBe("");
      expect(await page.getByLabel("Pastabos").inputValue()).toBe("");
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(app.browser.errorsOf(page)).toEqual([]);
    });
    await page.close();
  });

  it("telefone (390 px) kortelė ir patvirtinimas telpa; atšaukus niekas nepakeičiama", async () => {
    const customer = await newCustomer("B");
    const page = await app.browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await withScreenshot(app.browser, page, "teises-390", async () => {
      await signInAs(page, app.server.url, DEMO_ADMIN);
      await page.goto(`${app.server.url}/admin/customers/${customer.id}`, { waitUntil: "load" });
      const card = rightsCard(page);
      await card.getByRole("button", { name: "Ištrinti asmens duomenis" }).waitFor();
      await card.scrollIntoViewIfNeeded();
      expect(await noSidewaysScroll(page)).toBe(true);
      await card.screenshot({ path: join(shots(), "kortele-390.png") });
      await card.getByRole("button", { name: "Ištrinti asmens duomenis" }).click();
      const dialog = page.getByRole("dialog", { name: /Ištrinti kliento/ });
      await dialog.waitFor();
      await settled(page); // the dialog's fade-in
      await page.screenshot({ path: join(shots(), "patvirtinimas-390.png") });
      const box = await dialog.boundingBox();
      expect(box!.width).toBeLessThanOrEqual(390);
      await dialog.getByRole("button", { name: "Atšaukti" }).click();
      await dialog.waitFor({ state: "hidden" });
      const admin = await signInAdmin(app.server.url);
      expect((await admin.get<Doc>(`/api/admin/customers/${customer.id}`)).body.email).toBe(customer.email);
    });
    await page.close();
  });

  it("darbuotojas (ne administratorius) kortelės nemato", async () => {
    const customer = await newCustomer("C");
    const page = await app.browser.newPage();
    await withScreenshot(app.browser, page, "teises-darbuotojas", async () => {
      await signInAs(page, app.server.url, DEMO_STAFF);
      await page.goto(`${app.server.url}/admin/customers/${customer.id}`, { waitUntil: "load" });
      await page.getByRole("heading", { name: "Kliento rezervacijos" }).waitFor();
      expect(await rightsCard(page).count()).toBe(0);
    });
    await page.close();
  });
});
