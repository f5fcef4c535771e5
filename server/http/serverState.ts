// What one running server knows about itself beyond its dependencies: whether it is stopping
// (readiness answers 503, answers close their connection) and its metrics.
import { ServerMetrics } from "./metrics";

export interface ServerState {
  /** set on SIGTERM/SIGINT (server/start.ts stop()): readiness 503, every answer says Connection: close */
  draining: boolean;
  readonly metrics: ServerMetrics;
}

export function createServerState(): ServerState {
  return { draining: false, metrics: new ServerMetrics() };
}
