// The VIES client (the port VatRegistry of src/core/ports.ts): the European Commission's published
// REST service "check-vat-number" (POST JSON { countryCode, vatNumber }; answers { valid, name,
// address, requestDate, userError, … }, or { actionSucceed: false, errorWrappers: [{ error }] }).
// Shared by the local server and Cloud Functions; on only when VIES_CHECK says so (off by default).
//
// Settings (environment):
//   VIES_CHECK  on | off (default off): ask VIES before an invoice is reverse-charged
//   VIES_URL    the service's address (default the Commission's); tests point it at a stand-in
import { type VatRegistry, type VatRegistryAnswer, VatRegistryUnavailableError } from "../../core/ports";

export const VIES_REST_URL = "https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number";
/** How long one question may take before VIES counts as unavailable. */
export const VIES_TIMEOUT_MS = 15_000;

export const VIES_UNAVAILABLE_MESSAGE = (detail: string) =>
  `VIES (ES PVM mokėtojų registras) šiuo metu neatsako (${detail}): PVM mokėtojo kodo patikrinti nepavyko. ` +
  "Bandykite vėliau.";

/** VIES's userError / error values that mean "not known now", not "not registered". */
const UNAVAILABLE_ERRORS = new Set([
  "MS_UNAVAILABLE",
  "SERVICE_UNAVAILABLE",
  "TIMEOUT",
  "MS_MAX_CONCURRENT_REQ",
  "GLOBAL_MAX_CONCURRENT_REQ",
  "IP_BLOCKED",
  "VAT_BLOCKED",
]);

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" && value.trim() !== "---" ? value.trim() : null;

export interface ViesClientOptions {
  url?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createViesClient(options: ViesClientOptions = {}): VatRegistry {
  const url = options.url ?? VIES_REST_URL;
  const timeoutMs = options.timeoutMs ?? VIES_TIMEOUT_MS;
  const send = options.fetch ?? fetch;
  return {
    async check({ countryCode, vatNumber }): Promise<VatRegistryAnswer> {
      let response: Response;
      try {
        response = await send(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ countryCode, vatNumber }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const detail =
          error instanceof Error && error.name === "TimeoutError" ? "per ilgai laukta atsakymo" : "ryšio klaida";
        throw new VatRegistryUnavailableError(VIES_UNAVAILABLE_MESSAGE(detail));
      }
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      const wrapped = Array.isArray(body?.errorWrappers)
        ? String((body.errorWrappers[0] as { error?: unknown } | undefined)?.error ?? "")
        : "";
      const userError = typeof body?.userError === "string" ? body.userError : "";
      if (!response.ok || !body || body.actionSucceed === false || UNAVAILABLE_ERRORS.has(userError)) {
        if (wrapped === "INVALID_INPUT") return { valid: false, name: null, address: null, requestDate: null };
        throw new VatRegistryUnavailableError(
          VIES_UNAVAILABLE_MESSAGE(userError || wrapped || `HTTP ${response.status}`),
        );
      }
      if (typeof body.valid !== "boolean") {
        throw new VatRegistryUnavailableError(VIES_UNAVAILABLE_MESSAGE("neatpažintas atsakymas"));
      }
      const requestDate = typeof body.requestDate === "string" ? body.requestDate.slice(0, 10) : null;
      return { valid: body.valid, name: text(body.name), address: text(body.address), requestDate };
    },
  };
}

export const VIES_CHECK_MESSAGE = (value: string) => `VIES_CHECK turi būti on arba off (dabar „${value}“)`;

/** The client when VIES_CHECK is on, else null (off, the default). Throws for a value that is neither. */
export function viesFromEnv(env: Record<string, string | undefined>): VatRegistry | null {
  const value = (env.VIES_CHECK ?? "").trim().toLowerCase();
  if (value === "" || value === "off" || value === "0" || value === "false") return null;
  if (value !== "on" && value !== "1" && value !== "true") throw new Error(VIES_CHECK_MESSAGE(env.VIES_CHECK ?? ""));
  return createViesClient({ url: env.VIES_URL?.trim() || VIES_REST_URL });
}
