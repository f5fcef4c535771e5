// The runtime config the server serves at /runtime-config.json: it picks the backend
// adapter (and carries the Firebase config) without a rebuild. Its shape is in the domain
// (src/domain/runtimeConfig.ts): the backend registry and adapters read it too.
import type { FirebaseWebConfig, RuntimeConfig } from "../domain/runtimeConfig";

export type { FirebaseWebConfig, RuntimeConfig };

export const RUNTIME_CONFIG_URL = "/runtime-config.json";

export class RuntimeConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RuntimeConfigError";
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Checks the shape the app relies on; everything else passes through untouched. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!isRecord(value)) throw new RuntimeConfigError("Vykdymo konfigūracija turi būti JSON objektas");
  const { backend, firebase, publicUrl, buildCheckIntervalMs } = value;
  if (typeof backend !== "string" || backend.trim() === "") {
    throw new RuntimeConfigError("Vykdymo konfigūracijoje nenurodytas duomenų adapteris (backend)");
  }
  if (firebase !== undefined && firebase !== null && !isRecord(firebase)) {
    throw new RuntimeConfigError("Vykdymo konfigūracijos laukas firebase turi būti objektas");
  }
  const config: RuntimeConfig = {
    backend,
    publicUrl: typeof publicUrl === "string" && publicUrl !== "" ? publicUrl.replace(/\/+$/, "") : null,
  };
  if (isRecord(firebase)) config.firebase = firebase as unknown as FirebaseWebConfig;
  if (typeof buildCheckIntervalMs === "number" && Number.isFinite(buildCheckIntervalMs) && buildCheckIntervalMs > 0) {
    config.buildCheckIntervalMs = buildCheckIntervalMs;
  }
  return config;
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(RUNTIME_CONFIG_URL, { cache: "no-store", headers: { Accept: "application/json" } });
  } catch (cause) {
    throw new RuntimeConfigError(
      `Nepavyko gauti vykdymo konfigūracijos (${RUNTIME_CONFIG_URL}): ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
  if (!response.ok) {
    throw new RuntimeConfigError(
      `Nepavyko gauti vykdymo konfigūracijos (${RUNTIME_CONFIG_URL}): HTTP ${response.status}`,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new RuntimeConfigError(`Vykdymo konfigūracija (${RUNTIME_CONFIG_URL}) nėra tinkamas JSON`);
  }
  return parseRuntimeConfig(body);
}
