// Roles (a staff account cannot open settings or staff management, and the API refuses it
// too), accessibility (axe: no serious or critical violation on any admin route, wide and
// narrow) and language (no English react-admin text on any admin route).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import englishMessages from "ra-language-english";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_STAFF } from "../../helpers/accounts";
import { adminListAll, type Doc, signInAdmin, signInStaff } from "../../helpers/api";
import { withScreenshot } from "../../helpers/browser";
import { demoAppForFile } from "../../helpers/e2e";
import { listItems } from "../../helpers/http";
import { adminRoutes } from "../../helpers/routes";
import { signInAs } from "./session";

const app = demoAppForFile();

/** Every word (3+ letters) of react-admin's English catalogue. */
function englishWords(): Set<string> {
  const words = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node === "string") {
      for (const word of node.replace(/%\{\w+\}/g, " ").split(/[^A-Za-z]+/)) {
        if (word.length >= 3) words.add(word.toLowerCase());
      }
    } else if (node && typeof node === "object") {
      for (const value of Object.values(node)) walk(value);
    }
  };
  walk(englishMessages);
  // Lithuanian words spelt like English ones: "data" (date), "per" (through), "link" (towards),
  // "name" (at home), "save" (oneself).
  for (const lithuanian of ["data", "per", "link", "name", "save"]) words.delete(lithuanian);
  return words;
}

const ENGLISH = englishWords();

/**
 * Opens an admin path through the app's router (as a click on a link does), so the checks do not
 * pay for a full reload each time; a new viewport width starts with a real page load.
 */
async function openInApp(page: Page, url: string): Promise<void> {
  if (!page.url().includes("/admin")) {
    await page.goto(url, { waitUntil: "load" });
    return;
  }
  await page.evaluate((target) => {
    const { pathname, search } = new URL(target);
    window.history.pushState(
      { usr: null, key: Math.random().toString(36).slice(2), idx: window.history.length },
      "",
      `${pathname}${search}`,
    );
    window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
  }, url);
  await page.waitForURL(url);
}

/** Waits until no loading indicator has been seen for three checks in a row (at most 15 s). */
async function settle(page: Page): Promise<void> {
  const deadline = Date.now() + 15_000;
  let quiet = 0;
  while (quiet < 3 && Date.now() < deadline) {
    const busy = await page.locator('[role="progressbar"]:not([aria-valuenow]), .MuiSkeleton-root').count();
    quiet = busy === 0 ? quiet + 1 : 0;
    await page.waitForTimeout(150);
  }
}

describe("rolės", () => {
  it("darbuotojas neatidaro nustatymų ir darbuotojų valdymo, o API jam atsako 403", async () => {
    const { server, browser } = app;
    const page = await browser.newPage();
    await withScreenshot(browser, page, "darbuotojo-roles", async () => {
      await signInAs(page, server.url, DEMO_STAFF);
      await page.goto(`${server.url}/admin`, { waitUntil: "load" });
      const menu = page.getByRole("navigation").or(page.locator(".RaSidebar-fixed")).first();
      await menu.getByText("Suvestinė").first().waitFor({ state: "visible" });
      expect(await menu.getByText("Nustatymai", { exact: true }).count()).toBe(0);
      expect(await menu.getByText("Darbuotojai", { exact: true }).count()).toBe(0);

      for (const path of ["/admin/settings", "/admin/staff", "/admin/staff/create"]) {
        await page.goto(`${server.url}${path}`, { waitUntil: "load" });
        await page
          .getByText(/prieiga draudžiama|neturite teisių/i)
          .first()
          .waitFor({ state: "visible" });
        expect(await page.getByLabel(/juridinis pavadinimas|slaptažodis/i).count(), path).toBe(0);
      }
    });
    await page.close();

    const staff = await signInStaff(server.url);
    const settings = listItems<Doc>((await staff.get("/api/admin/settings")).body)[0]!;
    const { id, createdAt, updatedAt, ...doc } = settings;
    expect((await staff.put(`/api/admin/settings/${id}`, doc)).status).toBe(403);
    const created = await staff.post("/api/admin/staff", {
      email: "isilauzelis@ratunuoma.lt",
      name: "Įsilaužėlis",
      role: "admin",
      password: "VisiskaiSlaptas1",
    });
    expect(created.status).toBe(403);
    expect((await staff.get("/api/admin/staff")).status).toBe(403);
    const [someone] = await adminListAll(await signInAdmin(server.url), "staff");
    expect((await staff.put(`/api/admin/staff/${someone!.id}`, { role: "admin" })).status).toBe(403);
    expect((await staff.delete(`/api/admin/staff/${someone!.id}`)).status).toBe(403);
  });
});

/** The admin routes to check, the demo's ids filled in, and the texts that are customers' own. */
interface Sweep {
  routes: string[];
  narrow: Set<string>;
  customerTexts: string[];
}

