// `npm start` runs the compiled server (build/server/main.mjs, scripts/build-server.ts), not the
// sources: it must start on an empty data folder (migrations, demo seed with its pictures), serve
// the site and the back-office, read the fonts of its PDFs and take a backup, as the sources do.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPILED_SERVER } from "../../scripts/lib/serverProcess";
import { DEMO_ADMIN } from "../helpers/accounts";
import { signInAdmin } from "../helpers/api";
import { assertBuilt, type BrowserSession, openBrowser } from "../helpers/browser";
import { signInThroughForm } from "../helpers/e2e";
import { ApiClient, listItems } from "../helpers/http";
import { REPO_ROOT, type RunningServer, startServer } from "../helpers/server";

let server: RunningServer;
let browser: BrowserSession;

beforeAll(async () => {
  assertBuilt();
  if (!existsSync(join(REPO_ROOT, COMPILED_SERVER))) {
    throw new Error(`Nerastas sukompiliuotas serveris ${COMPILED_SERVER}: paleiskite „npm run build“.`);
  }
  server = await startServer({ demo: true, compiled: true });
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("sukompiliuotas serveris (npm start)", () => {
  it("paleidžiamas su demonstraciniais duomenimis: katalogas, nuotraukos, puslapiai", async () => {
    const site = new ApiClient(server.url);
    expect((await site.get("/api/health")).status).toBe(200);
    const cars = listItems<{ slug: string; images: string[] }>((await site.get("/api/site/cars")).body);
    expect(cars.length).toBeGreaterThanOrEqual(20);
    // The seed copied the drawn pictures (server/seed/images, found from the project's root).
    const picture = await fetch(`${server.url}/files/${cars[0]?.images[0]}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toMatch(/^image\//);

    const page = await browser.newPage();
    await page.goto(`${server.url}/automobiliai/${cars[0]?.slug}`, { waitUntil: "load" });
    await expect.poll(() => page.getByRole("heading", { level: 1 }).first().textContent()).toBeTruthy();
    await page.close();
  });

  it("administravimas: prisijungimas, sąrašas, PDF sutartis ir atsarginė kopija", async () => {
    const page = await browser.newPage();
    await signInThroughForm(page, server.url, DEMO_ADMIN);
    await page.goto(`${server.url}/admin/reservations`, { waitUntil: "load" });
    await page
      .getByRole("heading", { name: /rezervacijos/i })
      .first()
      .waitFor();
    await page.close();

    const admin = await signInAdmin(server.url);
    const list = await admin.get('/api/admin/reservations?range=[0,4]&sort=["pickupAt","DESC"]');
    expect(list.status).toBe(200);
    const reservation = listItems<{ id: string; number: string }>(list.body)[0];
    expect(reservation).toBeDefined();
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    // The agreement PDF embeds DejaVu Sans, looked up from node_modules by the running script.
    const pdf = await fetch(`${server.url}/api/admin/reservations/${reservation?.id}/documents/agreement.pdf`, {
      headers: { cookie },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toContain(`sutartis-${reservation?.number}.pdf`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    // The backup names the version from package.json (found from the project's root too).
    const backup = await fetch(`${server.url}/api/backup`, {
      method: "POST",
      headers: { cookie, origin: server.url },
    });
    expect(backup.status).toBe(200);
    expect(backup.headers.get("content-type")).toBe("application/gzip");
    expect((await backup.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
  });
});
