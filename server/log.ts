// One console logger for the server: Lithuanian messages with a local timestamp and level.
// LOG_FORMAT=json (server/main.ts, setLogFormat) prints one JSON object per line instead: the
// message, the level, the request's id, and an error's stack inside the object, never over
// several lines. Lines logged while a request is answered carry its id (withLogFields).
// A server run inside another process (the integration tests) collects its own lines instead:
// withLogSink() sends everything logged within its asynchronous context to a function.
import { AsyncLocalStorage } from "node:async_hooks";
import { formatWithOptions, inspect } from "node:util";

export type Level = "info" | "warn" | "error";
export type LogFormat = "text" | "json";

const LEVEL_LABELS: Record<Level, string> = { info: "INFO", warn: "ĮSPĖJIMAS", error: "KLAIDA" };

function timestamp(now = new Date()): string {
  // sv-SE gives "2026-11-21 10:05:00", the lt-LT reading order.
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Vilnius",
    dateStyle: "short",
    timeStyle: "medium",
  }).format(now);
}

/** Receives one logged line, formatted as the console would print it (without the newline). */
export type LogSink = (line: string, level: Level) => void;

interface SinkContext {
  sink: LogSink;
  format?: LogFormat;
}

const sinks = new AsyncLocalStorage<SinkContext>();
const fieldStore = new AsyncLocalStorage<Record<string, unknown>>();
let processFormat: LogFormat = "text";

/** Text (the default) or one JSON object per line, for the whole process (server/main.ts). */
export function setLogFormat(format: LogFormat): void {
  processFormat = format;
}

/**
 * Runs fn with every line logged in its asynchronous context (timers, requests, jobs it starts)
 * going to sink; `format` overrides the process's for these lines (tests of the JSON format).
 */
export function withLogSink<T>(sink: LogSink, fn: () => T, format?: LogFormat): T {
  return sinks.run({ sink, format }, fn);
}

/** Runs fn with these fields (e.g. the request's id) added to every JSON line it logs. */
export function withLogFields<T>(fields: Record<string, unknown>, fn: () => T): T {
  return fieldStore.run({ ...fieldStore.getStore(), ...fields }, fn);
}

/** An error as JSON: name, message, code, the stack as one string, and its cause. */
function errorJson(error: Error, depth = 0): Record<string, unknown> {
  const code = (error as { code?: unknown }).code;
  const out: Record<string, unknown> = { name: error.name, message: error.message };
  if (code !== undefined) out.code = code;
  if (error.stack) out.stack = error.stack;
  if (error.cause !== undefined && depth < 3) {
    out.cause = error.cause instanceof Error ? errorJson(error.cause, depth + 1) : inspect(error.cause);
  }
  return out;
}

function jsonLine(level: Level, message: string, details: unknown[], fields: Record<string, unknown>): string {
  const entry: Record<string, unknown> = {
    time: new Date().toISOString(),
    level,
    message,
    ...fieldStore.getStore(),
    ...fields,
  };
  const errors = details.filter((d): d is Error => d instanceof Error);
  const rest = details.filter((d) => !(d instanceof Error));
  if (errors.length > 0) entry.error = errorJson(errors[0] as Error);
  if (errors.length > 1) entry.errors = errors.slice(1).map((e) => errorJson(e));
  if (rest.length > 0) {
    entry.details = formatWithOptions({ colors: false, breakLength: Number.POSITIVE_INFINITY, compact: true }, ...rest);
  }
  return JSON.stringify(entry);
}

function write(level: Level, message: string, details: unknown[], fields: Record<string, unknown> = {}): void {
  const context = sinks.getStore();
  const format = context?.format ?? processFormat;
  if (format === "json") {
    const line = jsonLine(level, message, details, fields);
    if (context) context.sink(line, level);
    // Every entry on stdout, one line each: a collector reads one stream.
    else process.stdout.write(`${line}\n`);
    return;
  }
  const line = `[${timestamp()}] ${LEVEL_LABELS[level]} ${message}`;
  if (context) {
    context.sink(formatWithOptions({ colors: false }, line, ...details), level);
    return;
  }
  if (level === "error") console.error(line, ...details);
  else if (level === "warn") console.warn(line, ...details);
  else console.info(line, ...details);
}

export const log = {
  info: (message: string, ...details: unknown[]): void => write("info", message, details),
  warn: (message: string, ...details: unknown[]): void => write("warn", message, details),
  error: (message: string, ...details: unknown[]): void => write("error", message, details),
  /** One line with its own fields (in JSON: next to the message; in text: only the message). */
  entry: (level: Level, message: string, fields: Record<string, unknown>): void => write(level, message, [], fields),
};
