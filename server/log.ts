// One console logger for the server: Lithuanian messages with a local timestamp and level.
// A server run inside another process (the integration tests) collects its own lines instead:
// withLogSink() sends everything logged within its asynchronous context to a function.
import { AsyncLocalStorage } from "node:async_hooks";
import { formatWithOptions } from "node:util";

export type Level = "info" | "warn" | "error";

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

const sinks = new AsyncLocalStorage<LogSink>();

/** Runs fn with every line logged in its asynchronous context (timers, requests, jobs it starts) going to sink. */
export function withLogSink<T>(sink: LogSink, fn: () => T): T {
  return sinks.run(sink, fn);
}

function write(level: Level, message: string, details: unknown[]): void {
  const line = `[${timestamp()}] ${LEVEL_LABELS[level]} ${message}`;
  const sink = sinks.getStore();
  if (sink) {
    sink(formatWithOptions({ colors: false }, line, ...details), level);
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
};
