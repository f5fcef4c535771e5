// New-build watcher (DESIGN section 6, SPEC section 9).
//
// 1,000 ms after load the app reads its build manifest (/builds/meta/<buildId>.json;
// a failure is only logged), then polls /builds/latest.json?<timestamp>. When the
// latest id differs from the build this page runs, the app is outdated and the NEXT
// navigation becomes a full page load of its target. A chunk-load error reloads too.
// Both reloads are throttled by a marker in sessionStorage: no reload within
// 10,000 ms of the previous one, so a broken deploy cannot cause a reload loop.
import { errorMessage } from "./errorReporter";
import { logger } from "./logger";

export const RELOAD_THROTTLE_MS = 10_000;
export const MANIFEST_CHECK_DELAY_MS = 1_000;
export const ROUTE_CHANGE_WAIT_MS = 100;
/** Like Nuxt's default: look for a new build once an hour (runtime config may change it). */
export const DEFAULT_BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** A tab coming back into view checks at once, but not more often than this. */
export const VISIBILITY_CHECK_MIN_GAP_MS = 60_000;
export const RELOAD_MARKER_KEY = "ratai:reload";
export const LATEST_BUILD_URL = "/builds/latest.json";
export const buildManifestUrl = (buildId: string): string => `/builds/meta/${encodeURIComponent(buildId)}.json`;

export interface BuildInfo {
  id: string;
  timestamp: number;
}

type MarkerStorage = Pick<Storage, "getItem" | "setItem">;
type VisibilitySource = Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;

export interface BuildWatcherOptions {
  /** the build this page runs (__BUILD_ID__) */
  buildId: string;
  fetch?: typeof fetch;
  /** sessionStorage; null when the browser refuses it */
  storage?: MarkerStorage | null;
  now?: () => number;
  /** full page load of the URL */
  reload?: (url: string) => void;
  /** the URL a chunk-error reload loads */
  currentUrl?: () => string;
  document?: VisibilitySource | null;
  checkIntervalMs?: number;
}

export type ReloadReason = "build" | "chunk";

export interface BuildWatcher {
  start(): void;
  stop(): void;
  /** Reads latest.json; resolves to whether this page is outdated. */
  check(): Promise<boolean>;
  readonly outdated: boolean;
  readonly manifest: BuildInfo | null;
  /**
   * Called before every client-side navigation. Waits at most ROUTE_CHANGE_WAIT_MS for
   * a pending check; when outdated, starts a full load of `url` and returns true.
   */
  beforeNavigate(url: string): Promise<boolean>;
  /**
   * A lazy chunk failed to load: full load of `url` (the navigation's target; default the
   * current page), throttled. Returns true when reloading.
   */
  onChunkError(error: unknown, url?: string): boolean;
}

function defaultStorage(): MarkerStorage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

function isBuildInfo(value: unknown): value is BuildInfo {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { id?: unknown }).id === "string" &&
    (value as BuildInfo).id !== ""
  );
}

