// Emulator addresses of the runtime config ({ auth: "127.0.0.1:9099", storage: 9199, ... }).
// Pure: the Firebase start-up (init.ts) and the prerender (scripts/prerender.ts) read them alike.

export const EMULATOR_NAMES = ["auth", "firestore", "functions", "storage", "database"] as const;
export type EmulatorName = (typeof EMULATOR_NAMES)[number];

export interface EmulatorAddress {
  host: string;
  port: number;
}
export type EmulatorConfig = Partial<Record<EmulatorName, EmulatorAddress>>;

function parseAddress(name: string, value: unknown): EmulatorAddress {
  let host: unknown;
  let port: unknown;
  if (typeof value === "string") {
    const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(value.trim());
    if (!match) throw new Error(`emuliatoriaus „${name}“ adresas turi būti „host:port“, o gauta „${value}“`);
    [host, port] = [match[1], Number(match[2])];
  } else if (typeof value === "number") {
    [host, port] = ["127.0.0.1", value];
  } else if (value && typeof value === "object") {
    ({ host = "127.0.0.1", port } = value as { host?: unknown; port?: unknown });
    if (typeof port === "string") port = Number(port);
  }
  if (typeof host !== "string" || host === "" || typeof port !== "number" || !Number.isInteger(port)) {
    throw new Error(`neteisingas emuliatoriaus „${name}“ adresas`);
  }
  if (port < 1 || port > 65535) throw new Error(`emuliatoriaus „${name}“ prievadas turi būti nuo 1 iki 65535`);
  return { host, port };
}

/** { auth: "127.0.0.1:9099", firestore: { host, port }, functions: 5001 } -> addresses. */
export function parseEmulators(raw: Record<string, unknown> | undefined | null): EmulatorConfig {
  const emulators: EmulatorConfig = {};
  if (!raw) return emulators;
  for (const [name, value] of Object.entries(raw)) {
    if (value === null || value === undefined || value === false) continue;
    if (!(EMULATOR_NAMES as readonly string[]).includes(name)) {
      throw new Error(`nežinomas emuliatorius „${name}“ (galimi: ${EMULATOR_NAMES.join(", ")})`);
    }
    emulators[name as EmulatorName] = parseAddress(name, value);
  }
  return emulators;
}
