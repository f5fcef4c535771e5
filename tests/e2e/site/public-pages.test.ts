// Every public page in real Chromium: its h1, no console errors, no hydration trouble, and
// axe-core with 0 violations. And what crawlers get without JavaScript: prerendered HTML
// with the content, a unique title and description, canonical link, Open Graph, JSON-LD.
import AxeBuilder from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { withScreenshot } from "../../helpers/browser";
import { demoAppForFile } from "../../helpers/e2e";
import { ApiClient, listItems } from "../../helpers/http";
import { PUBLIC_ROUTES } from "../../helpers/routes";

const app = demoAppForFile();

type Car = {
  slug: string;
  make: string;
  model: string;
  priceFrom: number | null;
  tiers: { dailyRate: number }[];
};

/** "20,00 €" as the site prints it (non-breaking spaces). */
const money = (amount: number) =>
  new Intl.NumberFormat("lt-LT", { style: "currency", currency: "EUR", minimumFractionDigits: 2 })
    .format(amount)
    .replace(/[\u0020\u202f\u2009]/g, "\u00a0");

/** Text as a browser shows it: entities decoded, tags gone. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

describe("vieši puslapiai", () => {
  it("kiekvienas: h1, jokių konsolės klaidų ar hidratacijos įspėjimų, axe – 0 pažeidimų, unikalus pavadinimas", async () => {
    const { server, browser } = app;
    const site = new ApiClient(server.url);
    const car = listItems<Car>((await site.get("/api/site/cars")).body)[0]!;
    const news = listItems<{ slug: string }>((await site.get("/api/site/news")).body)[0]!;
    const routes = [...PUBLIC_ROUTES, `/automobiliai/${car.slug}`, `/naujienos/${news.slug}`];
    const page = await browser.newPage();
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    const failures: string[] = [];
    const titles = new Map<string, string>();
    for (const path of routes) {
      await withScreenshot(browser, page, `viesas-puslapis${path}`, async () => {
        const response = await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
        if (response?.status() !== 200) failures.push(`${path}: HTTP ${response?.status()}`);
        const heading = page.getByRole("heading", { level: 1 });
        await heading.first().waitFor({ state: "visible" });
        if ((await heading.count()) !== 1)
          failures.push(`${path}: h1 turi būti vienas, rasta ${await heading.count()}`);
        if (!((await heading.first().textContent()) ?? "").trim()) failures.push(`${path}: tuščias h1`);
        expect(await page.locator("html").getAttribute("lang")).toBe("lt");

        const title = await page.title();
        const other = titles.get(title);
        if (other) failures.push(`${path}: pavadinimas „${title}“ toks pat kaip ${other}`);
        titles.set(title, path);
        const description = await page.locator('meta[name="description"]').getAttribute("content");
        if (!description || description.length < 50) failures.push(`${path}: per trumpas aprašymas „${description}“`);
        const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
        if (!canonical?.endsWith(path === "/" ? "/" : path)) failures.push(`${path}: kanoninis adresas ${canonical}`);

        const axe = await new AxeBuilder({ page }).analyze();
        for (const violation of axe.violations) {
          const where = violation.nodes
            .slice(0, 3)
            .map((node) => node.target.join(" "))
            .join("; ");
          failures.push(`${path}: axe ${violation.id} (${violation.impact}): ${violation.help} – ${where}`);
        }
        const errors = browser.errorsOf(page).splice(0);
        for (const error of errors) failures.push(`${path}: konsolės klaida: ${error}`);
        for (const warning of warnings.splice(0)) {
          // React's recoverable (hydration) errors are logged as warnings by src/main.tsx.
          if (/atsigavo|hydrat/i.test(warning)) failures.push(`${path}: hidratacija: ${warning}`);
        }
      });
    }
    expect(failures).toEqual([]);
    await page.close();
    // Every public page with axe, one after another: on a busy 2-core machine that passed 90 s.
  }, 180_000);

  it("be JavaScript: /automobiliai ir automobilio puslapio HTML jau turi pavadinimus ir kainas", async () => {
    const { server, browser } = app;
    const site = new ApiClient(server.url);
    const cars = listItems<Car>((await site.get("/api/site/cars")).body);
    expect(cars.length).toBeGreaterThan(20);

    const catalogue = await fetch(`${server.url}/automobiliai`);
    expect(catalogue.status).toBe(200);
    const catalogueHtml = await catalogue.text();
    const catalogueText = visibleText(catalogueHtml);
    for (const car of cars) {
      expect(catalogueText, car.slug).toContain(`${car.make} ${car.model}`);
      if (car.priceFrom !== null) expect(catalogueText, car.slug).toContain(money(car.priceFrom));
    }
    expect(catalogueHtml).toMatch(/<title>[^<]*Ratų nuoma<\/title>/);
    expect(catalogueHtml).toContain('<link rel="canonical"');
    expect(catalogueHtml).toContain('property="og:title"');
    expect(catalogueHtml).toContain('"@type":"ItemList"');

    const car = cars.find((c) => c.tiers.length > 1) ?? cars[0]!;
    const carResponse = await fetch(`${server.url}/automobiliai/${car.slug}`);
    expect(carResponse.status).toBe(200);
    const carHtml = await carResponse.text();
    const carText = visibleText(carHtml);
    expect(carText).toContain(`${car.make} ${car.model}`);
    for (const tier of car.tiers) expect(carText).toContain(money(tier.dailyRate));
    // schema.org: the company and the car with its offer price.
    const jsonLd = [...carHtml.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? "null") as Record<string, unknown>,
    );
    expect(jsonLd.some((node) => node["@type"] === "AutoRental")).toBe(true);
    const product = jsonLd.find((node) => Array.isArray(node["@type"]) && node["@type"].includes("Product"));
    expect(product?.name).toBe(`${car.make} ${car.model}`);
    const offer = product?.offers as { price: string; priceCurrency: string } | undefined;
    expect(offer?.price).toBe(car.priceFrom?.toFixed(2));
    expect(offer?.priceCurrency).toBe("EUR");
    // The data for hydration travels with the page and beside it.
    expect(carHtml).toContain('<script type="application/json" id="route-data">');
    const payload = await fetch(`${server.url}/automobiliai/${car.slug}/_payload.json`);
    expect(payload.status).toBe(200);
    expect(JSON.stringify(await payload.json())).toContain(car.model);

    // The same in the browser with every script refused: the HTML alone shows the catalogue.
    const page = await browser.newPage();
    await page.route("**/*", (route) =>
      route.request().resourceType() === "script" ? route.abort() : route.continue(),
    );
    await page.goto(`${server.url}/automobiliai`, { waitUntil: "load" });
    await page.getByRole("heading", { level: 1, name: "Automobiliai" }).waitFor();
    await page.getByText(`${cars[0]!.make} ${cars[0]!.model}`).first().waitFor();
    expect(await page.evaluate(() => document.querySelectorAll(".car-card").length)).toBe(cars.length);
    await page.close();
  });

  it("nuo 360 iki 1440 px pločio: jokio horizontalaus slinkimo; klaviatūra pirmiausia pasiekia nuorodą į turinį", async () => {
    const { server, browser } = app;
    const site = new ApiClient(server.url);
    const car = listItems<Car>((await site.get("/api/site/cars")).body)[0]!;
    const routes = [...PUBLIC_ROUTES, `/automobiliai/${car.slug}`];
    const page = await browser.newPage();
    const overflowing: string[] = [];
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of routes) {
        await page.goto(`${server.url}${path}`, { waitUntil: "load" });
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) overflowing.push(`${path} @ ${width}px: ${scrollWidth}px`);
      }
    }
    expect(overflowing).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/automobiliai`, { waitUntil: "networkidle" });
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    expect(await focused.textContent()).toBe("Pereiti prie turinio");
    // Visible focus: the skip link comes into view and carries an outline.
    expect(await focused.evaluate((el) => el.getBoundingClientRect().top >= 0)).toBe(true);
    await page.keyboard.press("Tab");
    expect(await page.locator(":focus").evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
    await page.close();
  });

  it("privatumo politika: nustatymų tekstas be JavaScript, nuoroda poraštėje ir prie kiekvienos formos", async () => {
    const { server } = app;
    const settings = (await new ApiClient(server.url).get<{ privacy: string }>("/api/site/settings")).body;
    expect(settings.privacy.length).toBeGreaterThan(200);
    const page = await fetch(`${server.url}/privatumo-politika`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<title>Privatumo politika[^<]*<\/title>/);
    const text = visibleText(html);
    // Every paragraph of the stored policy is on the prerendered page.
    for (const paragraph of settings.privacy
      .split(/\n\s*\n/)
      .map((part) => part.trim())
      .filter(Boolean)) {
      expect(text).toContain(paragraph);
    }
    for (const path of ["/", "/rezervacija", "/kontaktai", "/ilgalaike-nuoma", "/verslo-klientams"]) {
      const linked = await (await fetch(`${server.url}${path}`)).text();
      const links = linked.match(/href="\/privatumo-politika"/g) ?? [];
      // The footer everywhere, and the form's own note where personal data is asked for.
      expect(links.length, path).toBeGreaterThanOrEqual(path === "/" ? 1 : 2);
    }
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain("/privatumo-politika</loc>");
  });

  it("sitemap.xml, robots.txt su Sitemap eilute ir favicon", async () => {
    const { server } = app;
    const sitemap = await fetch(`${server.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    const xml = await sitemap.text();
    expect(xml).toContain("<urlset");
    expect(xml).toMatch(/<loc>[^<]*\/automobiliai\/[a-z0-9-]+<\/loc>/);
    expect(xml).toMatch(/<loc>[^<]*\/naujienos\/[a-z0-9-]+<\/loc>/);
    expect(xml).not.toContain("/login");
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    expect(robots).toMatch(/^Disallow: \/admin$/m);
    const favicon = await fetch(`${server.url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toContain("image/svg+xml");
  });
});