async function prepareSweep(server: { url: string }): Promise<Sweep> {
  const admin = await signInAdmin(server.url);
  const one = async (resource: string) => (await adminListAll(admin, resource))[0]!.id;
  const reservations = await adminListAll<Doc & { status: string }>(admin, "reservations");
  const reservationId = reservations.find((r) => r.status === "confirmed")!.id;
  const ids = { carId: await one("cars"), requestId: await one("requests"), reservationId };
  const routes = [
    ...adminRoutes(ids),
    "/admin/reservations",
    "/admin/prices",
    `/admin/prices/${await one("prices")}`,
    "/admin/fleet",
    "/admin/extras",
    `/admin/extras/${await one("extras")}`,
    "/admin/locations",
    `/admin/locations/${await one("locations")}`,
    `/admin/offers/${await one("offers")}`,
    "/admin/offers/create",
    "/admin/news",
    `/admin/news/${await one("news")}`,
    "/admin/news/create",
    `/admin/customers/${await one("customers")}`,
    "/admin/mail",
    `/admin/mail/${await one("mail")}/show`,
    "/admin/staff",
    `/admin/staff/${await one("staff")}`,
    "/admin/client-errors",
  ];
  // What customers wrote (a demo spam inquiry is in English) is data, not interface text.
  const customerTexts = (await adminListAll<Doc & { message: string }>(admin, "requests")).map((r) => r.message);
  const narrow = new Set([
    "/admin",
    "/admin/cars",
    "/admin/check-availability",
    `/admin/reservations/add/${reservationId}`,
  ]);
  return { routes, narrow, customerTexts };
}

/** Opens each path at the given width and collects axe's serious or critical findings and English words. */
async function sweep(width: number, paths: string[], customerTexts: string[]): Promise<void> {
  const { server, browser } = app;
  const page = await browser.newPage();
  await signInAs(page, server.url, DEMO_ADMIN);
  const failures: string[] = [];
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await page.goto(`${server.url}/admin`, { waitUntil: "load" });
  for (const path of paths) {
    await withScreenshot(browser, page, `a11y-${width}${path}`, async () => {
      await openInApp(page, `${server.url}${path}`);
      // the page has rendered its data: no loader for a few checks in a row
      await page.locator("main, #main-content").first().waitFor({ state: "visible" });
      await settle(page);
      const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      for (const violation of axe.violations) {
        if (violation.impact !== "serious" && violation.impact !== "critical") continue;
        const where = violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(" "))
          .join("; ");
        failures.push(`${width} ${path}: axe ${violation.id} (${violation.impact}): ${violation.help} – ${where}`);
      }

      const texts = await page.evaluate(() => {
        // biome-ignore lint/performance/useDomNodeTextContent: only the text a person sees counts
        const visible = document.body.innerText;
        const attributes = [...document.querySelectorAll("[aria-label], [placeholder], [title]")]
          .filter((element) => (element as HTMLElement).offsetParent !== null)
          .flatMap((element) => ["aria-label", "placeholder", "title"].map((name) => element.getAttribute(name) ?? ""));
        return [visible, ...attributes, document.title].join("\n");
      });
      let interfaceText = texts;
      for (const message of customerTexts) {
        for (const shown of [message, `${message.slice(0, 120)}…`, `${message.slice(0, 100)}…`]) {
          interfaceText = interfaceText.split(shown).join(" ");
        }
      }
      const english = [...new Set(interfaceText.toLowerCase().match(/[a-z]{3,}/g) ?? [])].filter((word) =>
        ENGLISH.has(word),
      );
      // Words inside e-mail addresses and file names are data, not interface text.
      const dataWords = new Set(texts.toLowerCase().match(/[\w.+-]+@[\w.-]+|[\w-]+\.(?:png|jpe?g|webp|svg)/g) ?? []);
      const reallyEnglish = english.filter((word) => ![...dataWords].some((data) => data.includes(word)));
      if (reallyEnglish.length > 0) failures.push(`${width} ${path}: angliški žodžiai: ${reallyEnglish.join(", ")}`);
    });
  }
  expect(failures).toEqual([]);
  expect(browser.errorsOf(page)).toEqual([]);
  await page.close();
}

// One sweep in three tests, each with its own time limit: on a busy machine the ~45 page checks
// in one test ran past 5 minutes.
describe("prieinamumas ir kalba: axe be rimtų pažeidimų ir be angliško react-admin teksto", () => {
  let prepared: Sweep;
  const half = () => Math.ceil(prepared.routes.length / 2);
  beforeAll(async () => {
    prepared = await prepareSweep(app.server);
  });

  it("kiekvienas administravimo maršrutas 1280 px pločio: pirmoji pusė", async () => {
    await sweep(1280, prepared.routes.slice(0, half()), prepared.customerTexts);
  }, 300_000);

  it("kiekvienas administravimo maršrutas 1280 px pločio: antroji pusė", async () => {
    await sweep(1280, prepared.routes.slice(half()), prepared.customerTexts);
  }, 300_000);

  it("pagrindiniai maršrutai telefone (390 px)", async () => {
    await sweep(
      390,
      prepared.routes.filter((route) => prepared.narrow.has(route)),
      prepared.customerTexts,
    );
  }, 300_000);
});
