// Records browser errors in the server's client-error log (admins read it there).
// The reporter itself must never throw, never loop and never flood the server.
import { logger } from "./logger";

export type ClientErrorKind = "startup" | "mount" | "render" | "error" | "unhandledrejection" | "chunk";

export interface ClientErrorReport {
  message: string;
  stack?: string;
  kind: ClientErrorKind;
  url: string;
  userAgent?: string;
  buildId?: string;
}

export const CLIENT_ERROR_URL = "/api/client-errors";
/** At most this many reports leave one page load. */
export const MAX_REPORTS_PER_PAGE = 10;

// Field limits of clientErrorSchema on the server.
const LIMITS = { message: 2000, stack: 10_000, url: 2000, userAgent: 500, buildId: 100 } as const;

/** Harmless browser noise that is not worth a record. */
const IGNORED_MESSAGES = [/^ResizeObserver loop/i, /^Script error\.?$/i];

type Transport = (url: string, body: string) => void;

interface ReporterState {
  buildId: string | undefined;
  sent: number;
  seen: Set<string>;
  transport: Transport;
}

function defaultTransport(url: string, body: string): void {
  // fetch keepalive survives page unloads and sends a JSON content type (sendBeacon may not).
  if (typeof fetch === "function") {
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      keepalive: true,
      credentials: "same-origin",
    }).catch(() => {
      // The log is best effort; a failed report must not create another report.
    });
    return;
  }
  if (typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function") {
    navigator.sendBeacon(url, new Blob([body], { type: "application/json" }));
  }
}

const state: ReporterState = { buildId: undefined, sent: 0, seen: new Set(), transport: defaultTransport };

/** For tests: start over with a given transport. */
export function resetErrorReporter(options: { transport?: Transport; buildId?: string } = {}): void {
  state.buildId = options.buildId;
  state.sent = 0;
  state.seen = new Set();
  state.transport = options.transport ?? defaultTransport;
}

export function setReporterBuildId(buildId: string): void {
  state.buildId = buildId;
}

function clip(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

function errorStack(error: unknown): string | undefined {
  return error instanceof Error && typeof error.stack === "string" ? error.stack : undefined;
}

/** Sends one error to the server log. Returns whether it was sent (not a duplicate, not over the cap). */
export function recordClientError(kind: ClientErrorKind, error: unknown): boolean {
  try {
    const message = clip(errorMessage(error) || "Nežinoma klaida", LIMITS.message);
    if (IGNORED_MESSAGES.some((pattern) => pattern.test(message))) return false;
    const stack = errorStack(error);
    const key = `${message}\n${stack?.split("\n", 3).join("\n") ?? ""}`;
    if (state.seen.has(key)) return false;
    if (state.sent >= MAX_REPORTS_PER_PAGE) return false;
    state.seen.add(key);
    state.sent += 1;
    const report: ClientErrorReport = {
      message,
      kind,
      // The customer's page holds its secret link token in the address: never in the error log.
      url: clip(
        (typeof location !== "undefined" ? location.href : "").replace(
          /\/mano-rezervacija\/[^/?#]+/,
          "/mano-rezervacija/…",
        ),
        LIMITS.url,
      ),
    };
    if (stack) report.stack = clip(stack, LIMITS.stack);
    if (typeof navigator !== "undefined" && navigator.userAgent) {
      report.userAgent = clip(navigator.userAgent, LIMITS.userAgent);
    }
    if (state.buildId) report.buildId = clip(state.buildId, LIMITS.buildId);
    state.transport(CLIENT_ERROR_URL, JSON.stringify(report));
    return true;
  } catch {
    return false;
  }
}

/** Logs in Lithuanian and records the error. */
export function reportError(kind: ClientErrorKind, logMessage: string, error: unknown): void {
  try {
    logger.error(`${logMessage}: ${errorMessage(error)}`, error);
  } catch {
    // console may be gone in odd embeddings; recording still matters.
  }
  recordClientError(kind, error);
}

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /ChunkLoadError/i,
  /Loading chunk [\w-]+ failed/i,
];

/** A failed lazy import: the deployed build changed under an open tab, or the network dropped. */
export function isChunkLoadError(error: unknown): boolean {
  const message = errorMessage(error);
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

export interface GlobalErrorReportingOptions {
  buildId: string;
  /** a chunk failed to load; return true when the page is reloading (the error is then swallowed) */
  onChunkError?: (error: unknown) => boolean;
  target?: Pick<Window, "addEventListener" | "removeEventListener">;
}

/** Installs window "error" and "unhandledrejection" handlers. Returns an uninstaller. */
export function installGlobalErrorReporting(options: GlobalErrorReportingOptions): () => void {
  setReporterBuildId(options.buildId);
  const target = options.target ?? (typeof window !== "undefined" ? window : undefined);
  if (!target) return () => {};

  const handle = (kind: "error" | "unhandledrejection", error: unknown, event: Event) => {
    try {
      if (isChunkLoadError(error)) {
        if (options.onChunkError?.(error)) {
          event.preventDefault();
          return;
        }
        reportError("chunk", "Nepavyko įkelti programos dalies", error);
        return;
      }
      reportError(
        kind,
        kind === "error" ? "Neapdorota klaida naršyklėje" : "Neapdorotas pažado (Promise) atmetimas",
        error,
      );
    } catch {
      // never throw from the reporter
    }
  };
  const onError = (event: Event) => {
    const e = event as ErrorEvent;
    handle("error", e.error ?? e.message, event);
  };
  const onRejection = (event: Event) => {
    handle("unhandledrejection", (event as PromiseRejectionEvent).reason, event);
  };
  target.addEventListener("error", onError);
  target.addEventListener("unhandledrejection", onRejection);
  return () => {
    target.removeEventListener("error", onError);
    target.removeEventListener("unhandledrejection", onRejection);
  };
}
