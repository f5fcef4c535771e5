// react-admin providers for the embedded server: ra-data-simple-rest over /api/admin and a
// cookie session. Loaded lazily with the back-office; the public bundle never sees it.
import simpleRestProvider from "ra-data-simple-rest";
import { type AuthProvider, type DataProvider, fetchUtils, HttpError, type RaRecord } from "react-admin";
import { type AnyStaffAction, pathParams, STAFF_ACTIONS } from "../../core/actions/index";
import { loginUrlForLocation } from "../../domain/loginRedirect";
import { ADMIN_RESOURCES } from "../../domain/schemas";
import type { AdminActions, LiveChange } from "../adminActions";
import { ADMIN_ONLY_RESOURCES, type SessionUser } from "../port";
import { reportSessionExpired, SESSION_EXPIRED_MESSAGE } from "../sessionExpiry";

export const ADMIN_API_URL = "/api/admin";
/** The public sign-in page (outside the /admin basename). */
export const LOGIN_PATH = "/login";

/** Only admins may open these resources; the server refuses them to staff too. */
/** Fields the server owns; sending them would fail its strict schema. */
const SERVER_OWNED_FIELDS = ["id", "createdAt", "updatedAt"] as const;
/** Per resource: denormalised values the server computes. */
const COMPUTED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  cars: ["priceFrom"],
};

/** The keys a resource's schema accepts; display-only extras a list adds are not sent back. */
function writableKeys(resource: string): ReadonlySet<string> | null {
  const schema = (ADMIN_RESOURCES as Record<string, { shape?: Record<string, unknown> }>)[resource];
  return schema?.shape ? new Set(Object.keys(schema.shape)) : null;
}

const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: "Neteisinga užklausa",
  401: "Prisijunkite iš naujo",
  403: "Neturite teisių šiam veiksmui",
  404: "Įrašas nerastas",
  409: "Įrašas prieštarauja kitiems duomenims",
  413: "Per didelis užklausos turinys",
  422: "Patikrinkite pažymėtus laukus",
  429: "Per daug užklausų. Bandykite vėliau.",
  500: "Serverio klaida. Bandykite vėliau.",
  502: "Serveris nepasiekiamas. Bandykite vėliau.",
  503: "Serveris laikinai nepasiekiamas. Bandykite vėliau.",
};
export const NETWORK_ERROR_MESSAGE = "Nepavyko susisiekti su serveriu. Patikrinkite interneto ryšį.";

export function messageForStatus(status: number): string {
  return STATUS_MESSAGES[status] ?? (status >= 500 ? STATUS_MESSAGES[500]! : STATUS_MESSAGES[400]!);
}

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

/**
 * fetchJson with the session cookie, always with a Lithuanian message: the server's own
 * ({message}), else one for the status; network failures too. The body stays on the
 * HttpError so react-admin can show the server's field errors under the inputs.
 */
export async function adminHttpClient(url: string, options: fetchUtils.Options = {}) {
  try {
    return await fetchUtils.fetchJson(url, { ...options, credentials: "same-origin" });
  } catch (error) {
    if (error instanceof HttpError) {
      const body = (error.body ?? {}) as ErrorBody;
      // A 401 outside /api/auth means the session ended under an open page (a wrong password is the login's own 401).
      const sessionEnded = error.status === 401 && !url.includes("/api/auth/");
      const message = sessionEnded
        ? SESSION_EXPIRED_MESSAGE
        : typeof body.message === "string" && body.message
          ? body.message
          : messageForStatus(error.status);
      throw new HttpError(message, error.status, body);
    }
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new HttpError(NETWORK_ERROR_MESSAGE, 0, {});
  }
}

/** Per resource: request-only keys the server reads but does not store (src/domain/reservationRules.ts). */
const REQUEST_FIELDS: Readonly<Record<string, readonly string[]>> = {
  reservations: ["statusReason", "confirmPast"],
};

/** A record as the server accepts it: no audit or computed fields. */
export function toWritePayload(resource: string, data: Partial<RaRecord>): Record<string, unknown> {
  const omit = new Set<string>([...SERVER_OWNED_FIELDS, ...(COMPUTED_FIELDS[resource] ?? [])]);
  const schemaKeys = writableKeys(resource);
  const allowed = schemaKeys && new Set([...schemaKeys, ...(REQUEST_FIELDS[resource] ?? [])]);
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (omit.has(key) || value === undefined || (allowed && !allowed.has(key))) continue;
    payload[key] = value;
  }
  return payload;
}

