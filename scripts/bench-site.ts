// `npm run bench:site`: Lighthouse (mobile, default simulated throttling) against the
// production server: the built dist (npm run build) served by the compiled server
// (build/server/main.mjs) with a fresh demo database. Every public page is measured beside its script-free twin: the same prerendered HTML
// with its scripts removed, served by a small proxy in front of the same server (so the CSS,
// images and fonts come from the same place). It prints performance, accessibility, best
// practices, SEO, TBT and LCP of both, their ratio, and the JavaScript (gzip) each page loads
// before any interaction, against the budget: 100 kB on every public page, 40 kB on pages with
// no form (terms, about, privacy, a news article). Each page is measured several times and the
// median run (by performance) is reported, as Lighthouse advises for its run-to-run variance.
// Exits with 1 when a goal is missed:
//   performance ≥ 95; TBT ≤ 200 ms and ≤ 1.5 × the twin's TBT + 100 ms; LCP within 10 % of the
//   twin's; accessibility, best practices and SEO 100; the JS budget.
//
//   npm run bench:site                          every public page, 5 runs each (and its twin)
//   npm run bench:site -- --runs 1              a quick look
//   npm run bench:site -- --pages /,/salygos    only these pages
//   npm run bench:site -- --json out.json       also write the results
//   BENCH_URL=http://host:port npm run bench:site   an already running server instead

import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS } from "./chromium";
import {
  CHROME_PATH,
  initialJsKb,
  JS_BUDGET_KB,
  JS_BUDGET_NO_FORM_KB,
  jsBudgetFor,
  startServer,
} from "./lib/benchServer";
import { scriptFree } from "./lib/scriptFree";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const LABELS: Record<Category, string> = {
  performance: "Našumas",
  accessibility: "Prieinamumas",
  "best-practices": "Geroji praktika",
  seo: "SEO",
};

interface Audit {
  scores: Record<Category, number>;
  /** milliseconds */
  tbt: number;
  lcp: number;
  fcp: number;
  cls: number;
  failed: string[];
}

interface PageResult {
  path: string;
  page: Audit;
  twin: Audit;
  /** performance of every run of the page, lowest first (the median is reported) */
  runs: number[];
  jsKb: number;
  jsBudgetKb: number;
  missed: string[];
}

async function audit(url: string, port: number): Promise<Audit> {
  const runner = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    // Lighthouse's defaults: a mobile device with simulated slow 4G and a 4x slower CPU.
    formFactor: "mobile",
    locale: "lt",
  });
  if (!runner) throw new Error(`Lighthouse negrąžino rezultato: ${url}`);
  const { lhr } = runner;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failed: string[] = [];
  for (const category of CATEGORIES) {
    for (const { id, weight } of lhr.categories[category]?.auditRefs ?? []) {
      const result = lhr.audits[id];
      if (weight > 0 && result && result.score !== null && result.score < 1 && category !== "performance") {
        failed.push(`${LABELS[category]}: ${result.title}`);
      }
    }
  }
  return {
    scores,
    tbt: value("total-blocking-time"),
    lcp: value("largest-contentful-paint"),
    fcp: value("first-contentful-paint"),
    cls: value("cumulative-layout-shift"),
    failed,
  };
}

/**
 * The twins: a proxy in front of the server that answers a page's HTML without its scripts and
 * passes everything else (CSS, images, fonts, the API) through unchanged.
 */
