// Runs after `vite build` (and write-build-info): renders every public page to static HTML.
//
//   1. starts the real server (server/main.ts --demo) on a free port with a fresh temporary
//      database, so the pages show the seeded demo data;
//   2. renders each public route, every car page and every news page with the app's own
//      routes and loaders (src/site/ssr.tsx) into dist/<path>/index.html: the content, a unique
//      title and description, canonical link, Open Graph tags and schema.org JSON-LD, plus the
//      loader data the browser hydrates from (inline, and beside the page as _payload.json);
//   3. keeps the bare app shell as dist/200.html (the server's fallback for other app URLs);
//   4. writes sitemap.xml and robots.txt, then precompresses text files (.br, .gz).
//
// The canonical base is PUBLIC_URL (default http://localhost:3000). PRERENDER_API_URL renders
// from an already running server instead of the demo data (a company's own catalogue).
// Pictures get the URLs of the backend the site will run on (scripts/lib/prerenderFiles.ts):
// the local server's /files/ paths, or Cloud Storage download URLs when the build is for
// Firebase (PRERENDER_BACKEND=firebase, or the FIREBASE_* / RUNTIME_CONFIG deployment config
// that `npm run firebase:deploy` builds with), the same the browser computes when it hydrates.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { register } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, gzip as gzipCallback, constants as zlibConstants } from "node:zlib";
import { freePort, launchServer, ROOT, removeDir, tempDir } from "./lib/serverProcess";

const DIST = path.resolve(process.env.DIST_DIR ?? path.join(ROOT, "dist"));

/** Paths left out of sitemap.xml: the staff login and the bare search form. */
const NOT_IN_SITEMAP = new Set(["/login", "/paieskosautomobiliai", "/mokejimas/sekmingas", "/mokejimas/atsauktas"]);
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".svg", ".xml", ".txt", ".webmanifest", ".map"]);

const log = (message: string) => console.info(`[išankstinis atvaizdavimas] ${message}`);

// The app's modules import CSS for Vite; on Node those imports mean nothing.
register(
  `data:text/javascript,${encodeURIComponent(
    "export async function load(url, context, next) { if (/\\.css($|\\?)/.test(url)) return { format: 'module', source: '', shortCircuit: true }; return next(url, context); }",
  )}`,
);

/**
 * Public pages are documents of their own: the browser prefetches the page a visitor is about
 * to open (pointer down or a moment's hover on a link), so the load feels instant. Never the
 * back-office, the API, files, or links that change state.
 */
const SPECULATION_RULES = `<script type="speculationrules">${JSON.stringify({
  prefetch: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: "/admin*" } },
          { not: { href_matches: "/api/*" } },
          { not: { href_matches: "/files/*" } },
          { not: { href_matches: "/mano-rezervacija/*" } },
          { not: { href_matches: "/login*" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
})}</script>`;

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

async function startDemoServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = tempDir("prerender");
  try {
    // The build always renders the demo data: never the developer's own database or mail.
    // No fixed limit: on a busy machine the start (migrations, the demo seed) is only slower; it
    // fails if the server exits or stops making progress (scripts/lib/serverProcess.ts).
    // A throwaway demo server: PGlite inside its process (nothing to keep, no PostgreSQL to start).
    const server = await launchServer({
      port: await freePort(),
      dataDir,
      demo: true,
      pollMs: 200,
      env: { DATABASE_ENGINE: "pglite" },
    });
    return {
      url: server.url,
      stop: async () => {
        await server.stop();
        removeDir(dataDir);
      },
    };
  } catch (error) {
    removeDir(dataDir);
    throw error;
  }
}

/** Every chunk a page module needs beyond the entry (its stylesheets go into the page's head). */
function preloadsFor(manifest: Manifest, source: string | undefined): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  if (source) visit(source);
  return { js: [...js], css: [...css] };
}

interface PageTemplate {
  html: string;
  /** the app's entry module */
  entry: string;
}

