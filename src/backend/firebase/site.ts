// SiteApi on Firestore: public reads come straight from the public collections (the rules
// allow exactly these queries: published cars, active offers, published news, prices,
// places, extras, public settings). The search, the reservation form's quote, reservations
// and inquiries go through callable functions, which price and check availability on the
// server side.
import {
  collection,
  doc,
  type Firestore,
  getDocFromServer,
  getDocsFromServer,
  limit,
  type QueryConstraint,
  query,
  where,
} from "firebase/firestore";
import { type Functions, httpsCallable } from "firebase/functions";
import type { Car, Extra, Location, News, Offer, Price, RequestInput, ReservationInput } from "../../domain/schemas";
import {
  BackendError,
  type PublicSettings,
  type ReservationCreated,
  type SearchQuery,
  type SearchResult,
  type SiteApi,
  type SiteQuote,
  type SiteQuoteInput,
  type WithId,
} from "../port";
import { compareCars, sortByOrderThenName, toPublicCar } from "../shared/catalog";
import { detectCountryByIp } from "../shared/country";
import { matchesCarFilter, type PublicSettingsDoc, publicNews, publicOffers, publicSettingsDoc } from "./catalog";
import { toBackendError } from "./errors";
import { type FirestoreResource, PUBLIC_SETTINGS_COLLECTION, RESOURCE_MODELS, SETTINGS_DOC_ID } from "./model";
import { fromStoredDoc } from "./storedDoc";

/** Callable function names (functions/src/index.ts exports the same). */
export const CALLABLES = {
  searchCars: "searchCars",
  quoteReservation: "quoteReservation",
  submitReservation: "submitReservation",
  submitRequest: "submitRequest",
  saveReservation: "saveReservation",
  replyToRequest: "replyToRequest",
  checkQuote: "checkQuote",
  previewPriceUpdate: "previewPriceUpdate",
  applyPriceUpdate: "applyPriceUpdate",
  setStaffRole: "setStaffRole",
} as const;

export const SETTINGS_MISSING_MESSAGE =
  "Svetainės nustatymai dar neįkelti į Firebase. Administratorius turi įkelti duomenis (npm run firebase:seed) arba išsaugoti nustatymus.";

/** How long public reference data (prices, places, settings) is reused between pages. */
const CACHE_MS = 30_000;

export function createFirebaseSiteApi(
  firestore: Firestore,
  functions: Functions,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): SiteApi {
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value as Promise<T>;
    const value = load();
    cache.set(key, { at: Date.now(), value });
    value.catch(() => cache.delete(key));
    return value;
  };

  const read = async <T>(resource: FirestoreResource, ...constraints: QueryConstraint[]): Promise<WithId<T>[]> => {
    try {
      const snapshot = await getDocsFromServer(
        query(collection(firestore, RESOURCE_MODELS[resource].collection), ...constraints),
      );
      return snapshot.docs.map((d) => fromStoredDoc(resource, d.id, d.data()) as unknown as WithId<T>);
    } catch (error) {
      throw toBackendError(error);
    }
  };

  const prices = () => cached("prices", () => read<Price>("prices"));
  const publishedCars = () => read<Car>("cars", where("status", "==", "active"));

  const call = async <I, O>(name: string, input: I): Promise<O> => {
    try {
      const result = await httpsCallable<I, O>(functions, name)(input);
      return result.data;
    } catch (error) {
      throw toBackendError(error);
    }
  };

  return {
    async cars(filter = {}) {
      const [cars, allPrices] = await Promise.all([publishedCars(), prices()]);
      return cars
        .filter((car) => matchesCarFilter(car, filter))
        .sort(compareCars)
        .map((car) => toPublicCar(car, allPrices));
    },
    async car(slug) {
      const [found, allPrices] = await Promise.all([
        read<Car>("cars", where("status", "==", "active"), where("slug", "==", slug), limit(1)),
        prices(),
      ]);
      const car = found[0];
      return car ? toPublicCar(car, allPrices) : null;
    },
    search(query: SearchQuery) {
      return call<SearchQuery, SearchResult[]>(CALLABLES.searchCars, query);
    },
    quote(input: SiteQuoteInput) {
      return call<SiteQuoteInput, SiteQuote>(CALLABLES.quoteReservation, input);
    },
    async offers() {
      return publicOffers(await read<Offer>("offers", where("active", "==", true)));
    },
    async news() {
      return publicNews(await read<News>("news", where("status", "==", "published")));
    },
    async newsItem(slug) {
      const found = publicNews(
        await read<News>("news", where("status", "==", "published"), where("slug", "==", slug), limit(1)),
      );
      return found[0] ?? null;
    },
    settings() {
      return cached("settings", async (): Promise<PublicSettings> => {
        const [settingsDoc, locations, extras] = await Promise.all([
          getDocFromServer(doc(firestore, PUBLIC_SETTINGS_COLLECTION, SETTINGS_DOC_ID)).catch((error: unknown) => {
            throw toBackendError(error);
          }),
          read<Location>("locations", where("active", "==", true)),
          read<Extra>("extras", where("active", "==", true)),
        ]);
        if (!settingsDoc.exists()) throw new BackendError(SETTINGS_MISSING_MESSAGE, 503);
        const stored = settingsDoc.data() as Partial<PublicSettingsDoc>;
        if (!stored.company) throw new BackendError(SETTINGS_MISSING_MESSAGE, 503);
        return {
          ...publicSettingsDoc({ ...stored, company: stored.company }),
          locations: sortByOrderThenName(locations),
          extras: sortByOrderThenName(extras),
        };
      });
    },
    submitReservation(input: ReservationInput) {
      return call<ReservationInput, ReservationCreated>(CALLABLES.submitReservation, input);
    },
    submitRequest(input: RequestInput) {
      return call<RequestInput, { id: string }>(CALLABLES.submitRequest, input);
    },
    detectCountry() {
      return detectCountryByIp(fetchImpl);
    },
  };
}
