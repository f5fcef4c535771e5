// A small HTTP client for the real server: same-site Origin on mutations (the
// server's cross-site check) and a cookie jar for the session cookie.
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /** parsed JSON, or undefined when the body is not JSON */
  body: T;
}

export interface RequestOptions {
  /** sent as JSON with content-type application/json */
  json?: unknown;
  /** sent as is (string, FormData, bytes) */
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Origin header; default: the server's own origin on mutations; null: none */
  origin?: string | null;
}

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: "application/json", ...options.headers };
    const origin = options.origin === undefined ? (MUTATIONS.has(method) ? this.baseUrl : null) : options.origin;
    if (origin !== null) headers.origin = origin;
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers["content-type"] ??= "application/json";
    }
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) this.storeCookie(cookie);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed as T };
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>("GET", path, options);
  }
  post<T = unknown>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>("POST", path, json === undefined ? options : { ...options, json });
  }
  put<T = unknown>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>("PUT", path, json === undefined ? options : { ...options, json });
  }
  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>("DELETE", path, options);
  }

  private storeCookie(header: string): void {
    const [pair = "", ...attributes] = header.split(";");
    const eq = pair.indexOf("=");
    if (eq < 1) return;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => {
      const [key = "", val = ""] = a.split("=").map((s) => s.trim());
      if (key.toLowerCase() === "max-age") return Number(val) <= 0;
      if (key.toLowerCase() === "expires") return Date.parse(val) <= Date.now();
      return false;
    });
    if (expired || value === "") this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** A list answer is an array or { data: [...] }. */
export function listItems<T = Record<string, unknown>>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === "object" && Array.isArray((body as { data?: unknown }).data)) {
    return (body as { data: T[] }).data;
  }
  throw new Error(`Atsakymas nėra sąrašas: ${JSON.stringify(body)?.slice(0, 300)}`);
}

/** "cars 0-4/27" -> 27 */
export function contentRangeTotal(response: ApiResponse): number {
  const header = response.headers.get("content-range");
  if (!header)
    throw new Error(`Nėra Content-Range antraštės (statusas ${response.status}): ${response.text.slice(0, 300)}`);
  const total = Number(header.split("/").pop());
  if (!Number.isInteger(total)) throw new Error(`Neteisinga Content-Range antraštė: ${header}`);
  return total;
}

/** An ra-data-simple-rest list query string. */
export function listQuery(params: {
  sort?: [string, "ASC" | "DESC"];
  range?: [number, number];
  filter?: object;
}): string {
  const search = new URLSearchParams();
  if (params.sort) search.set("sort", JSON.stringify(params.sort));
  if (params.range) search.set("range", JSON.stringify(params.range));
  if (params.filter) search.set("filter", JSON.stringify(params.filter));
  const query = search.toString();
  return query ? `?${query}` : "";
}