/**
 * The template for prerendered pages: the stylesheet inlined (the first paint waits for no
 * other request), and the app's module script replaced by /boot.js, which fetches the code
 * once the page has loaded (pictures, fonts) and its content has been painted: the code never
 * competes with them for the network and never holds up the largest paint. It waits for the load
 * and a largest-contentful-paint entry (for a page with a main picture, fetchpriority=high: that
 * picture's entry, or three frames after it is decoded when something larger wins), then one
 * more frame. A load held up by a slow picture, or a hidden tab that paints nothing, starts it
 * after 3 s anyway.
 * The shell (200.html) keeps the plain template.
 */
function prerenderTemplate(template: string): PageTemplate {
  const entry = /<script type="module"[^>]*src="([^"]+)"[^>]*><\/script>/.exec(template)?.[1];
  if (!entry) throw new Error('index.html neturi programos modulio (<script type="module" src=...>)');
  const html = template
    .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_tag, file: string) => {
      const css = readFileSync(path.join(DIST, file), "utf8").replace(/<\/style/gi, "<\\/style");
      return `<style>${css}</style>`;
    })
    .replace(/\s*<script type="module"[^>]*><\/script>/, "")
    // The entry's own imports: the browser finds them when the entry loads.
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
  return { html, entry };
}

function outputFileFor(pathname: string): string {
  return pathname === "/" ? path.join(DIST, "index.html") : path.join(DIST, ...pathname.split("/"), "index.html");
}

function xmlEscape(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

function compressibleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return compressibleFiles(file);
    return COMPRESSIBLE.has(path.extname(entry.name).toLowerCase()) ? [file] : [];
  });
}

/**
 * file.br and file.gz beside every text file over 1 kB, for the server to send as they are.
 * Brotli's best quality for what pages load; the large back-office chunks get a faster
 * setting (a few per cent bigger, seconds quicker to build). Runs on the thread pool.
 */
async function compressTree(dir: string): Promise<number> {
  const files = compressibleFiles(dir);
  let count = 0;
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as string;
      const content = readFileSync(file);
      if (content.length < 1024) continue;
      const quality = content.length > 400 * 1024 ? 9 : 11;
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: 9 }),
      ]);
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gz);
      count += 1;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return count;
}

