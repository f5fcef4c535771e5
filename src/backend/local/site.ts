// SiteApi against the local server's /api/site/*.
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
import { detectCountryByIp } from "../shared/country";
import type { HttpClient } from "./http";

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
      return listOf<unknown>(body).map(toSearchResult);
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
    detectCountry() {
      return detectCountryByIp(fetchImpl);
    },
  };
}