/** The server's change feed (GET /api/admin/events, Server-Sent Events); reconnects by itself. */
export function subscribeToServerEvents(
  url: string,
  listener: (change: LiveChange) => void,
  onStatus?: (connected: boolean) => void,
): () => void {
  if (typeof EventSource === "undefined") return () => undefined;
  const source = new EventSource(url, { withCredentials: true });
  source.addEventListener("open", () => onStatus?.(true));
  source.addEventListener("error", () => onStatus?.(false));
  source.addEventListener("change", (event) => {
    try {
      const change = JSON.parse((event as MessageEvent<string>).data) as LiveChange;
      if (typeof change.resource === "string" && typeof change.id === "string") listener(change);
    } catch {
      console.warn("Gautas neteisingas pakeitimų srauto įvykis");
    }
  });
  return () => source.close();
}

/** A file from the admin API (invoice PDF, i.SAF XML, the desk's documents) as a Blob; errors as adminHttpClient's. */
export async function fetchAdminFile(url: string, accept: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", headers: { Accept: accept } });
  } catch {
    throw new HttpError(NETWORK_ERROR_MESSAGE, 0, {});
  }
  if (response.ok) return response.blob();
  const body = ((await response.json().catch(() => ({}))) ?? {}) as ErrorBody;
  const message =
    response.status === 401
      ? SESSION_EXPIRED_MESSAGE
      : typeof body.message === "string" && body.message
        ? body.message
        : messageForStatus(response.status);
  throw new HttpError(message, response.status, body);
}

