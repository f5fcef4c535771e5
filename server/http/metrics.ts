// The server's metrics in Prometheus text exposition format (version 0.0.4), for GET /api/metrics
// (server/routes/metrics.ts): requests by route pattern and status class, their durations, what
// is in flight, the mail queue, the last good backup's age, the process's memory and the event
// loop's delay. One ServerMetrics per running server (server/start.ts), so several servers in one
// process (the tests) count apart.
import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";
import type { Db } from "../db/types";
import { backupState, diskSpace, mailQueue } from "../services/opsStatus";

/** Request duration buckets, seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  labels: Record<string, string>;
  count: number;
  sum: number;
  buckets: number[];
}

/** A label value escaped as the format asks: backslash, double quote and newline. */
function escapeLabel(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

function labelText(labels: Record<string, string>): string {
  const entries = Object.entries(labels);
  if (entries.length === 0) return "";
  return `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(",")}}`;
}

/** A number as the format writes it: +Inf, NaN, or plain. */
function num(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

class Exposition {
  private lines: string[] = [];
  metric(name: string, type: "counter" | "gauge" | "histogram", help: string): this {
    this.lines.push(`# HELP ${name} ${help.replace(/\\/g, "\\\\").replace(/\n/g, "\\n")}`, `# TYPE ${name} ${type}`);
    return this;
  }
  sample(name: string, value: number, labels: Record<string, string> = {}): this {
    this.lines.push(`${name}${labelText(labels)} ${num(value)}`);
    return this;
  }
  text(): string {
    return `${this.lines.join("\n")}\n`;
  }
}

export class ServerMetrics {
  private readonly requests = new Map<string, Series>();
  private loop: IntervalHistogram | null = null;
  private readonly startedAt = Date.now();
  /** requests received and not yet answered */
  inFlight = 0;

  /** Starts sampling the event loop's delay (server/start.ts; stop() ends it). */
  startEventLoopMonitor(): void {
    if (this.loop) return;
    this.loop = monitorEventLoopDelay({ resolution: 20 });
    this.loop.enable();
  }

  stop(): void {
    this.loop?.disable();
    this.loop = null;
  }

  /** One answered request: its method, route pattern (never the raw path), status and duration. */
  observe(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status_class: `${Math.floor(status / 100)}xx` };
    const key = `${labels.method} ${labels.route} ${labels.status_class}`;
    let series = this.requests.get(key);
    if (!series) {
      series = { labels, count: 0, sum: 0, buckets: BUCKETS.map(() => 0) };
      this.requests.set(key, series);
    }
    series.count += 1;
    series.sum += seconds;
    for (let i = 0; i < BUCKETS.length; i++)
      if (seconds <= (BUCKETS[i] as number)) series.buckets[i] = (series.buckets[i] ?? 0) + 1;
  }

  /** The exposition; what the database or the disk cannot tell right now is left out, never invented. */
  async render(deps: { db: Db; dataDir: string; draining: boolean }): Promise<string> {
    const out = new Exposition();
    const series = [...this.requests.values()];
    out.metric("ratai_http_requests_total", "counter", "Atsakytos HTTP užklausos pagal maršrutą ir būsenos klasę");
    for (const s of series) out.sample("ratai_http_requests_total", s.count, s.labels);
    out.metric("ratai_http_request_duration_seconds", "histogram", "HTTP užklausų trukmė sekundėmis");
    for (const s of series) {
      BUCKETS.forEach((le, i) => {
        out.sample("ratai_http_request_duration_seconds_bucket", s.buckets[i] as number, { ...s.labels, le: num(le) });
      });
      out.sample("ratai_http_request_duration_seconds_bucket", s.count, { ...s.labels, le: "+Inf" });
      out.sample("ratai_http_request_duration_seconds_sum", s.sum, s.labels);
      out.sample("ratai_http_request_duration_seconds_count", s.count, s.labels);
    }
    out
      .metric("ratai_http_requests_in_flight", "gauge", "Gautos, dar neatsakytos užklausos")
      .sample("ratai_http_requests_in_flight", this.inFlight);
    out
      .metric("ratai_draining", "gauge", "1, kai serveris stabdomas ir naujų užklausų nebepriima")
      .sample("ratai_draining", deps.draining ? 1 : 0);

    try {
      const queue = await mailQueue(deps.db);
      out.metric("ratai_mail_queue", "gauge", "Laiškai eilėje pagal siuntimo būseną");
      for (const [state, n] of Object.entries(queue.byState)) {
        out.sample("ratai_mail_queue", n, { state: state.toLowerCase() });
      }
      out
        .metric("ratai_mail_oldest_unsent_age_seconds", "gauge", "Seniausio neišsiųsto laiško amžius sekundėmis")
        .sample("ratai_mail_oldest_unsent_age_seconds", queue.oldestUnsentAgeSeconds ?? 0);
    } catch {
      // the database does not answer: readiness says so
    }
    try {
      const backup = await backupState(deps.db);
      out
        .metric("ratai_backup_enabled", "gauge", "1, kai suplanuotos atsarginės kopijos įjungtos")
        .sample("ratai_backup_enabled", backup.enabled ? 1 : 0);
      if (backup.lastGoodAgeSeconds !== null) {
        out
          .metric("ratai_backup_last_success_age_seconds", "gauge", "Paskutinės pavykusios atsarginės kopijos amžius")
          .sample("ratai_backup_last_success_age_seconds", Math.round(backup.lastGoodAgeSeconds));
      }
    } catch {
      // as above
    }
    try {
      const disk = await diskSpace(deps.dataDir);
      out
        .metric("ratai_data_disk_free_bytes", "gauge", "Laisva vieta duomenų (DATA_DIR) diske baitais")
        .sample("ratai_data_disk_free_bytes", disk.freeBytes);
    } catch {
      // the folder is gone: readiness says so
    }

    const memory = process.memoryUsage();
    out
      .metric("process_resident_memory_bytes", "gauge", "Proceso užimama atmintis (RSS) baitais")
      .sample("process_resident_memory_bytes", memory.rss);
    out
      .metric("nodejs_heap_used_bytes", "gauge", "Naudojama JavaScript krūva baitais")
      .sample("nodejs_heap_used_bytes", memory.heapUsed);
    out
      .metric("nodejs_heap_total_bytes", "gauge", "Visa JavaScript krūva baitais")
      .sample("nodejs_heap_total_bytes", memory.heapTotal);
    out
      .metric("nodejs_external_memory_bytes", "gauge", "Atmintis už krūvos ribų (buferiai, WASM) baitais")
      .sample("nodejs_external_memory_bytes", memory.external);
    out
      .metric("process_uptime_seconds", "gauge", "Kiek laiko veikia serveris, sekundėmis")
      .sample("process_uptime_seconds", Math.round((Date.now() - this.startedAt) / 1000));
    if (this.loop && this.loop.count > 0) {
      const s = (ns: number) => ns / 1e9;
      out.metric("nodejs_eventloop_delay_seconds", "gauge", "Įvykių ciklo vėlavimas sekundėmis (nuo paleidimo)");
      out.sample("nodejs_eventloop_delay_seconds", s(this.loop.mean), { stat: "mean" });
      out.sample("nodejs_eventloop_delay_seconds", s(this.loop.percentile(50)), { stat: "p50" });
      out.sample("nodejs_eventloop_delay_seconds", s(this.loop.percentile(99)), { stat: "p99" });
      out.sample("nodejs_eventloop_delay_seconds", s(this.loop.max), { stat: "max" });
    }
    return out.text();
  }
}
