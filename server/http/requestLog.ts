// Every request's id and its access-log line: X-Request-Id is taken from the caller (a proxy's
// $request_id) when it is well-formed, else made here, echoed in the answer and added to every log
// line written while the request is answered. One line per answered request (method, path without
// the query string or a secret in the address, status, duration, id), and the metrics counted.
import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { routePath } from "hono/route";
import { formatNumber } from "../../src/domain/format";
import { PORTAL_PATH } from "../../src/domain/portalToken";
import { log, withLogFields } from "../log";
import type { AppEnv } from "./context";
import type { ServerState } from "./serverState";

/** Letters, digits and . _ : - only, 1–128 long: nothing that could break a log line or a header. */
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function acceptedRequestId(header: string | undefined): string | null {
  const value = header?.trim();
  return value && REQUEST_ID.test(value) ? value : null;
}

/** Addresses that hold a secret (the customer's page token, a calendar feed's file name) are cut. */
const SECRET_PREFIXES = [PORTAL_PATH, "/api/ical"];

export function loggedPath(path: string): string {
  for (const prefix of SECRET_PREFIXES) {
    if (path.startsWith(`${prefix}/`)) return `${prefix}/…`;
  }
  return path.length > 300 ? `${path.slice(0, 300)}…` : path;
}

/** Health probes and metrics scrapes come every few seconds: logged only when they fail. */
const QUIET_PATHS = /^\/api\/(health(\/|$)|metrics$)/;

export function requestLog(options: { accessLog: boolean; state: ServerState }) {
  const { metrics } = options.state;
  return async (c: Context<AppEnv>, next: () => Promise<void>): Promise<void> => {
    const started = performance.now();
    const id = acceptedRequestId(c.req.header("x-request-id")) ?? randomUUID();
    c.set("requestId", id);
    metrics.inFlight += 1;
    try {
      await withLogFields({ requestId: id }, next);
    } finally {
      metrics.inFlight -= 1;
    }
    c.header("X-Request-Id", id);
    // While stopping, no answer keeps its connection: the client opens a new one elsewhere.
    if (options.state.draining) c.header("Connection", "close");
    const status = c.res.status;
    const seconds = (performance.now() - started) / 1000;
    metrics.observe(c.req.method, routePath(c) || "(nerastas)", status, seconds);
    if (!options.accessLog || (QUIET_PATHS.test(c.req.path) && status < 400)) return;
    const path = loggedPath(c.req.path);
    const ms = Math.round(seconds * 1000);
    log.entry(
      status >= 500 ? "warn" : "info",
      `${c.req.method} ${path} → ${status}, ${formatNumber(ms, 0)} ms (užklausa ${id})`,
      {
        requestId: id,
        method: c.req.method,
        path,
        status,
        durationMs: ms,
      },
    );
  };
}
