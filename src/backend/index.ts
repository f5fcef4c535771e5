// The adapter registry: the runtime config names an adapter, this file knows how to make it.
// The Firebase issue registers "firebase" here (with a lazy import, so its SDK stays out of
// the public bundle until a site actually runs on Firebase).
import type { RuntimeConfig } from "../domain/runtimeConfig";
import { createLocalBackend } from "./local";
import type { Backend } from "./port";

export type BackendFactory = (config: RuntimeConfig) => Backend | Promise<Backend>;

const adapters = new Map<string, BackendFactory>();

export function registerBackendAdapter(kind: string, factory: BackendFactory): void {
  adapters.set(kind, factory);
}

export function registeredBackendAdapters(): string[] {
  return [...adapters.keys()];
}

export class UnknownBackendAdapterError extends Error {
  constructor(readonly kind: string) {
    super(`Nežinomas duomenų adapteris: ${kind}`);
    this.name = "UnknownBackendAdapterError";
  }
}

/** The backend the runtime config asks for; an unregistered adapter is a start-up error. */
export async function createBackend(config: RuntimeConfig): Promise<Backend> {
  const factory = adapters.get(config.backend);
  if (!factory) throw new UnknownBackendAdapterError(config.backend);
  return factory(config);
}

registerBackendAdapter("local", (config) => createLocalBackend(config));
registerBackendAdapter("firebase", async (config) => (await import("./firebase")).createFirebaseBackend(config));