/** `?a=1&b=2` of the given payload fields that have a value; "" when none has. */
function queryOf(payload: Record<string, unknown>, keys: readonly string[] = []): string {
  const query = new URLSearchParams();
  for (const key of keys) {
    const value = payload[key];
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}

/** One staff action over HTTP, as its definition places the payload (src/core/actions/registry.ts). */
async function callAction(apiUrl: string, action: AnyStaffAction, payload: unknown): Promise<unknown> {
  const { http } = action;
  const rest: Record<string, unknown> =
    typeof payload === "object" && payload !== null ? { ...(payload as Record<string, unknown>) } : {};
  const params = new Map(pathParams(http.path).map((param) => [`:${param.field}${param.suffix}`, param]));
  const path = http.path
    .split("/")
    .map((segment) => {
      const param = params.get(segment);
      if (!param) return segment;
      const value = String(rest[param.field] ?? "");
      delete rest[param.field];
      return `${encodeURIComponent(value)}${param.suffix}`;
    })
    .join("/");
  const url = `${apiUrl}${path}`;
  switch (http.answer) {
    case "file":
      return fetchAdminFile(`${url}${queryOf(rest, http.query)}`, http.accept ?? "*/*");
    case "list": {
      // ra-data-simple-rest: sort [field, order], an inclusive range, the filter; the total in Content-Range.
      const list = rest as { sort: { field: string; order: string }; range?: [number, number] | null; filter: unknown };
      const query = new URLSearchParams({
        sort: JSON.stringify([list.sort.field, list.sort.order]),
        range: JSON.stringify(list.range ?? [0, 24]),
        filter: JSON.stringify(list.filter),
      });
      const { json, headers } = await adminHttpClient(`${url}?${query.toString()}`);
      const total = Number(/\/(\d+)$/.exec(headers.get("content-range") ?? "")?.[1] ?? 0);
      return { data: json, total };
    }
    case "export": {
      // The JSON, then the same export as its readable HTML summary.
      const data = (await adminHttpClient(url)).json as Record<string, unknown>;
      const summary = (
        await adminHttpClient(`${url}?format=summary`, { headers: new Headers({ Accept: "text/html" }) })
      ).body;
      return { data, summary };
    }
    default:
      break;
  }
  if (http.method === "GET" || http.method === "DELETE") {
    const query = http.method === "GET" ? queryOf(rest, http.query) : "";
    return (await adminHttpClient(`${url}${query}`, http.method === "DELETE" ? { method: "DELETE" } : {})).json;
  }
  const body = http.body === false ? {} : typeof http.body === "string" ? (rest[http.body] ?? {}) : rest;
  const sent = http.fixed ? { [http.fixed.field]: http.fixed.value, ...(body as object) } : body;
  return (await adminHttpClient(url, { method: http.method, body: JSON.stringify(sent) })).json;
}

/** The back-office's server-side operations (src/backend/adminActions.ts): every registry action over HTTP, and the live feed. */
export function createLocalAdminActions(apiUrl = ADMIN_API_URL): AdminActions {
  const actions: Record<string, unknown> = {
    subscribeToChanges: (listener: (change: LiveChange) => void, onStatus?: (connected: boolean) => void) =>
      subscribeToServerEvents(`${apiUrl}/events`, listener, onStatus),
  };
  for (const [name, action] of Object.entries(STAFF_ACTIONS)) {
    actions[name] = (...args: never[]) => callAction(apiUrl, action, action.args(...args));
  }
  return actions as unknown as AdminActions;
}

/** Ids per getMany request (about 5 kB of URL). */
export const GET_MANY_GROUP = 100;

export function createLocalDataProvider(apiUrl = ADMIN_API_URL): DataProvider & AdminActions {
  const base = simpleRestProvider(apiUrl, adminHttpClient);
  return {
    ...base,
    ...createLocalAdminActions(apiUrl),
    update: (resource, params) =>
      base.update(resource, { ...params, data: toWritePayload(resource, { ...params.previousData, ...params.data }) }),
    create: (resource, params) => base.create(resource, { ...params, data: toWritePayload(resource, params.data) }),
    // A screen may ask for thousands of records at once (the timeline's customers at 1,000 cars):
    // asked in groups that the server's filter (at most 1,000 values) and a URL of a few kB take.
    getMany: async (resource, params) => {
      if (params.ids.length <= GET_MANY_GROUP) return base.getMany(resource, params);
      const groups: (typeof params.ids)[] = [];
      for (let i = 0; i < params.ids.length; i += GET_MANY_GROUP) groups.push(params.ids.slice(i, i + GET_MANY_GROUP));
      const pages = await Promise.all(groups.map((ids) => base.getMany(resource, { ...params, ids })));
      return { data: pages.flatMap((page) => page.data) };
    },
    // The server replaces whole records (PUT), so a partial bulk change is merged into each record first.
    updateMany: async (resource, params) => {
      const { data: records } = await base.getMany(resource, { ids: params.ids });
      await Promise.all(
        records.map((record) =>
          base.update(resource, {
            id: record.id,
            data: toWritePayload(resource, { ...record, ...params.data }),
            previousData: record,
          }),
        ),
      );
      return { data: records.map((record) => record.id) };
    },
  };
}

/** /login?redirect=<where the visitor was>: one level deep, same-site admin paths only (src/app/guards.ts). */
export function loginRedirectPath(location: Pick<Location, "pathname" | "search"> | undefined = globalThis.location) {
  return loginUrlForLocation(location);
}

/** Rejection react-admin understands: go to the public login page, no toast (the page explains). */
const signedOut = () => ({ redirectTo: loginRedirectPath(), message: false as const });

export function createLocalAuthProvider({ baseUrl = "" }: { baseUrl?: string } = {}): AuthProvider {
  // checkAuth runs on every navigation; share one /me answer for a few seconds.
  let cached: { at: number; user: Promise<SessionUser | null> } | null = null;
  const ME_CACHE_MS = 5_000;

  const me = (): Promise<SessionUser | null> => {
    const now = Date.now();
    if (cached && now - cached.at < ME_CACHE_MS) return cached.user;
    const user = adminHttpClient(`${baseUrl}/api/auth/me`).then(
      ({ json }) => json as SessionUser,
      (error: unknown) => {
        if (error instanceof HttpError && error.status === 401) return null;
        cached = null;
        throw error;
      },
    );
    cached = { at: now, user };
    return user;
  };
  const forget = () => {
    cached = null;
  };

  return {
    async login(params: { email?: string; username?: string; password?: string }) {
      forget();
      const { json } = await adminHttpClient(`${baseUrl}/api/auth/login`, {
        method: "POST",
        body: JSON.stringify({ email: params.email ?? params.username ?? "", password: params.password ?? "" }),
      });
      return json as SessionUser;
    },
    async logout() {
      forget();
      try {
        await adminHttpClient(`${baseUrl}/api/auth/logout`, { method: "POST", body: "{}" });
      } catch (error) {
        // Already signed out or offline: the visitor still lands on the login page.
        console.warn("Atsijungimo užklausa nepavyko", error);
      }
      // react-admin calls logout() itself when a session is missing (requireAuth): come back here after login.
      return loginRedirectPath();
    },
    async checkAuth() {
      const user = await me();
      if (!user) throw signedOut();
    },
    async checkError(error: { status?: number }) {
      if (error?.status === 401) {
        // Resolving keeps react-admin from logging out: a rejection would make a failed save
        // look successful (empty data) and navigate away. The page stays, the caller sees the
        // error, and the sign-in dialog over the page (SessionDialog) takes it from here.
        forget();
        reportSessionExpired();
        return;
      }
      // 403: stay signed in; react-admin shows the server's Lithuanian refusal as a toast.
    },
    async getIdentity() {
      const user = await me();
      if (!user) throw signedOut();
      return { id: user.id, fullName: user.name, email: user.email, role: user.role };
    },
    async getPermissions() {
      const user = await me();
      return user?.role ?? null;
    },
    async canAccess({ resource }: { resource: string; action: string }) {
      const user = await me();
      if (!user) return false;
      return user.role === "admin" || !ADMIN_ONLY_RESOURCES.includes(resource);
    },
  };
}

export function createLocalAdminProviders(): { dataProvider: DataProvider; authProvider: AuthProvider } {
  return { dataProvider: createLocalDataProvider(), authProvider: createLocalAuthProvider() };
}
