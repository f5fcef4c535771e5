// SiteApi against the local server's /api/site/*.
import type { PortalAction, PortalFile } from "../../domain/portal";
import type { News, Offer, Quote, RequestInput, ReservationInput } from "../../domain/schemas";
import {
  BackendError,
  type CarFilter,
  type PublicCar,
  type PublicSettings,
  type ReservationCreated,
  type SearchQuery,
  type SearchResult,
  type SiteApi,
  type SiteQuote,
  type SiteQuoteInput,
  type WithId,
} from "../port";
import { COUNTRY_LOOKUP_TIMEOUT_MS } from "../shared/country";
import { errorFromBody, type HttpClient, NETWORK_ERROR_MESSAGE } from "./http";

/** List answers are an array or { data: [...] }. */
export function listOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === "object" && Array.isArray((body as { data?: unknown }).data)) {
    return (body as { data: T[] }).data;
  }
  throw new BackendError("Serveris atsakė netinkamu formatu: tikėtasi sąrašo", 500, {}, body);
}

/** A search item carries the car as `car` or inline, its id as `id` or `car.id`. */
export function toSearchResult(item: unknown): SearchResult {
  const record = (item ?? {}) as Record<string, unknown>;
  const { quote, car: nested, ...rest } = record;
  const car = (nested && typeof nested === "object" ? nested : rest) as PublicCar;
  const id = typeof record.id === "string" ? record.id : car.id;
  return { car, id, quote: quote as Quote };
}

const encode = (value: string) => encodeURIComponent(value);

async function orNullOn404<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof BackendError && error.status === 404) return null;
    throw error;
  }
}

export function createLocalSiteApi(http: HttpClient, fetchImpl: typeof fetch = (i, init) => fetch(i, init)): SiteApi {
  return {
    async cars(filter: CarFilter = {}) {
      return listOf<PublicCar>(await http.get("/api/site/cars", { query: { ...filter } }));
    },
    car(slug) {
      return orNullOn404(http.get<PublicCar>(`/api/site/cars/${encode(slug)}`));
    },
    async search(query: SearchQuery) {
      const body = await http.get("/api/site/search", { query: { ...query } });
      const data = listOf<unknown>(body).map(toSearchResult);
      const total = (body as { total?: unknown } | null)?.total;
      return { data, total: typeof total === "number" ? total : data.length };
    },
    quote(input: SiteQuoteInput) {
      return http.post<SiteQuote>("/api/site/quote", input);
    },
    async offers() {
      return listOf<WithId<Offer>>(await http.get("/api/site/offers"));
    },
    async news() {
      return listOf<WithId<News>>(await http.get("/api/site/news"));
    },
    newsItem(slug) {
      return orNullOn404(http.get<WithId<News>>(`/api/site/news/${encode(slug)}`));
    },
    settings() {
      return http.get<PublicSettings>("/api/site/settings");
    },
    submitReservation(input: ReservationInput) {
      return http.post<ReservationCreated>("/api/site/reservations", input);
    },
    submitRequest(input: RequestInput) {
      return http.post<{ id: string }>("/api/site/requests", input);
    },
    // Our server asks the IP-to-country service (server/services/ipCountry.ts): the visitor's
    // browser reaches no third party. Any failure is null (the form falls back to the language).
    async detectCountry() {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), COUNTRY_LOOKUP_TIMEOUT_MS);
      try {
        const answer = await http.get<{ country?: unknown }>("/api/site/country", { signal: controller.signal });
        return typeof answer.country === "string" && /^[A-Z]{2}$/.test(answer.country) ? answer.country : null;
      } catch {
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
    // "Mano rezervacija": the token goes in a header, never in an address (server/routes/portal.ts).
    async portal<T>(action: PortalAction, token: string, body?: unknown): Promise<T> {
      const path = action === "view" ? "reservation" : action === "linkRequest" ? "link-request" : action;
      const response = await portalFetch(fetchImpl, `/api/portal/${path}`, token, action === "view" ? undefined : body);
      return (await response.json()) as T;
    },
    async portalFile(file: PortalFile, token: string) {
      const path =
        file === "calendar"
          ? "calendar.ics"
          : file.startsWith("invoice:")
            ? `invoices/${encodeURIComponent(file.slice("invoice:".length))}.pdf`
            : `documents/${file}.pdf`;
      const response = await portalFetch(fetchImpl, `/api/portal/${path}`, token);
      const disposition = response.headers.get("content-disposition") ?? "";
      const named = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
      return {
        blob: await response.blob(),
        fileName: named ? decodeURIComponent(named) : (path.split("/").pop() ?? path),
      };
    },
  };
}

/** One call of the customer's page; an error answer becomes a BackendError with its Lithuanian message. */
async function portalFetch(fetchImpl: typeof fetch, path: string, token: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json", "X-Portal-Token": token };
  const init: RequestInit = { method: body === undefined ? "GET" : "POST", headers, credentials: "omit" };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetchImpl(path, init);
  } catch {
    throw new BackendError(NETWORK_ERROR_MESSAGE, 0);
  }
  if (!response.ok) {
    const answer = await response.json().catch(() => null);
    throw errorFromBody(response.status, answer);
  }
  return response;
}
