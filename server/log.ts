// One console logger for the server: Lithuanian messages with a local timestamp and level.
type Level = "info" | "warn" | "error";

const LEVEL_LABELS: Record<Level, string> = { info: "INFO", warn: "ĮSPĖJIMAS", error: "KLAIDA" };

function timestamp(now = new Date()): string {
  // sv-SE gives "2026-11-21 10:05:00", the lt-LT reading order.
  return new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Vilnius",
    dateStyle: "short",
    timeStyle: "medium",
  }).format(now);
}

function write(level: Level, message: string, details: unknown[]): void {
  const line = `[${timestamp()}] ${LEVEL_LABELS[level]} ${message}`;
  if (level === "error") console.error(line, ...details);
  else if (level === "warn") console.warn(line, ...details);
  else console.info(line, ...details);
}

export const log = {
  info: (message: string, ...details: unknown[]): void => write("info", message, details),
  warn: (message: string, ...details: unknown[]): void => write("warn", message, details),
  error: (message: string, ...details: unknown[]): void => write("error", message, details),
};