/** Removes .br/.gz files of an earlier run (the sources may have changed). */
function removeCompressed(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) removeCompressed(file);
    else if (/\.(br|gz)$/.test(entry.name)) rmSync(file);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const templateFile = path.join(DIST, "index.html");
  if (!existsSync(templateFile)) throw new Error(`Nerastas ${templateFile}: pirmiausia paleiskite „vite build“`);
  const manifestFile = path.join(DIST, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) {
    throw new Error(`Nerastas ${manifestFile}: programą surinkite su „vite build --manifest“`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  removeCompressed(DIST);

  // A rerun must not take an earlier prerendered home page for the template.
  const shellFile = path.join(DIST, "200.html");
  const fresh = readFileSync(templateFile, "utf8");
  const template = fresh.includes('id="route-data"') && existsSync(shellFile) ? readFileSync(shellFile, "utf8") : fresh;
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html neturi tuščio <div id="root"></div>');
  writeFileSync(shellFile, template);

  const pageTemplate = prerenderTemplate(template);

  const { PUBLIC_ROUTES } = await import("../src/app/routes");
  const { matchPublicRoute } = await import("../src/app/routes");
  const { renderRoute } = await import("../src/site/ssr");
  const { createLocalBackend } = await import("../src/backend/local/index");
  const { prerenderFiles } = await import("./lib/prerenderFiles");
  const seo = await import("../src/site/lib/seo");
  // Before the server starts: a wrong PRERENDER_BACKEND or Firebase config stops the build at once.
  const files = prerenderFiles();
  log(`Paveikslėlių adresai: ${files.description}`);
  const base = (process.env.PUBLIC_URL?.trim() || seo.DEFAULT_PUBLIC_URL).replace(/\/+$/, "");
  seo.setSiteBaseUrl(base);

  const external = process.env.PRERENDER_API_URL?.trim().replace(/\/+$/, "");
  const server = external ? { url: external, stop: async () => {} } : await startDemoServer();
  const serverReady = Date.now();
  try {
    const demo = createLocalBackend(undefined, { baseUrl: server.url });
    // The data comes from the server; picture URLs are those of the target backend.
    const backend = { ...demo, files: { ...demo.files, url: files.url } };
    const [cars, news, settings] = await Promise.all([
      backend.site.cars(),
      backend.site.news(),
      backend.site.settings(),
    ]);
    const lastModified = new Map<string, string>();
    for (const car of cars) if (car.updatedAt) lastModified.set(`/automobiliai/${car.slug}`, car.updatedAt);
    for (const item of news) {
      const when = item.updatedAt ?? item.publishedAt;
      if (when) lastModified.set(`/naujienos/${item.slug}`, when);
    }
    const paths = [
      ...PUBLIC_ROUTES.filter((route) => !route.path.includes(":")).map((route) => route.path),
      ...cars.map((car) => `/automobiliai/${car.slug}`),
      ...news.map((item) => `/naujienos/${item.slug}`),
    ];
    const siteJsonLd = [seo.organizationJsonLd(settings, base)];

    const written: string[] = [];
    for (const pathname of paths) {
      const result = await renderRoute(backend, `${base}${pathname}`);
      if (result.status !== 200 || !result.payload)
        throw new Error(`${pathname}: atvaizduojant gauta būsena ${result.status}`);
      if (!result.head) throw new Error(`${pathname}: puslapis nenurodė pavadinimo ir aprašymo (PageMeta)`);
      const route = matchPublicRoute(pathname)?.route;
      const preload = preloadsFor(manifest, route?.source);
      // The page's own modules load through the entry (Vite preloads their imports together).
      const head = [
        seo.headHtml(result.head, { brand: settings.company.brand, base, pathname, siteJsonLd }),
        ...preload.css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
        `<script src="/boot.js" defer data-entry="${pageTemplate.entry}"></script>`,
        SPECULATION_RULES,
      ].join("\n    ");
      const payloadJson = seo.scriptJson(result.payload);
      const html = pageTemplate.html
        .replace(/<title>[\s\S]*?<\/title>\s*/, "")
        .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, "")
        .replace("</head>", `  ${head}\n  </head>`)
        .replace('<div id="root"></div>', `<div id="root">${result.html}</div>`)
        .replace("</body>", `  <script type="application/json" id="route-data">${payloadJson}</script>\n  </body>`);
      const file = outputFileFor(pathname);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, html);
      writeFileSync(path.join(path.dirname(file), "_payload.json"), JSON.stringify(result.payload));
      written.push(pathname);
    }

    const urls = written
      .filter((pathname) => !NOT_IN_SITEMAP.has(pathname))
      .map((pathname) => {
        const modified = lastModified.get(pathname);
        return [
          "  <url>",
          `    <loc>${xmlEscape(`${base}${pathname === "/" ? "/" : pathname}`)}</loc>`,
          modified ? `    <lastmod>${modified.slice(0, 10)}</lastmod>` : "",
          "  </url>",
        ]
          .filter(Boolean)
          .join("\n");
      });
    writeFileSync(
      path.join(DIST, "sitemap.xml"),
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
    );
    writeFileSync(
      path.join(DIST, "robots.txt"),
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /admin",
        "Disallow: /api/",
        "Disallow: /login",
        "",
        `Sitemap: ${base}/sitemap.xml`,
        "",
      ].join("\n"),
    );

    rmSync(path.join(DIST, ".vite"), { recursive: true, force: true });
    const rendered = Date.now();
    const compressed = await compressTree(DIST);
    const kb = (file: string) => `${(statSync(file).size / 1024).toFixed(1)} kB`;
    const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
    log(
      `Atvaizduota puslapių: ${written.length} (pradžia ${kb(templateFile)}), suspausta failų: ${compressed}, ` +
        `adresas ${base}. Užtruko ${seconds(started, Date.now())}: serveris ${seconds(started, serverReady)}, ` +
        `atvaizdavimas ${seconds(serverReady, rendered)}, glaudinimas ${seconds(rendered, Date.now())}`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error("[išankstinis atvaizdavimas] Nepavyko:", error);
  process.exit(1);
});
