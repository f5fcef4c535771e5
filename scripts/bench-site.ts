// `npm run bench:site`: Lighthouse (mobile, default simulated throttling) against the
// production server: the built dist (npm run build) served by server/main.ts with a fresh
// demo database. Prints performance, accessibility, best practices and SEO for /,
// /automobiliai, one car page and /rezervacija, and the JavaScript (gzip) each page loads
// before any interaction. Each page is measured several times and the median run (by
// performance) is reported, as Lighthouse advises for its run-to-run variance. Exits with 1
// when a target is missed on the first three pages.
//
//   npm run bench:site                          all four pages, 5 runs each
//   npm run bench:site -- --runs 9              more runs (or --runs 1 for a quick look)
//   npm run bench:site -- --json out.json       also write the results
//   BENCH_URL=http://host:port npm run bench:site   an already running server instead
import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS } from "./chromium";
import { CHROME_PATH, initialJsKb, JS_BUDGET_KB, startServer } from "./lib/benchServer";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, "best-practices": 96, seo: 100 };
const LABELS: Record<Category, string> = {
  performance: "Našumas",
  accessibility: "Prieinamumas",
  "best-practices": "Geroji praktika",
  seo: "SEO",
};

interface PageResult {
  path: string;
  /** performance of every run, lowest first (the median is reported) */
  runs?: number[];
  scores: Record<Category, number>;
  metrics: Record<string, string>;
  jsKb: number;
  failed: string[];
}

async function audit(baseUrl: string, pagePath: string, port: number): Promise<PageResult> {
  const runner = await lighthouse(`${baseUrl}${pagePath}`, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    // Lighthouse's defaults: a mobile device with simulated slow 4G and a 4x slower CPU.
    formFactor: "mobile",
    locale: "lt",
  });
  if (!runner) throw new Error(`Lighthouse negrąžino rezultato: ${pagePath}`);
  const { lhr } = runner;
  if (lhr.runtimeError) throw new Error(`${pagePath}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? "–";
  const failed: string[] = [];
  for (const category of CATEGORIES) {
    const ref = lhr.categories[category]?.auditRefs ?? [];
    for (const { id, weight } of ref) {
      const result = lhr.audits[id];
      if (weight > 0 && result && result.score !== null && result.score < 1 && category !== "performance") {
        failed.push(`${LABELS[category]}: ${result.title}`);
      }
    }
  }
  return {
    path: pagePath,
    scores,
    metrics: {
      FCP: metric("first-contentful-paint"),
      LCP: metric("largest-contentful-paint"),
      TBT: metric("total-blocking-time"),
      CLS: metric("cumulative-layout-shift"),
      SI: metric("speed-index"),
    },
    jsKb: 0,
    failed,
  };
}

async function main(): Promise<void> {
  const jsonIndex = process.argv.indexOf("--json");
  const jsonFile = jsonIndex > 0 ? process.argv[jsonIndex + 1] : undefined;
  const runsIndex = process.argv.indexOf("--runs");
  const runCount = Math.max(1, Number(runsIndex > 0 ? process.argv[runsIndex + 1] : 5) || 5);
  const external = process.env.BENCH_URL?.replace(/\/+$/, "");
  const server = external ? { url: external, stop: async () => {} } : await startServer();
  const results: PageResult[] = [];
  try {
    const cars = (await (await fetch(`${server.url}/api/site/cars`)).json()) as { slug: string }[] | { data: [] };
    const list = Array.isArray(cars) ? cars : cars.data;
    const carPath = `/automobiliai/${list[0]?.slug ?? ""}`;
    const pages = ["/", "/automobiliai", carPath, "/rezervacija"];
    // A first, unmeasured load warms the server (database caches, file system).
    await fetch(`${server.url}/`).catch(() => undefined);
    for (const pagePath of pages) {
      const runs: PageResult[] = [];
      for (let run = 1; run <= runCount; run++) {
        console.info(`Matuojama: ${pagePath} (${run}/${runCount})`);
        // Lighthouse sometimes loses the trace (NO_NAVSTART); another run settles it.
        for (let attempt = 1; ; attempt++) {
          try {
            // A fresh browser for every run: nothing left over from the one before.
            const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROMIUM_FLAGS });
            try {
              runs.push(await audit(server.url, pagePath, chrome.port));
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
      runs.sort((a, b) => a.scores.performance - b.scores.performance);
      const median = runs[Math.floor(runs.length / 2)] as PageResult;
      median.runs = runs.map((r) => r.scores.performance);
      median.jsKb = await initialJsKb(server.url, pagePath);
      results.push(median);
    }
  } finally {
    await server.stop();
  }

  const pad = (text: string, width: number) => text.padEnd(width);
  console.info("");
  console.info(
    `${pad("Puslapis", 40)}${CATEGORIES.map((c) => pad(LABELS[c], 17)).join("")}${pad("JS (gzip)", 12)}FCP / LCP / TBT / CLS`,
  );
  let missed = false;
  results.forEach((result, index) => {
    const enforced = index < 3;
    const cells = CATEGORIES.map((category) => {
      const ok = result.scores[category] >= TARGETS[category];
      if (enforced && !ok) missed = true;
      return pad(`${result.scores[category]}${ok ? "" : enforced ? " ✗" : " (!)"}`, 17);
    }).join("");
    const jsOk = result.jsKb <= JS_BUDGET_KB;
    if (!jsOk) missed = true;
    console.info(
      `${pad(result.path, 40)}${cells}${pad(`${result.jsKb.toFixed(1)} kB${jsOk ? "" : " ✗"}`, 12)}` +
        `${result.metrics.FCP} / ${result.metrics.LCP} / ${result.metrics.TBT} / ${result.metrics.CLS}`,
    );
    if (result.runs && result.runs.length > 1)
      console.info(`    našumas visuose matavimuose: ${result.runs.join(", ")}`);
    for (const failure of result.failed) console.info(`    – ${failure}`);
  });
  console.info("");
  console.info(
    `Tikslai: našumas ≥ ${TARGETS.performance}, prieinamumas ${TARGETS.accessibility}, geroji praktika ≥ ${TARGETS["best-practices"]}, SEO ${TARGETS.seo}; JS ≤ ${JS_BUDGET_KB} kB gzip.`,
  );
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify(results, null, 2));
  if (missed) {
    console.error("Ne visi tikslai pasiekti.");
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error("Matavimas nepavyko:", error);
  process.exit(1);
});