async function startTwinProxy(origin: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      try {
        const upstream = await fetch(`${origin}${req.url ?? "/"}`, {
          headers: { accept: req.headers.accept ?? "*/*", "accept-encoding": "identity" },
        });
        const type = upstream.headers.get("content-type") ?? "";
        let body = Buffer.from(await upstream.arrayBuffer());
        if (type.startsWith("text/html")) body = Buffer.from(scriptFree(body.toString("utf8")));
        const headers: Record<string, string> = {};
        upstream.headers.forEach((value, key) => {
          if (!["content-length", "content-encoding", "transfer-encoding", "connection"].includes(key))
            headers[key] = value;
        });
        headers["content-length"] = String(body.length);
        res.writeHead(upstream.status, headers);
        res.end(body);
      } catch (error) {
        res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
        res.end(`Tarpinis serveris: ${error instanceof Error ? error.message : String(error)}`);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The median of `runs` Lighthouse runs of one URL, each in a fresh browser. */
async function medianAudit(url: string, runs: number, label: string): Promise<{ median: Audit; all: number[] }> {
  const results: Audit[] = [];
  for (let run = 1; run <= runs; run++) {
    console.info(`Matuojama: ${label} (${run}/${runs})`);
    // Lighthouse sometimes loses the trace (NO_NAVSTART); another run settles it.
    for (let attempt = 1; ; attempt++) {
      try {
        const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROMIUM_FLAGS });
        try {
          results.push(await audit(url, chrome.port));
        } finally {
          await chrome.kill();
        }
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        console.warn(`Kartojama (${attempt}): ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  results.sort((a, b) => a.scores.performance - b.scores.performance);
  return { median: results[Math.floor(results.length / 2)] as Audit, all: results.map((r) => r.scores.performance) };
}

function goalsMissed(path: string, page: Audit, twin: Audit, jsKb: number, jsBudgetKb: number): string[] {
  const missed: string[] = [];
  for (const category of CATEGORIES) {
    if (page.scores[category] < TARGETS[category])
      missed.push(`${LABELS[category]} ${page.scores[category]} < ${TARGETS[category]}`);
  }
  if (page.tbt > 200) missed.push(`TBT ${ms(page.tbt)} > 200 ms`);
  if (page.tbt > 1.5 * twin.tbt + 100) missed.push(`TBT ${ms(page.tbt)} > 1,5 × ${ms(twin.tbt)} + 100 ms`);
  if (page.lcp > twin.lcp * 1.1) missed.push(`LCP ${ms(page.lcp)} > ${ms(twin.lcp)} + 10 %`);
  if (jsKb > jsBudgetKb) missed.push(`JS ${lt1.format(jsKb)} kB > ${jsBudgetKb} kB`);
  for (const failure of page.failed) missed.push(failure);
  return missed.map((text) => `${path}: ${text}`);
}

const lt1 = new Intl.NumberFormat("lt-LT", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const lt2 = new Intl.NumberFormat("lt-LT", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const ms = (value: number) => `${Math.round(value)} ms`;

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

async function publicPages(origin: string): Promise<string[]> {
  const cars = (await (await fetch(`${origin}/api/site/cars`)).json()) as { slug: string }[] | { data: [] };
  const carList = Array.isArray(cars) ? cars : cars.data;
  const news = (await (await fetch(`${origin}/api/site/news`)).json().catch(() => [])) as
    | { slug: string }[]
    | { data: { slug: string }[] };
  const newsList = Array.isArray(news) ? news : (news.data ?? []);
  return [
    "/",
    "/automobiliai",
    ...(carList[0] ? [`/automobiliai/${carList[0].slug}`] : []),
    "/rezervacija",
    "/paieskosautomobiliai",
    "/akcijos",
    "/ilgalaike-nuoma",
    "/verslo-klientams",
    "/kontaktai",
    "/naujienos",
    ...(newsList[0] ? [`/naujienos/${newsList[0].slug}`] : []),
    "/salygos",
    "/apie-mus",
    "/privatumo-politika",
  ];
}

async function main(): Promise<void> {
  const jsonFile = argValue("--json");
  const runCount = Math.max(1, Number(argValue("--runs") ?? 5) || 5);
  const only = argValue("--pages")
    ?.split(",")
    .map((page) => page.trim())
    .filter(Boolean);
  const external = process.env.BENCH_URL?.replace(/\/+$/, "");
  const server = external ? { url: external, stop: async () => {} } : await startServer();
  const twins = await startTwinProxy(server.url);
  const results: PageResult[] = [];
  try {
    const pages = only ?? (await publicPages(server.url));
    // A first, unmeasured load warms the server (database caches, file system).
    await fetch(`${server.url}/`).catch(() => undefined);
    for (const pagePath of pages) {
      const page = await medianAudit(`${server.url}${pagePath}`, runCount, pagePath);
      const twin = await medianAudit(`${twins.url}${pagePath}`, runCount, `${pagePath} be skriptų`);
      const jsKb = await initialJsKb(server.url, pagePath);
      const jsBudgetKb = jsBudgetFor(pagePath);
      results.push({
        path: pagePath,
        page: page.median,
        twin: twin.median,
        runs: page.all,
        jsKb,
        jsBudgetKb,
        missed: goalsMissed(pagePath, page.median, twin.median, jsKb, jsBudgetKb),
      });
    }
  } finally {
    await twins.close();
    await server.stop();
  }

  const pad = (text: string, width: number) => text.padEnd(width);
  console.info("");
  console.info(
    `${pad("Puslapis", 34)}${pad("Našumas", 12)}${pad("TBT", 18)}${pad("LCP", 22)}${pad("TBT/dvyn.", 11)}${pad("LCP/dvyn.", 11)}${pad("Pr./GP/SEO", 14)}JS (gzip)`,
  );
  console.info(`${pad("", 34)}${pad("psl. / dvyn.", 12)}${pad("psl. / dvyn.", 18)}${pad("psl. / dvyn.", 22)}`);
  for (const r of results) {
    const ratio = (a: number, b: number) => (b > 0 ? lt2.format(a / b) : "–");
    console.info(
      pad(r.path, 34) +
        pad(`${r.page.scores.performance} / ${r.twin.scores.performance}`, 12) +
        pad(`${ms(r.page.tbt)} / ${ms(r.twin.tbt)}`, 18) +
        pad(`${ms(r.page.lcp)} / ${ms(r.twin.lcp)}`, 22) +
        pad(ratio(r.page.tbt, r.twin.tbt), 11) +
        pad(ratio(r.page.lcp, r.twin.lcp), 11) +
        pad(`${r.page.scores.accessibility}/${r.page.scores["best-practices"]}/${r.page.scores.seo}`, 14) +
        `${lt1.format(r.jsKb)} kB (≤ ${r.jsBudgetKb})`,
    );
    if (r.runs.length > 1) console.info(`    našumas visuose matavimuose: ${r.runs.join(", ")}`);
  }
  const missed = results.flatMap((r) => r.missed);
  console.info("");
  console.info(
    `Tikslai: našumas ≥ ${TARGETS.performance}; TBT ≤ 200 ms ir ≤ 1,5 × dvynio + 100 ms; LCP ≤ dvynio + 10 %; prieinamumas, geroji praktika, SEO – 100; JS ≤ ${JS_BUDGET_KB} kB (be formų ≤ ${JS_BUDGET_NO_FORM_KB} kB) gzip.`,
  );
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify(results, null, 2));
  if (missed.length > 0) {
    console.error("Ne visi tikslai pasiekti:");
    for (const line of missed) console.error(`  – ${line}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error("Matavimas nepavyko:", error);
  process.exit(1);
});
