// Public answers that are the same for every visitor (the catalogue, a car, the settings, the
// offers) kept in memory as finished JSON: the body, its ETag and its gzip/brotli forms, made once.
// A browser that already has the answer sends If-None-Match and gets 304 with no body.
//
// Freshness: any change event (server/services/events.ts; every committed write publishes one,
// and they reach every server through LISTEN/NOTIFY) of a collection these answers are made of
// drops every kept answer at once, so a staff edit shows on the next request. An answer being
// made while such an event arrives is sent but not kept. The answers also depend on the date
// (prices by season, offers until their last day), so each is kept for its Vilnius day only, and
// for at most MAX_AGE_MS as the safety net for writes that publish no event (direct SQL, a restore).
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Context } from "hono";
import { vilniusDateString } from "../../src/domain/time";
import type { ChangeEvent } from "../services/events";

/** Resources whose change can alter a public catalogue answer. */
export const CATALOGUE_RESOURCES: ReadonlySet<string> = new Set([
  "cars",
  "prices",
  "offers",
  "settings",
  "locations",
  "extras",
]);
export const MAX_AGE_MS = 60_000;
/** Different answers kept at most (each filter combination and car is one), and their bodies' bytes. */
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** Below this a body is sent as it is: compressing it saves nothing worth the header. */
const MIN_COMPRESS_BYTES = 1_024;

interface Entry {
  body: Buffer;
  etag: string;
  day: string;
  expiresAt: number;
  gzip?: Buffer;
  br?: Buffer;
}

export interface SiteCacheOptions {
  subscribe: (listener: (event: ChangeEvent) => void) => () => void;
  now?: () => number;
  maxAgeMs?: number;
}

export interface SiteCache {
  /**
   * Answers `key` (the request's path and query) from memory, or makes it with `load` (whose
   * errors, such as a 404, pass through and are not kept).
   */
  json(c: Context, key: string, load: () => Promise<unknown>): Promise<Response>;
  /** how many answers are kept (tests) */
  size(): number;
  close(): void;
}

/** The encodings the client accepts (q=0 refuses one). */
function accepts(header: string | undefined, encoding: string): boolean {
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((piece) => piece.trim());
    if (name !== encoding && name !== "*") continue;
    const q = params.find((param) => param.startsWith("q="));
    return !(q && Number(q.slice(2)) === 0);
  }
  return false;
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for GET). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}

export function createSiteCache(options: SiteCacheOptions): SiteCache {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;
  const entries = new Map<string, Entry>();
  /** one making per key: concurrent misses wait for it */
  const making = new Map<string, Promise<Entry>>();
  let generation = 0;
  let bytes = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };

  const unsubscribe = options.subscribe((event) => {
    if (!CATALOGUE_RESOURCES.has(event.resource)) return;
    generation++;
    entries.clear();
    making.clear();
    bytes = 0;
  });

  const make = (key: string, load: () => Promise<unknown>): Promise<Entry> => {
    const started = generation;
    const promise = (async () => {
      const body = Buffer.from(JSON.stringify(await load()), "utf8");
      const hash = createHash("sha1").update(body).digest("base64url");
      const entry: Entry = {
        body,
        etag: `W/"${hash}"`,
        day: vilniusDateString(new Date(now())),
        expiresAt: now() + maxAgeMs,
      };
      // Made from data that may predate a change: send it, keep it only if nothing changed.
      if (generation === started) {
        forget(key);
        // The oldest answers make room (Map keeps the order they were made in).
        while (entries.size > 0 && (entries.size >= MAX_ENTRIES || bytes + body.length > MAX_BYTES)) {
          forget(entries.keys().next().value as string);
        }
        entries.set(key, entry);
        bytes += body.length;
      }
      return entry;
    })().finally(() => {
      if (making.get(key) === promise) making.delete(key);
    });
    making.set(key, promise);
    return promise;
  };

  const current = (key: string): Entry | null => {
    const entry = entries.get(key);
    if (!entry) return null;
    if (now() >= entry.expiresAt || entry.day !== vilniusDateString(new Date(now()))) {
      forget(key);
      return null;
    }
    return entry;
  };

  return {
    async json(c, key, load) {
      const entry = current(key) ?? (await (making.get(key) ?? make(key, load)));
      const headers: Record<string, string> = {
        ETag: entry.etag,
        // Kept by the browser, but asked again each time: the answer changes when staff edit.
        "Cache-Control": "no-cache",
        Vary: "Accept-Encoding",
      };
      if (matches(c.req.header("if-none-match"), entry.etag)) return c.body(null, 304, headers);
      headers["Content-Type"] = "application/json; charset=UTF-8";
      let body = entry.body;
      const acceptEncoding = c.req.header("accept-encoding");
      if (entry.body.length >= MIN_COMPRESS_BYTES) {
        if (accepts(acceptEncoding, "br")) {
          entry.br ??= brotliCompressSync(entry.body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
          });
          body = entry.br;
          headers["Content-Encoding"] = "br";
        } else if (accepts(acceptEncoding, "gzip")) {
          entry.gzip ??= gzipSync(entry.body, { level: 6 });
          body = entry.gzip;
          headers["Content-Encoding"] = "gzip";
        }
      }
      headers["Content-Length"] = String(body.length);
      // Buffers from Buffer.from and zlib are never shared memory.
      return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200, headers);
    },
    size: () => entries.size,
    close: () => {
      unsubscribe();
      entries.clear();
      making.clear();
      bytes = 0;
    },
  };
}
