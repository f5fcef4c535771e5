// JSON over fetch to our own server (same origin, session cookie). Error bodies
// { message, errors } become BackendError with the server's Lithuanian messages.
import { BackendError } from "../port";

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

export interface HttpClient {
  request<T>(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

export const NETWORK_ERROR_MESSAGE =
  "Nepavyko susisiekti su serveriu. Patikrinkite interneto ryšį ir bandykite dar kartą.";

/** Lithuanian fallbacks for answers without a message of their own. */
export function fallbackMessage(status: number): string {
  if (status === 0) return NETWORK_ERROR_MESSAGE;
  if (status === 400) return "Neteisinga užklausa";
  if (status === 401) return "Reikia prisijungti";
  if (status === 403) return "Neturite teisės atlikti šio veiksmo";
  if (status === 404) return "Nerasta";
  if (status === 409) return "Duomenys jau pasikeitė arba laikas užimtas";
  if (status === 413) return "Per didelis failas arba užklausa";
  if (status === 415) return "Netinkamas failo tipas";
  if (status === 422) return "Patikrinkite pažymėtus laukus";
  if (status === 429) return "Per daug bandymų. Palaukite ir bandykite dar kartą.";
  if (status >= 500) return "Serverio klaida. Bandykite vėliau.";
  return `Nepavyko įvykdyti užklausos (HTTP ${status})`;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** { message, errors } from an error body; strings only. */
export function errorFromBody(status: number, body: unknown): BackendError {
  const message =
    isRecord(body) && typeof body.message === "string" && body.message ? body.message : fallbackMessage(status);
  const fieldErrors: Record<string, string> = {};
  if (isRecord(body) && isRecord(body.errors)) {
    for (const [field, text] of Object.entries(body.errors)) {
      if (typeof text === "string") fieldErrors[field] = text;
      else if (Array.isArray(text) && typeof text[0] === "string") fieldErrors[field] = text[0];
    }
  }
  return new BackendError(message, status, fieldErrors, body);
}

export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ""}`;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

export function createHttpClient(options: { baseUrl?: string; fetch?: typeof fetch } = {}): HttpClient {
  const baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));

  async function request<T>(method: string, path: string, { query, body, signal }: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json" };
    const init: RequestInit = { method, headers, credentials: "same-origin" };
    if (signal) init.signal = signal;
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await fetchImpl(buildUrl(baseUrl, path, query), init);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new BackendError(NETWORK_ERROR_MESSAGE, 0, {}, error);
    }
    const text = await response.text().catch(() => "");
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        if (response.ok) throw new BackendError("Serveris atsakė netinkamu formatu", response.status, {}, text);
      }
    }
    if (!response.ok) throw errorFromBody(response.status, parsed);
    return parsed as T;
  }

  return {
    request: (method, path, opts) => request(method, path, opts),
    get: (path, opts) => request("GET", path, opts),
    post: (path, body, opts) => request("POST", path, { ...opts, body }),
    delete: (path, opts) => request("DELETE", path, opts),
  };
}
