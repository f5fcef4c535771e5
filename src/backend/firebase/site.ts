// SiteApi on Firestore: public reads come straight from the public collections. Rules are
// not filters, so every query asks for exactly what firestore.rules let anyone read:
// published cars, active offers, published news, active places and extras, the public
// settings, the category prices and the own prices of published cars (by car id, at most
// PRICE_QUERY_CARS cars a query: the rules look each car up). The search, the reservation
// form's quote, reservations and inquiries go through callable functions, which price and
// check availability on the server side.
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
import type { PortalAction, PortalFile } from "../../domain/portal";
import type { Car, Extra, Location, News, Offer, Price, RequestInput, ReservationInput } from "../../domain/schemas";
import {
  BackendError,
  type PublicSettings,
  type ReservationCreated,
  type SearchQuery,
  type SearchResults,
  type SiteApi,
  type SiteQuote,
  type SiteQuoteInput,
  type WithId,
} from "../port";
import { compareCars, sortByOrderThenName, toPublicCar } from "../shared/catalog";
import { detectCountryByIp } from "../shared/country";
import {
  FIREBASE_PRIVACY,
  matchesCarFilter,
  type PublicSettingsDoc,
  publicNews,
  publicOffers,
  publicSettingsDoc,
} from "./catalog";
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
  setStaffRole: "setStaffRole",
  customerPortal: "customerPortal",
} as const;

export const SETTINGS_MISSING_MESSAGE =
  "Svetainės nustatymai dar neįkelti į Firebase. Administratorius turi įkelti duomenis (npm run firebase:seed) arba išsaugoti nustatymus.";

/** How long public reference data (prices, places, settings) is reused between pages. */
const CACHE_MS = 30_000;

/**
 * Cars per price query (`carId in [...]`): the rules read each car to see that it is
 * published, and a query may make at most 10 such reads.
 */
export const PRICE_QUERY_CARS = 10;

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

  /** Every category's prices: public whatever the cars. */
  const categoryPrices = () => cached("prices", () => read<Price>("prices", where("carId", "==", null)));
  /** The own prices of some published cars, one query per car when a car was hidden meanwhile. */
  const ownPrices = (carIds: readonly string[]) =>
    cached(`prices:${carIds.join(",")}`, async () => {
      try {
        return await read<Price>("prices", where("carId", "in", [...carIds]));
      } catch (error) {
        if (!(error instanceof BackendError) || error.status !== 403 || carIds.length === 1) throw error;
        const each = await Promise.allSettled(carIds.map((id) => read<Price>("prices", where("carId", "==", id))));
        return each.flatMap((result) => (result.status === "fulfilled" ? result.value : []));
      }
    });
  /** The prices the site may show for these (published) cars. */
  const pricesFor = async (cars: readonly { id: string }[]): Promise<WithId<Price>[]> => {
    const ids = [...new Set(cars.map((car) => car.id))].sort();
    const parts: string[][] = [];
    for (let i = 0; i < ids.length; i += PRICE_QUERY_CARS) parts.push(ids.slice(i, i + PRICE_QUERY_CARS));
    const found = await Promise.all([categoryPrices(), ...parts.map((part) => ownPrices(part))]);
    return found.flat();
  };
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
      // The category prices load meanwhile (pricesFor reuses them).
      const [all] = await Promise.all([publishedCars(), categoryPrices()]);
      const cars = all.filter((car) => matchesCarFilter(car, filter));
      const prices = await pricesFor(cars);
      return cars.sort(compareCars).map((car) => toPublicCar(car, prices));
    },
    async car(slug) {
      const [found] = await Promise.all([
        read<Car>("cars", where("status", "==", "active"), where("slug", "==", slug), limit(1)),
        categoryPrices(),
      ]);
      const car = found[0];
      return car ? toPublicCar(car, await pricesFor([car])) : null;
    },
    search(query: SearchQuery) {
      return call<SearchQuery, SearchResults>(CALLABLES.searchCars, query);
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
          ...FIREBASE_PRIVACY,
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
    // "Mano rezervacija": the callable checks the token (functions/src/index.ts customerPortal).
    portal<T>(action: PortalAction, token: string, body?: unknown): Promise<T> {
      return call<{ action: PortalAction; token: string; body?: unknown }, T>(CALLABLES.customerPortal, {
        action,
        token,
        ...(body === undefined ? {} : { body }),
      });
    },
    async portalFile(file: PortalFile, token: string) {
      const answer = await call<
        { file: PortalFile; token: string },
        { fileName: string; contentType: string; base64: string }
      >(CALLABLES.customerPortal, { file, token });
      const binary = atob(answer.base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return { blob: new Blob([bytes], { type: answer.contentType }), fileName: answer.fileName };
    },
  };
}
