// Higher-level helpers over the real HTTP API: sign in, read whole admin lists,
// build a valid public reservation.
import { expect } from "vitest";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../src/domain/time";
import { DEMO_ADMIN, DEMO_STAFF } from "./accounts";
import { ApiClient, contentRangeTotal, listItems, listQuery } from "./http";

export type Doc = Record<string, unknown> & { id: string };

export async function signIn(baseUrl: string, account: { email: string; password: string }): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  const response = await client.post("/api/auth/login", { email: account.email, password: account.password });
  if (response.status !== 200 && response.status !== 201) {
    throw new Error(`Nepavyko prisijungti kaip ${account.email}: ${response.status} ${response.text.slice(0, 300)}`);
  }
  return client;
}

export const signInAdmin = (baseUrl: string) => signIn(baseUrl, DEMO_ADMIN);
export const signInStaff = (baseUrl: string) => signIn(baseUrl, DEMO_STAFF);

/** Every record of an admin resource, page by page (ra-data-simple-rest ranges). */
export async function adminListAll<T extends Doc = Doc>(client: ApiClient, resource: string): Promise<T[]> {
  const pageSize = 100;
  const all: T[] = [];
  for (let start = 0; ; start += pageSize) {
    const response = await client.get(
      `/api/admin/${resource}${listQuery({ sort: ["id", "ASC"], range: [start, start + pageSize - 1], filter: {} })}`,
    );
    expect(response.status, `GET /api/admin/${resource}: ${response.text.slice(0, 300)}`).toBe(200);
    const page = listItems<T>(response.body);
    all.push(...page);
    const total = contentRangeTotal(response);
    if (all.length >= total || page.length === 0) break;
  }
  return all;
}

/** The total in Content-Range of an admin list. */
export async function adminTotal(client: ApiClient, resource: string, filter: object = {}): Promise<number> {
  const response = await client.get(`/api/admin/${resource}${listQuery({ range: [0, 0], filter })}`);
  expect(response.status, `GET /api/admin/${resource}: ${response.text.slice(0, 300)}`).toBe(200);
  return contentRangeTotal(response);
}

export async function adminGet<T extends Doc = Doc>(client: ApiClient, resource: string, id: string): Promise<T> {
  const response = await client.get<T>(`/api/admin/${resource}/${id}`);
  expect(response.status, `GET /api/admin/${resource}/${id}: ${response.text.slice(0, 300)}`).toBe(200);
  return response.body;
}

/** An instant from a Vilnius calendar date `days` from today and a wall-clock time. */
export function vilniusDaysFromNow(days: number, time: string): string {
  const ymd = addDaysToDateString(vilniusDateString(new Date()), days);
  return vilniusLocalToInstant(ymd, time).toISOString();
}

export interface PublicCatalogue {
  cars: Doc[];
  locations: Doc[];
  extras: Doc[];
}

export async function publicCatalogue(client: ApiClient): Promise<PublicCatalogue> {
  const cars = await client.get("/api/site/cars");
  expect(cars.status, cars.text.slice(0, 300)).toBe(200);
  const settings = await client.get<{ locations: Doc[]; extras: Doc[] }>("/api/site/settings");
  expect(settings.status, settings.text.slice(0, 300)).toBe(200);
  return { cars: listItems<Doc>(cars.body), locations: settings.body.locations, extras: settings.body.extras };
}

let customerCounter = 0;

/** A valid POST /api/site/reservations body. */
export function reservationBody(input: {
  carId: string;
  locationId: string;
  pickupAt: string;
  returnAt: string;
  returnLocationId?: string;
  extras?: { id: string; quantity: number }[];
}): Record<string, unknown> {
  customerCounter += 1;
  return {
    carId: input.carId,
    pickupAt: input.pickupAt,
    returnAt: input.returnAt,
    pickupLocationId: input.locationId,
    returnLocationId: input.returnLocationId ?? input.locationId,
    extras: input.extras ?? [],
    customer: {
      firstName: "Testas",
      lastName: "Bandomasis",
      email: `testas.${process.pid}.${customerCounter}@pavyzdys.lt`,
      phone: "+370 612 34567",
      birthDate: "1985-04-12",
      licenceNumber: `LT${String(1_000_000 + customerCounter)}`,
    },
    comment: "Atvyksiu 10 min. anksčiau.",
    acceptTerms: true,
  };
}

/** A valid POST /api/site/requests body. */
export function inquiryBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: "contact",
    name: "Ona Onaitienė",
    email: "ona.onaitiene@pavyzdys.lt",
    message: "Ar galima automobilį pasiimti anksčiau nei 8 val.?",
    phone: "+37061234567",
    ...overrides,
  };
}

const BLOCKING = ["new", "confirmed", "active"];
const overlaps = (a: { pickupAt: string; returnAt: string }, b: { pickupAt: string; returnAt: string }) =>
  Date.parse(a.pickupAt) < Date.parse(b.returnAt) && Date.parse(b.pickupAt) < Date.parse(a.returnAt);

/** A published car with no blocking reservation over any of the periods (read through the admin API). */
export async function freeCarId(
  site: ApiClient,
  admin: ApiClient,
  periods: { pickupAt: string; returnAt: string }[],
  skip: string[] = [],
): Promise<string> {
  const { cars } = await publicCatalogue(site);
  const reservations = await adminListAll<Doc & { carId: string; pickupAt: string; returnAt: string; status: string }>(
    admin,
    "reservations",
  );
  const car = cars.find(
    (c) =>
      !skip.includes(c.id) &&
      !reservations.some(
        (r) => r.carId === c.id && BLOCKING.includes(r.status) && periods.some((period) => overlaps(r, period)),
      ),
  );
  if (!car) throw new Error("Nėra laisvo automobilio šiam testui");
  return car.id;
}
