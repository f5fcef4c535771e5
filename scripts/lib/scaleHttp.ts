// The HTTP client and the table printing of `npm run bench` (scripts/bench.ts), shared by its
// default run and by `--scale` (scripts/lib/scaleBench.ts): keep-alive requests timed until the
// whole body has arrived, and Lithuanian-formatted tables.
import http from "node:http";

export const lt1 = new Intl.NumberFormat("lt-LT", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
export const lt0 = new Intl.NumberFormat("lt-LT", { maximumFractionDigits: 0 });
export const ms = (value: number) => `${lt1.format(value)} ms`;
export const kb = (bytes: number) => `${lt1.format(bytes / 1024)} kB`;

export function table(headers: string[], rows: string[][], rightAligned: number[] = []): void {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        rightAligned.includes(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  console.info(line(headers));
  console.info(widths.map((width) => "─".repeat(width)).join("  "));
  for (const row of rows) console.info(line(row));
}

export function heading(text: string): void {
  console.info("");
  console.info(text);
  console.info("");
}

export interface Answer {
  status: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
  ms: number;
}

export interface Call {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request over the agent's keep-alive connections; the time runs until the whole body has arrived. */
export function send(agent: http.Agent, base: URL, call: Call): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers: Record<string, string> = { ...call.headers };
    if (call.body !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = String(Buffer.byteLength(call.body));
    }
    const request = http.request(
      { agent, host: base.hostname, port: base.port, method: call.method, path: call.path, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            headers: response.headers,
            ms: performance.now() - started,
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(call.body);
  });
}

export function json<T>(answer: Answer, what: string): T {
  try {
    return JSON.parse(answer.body.toString("utf8")) as T;
  } catch {
    throw new Error(
      `${what}: atsakymas ne JSON (būsena ${answer.status}): ${answer.body.toString("utf8").slice(0, 300)}`,
    );
  }
}

export const listOf = <T>(body: unknown): T[] =>
  Array.isArray(body) ? (body as T[]) : ((body as { data?: T[] } | null)?.data ?? []);

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
