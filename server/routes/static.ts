// Serves the Vite build (DIST_DIR) with history fallback: a path the app's route table
// (src/app/routes.ts) knows gets the app shell with 200; any other path gets it with 404
// (the app then shows "Page Not Found: /that/path").
// A prerendered page (dist/<path>/index.html) is served as it is. Once pages are prerendered,
// dist/index.html is the home page and the bare shell is dist/200.html (scripts/prerender.ts).
// Files the build precompressed (file.br, file.gz) are sent to browsers that accept them.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { type Context, Hono } from "hono";
import { ROUTES } from "../../src/app/adminRoutes";
import type { AppRoute, RouteParams } from "../../src/app/routes";
import type { AppEnv } from "../http/context";

interface CompiledRoute {
  pattern: RegExp;
  names: string[];
  validate: AppRoute["validate"];
}

/** "/admin/reservations/add/:reservationId?" -> a regular expression with named segments. */
function compileRoute(route: AppRoute): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
      names.push(param[1] as string);
      return param[2] ? "(?:/([^/]+))?" : "/([^/]+)";
    })
    .join("");
  // react-router matches case-insensitively; so does this.
  return { pattern: new RegExp(`^${source || "/"}$`, "i"), names, validate: route.validate };
}

// The SPA's own route table: the server answers 200 exactly where the app has a page.
const COMPILED_ROUTES = ROUTES.map(compileRoute);

/** Whether the app's router has a page for this (decoded) path, its parameters valid. */
export function isAppRoute(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return COMPILED_ROUTES.some((route) => {
    const match = route.pattern.exec(p);
    if (!match) return false;
    if (!route.validate) return true;
    const params: RouteParams = {};
    route.names.forEach((name, index) => {
      params[name] = match[index + 1];
    });
    return route.validate(params);
  });
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".wasm": "application/wasm",
};

const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".xml", ".txt", ".webmanifest", ".map"]);

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

export const DIST_MISSING_MESSAGE =
  "Programos failai nerasti. Pirmiausia sukurkite programą komanda „npm run build“ (arba paleiskite „npm start“, kuri tai padaro pati), tada perkraukite puslapį.";

function cacheControlFor(relative: string): string {
  // Vite puts content-hashed files under assets/; everything else may change between builds.
  return relative.startsWith("assets/") ? IMMUTABLE : REVALIDATE;
}

async function fileInfo(file: string) {
  const info = await stat(file).catch(() => null);
  return info?.isFile() ? info : null;
}

/** Content codings the client accepts ("gzip, deflate, br;q=0.9" -> gzip, deflate, br); q=0 refuses. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/** The precompressed variant of `file` the client accepts (brotli first), if the build made one. */
async function compressedVariant(
  c: Context<AppEnv>,
  file: string,
): Promise<{ file: string; size: number; encoding: string } | null> {
  const accepted = acceptedEncodings(c.req.header("accept-encoding"));
  for (const [encoding, suffix] of [
    ["br", ".br"],
    ["gzip", ".gz"],
  ] as const) {
    if (!accepted.has(encoding)) continue;
    const info = await fileInfo(file + suffix);
    if (info) return { file: file + suffix, size: info.size, encoding };
  }
  return null;
}

async function sendFile(c: Context<AppEnv>, file: string, size: number, cacheControl: string, status: 200 | 404 = 200) {
  c.header("Content-Type", CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream");
  c.header("Cache-Control", cacheControl);
  let body = { file, size };
  if (COMPRESSIBLE.has(path.extname(file).toLowerCase())) {
    c.header("Vary", "Accept-Encoding");
    const variant = await compressedVariant(c, file);
    if (variant) {
      c.header("Content-Encoding", variant.encoding);
      body = variant;
    }
  }
  c.header("Content-Length", String(body.size));
  if (c.req.method === "HEAD") return c.body(null, status);
  return c.body(Readable.toWeb(createReadStream(body.file)) as ReadableStream<Uint8Array>, status);
}

async function sendIndex(c: Context<AppEnv>, file: string, status: 200 | 404) {
  const info = await fileInfo(file);
  if (!info) {
    c.header("Cache-Control", "no-store");
    return c.text(DIST_MISSING_MESSAGE, 503);
  }
  return sendFile(c, file, info.size, REVALIDATE, status);
}

/** The app shell for history fallback: 200.html once the home page is prerendered into index.html. */
async function shellFile(root: string): Promise<string> {
  const shell = path.join(root, "200.html");
  return (await fileInfo(shell)) ? shell : path.join(root, "index.html");
}

export function staticRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get("/*", async (c) => {
    const root = path.resolve(c.get("deps").config.distDir);
    const index = path.join(root, "index.html");
    const shell = await shellFile(root);
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return sendIndex(c, shell, 404);
    }
    const segments = pathname.split("/").filter(Boolean);
    const unsafe = pathname.includes("\0") || pathname.includes("\\") || segments.some((s) => s === ".." || s === ".");
    if (unsafe) return sendIndex(c, shell, 404);
    const relative = segments.join("/");

    if (pathname.startsWith("/admin") || pathname === "/login") c.header("X-Robots-Tag", "noindex");

    // A real file of the build (assets, builds/latest.json, favicon, robots.txt, ...).
    if (relative !== "" && relative !== "index.html") {
      const file = path.join(root, relative);
      if (file.startsWith(root + path.sep)) {
        const info = await fileInfo(file);
        if (info) return sendFile(c, file, info.size, cacheControlFor(relative));
      }
      // A missing hashed chunk must fail as a 404 (the app reloads on chunk errors), never as HTML.
      if (relative.startsWith("assets/") || relative.startsWith("builds/")) {
        c.header("Cache-Control", "no-store");
        return relative.startsWith("assets/") ? c.text("Nerasta", 404) : c.json({ message: "Nerasta" }, 404);
      }
      // A prerendered page: dist/<path>/index.html.
      const prerendered = path.join(root, relative, "index.html");
      if (prerendered.startsWith(root + path.sep) && (await fileInfo(prerendered))) {
        return sendIndex(c, prerendered, 200);
      }
    }

    // The home page (prerendered into index.html, or the shell itself before prerendering).
    if (relative === "" || relative === "index.html") return sendIndex(c, index, 200);
    return sendIndex(c, shell, isAppRoute(pathname) ? 200 : 404);
  });

  return app;
}