export function createBuildWatcher(options: BuildWatcherOptions): BuildWatcher {
  const buildId = options.buildId;
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const now = options.now ?? (() => Date.now());
  const reload = options.reload ?? ((url: string) => window.location.assign(url));
  const currentUrl = options.currentUrl ?? (() => window.location.href);
  const doc = options.document === undefined ? (typeof document === "undefined" ? null : document) : options.document;
  const intervalMs = options.checkIntervalMs ?? DEFAULT_BUILD_CHECK_INTERVAL_MS;

  let outdated = false;
  let manifest: BuildInfo | null = null;
  let pending: Promise<boolean> | null = null;
  let lastCheckAt = Number.NEGATIVE_INFINITY;
  let startTimer: ReturnType<typeof setTimeout> | null = null;
  let interval: ReturnType<typeof setInterval> | null = null;
  let started = false;
  let reloading = false;

  async function fetchJson(url: string): Promise<unknown> {
    const response = await fetchImpl(url, { cache: "no-store", headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json();
  }

  async function loadManifest(): Promise<void> {
    const url = buildManifestUrl(buildId);
    try {
      const body = await fetchJson(url);
      if (!isBuildInfo(body)) throw new Error("netinkamas turinys");
      manifest = body;
      logger.info(`Versijos manifestas gautas: ${body.id}`);
    } catch (error) {
      // Only logged: the app works without it (e.g. the dev server has no builds/).
      logger.warn(`Nepavyko gauti versijos manifesto (${url}): ${errorMessage(error)}`);
    }
  }

  function check(): Promise<boolean> {
    if (pending) return pending;
    lastCheckAt = now();
    pending = (async () => {
      try {
        const latest = await fetchJson(`${LATEST_BUILD_URL}?${now()}`);
        if (!isBuildInfo(latest)) throw new Error("netinkamas turinys");
        if (latest.id !== buildId && !outdated) {
          outdated = true;
          logger.info(
            `Rasta nauja programos versija ${latest.id} (dabartinė ${buildId}); kitas perėjimas perkraus puslapį`,
          );
        }
      } catch (error) {
        logger.warn(`Nepavyko patikrinti naujos versijos (${LATEST_BUILD_URL}): ${errorMessage(error)}`);
      } finally {
        pending = null;
      }
      return outdated;
    })();
    return pending;
  }

  function readMarker(): number | null {
    const raw = storage?.getItem(RELOAD_MARKER_KEY);
    if (!raw) return null;
    try {
      const parsed: unknown = JSON.parse(raw);
      const at = typeof parsed === "number" ? parsed : Number((parsed as { at?: unknown } | null)?.at);
      return Number.isFinite(at) ? at : null;
    } catch {
      return null;
    }
  }

  /** Full page load unless the previous reload was less than RELOAD_THROTTLE_MS ago. */
  function reloadTo(url: string, reason: ReloadReason): boolean {
    if (reloading) return true;
    if (!storage) {
      // Without the marker a broken deploy could reload forever: do not risk it.
      logger.warn("Puslapis neperkraunamas: sesijos saugykla (sessionStorage) nepasiekiama");
      return false;
    }
    try {
      const last = readMarker();
      const at = now();
      if (last !== null && at - last >= 0 && at - last < RELOAD_THROTTLE_MS) {
        logger.warn(
          `Puslapis neperkraunamas: paskutinį kartą perkrauta prieš ${at - last} ms (riba ${RELOAD_THROTTLE_MS} ms)`,
        );
        return false;
      }
      storage.setItem(RELOAD_MARKER_KEY, JSON.stringify({ at, reason, url }));
    } catch (error) {
      logger.warn(`Puslapis neperkraunamas: nepavyko įrašyti žymės į sesijos saugyklą: ${errorMessage(error)}`);
      return false;
    }
    reloading = true;
    logger.info(
      reason === "build"
        ? `Įkeliama nauja programos versija: ${url}`
        : `Programos dalis neįkelta, puslapis perkraunamas: ${url}`,
    );
    reload(url);
    return true;
  }

  const onVisibilityChange = () => {
    if (doc?.visibilityState === "visible" && now() - lastCheckAt >= VISIBILITY_CHECK_MIN_GAP_MS) void check();
  };

  return {
    get outdated() {
      return outdated;
    },
    get manifest() {
      return manifest;
    },
    start() {
      if (started) return;
      started = true;
      startTimer = setTimeout(() => {
        startTimer = null;
        void loadManifest().then(() => check());
        interval = setInterval(() => void check(), intervalMs);
      }, MANIFEST_CHECK_DELAY_MS);
      doc?.addEventListener("visibilitychange", onVisibilityChange);
    },
    stop() {
      started = false;
      if (startTimer) clearTimeout(startTimer);
      if (interval) clearInterval(interval);
      startTimer = null;
      interval = null;
      doc?.removeEventListener("visibilitychange", onVisibilityChange);
    },
    check,
    async beforeNavigate(url: string) {
      if (pending) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, ROUTE_CHANGE_WAIT_MS);
        });
        await Promise.race([pending, timeout]);
        clearTimeout(timer);
      }
      if (!outdated) return false;
      return reloadTo(url, "build");
    },
    onChunkError(error: unknown, url?: string) {
      logger.error(`Nepavyko įkelti programos dalies: ${errorMessage(error)}`);
      return reloadTo(url ?? currentUrl(), "chunk");
    },
  };
}
