// The demo data of the embedded backend: a believable Vilnius rental company with its
// fleet, prices, promotions, news, customers, inquiries and reservations. A pure
// function of `now` (same `now`, same data), so tests can rebuild and check it.

import { createHash } from "node:crypto";
import { BLOCKING_STATUSES, intervalsOverlap } from "../../src/domain/availability";
import { TRANSFER_DEFAULTS } from "../../src/domain/carTransfers";
import { formatDateTime, formatMoney } from "../../src/domain/format";
import { MAIL_RETRY_DAYS_DEFAULT } from "../../src/domain/mailQueue";
import { calculateQuote } from "../../src/domain/pricing";
import { withRuleFees } from "../../src/domain/ruleFees";
import {
  type Car,
  type Customer,
  carSchema,
  customerSchema,
  type Extra,
  extraSchema,
  type Fleet,
  fleetSchema,
  type InquiryRequest,
  type Location,
  locationSchema,
  type Mail,
  mailSchema,
  type News,
  newsSchema,
  type Offer,
  offerSchema,
  PORTAL_DEFAULTS,
  type Price,
  type PriceTier,
  priceSchema,
  type Quote,
  RESERVATION_NUMBER_PATTERN,
  RESERVATION_STATUSES,
  type Reservation,
  type ReservationStatus,
  requestSchema,
  reservationSchema,
  type Settings,
  type StaffUser,
  settingsSchema,
  staffUserSchema,
} from "../../src/domain/schemas";
import { tariffOf, tariffSchema } from "../../src/domain/tariff";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant, vilniusParts } from "../../src/domain/time";
import { SETTINGS_ID } from "../db/types";
import { CAR_CATALOGUE, type CatalogueCar } from "./carCatalogue";
import { buildDemoLedger, type DemoLedgerRecord, demoLedgerProblems } from "./demoPayments";
import { CONTRACT_TEMPLATE, DEMO_ABOUT_TEXT, EMAIL_TEMPLATES, privacyText, TERMS_TEXT } from "./demoTexts";

// ---------- record shapes ----------

/** An entity as stored in the doc column: without id and timestamps (those are columns). */
export type Doc<T> = Omit<T, "id" | "createdAt" | "updatedAt">;

export interface DemoRecord<T> {
  id: string;
  createdAt: string;
  updatedAt: string;
  doc: Doc<T>;
}

/** Why demo reservations were cancelled, as staff note it. */
const DEMO_CANCEL_REASONS = [
  "Klientas pakeitė kelionės planus",
  "Klientas rado pigesnį pasiūlymą",
  "Skrydis atšauktas",
  "Klientas neatsiliepė į patvirtinimo skambutį",
  "Dviguba rezervacija – palikta kita",
] as const;

export type DemoReservationDoc = Doc<Reservation> & { number: string; quote: Quote };
export type DemoReservation = Omit<DemoRecord<Reservation>, "doc"> & { doc: DemoReservationDoc };
export type DemoStaff = DemoRecord<StaffUser> & { password: string };

export interface DemoData {
  /** the `now` the data was built for (ISO) */
  now: string;
  settings: DemoRecord<Settings>;
  locations: DemoRecord<Location>[];
  extras: DemoRecord<Extra>[];
  cars: DemoRecord<Car>[];
  fleet: DemoRecord<Fleet>[];
  prices: DemoRecord<Price>[];
  offers: DemoRecord<Offer>[];
  news: DemoRecord<News>[];
  customers: DemoRecord<Customer>[];
  requests: DemoRecord<InquiryRequest>[];
  reservations: DemoReservation[];
  staff: DemoStaff[];
  mail: DemoRecord<Mail>[];
  /** counters: "reservation-<year>" -> last number used (the core's counters/{id}, on both backends) */
  counters: { name: string; value: number }[];
  /** the payments ledger (collection `payments`, ./demoPayments.ts); reservations carry its summary */
  payments: DemoLedgerRecord[];
}

/** The demo accounts; the README states them. */
export const DEMO_CREDENTIALS = {
  admin: { email: "admin@ratunuoma.lt", password: "DemoAdmin2026!", name: "Vaida Petrauskienė" },
  staff: { email: "darbuotojas@ratunuoma.lt", password: "DemoStaff2026!", name: "Tadas Jankauskas" },
} as const;

export const DEMO_COMPANY: Settings["company"] = {
  name: "UAB „Ratų nuoma“",
  brand: "Ratų nuoma",
  companyCode: "305184726",
  vatCode: "LT185247318",
  address: "Kalvarijų g. 125, LT-08221 Vilnius",
  bankName: "AB „Swedbank“",
  iban: "LT59 7300 0101 6234 5178",
  phones: ["+370 5 214 3350", "+370 620 24 247"],
  emails: ["info@ratunuoma.lt", "rezervacijos@ratunuoma.lt"],
  hours: "I–V 8:00–20:00, VI–VII 9:00–18:00",
  helpline: "+370 620 24 247",
};

/** Reservations reach this far back and ahead (days). */
export const DEMO_WINDOW_DAYS = 60;

// ---------- deterministic helpers ----------

/** A stable UUID (version 5 layout) from a kind and a key: the same demo record always gets the same id. */
export function demoId(kind: string, key: string): string {
  const hex = createHash("sha1").update(`ratu-nuoma-demo/${kind}/${key}`).digest("hex");
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** mulberry32: a small seeded generator, so the data does not change between runs. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Random = ReturnType<typeof random>;

const ascii = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

const pad = (n: number, width: number) => String(n).padStart(width, "0");

// ---------- reference data ----------

interface LocationSpec {
  key: string;
  name: string;
  address: string;
  city: string;
  deliveryFee: number;
  airport: boolean;
  hours: string;
}

/** The cars' home places, in turn (most of the fleet in Vilnius, some in Kaunas and Palanga). */
const HOME_PLACES = [
  "vilnius-airport",
  "vilnius-office",
  "vilnius-office",
  "kaunas-airport",
  "vilnius-airport",
  "palanga-airport",
  "vilnius-office",
  "kaunas-centre",
] as const;

const LOCATIONS: LocationSpec[] = [
  {
    key: "vilnius-airport",
    name: "Vilniaus oro uostas",
    address: "Rodūnios kelias 10A, LT-02188 Vilnius",
    city: "Vilnius",
    deliveryFee: 0,
    airport: true,
    hours: "Kasdien 6:00–24:00, pagal skrydžio laiką",
  },
  {
    key: "vilnius-office",
    name: "Vilniaus centras, biuras",
    address: DEMO_COMPANY.address,
    city: "Vilnius",
    deliveryFee: 0,
    airport: false,
    hours: DEMO_COMPANY.hours,
  },
  {
    key: "vilnius-address",
    name: "Pristatymas adresu Vilniuje",
    address: "Jūsų nurodytu adresu Vilniaus mieste",
    city: "Vilnius",
    deliveryFee: 20,
    airport: false,
    hours: "I–V 8:00–20:00, VI–VII 9:00–18:00, iš anksto suderinus",
  },
  {
    key: "kaunas-airport",
    name: "Kauno oro uostas",
    address: "Oro uosto g. 4, Karmėlava, LT-54460 Kauno r.",
    city: "Kaunas",
    deliveryFee: 25,
    airport: true,
    hours: "Pagal skrydžio laiką, iš anksto suderinus",
  },
  {
    key: "kaunas-centre",
    name: "Kaunas, centras",
    address: "Laisvės al. 53, LT-44309 Kaunas",
    city: "Kaunas",
    deliveryFee: 25,
    airport: false,
    hours: "I–V 9:00–18:00, iš anksto suderinus",
  },
  {
    key: "palanga-airport",
    name: "Palangos oro uostas",
    address: "Liepojos pl. 1, LT-00169 Palanga",
    city: "Palanga",
    deliveryFee: 60,
    airport: true,
    hours: "Pagal skrydžio laiką, iš anksto suderinus",
  },
];

interface ExtraSpec {
  key: string;
  name: string;
  description: string;
  price: number;
  chargedPer: "day" | "rental";
  maxPrice: number | null;
  maxQuantity: number;
}

const EXTRAS: ExtraSpec[] = [
  {
    key: "child-seat",
    name: "Vaikiška kėdutė",
    description: "Kėdutė vaikams nuo 9 iki 18 kg (apie 1–4 metų). Įrengiame prieš išduodami automobilį.",
    price: 3,
    chargedPer: "day",
    maxPrice: 30,
    maxQuantity: 3,
  },
  {
    key: "booster",
    name: "Sėdynės paaukštinimas",
    description: "Paaukštinimas vaikams nuo 15 iki 36 kg.",
    price: 2,
    chargedPer: "day",
    maxPrice: 20,
    maxQuantity: 3,
  },
  {
    key: "additional-driver",
    name: "Papildomas vairuotojas",
    description:
      "Dar vienas vairuotojas, įrašomas į nuomos sutartį. Jam taikomi tie patys amžiaus ir stažo reikalavimai.",
    price: 10,
    chargedPer: "rental",
    maxPrice: null,
    maxQuantity: 3,
  },
  {
    key: "gps",
    name: "GPS navigacija",
    description: "Nešiojama navigacija su naujausiais Europos žemėlapiais.",
    price: 4,
    chargedPer: "day",
    maxPrice: 40,
    maxQuantity: 1,
  },
  {
    key: "excess-reduction",
    name: "Franšizės sumažinimas",
    description: "Papildomas draudimas: nuomininko atsakomybė už žalą sumažinama iki 150 €.",
    price: 9,
    chargedPer: "day",
    maxPrice: 135,
    maxQuantity: 1,
  },
  {
    key: "snow-chains",
    name: "Sniego grandinės",
    description: "Grandinės kelionėms į kalnus žiemą. Tinka visiems mūsų automobiliams.",
    price: 15,
    chargedPer: "rental",
    maxPrice: null,
    maxQuantity: 1,
  },
];

/** Base daily rates per category for 1–3, 4–7, 8–14, 15–29 and 30+ days. */
const CATEGORY_RATES: Record<Car["category"], number[]> = {
  ekonominė: [35, 32, 28, 24, 20],
  kompaktinė: [42, 38, 34, 29, 24],
  vidutinė: [49, 45, 40, 34, 28],
  verslo: [69, 63, 56, 48, 40],
  prabangos: [119, 109, 98, 85, 72],
  visureigis: [65, 59, 53, 46, 38],
  mikroautobusas: [89, 82, 74, 64, 55],
  krovininis: [75, 69, 62, 54, 46],
};
const SUMMER_RATES: Partial<Record<Car["category"], number[]>> = {
  ekonominė: [42, 38, 34, 29, 24],
  kompaktinė: [49, 45, 40, 34, 28],
  vidutinė: [57, 52, 46, 39, 32],
  visureigis: [75, 68, 61, 53, 44],
  mikroautobusas: [105, 96, 86, 74, 63],
};
const HOLIDAY_RATES: Partial<Record<Car["category"], number[]>> = {
  ekonominė: [39, 35, 31, 27, 22],
  kompaktinė: [46, 42, 37, 32, 26],
  visureigis: [72, 65, 58, 50, 42],
};
/** Cars priced apart from their category. */
const CAR_RATES: Record<string, number[]> = {
  "kia-picanto": [29, 27, 24, 21, 18],
  "tesla-model-3": [79, 72, 64, 55, 46],
  "volvo-xc90": [139, 128, 115, 99, 84],
  "dacia-duster": [55, 50, 45, 39, 33],
};

const TIER_BOUNDS: [number, number | null][] = [
  [1, 3],
  [4, 7],
  [8, 14],
  [15, 29],
  [30, null],
];
const tiers = (rates: number[]): PriceTier[] =>
  TIER_BOUNDS.map(([fromDays, toDays], i) => ({ fromDays, toDays, dailyRate: rates[i] ?? 0 }));

interface CustomerSpec {
  first: string;
  last: string;
  birth: string;
  address: string;
  company?: { name: string; code: string; vatCode: string };
  email?: string;
  phone?: string;
  notes?: string;
}

const CUSTOMERS: CustomerSpec[] = [
  { first: "Jonas", last: "Petrauskas", birth: "1984-03-12", address: "Žirmūnų g. 45-12, Vilnius" },
  { first: "Rūta", last: "Kazlauskienė", birth: "1979-07-30", address: "Savanorių pr. 176-8, Kaunas" },
  { first: "Žygimantas", last: "Jankauskas", birth: "1991-11-02", address: "Antakalnio g. 33-4, Vilnius" },
  { first: "Eglė", last: "Stankevičiūtė", birth: "1995-05-18", address: "Taikos pr. 88-41, Klaipėda" },
  {
    first: "Mindaugas",
    last: "Vasiliauskas",
    birth: "1976-01-25",
    address: "Ozo g. 14-7, Vilnius",
    notes: "Nuolatinis klientas, renkasi universalus.",
  },
  { first: "Aistė", last: "Žukauskaitė", birth: "1998-09-09", address: "Kalvarijų g. 204-16, Vilnius" },
  { first: "Tomas", last: "Butkus", birth: "1988-12-14", address: "Vilniaus g. 12, Šiauliai" },
  { first: "Gintarė", last: "Paulauskienė", birth: "1982-04-03", address: "Baltų pr. 101-23, Kaunas" },
  { first: "Darius", last: "Urbonas", birth: "1973-08-21", address: "Pilaitės pr. 20-55, Vilnius" },
  { first: "Ieva", last: "Navickaitė", birth: "1993-02-27", address: "Verkių g. 29-3, Vilnius" },
  { first: "Lukas", last: "Kavaliauskas", birth: "2003-06-15", address: "Didlaukio g. 47-210, Vilnius" },
  { first: "Simona", last: "Ramanauskaitė", birth: "1990-10-11", address: "Kęstučio g. 8-2, Panevėžys" },
  { first: "Andrius", last: "Baranauskas", birth: "1986-05-06", address: "Justiniškių g. 64-18, Vilnius" },
  { first: "Justė", last: "Šimkutė", birth: "2004-01-20", address: "Saulėtekio al. 25-301, Vilnius" },
  { first: "Vytautas", last: "Žemaitis", birth: "1969-09-30", address: "Basanavičiaus g. 17, Palanga" },
  { first: "Laura", last: "Mickevičienė", birth: "1987-03-08", address: "Fabijoniškių g. 90-14, Vilnius" },
  { first: "Karolis", last: "Grigas", birth: "1994-07-22", address: "Lukiškių g. 3-6, Vilnius" },
  { first: "Agnė", last: "Sabaliauskienė", birth: "1985-11-19", address: "Partizanų g. 130-9, Kaunas" },
  { first: "Paulius", last: "Bružas", birth: "1992-12-01", address: "Šeškinės g. 12-77, Vilnius" },
  { first: "Monika", last: "Černiauskaitė", birth: "1997-04-26", address: "Gedimino pr. 44-5, Vilnius" },
  {
    first: "Anna",
    last: "Kowalska",
    birth: "1989-08-17",
    address: "ul. Marszałkowska 84, Warszawa, Lenkija",
    email: "anna.kowalska@example.com",
    phone: "+48512345678",
    notes: "Atvyksta skrydžiu iš Varšuvos, kalba angliškai ir lenkiškai.",
  },
  {
    first: "Saulius",
    last: "Kairys",
    birth: "1980-02-14",
    address: "Metalo g. 2A, LT-02190 Vilnius",
    company: { name: "UAB „Baltijos logistika“", code: "302846715", vatCode: "LT214673514" },
    notes: "Sąskaitas faktūras siųsti buhalterijai, apmokėjimas per 14 dienų.",
  },
  {
    first: "Inga",
    last: "Rimkienė",
    birth: "1983-06-29",
    address: "Pramonės pr. 16, LT-51327 Kaunas",
    company: { name: "UAB „Žalia statyba“", code: "304417289", vatCode: "LT318729413" },
  },
  {
    first: "Marius",
    last: "Lukoševičius",
    birth: "1990-09-03",
    address: "Naujoji Riovonių g. 25, LT-03153 Vilnius",
    company: { name: "MB „Renginių technika“", code: "305927364", vatCode: "LT415936219" },
  },
  {
    first: "Neringa",
    last: "Vaitkutė",
    birth: "1987-12-12",
    address: "Konstitucijos pr. 21C, LT-08130 Vilnius",
    company: { name: "UAB „Verslo kelionės“", code: "303651948", vatCode: "LT512483711" },
    notes: "Įmonės darbuotojų kelionės į Rygą ir Taliną.",
  },
];

// ---------- VIN and plates ----------

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const VIN_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_YEAR: Record<number, string> = { 2021: "M", 2022: "N", 2023: "P", 2024: "R", 2025: "S", 2026: "T" };
/** World manufacturer identifiers of the makes' European plants. */
const WMI: Record<string, string> = {
  Toyota: "SB1",
  Škoda: "TMB",
  Kia: "U5Y",
  Renault: "VF1",
  Volkswagen: "WVW",
  Hyundai: "TMA",
  Tesla: "LRW",
  BMW: "WBA",
  "Mercedes-Benz": "W1K",
  Volvo: "YV1",
  Dacia: "UU1",
  Ford: "WF0",
};

/** A 17-character VIN with the ISO 3779 check digit in position 9. */
function makeVin(car: CatalogueCar, r: Random): string {
  const wmi = car.category === "krovininis" || car.category === "mikroautobusas" ? vanWmi(car.make) : WMI[car.make];
  const chars = [...(wmi ?? "WVW")];
  for (let i = 0; i < 5; i++) chars.push(r.pick([...VIN_CHARS]));
  chars.push("0");
  chars.push(VIN_YEAR[car.year] ?? "R");
  chars.push(r.pick([..."ABCDEFGHJKLMNPRSTUVWXYZ"]));
  for (let i = 0; i < 6; i++) chars.push(String(r.int(0, 9)));
  const sum = chars.reduce((acc, ch, i) => acc + (VIN_VALUES[ch] ?? Number(ch)) * (VIN_WEIGHTS[i] ?? 0), 0);
  const check = sum % 11;
  chars[8] = check === 10 ? "X" : String(check);
  return chars.join("");
}
const vanWmi = (make: string) => ({ Volkswagen: "WV1", "Mercedes-Benz": "W1V", Ford: "WF0", Renault: "VF6" })[make];

const PLATE_LETTERS = "ABCDEFGHJKLMNPRSTUVZ";

// ---------- build ----------

/** Half-hour slots inside the shortest opening hours (weekends 9:00–18:00). */
const TIME_SLOTS = Array.from({ length: 18 }, (_, i) => `${pad(9 + Math.floor(i / 2), 2)}:${i % 2 ? "30" : "00"}`);

const PAST_PATTERN: ReservationStatus[] = [
  "completed",
  "completed",
  "cancelled",
  "completed",
  "completed",
  "no_show",
  "completed",
  "completed",
  "completed",
  "cancelled",
  "completed",
  "completed",
];
const FUTURE_PATTERN: ReservationStatus[] = [
  "confirmed",
  "new",
  "confirmed",
  "confirmed",
  "cancelled",
  "new",
  "confirmed",
  "confirmed",
  "new",
];

interface Slot {
  car: number;
  pickupDay: number;
  returnDay: number;
  status: ReservationStatus;
}

export function buildDemoData(now: Date): DemoData {
  const today = vilniusDateString(now);
  const year = vilniusParts(now).year;
  const day = (offset: number) => addDaysToDateString(today, offset);
  const at = (offset: number, time: string) => vilniusLocalToInstant(day(offset), time).toISOString();
  const minus = (iso: string, minutes: number) => new Date(Date.parse(iso) - minutes * 60_000).toISOString();
  const plus = (iso: string, minutes: number) => minus(iso, -minutes);
  const nowMinute = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString();
  const notAfterNow = (iso: string) => (Date.parse(iso) > now.getTime() ? now.toISOString() : iso);
  const stamp = (offsetDays: number, minutes = 600) => plus(at(offsetDays, "00:00"), minutes);
  const record = <T>(kind: string, key: string, doc: Doc<T>, createdAt: string, updatedAt = createdAt) => ({
    id: demoId(kind, key),
    createdAt,
    updatedAt,
    doc,
  });

  // ----- settings -----
  const settings: DemoRecord<Settings> = {
    id: SETTINGS_ID,
    createdAt: stamp(-400),
    updatedAt: stamp(-20),
    doc: {
      company: DEMO_COMPANY,
      bookingRules: {
        leadTimeHours: 2,
        minDays: 1,
        maxDays: 90,
        maxAdvanceDays: 365,
        graceMinutes: 60,
        vatRate: 0.21,
        openingHour: 8,
        closingHour: 20,
        turnaroundMinutes: 0,
      },
      terms: TERMS_TEXT,
      about: DEMO_ABOUT_TEXT,
      privacy: privacyText(
        `${DEMO_COMPANY.name}, įmonės kodas ${DEMO_COMPANY.companyCode}, ${DEMO_COMPANY.address}`,
        "info@ratunuoma.lt",
      ),
      contractTemplate: CONTRACT_TEMPLATE,
      emailTemplates: EMAIL_TEMPLATES,
      minDailyRate: 1,
      tariff: tariffSchema.parse({}),
      portal: { ...PORTAL_DEFAULTS },
      transfers: { ...TRANSFER_DEFAULTS },
      mailRetryDays: MAIL_RETRY_DAYS_DEFAULT,
    },
  };
  const rules = settings.doc.bookingRules;
  const ruleFeeRules = {
    tariff: settings.doc.tariff,
    openingHour: rules.openingHour,
    closingHour: rules.closingHour,
  };

  // ----- locations, extras -----
  const locations: DemoRecord<Location>[] = LOCATIONS.map((l, i) =>
    record<Location>(
      "location",
      l.key,
      {
        name: l.name,
        address: l.address,
        city: l.city,
        deliveryFee: l.deliveryFee,
        airport: l.airport,
        hours: l.hours,
        active: true,
        sortOrder: i,
      },
      stamp(-400 + i),
    ),
  );
  const locationByKey = (key: string) => locations[LOCATIONS.findIndex((l) => l.key === key)] as DemoRecord<Location>;

  const extras: DemoRecord<Extra>[] = EXTRAS.map((e, i) =>
    record<Extra>(
      "extra",
      e.key,
      {
        name: e.name,
        description: e.description,
        price: e.price,
        chargedPer: e.chargedPer,
        maxPrice: e.maxPrice,
        maxQuantity: e.maxQuantity,
        active: true,
        sortOrder: i,
      },
      stamp(-400 + i),
    ),
  );
  const extraByKey = (key: string) => extras[EXTRAS.findIndex((e) => e.key === key)] as DemoRecord<Extra>;

  // ----- cars, fleet -----
  const cars: DemoRecord<Car>[] = CAR_CATALOGUE.map((c, i) =>
    record<Car>(
      "car",
      c.slug,
      {
        slug: c.slug,
        make: c.make,
        model: c.model,
        year: c.year,
        category: c.category,
        transmission: c.transmission,
        fuel: c.fuel,
        seats: c.seats,
        doors: c.doors,
        bags: c.bags,
        airConditioning: true,
        features: c.features,
        description: c.description,
        images: [`cars/${c.slug}-1.svg`, `cars/${c.slug}-2.svg`],
        status: c.status ?? "active",
        sortOrder: i,
        minDriverAge: c.minDriverAge,
        minLicenceYears: c.minLicenceYears,
        deposit: c.deposit,
        mileageLimitPerDay: c.mileageLimitPerDay,
        longTermMonthlyPrice: c.longTermMonthlyPrice,
        // the place the car belongs to; where it stands now follows from its last return (below)
        homeLocationId: locationByKey(HOME_PLACES[i % HOME_PLACES.length] as string).id,
        locationId: locationByKey(HOME_PLACES[i % HOME_PLACES.length] as string).id,
      },
      stamp(-380 + i * 3),
      stamp(-30 + (i % 20)),
    ),
  );
  const carIdBySlug = (slug: string) => demoId("car", slug);

  // ----- prices -----
  const prices: DemoRecord<Price>[] = [];
  const addPrice = (key: string, doc: Doc<Price>) => prices.push(record<Price>("price", key, doc, stamp(-300)));
  for (const [category, rates] of Object.entries(CATEGORY_RATES) as [Car["category"], number[]][]) {
    addPrice(`base/${category}`, { carId: null, category, season: null, tiers: tiers(rates) });
  }
  for (const [slug, rates] of Object.entries(CAR_RATES)) {
    addPrice(`car/${slug}`, { carId: carIdBySlug(slug), category: null, season: null, tiers: tiers(rates) });
  }
  for (const y of [year, year + 1]) {
    for (const [category, rates] of Object.entries(SUMMER_RATES) as [Car["category"], number[]][]) {
      addPrice(`summer-${y}/${category}`, {
        carId: null,
        category,
        season: { name: `Vasaros sezonas ${y}`, from: `${y}-06-01`, to: `${y}-08-31` },
        tiers: tiers(rates),
      });
    }
  }
  for (const y of [year - 1, year]) {
    for (const [category, rates] of Object.entries(HOLIDAY_RATES) as [Car["category"], number[]][]) {
      addPrice(`holidays-${y}/${category}`, {
        carId: null,
        category,
        season: { name: `Šventinis sezonas ${y}–${y + 1}`, from: `${y}-12-20`, to: `${y + 1}-01-07` },
        tiers: tiers(rates),
      });
    }
  }

  // ----- offers -----
  const month = vilniusParts(now).month;
  const seasonWord =
    month >= 3 && month <= 5 ? "Pavasario" : month >= 6 && month <= 8 ? "Vasaros" : month >= 9 ? "Rudens" : "Žiemos";
  const smallCars = CAR_CATALOGUE.filter((c) => c.category === "ekonominė" || c.category === "kompaktinė");
  const skodas = CAR_CATALOGUE.filter((c) => c.make === "Škoda");
  const offers: DemoRecord<Offer>[] = [
    record<Offer>(
      "offer",
      "season",
      {
        title: `${seasonWord} akcija: −15\u00a0% mažiems automobiliams`,
        slug: `${ascii(seasonWord)}-akcija`,
        body: `<p>Ekonominės ir kompaktinės klasės automobiliams taikome 15\u00a0% nuolaidą nuomos kainai. Nuolaida taikoma, kai automobilį paimate akcijos laikotarpiu, ir sumuojasi su ilgesnės nuomos kainomis.</p><p>Rezervuokite svetainėje – nuolaidą pritaikysime automatiškai.</p>`,
        image: "cars/toyota-yaris-hibridas-1.svg",
        discount: { type: "percent", value: 15 },
        validFrom: day(-10),
        validTo: day(30),
        carIds: smallCars.map((c) => carIdBySlug(c.slug)),
        minDays: 1,
        active: true,
        sortOrder: 0,
      },
      stamp(-12),
    ),
    record<Offer>(
      "offer",
      "weekend-skoda",
      {
        title: "Savaitgalis su Škoda: 20\u00a0€ pigiau",
        slug: "savaitgalis-su-skoda",
        body: "<p>Išsinuomokite bet kurią Škoda bent dviem paroms ir sutaupykite 20\u00a0€. Fabia, Scala, Octavia, Superb ar septynvietė Kodiaq – rinkitės pagal kelionę.</p>",
        image: "cars/skoda-octavia-combi-1.svg",
        discount: { type: "fixed", value: 20 },
        validFrom: day(-20),
        validTo: day(40),
        carIds: skodas.map((c) => carIdBySlug(c.slug)),
        minDays: 2,
        active: true,
        sortOrder: 1,
      },
      stamp(-22),
    ),
    record<Offer>(
      "offer",
      "longer-rental",
      {
        title: "Ilgesnė nuoma – pigiau: −10\u00a0% nuo 7 parų",
        slug: "ilgesne-nuoma-pigiau",
        body: "<p>Nuomojantis 7 paras ar ilgiau, visiems automobiliams taikoma papildoma 10\u00a0% nuolaida. Puikiai tinka atostogoms ar komandiruotei.</p>",
        image: "cars/toyota-corolla-touring-sports-1.svg",
        discount: { type: "percent", value: 10 },
        validFrom: day(14),
        validTo: day(104),
        carIds: [],
        minDays: 7,
        active: true,
        sortOrder: 2,
      },
      stamp(-3),
    ),
    record<Offer>(
      "offer",
      "business-long-term",
      {
        title: "Ilgalaikė nuoma įmonėms nuo 420\u00a0€ per mėnesį",
        slug: "ilgalaike-nuoma-imonems",
        body: "<p>Ilgalaikė nuoma nuo 1 iki 12 mėnesių: draudimas, techninė priežiūra ir sezoninis padangų keitimas įskaičiuoti į mėnesio kainą. PVM sąskaita faktūra kas mėnesį, pakaitinis automobilis remonto metu.</p>",
        image: "cars/skoda-superb-1.svg",
        discount: null,
        validFrom: day(-60),
        validTo: day(300),
        carIds: [],
        minDays: 30,
        active: true,
        sortOrder: 3,
      },
      stamp(-61),
    ),
    record<Offer>(
      "offer",
      "suv-trip",
      {
        title: "Kelionės su visureigiu −10\u00a0%",
        slug: "keliones-su-visureigiu",
        body: "<p>Visureigiams taikėme 10\u00a0% nuolaidą. Akcija baigėsi – sekite naujienas.</p>",
        image: "cars/toyota-rav4-1.svg",
        discount: { type: "percent", value: 10 },
        validFrom: day(-150),
        validTo: day(-70),
        carIds: CAR_CATALOGUE.filter((c) => c.category === "visureigis").map((c) => carIdBySlug(c.slug)),
        minDays: 3,
        active: false,
        sortOrder: 4,
      },
      stamp(-152),
    ),
  ];

  // ----- news -----
  const newsItems: [string, string, string, string, number | null, string][] = [
    [
      "atnaujinome-automobiliu-parka",
      "Atnaujinome automobilių parką",
      "Į parką atvyko naujos kartos Škoda Superb, Volkswagen Passat ir Toyota Corolla Touring Sports hibridai.",
      "<p>Šį sezoną atnaujinome beveik trečdalį automobilių parko. Naujos kartos <strong>Škoda Superb</strong> ir <strong>Volkswagen Passat</strong> papildė verslo klasę, o hibridiniai <strong>Toyota Corolla Touring Sports</strong> universalai – vidutinę klasę.</p><h2>Kas naujo</h2><ul><li>Visi nauji automobiliai su Apple CarPlay ir Android Auto.</li><li>Hibridai mieste sunaudoja vos 4–5 l/100 km.</li><li>Verslo klasėje – odiniai salonai ir adaptyvi kruizo kontrolė.</li></ul><p>Naujus automobilius jau galite rezervuoti svetainėje.</p>",
      6,
      "cars/skoda-superb-1.svg",
    ],
    [
      "ziemines-padangos",
      "Žieminės padangos – visiems automobiliams be papildomo mokesčio",
      "Nuo lapkričio 10 d. visi mūsų automobiliai rieda su žieminėmis padangomis. Sniego grandines galima užsisakyti kaip papildomą paslaugą.",
      "<p>Lietuvoje žieminės padangos privalomos nuo lapkričio 10 d. iki balandžio 1 d. Visi mūsų automobiliai šiuo laikotarpiu išduodami su kokybiškomis žieminėmis padangomis – <strong>be jokio papildomo mokesčio</strong>.</p><p>Planuojate kelionę į kalnus? Užsisakykite sniego grandines rezervuodami automobilį.</p>",
      22,
      "cars/toyota-rav4-2.svg",
    ],
    [
      "nemokamas-pristatymas-i-vilniaus-oro-uosta",
      "Automobilio pristatymas į Vilniaus oro uostą – nemokamai",
      "Automobilį atvešime į Vilniaus oro uostą pagal Jūsų skrydžio laiką, o grąžinti galėsite ten pat.",
      "<p>Atskrendate į Vilnių? Automobilis lauks Jūsų oro uosto automobilių stovėjimo aikštelėje pagal skrydžio laiką. Pristatymas ir grąžinimas Vilniaus oro uoste – <strong>nemokami</strong>.</p><p>Rezervuodami nurodykite skrydžio numerį komentare – jei skrydis vėluos, palauksime.</p>",
      41,
      "cars/volkswagen-golf-2.svg",
    ],
    [
      "kelione-automobiliu-i-latvija-ir-estija",
      "Kelionė automobiliu į Latviją ir Estiją: ką reikia žinoti",
      "Trumpai apie leidimą vykti į užsienį, kelių mokesčius ir stovėjimą Rygoje bei Taline.",
      "<p>Išsinuomotu automobiliu į Baltijos šalis galima vykti su raštišku mūsų leidimu – jį įrašome į sutartį už 45\u00a0€ vienkartinį mokestį.</p><h2>Naudingi patarimai</h2><ul><li>Latvijoje ir Estijoje lengviesiems automobiliams kelių mokesčio nėra.</li><li>Rygos ir Talino centre stovėjimas mokamas – dažniausiai programėle.</li><li>Žiemą Estijoje žieminės padangos privalomos nuo gruodžio 1 d.</li></ul><p>Klausimų? Skambinkite – patarsime maršrutą.</p>",
      76,
      "cars/skoda-octavia-2.svg",
    ],
    [
      "elektromobilio-nuoma",
      "Elektromobilio nuoma: ką verta žinoti",
      "Tesla Model 3 nuomos patarimai: įkrovimas, nuvažiuojamas atstumas ir kaina.",
      "<p>Elektromobilis – tylus, greitas ir pigus kelyje. Mūsų <strong>Tesla Model 3</strong> vienu įkrovimu nuvažiuoja iki 500 km, o greitosios įkrovimo stotelės yra Vilniuje, Kaune, Panevėžyje ir prie pagrindinių magistralių.</p><p>Automobilį išduodame įkrautą ne mažiau kaip 80\u00a0%, o grąžinti prašome įkrautą bent 50\u00a0%.</p>",
      118,
      "cars/tesla-model-3-1.svg",
    ],
    [
      "naujas-biuras-kaune",
      "Netrukus – paėmimo vieta Kauno centre",
      "Ruošiame nuolatinę automobilių paėmimo vietą Kauno centre.",
      "<p>Jau greitai automobilius bus galima paimti ir grąžinti Kauno centre, Laisvės alėjoje. Kol kas automobilį į Kauną pristatome iš anksto suderinus.</p>",
      null,
      "cars/kia-sportage-1.svg",
    ],
  ];
  const news: DemoRecord<News>[] = newsItems.map(([slug, title, excerpt, body, daysAgo, image], i) => {
    const published = daysAgo === null ? null : stamp(-daysAgo, 9 * 60 + 15 * i);
    return record<News>(
      "news",
      slug,
      { title, slug, excerpt, body, image, publishedAt: published, status: published ? "published" : "draft" },
      published ? minus(published, 24 * 60) : stamp(-2),
      published ?? stamp(-1),
    );
  });

  // ----- customers -----
  const customerRandom = random(7);
  const customers: DemoRecord<Customer>[] = CUSTOMERS.map((c, i) => {
    const licenceYear = Number(c.birth.slice(0, 4)) + customerRandom.int(18, 21);
    const createdDaysAgo = 70 + ((i * 37) % 300);
    return record<Customer>(
      "customer",
      `${c.first}-${c.last}`,
      {
        type: c.company ? "business" : "private",
        firstName: c.first,
        lastName: c.last,
        ...(c.company ? { companyName: c.company.name, companyCode: c.company.code, vatCode: c.company.vatCode } : {}),
        email: c.email ?? `${ascii(c.first)}.${ascii(c.last)}@example.com`,
        phone: c.phone ?? `+3706${pad(customerRandom.int(0, 9_999_999), 7)}`,
        birthDate: c.birth,
        licenceNumber: pad(customerRandom.int(10_000_000, 99_999_999), 8),
        licenceIssuedAt: `${Math.min(licenceYear, year - 2)}-${c.birth.slice(5)}`,
        address: c.address,
        notes: c.notes ?? "",
        consentAt: i % 3 === 0 ? null : stamp(-createdDaysAgo, 13 * 60),
      },
      stamp(-createdDaysAgo, 13 * 60),
    );
  });
  const businessCustomers = customers.filter((c) => c.doc.type === "business");

  // ----- reservations -----
  const slots: Slot[] = [];
  let pastIndex = 0;
  let futureIndex = 0;
  CAR_CATALOGUE.forEach((c, i) => {
    const r = random(1000 + i);
    const rentable = (c.status ?? "active") === "active";
    const length = () => {
      const x = r.next();
      if (c.category === "krovininis") return x < 0.7 ? r.int(1, 2) : r.int(3, 6);
      return x < 0.45 ? r.int(1, 3) : x < 0.8 ? r.int(4, 7) : x < 0.95 ? r.int(8, 14) : r.int(15, 21);
    };
    let backwardEnd = -r.int(0, 3);
    let forwardStart = r.int(2, 22);
    if (rentable && i % 4 === 1) {
      // handed over a few days ago, due back in a few days
      const pickupDay = -r.int(1, 4);
      const returnDay = r.int(1, 6);
      slots.push({ car: i, pickupDay, returnDay, status: "active" });
      backwardEnd = pickupDay;
      forwardStart = returnDay + r.int(4, 14);
    }
    for (let end = backwardEnd; ; ) {
      const returnDay = end - r.int(1, 10);
      const pickupDay = returnDay - length();
      if (pickupDay < -DEMO_WINDOW_DAYS) break;
      slots.push({
        car: i,
        pickupDay,
        returnDay,
        status: PAST_PATTERN[pastIndex++ % PAST_PATTERN.length] ?? "completed",
      });
      end = pickupDay;
    }
    if (!rentable) return;
    for (let start = forwardStart; ; ) {
      const pickupDay = start;
      const returnDay = pickupDay + length();
      if (returnDay > DEMO_WINDOW_DAYS) break;
      slots.push({
        car: i,
        pickupDay,
        returnDay,
        status: FUTURE_PATTERN[futureIndex++ % FUTURE_PATTERN.length] ?? "new",
      });
      start = returnDay + r.int(7, 26);
    }
  });

  const pricesWithId = prices.map((p) => ({ ...p.doc, id: p.id }));
  const offersWithId = offers.map((o) => ({ ...o.doc, id: o.id }));
  const flights = ["LY 5301", "W6 2431", "FR 2967", "LO 771", "BT 341", "AY 1071", "LH 882"];
  const drafts: (Omit<DemoReservation, "doc"> & { doc: Omit<DemoReservationDoc, "number"> })[] = [];
  const r = random(42);
  const ageOn = (birth: string, date: string) =>
    Number(date.slice(0, 4)) - Number(birth.slice(0, 4)) - (date.slice(5) < birth.slice(5) ? 1 : 0);

  for (const slot of slots) {
    const spec = CAR_CATALOGUE[slot.car] as CatalogueCar;
    const car = cars[slot.car] as DemoRecord<Car>;
    const pickupTime = r.pick(TIME_SLOTS);
    const returnTime = TIME_SLOTS[
      Math.max(0, Math.min(TIME_SLOTS.length - 1, TIME_SLOTS.indexOf(pickupTime) + r.int(-3, 4)))
    ] as string;
    const pickupAt = at(slot.pickupDay, pickupTime);
    const returnAt = at(slot.returnDay, returnTime);

    // a customer old enough for the car; business customers favour vans and business cars
    const businessy = ["krovininis", "mikroautobusas", "verslo"].includes(spec.category) && r.chance(0.5);
    let customer = businessy ? r.pick(businessCustomers) : r.pick(customers);
    const pickupDate = day(slot.pickupDay);
    for (
      let tries = 0;
      ageOn(customer.doc.birthDate ?? "1980-01-01", pickupDate) < spec.minDriverAge && tries < 20;
      tries++
    ) {
      customer = r.pick(customers);
    }
    const birthDate = customer.doc.birthDate ?? null;

    const placeRoll = r.next();
    const pickupKey =
      placeRoll < 0.36
        ? "vilnius-airport"
        : placeRoll < 0.7
          ? "vilnius-office"
          : placeRoll < 0.8
            ? "vilnius-address"
            : placeRoll < 0.88
              ? "kaunas-airport"
              : placeRoll < 0.95
                ? "kaunas-centre"
                : "palanga-airport";
    const returnKey = r.chance(0.8) ? pickupKey : r.pick(["vilnius-office", "vilnius-airport"]);
    // A booking still ahead starts and ends at the car's home place (where the car will be);
    // past rentals went anywhere, the last one leaving the car where it stands now.
    const homeKey = HOME_PLACES[slot.car % HOME_PLACES.length] as string;
    const ahead = (BLOCKING_STATUSES as readonly string[]).includes(slot.status);
    const pickupLocation = locationByKey(ahead ? homeKey : pickupKey);
    const returnLocation = locationByKey(ahead ? homeKey : returnKey);

    const chosen: { key: string; quantity: number }[] = [];
    if (spec.category !== "krovininis" && r.chance(0.2)) chosen.push({ key: "child-seat", quantity: r.int(1, 2) });
    if (r.chance(0.15)) chosen.push({ key: "additional-driver", quantity: 1 });
    if (r.chance(0.08)) chosen.push({ key: "gps", quantity: 1 });
    // Travel abroad and the young driver's fee are fees by rule (settings.tariff), not extras.
    const travelAbroad = r.chance(0.12);
    if (r.chance(0.25)) chosen.push({ key: "excess-reduction", quantity: 1 });
    const extrasChosen = chosen.map((x) => ({ extra: extraByKey(x.key), quantity: x.quantity }));

    const basic = calculateQuote({
      car: { id: car.id, category: car.doc.category, deposit: car.doc.deposit },
      prices: pricesWithId,
      pickupAt,
      returnAt,
      extras: extrasChosen.map((x) => ({ extra: { ...x.extra.doc, id: x.extra.id }, quantity: x.quantity })),
      pickupLocation: pickupLocation.doc,
      returnLocation: returnLocation.doc,
      offers: offersWithId,
      rules,
    });
    const quote = withRuleFees(basic, ruleFeeRules, { pickupAt, returnAt }, { birthDate, travelAbroad });

    const source = r.pick(["web", "web", "web", "web", "phone", "phone", "office"] as const);
    const future = slot.pickupDay > 0;
    const createdAt = future
      ? minus(nowMinute, r.int(2 * 60, 25 * 24 * 60))
      : minus(pickupAt, r.int(20 * 60, 21 * 24 * 60));
    const comments = [
      "",
      "",
      pickupKey.includes("airport") ? `Skrydis ${r.pick(flights)}, atvyksta apie ${pickupTime}.` : "",
      chosen.some((x) => x.key === "child-seat") ? "Važiuosime su mažu vaiku, prašau paruošti kėdutę." : "",
      travelAbroad ? "Planuojame nuvažiuoti į Rygą." : "",
      customer.doc.type === "business" ? "Reikės PVM sąskaitos faktūros įmonei." : "",
      "Jei įmanoma, prašau automobilio su kabliu.",
    ];
    const comment = source === "web" ? r.pick(comments) : "";
    let notes = "";
    if (slot.status === "no_show") notes = "Klientas neatvyko ir neatsiliepė telefonu.";
    else if (slot.status === "cancelled")
      notes = r.pick(["Klientas atšaukė – pasikeitė kelionės planai.", "Atšaukta klientui paprašius el. paštu."]);
    else if (source === "phone") notes = "Užsakyta telefonu.";
    else if (customer.doc.type === "business") notes = "PVM sąskaitą faktūrą siųsti el. paštu.";

    const updatedAt = notAfterNow(
      slot.status === "completed"
        ? plus(returnAt, 45)
        : slot.status === "active"
          ? pickupAt
          : slot.status === "no_show"
            ? plus(pickupAt, 180)
            : slot.status === "cancelled"
              ? plus(createdAt, r.int(60, 3 * 24 * 60))
              : slot.status === "confirmed"
                ? plus(createdAt, r.int(20, 240))
                : createdAt,
    );

    drafts.push({
      id: demoId("reservation", `${spec.slug}/${slot.pickupDay}`),
      createdAt,
      updatedAt: Date.parse(updatedAt) < Date.parse(createdAt) ? createdAt : updatedAt,
      doc: {
        carId: car.id,
        customerId: customer.id,
        pickupAt,
        returnAt,
        pickupLocationId: pickupLocation.id,
        returnLocationId: returnLocation.id,
        extras: chosen.map((x) => ({ id: extraByKey(x.key).id, quantity: x.quantity })),
        ...(travelAbroad ? { travelAbroad: true } : {}),
        quote,
        status: slot.status,
        source,
        comment,
        notes,
        contract: { mileageOut: null, mileageIn: null, fuelOut: null, fuelIn: null, damages: "", text: null },
        cancelReason: slot.status === "cancelled" ? r.pick(DEMO_CANCEL_REASONS) : "",
        handoverOverrideReason: "",
        handover: null,
        returnAct: null,
        driverDetails: null,
        payment: null,
      },
    });
  }

  // where each car stands now: the return place of its last completed rental (the return sets it)
  for (const car of cars) {
    const last = drafts
      .filter((d) => d.doc.carId === car.id && d.doc.status === "completed")
      .sort((a, b) => Date.parse(b.doc.returnAt) - Date.parse(a.doc.returnAt))[0];
    if (last) car.doc.locationId = last.doc.returnLocationId;
  }

  // handover records and odometers, car by car in time order
  const fleetRandom = random(99);
  const mileageNow = new Map<string, number>();
  for (const [i, car] of cars.entries()) {
    const spec = CAR_CATALOGUE[i] as CatalogueCar;
    let odometer = (year - spec.year + 1) * fleetRandom.int(9_000, 16_000) + fleetRandom.int(500, 3_000);
    const own = drafts
      .filter((d) => d.doc.carId === car.id)
      .sort((a, b) => Date.parse(a.doc.pickupAt) - Date.parse(b.doc.pickupAt));
    for (const d of own) {
      if (d.doc.status !== "completed" && d.doc.status !== "active") continue;
      const out = odometer;
      d.doc.contract.mileageOut = out;
      d.doc.contract.fuelOut = "1";
      if (d.doc.status === "completed") {
        odometer = out + d.doc.quote.days * fleetRandom.int(60, 230);
        d.doc.contract.mileageIn = odometer;
        d.doc.contract.fuelIn = fleetRandom.chance(0.8) ? "1" : "3/4";
        if (fleetRandom.chance(0.1))
          d.doc.contract.damages = "Nedidelis įbrėžimas ant galinio buferio (užfiksuota nuotraukose).";
      }
    }
    mileageNow.set(car.id, odometer);
  }

  // numbers in booking order, per Vilnius year of booking
  drafts.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id));
  const lastNumber = new Map<number, number>();
  const reservations: DemoReservation[] = drafts.map((d) => {
    const y = vilniusParts(d.createdAt).year;
    const next = (lastNumber.get(y) ?? 0) + 1;
    lastNumber.set(y, next);
    return { ...d, doc: { number: `R-${y}-${pad(next, 6)}`, ...d.doc } };
  });
  const counters = [...lastNumber.entries()].map(([y, value]) => ({ name: `reservation-${y}`, value }));

  const fleet: DemoRecord<Fleet>[] = cars.map((car, i) => {
    const spec = CAR_CATALOGUE[i] as CatalogueCar;
    const fr = random(500 + i);
    const letters = Array.from({ length: 3 }, () => fr.pick([...PLATE_LETTERS])).join("");
    const insuranceDays = i === 4 ? 9 : fr.int(25, 330);
    const inspectionDays = i === 10 ? 12 : i === 26 ? 40 : fr.int(60, 700);
    let notes = "";
    if (spec.status === "maintenance")
      notes = "Servise: keičiami stabdžių diskai ir kaladėlės. Numatoma grąžinti po savaitės.";
    else if (spec.status === "hidden") notes = "Paslėptas svetainėje: ruošiamas pardavimui.";
    else if (i === 4) notes = "Pratęsti KASKO draudimą.";
    return record<Fleet>(
      "fleet",
      spec.slug,
      {
        carId: car.id,
        plateNumber: `${letters} ${pad(100 + ((i * 137 + 211) % 900), 3)}`,
        vin: makeVin(spec, fr),
        mileage: mileageNow.get(car.id) ?? 0,
        insuranceValidTo: day(insuranceDays),
        inspectionValidTo: day(inspectionDays),
        ...demoService(i, mileageNow.get(car.id) ?? 0, day),
        notes,
      },
      car.createdAt,
      stamp(-2),
    );
  });

  // ----- requests -----
  const by = DEMO_CREDENTIALS.staff.email;
  const customerByName = (first: string) => customers.find((c) => c.doc.firstName === first) as DemoRecord<Customer>;
  const reqAt = (daysAgo: number, minutes: number) => stamp(-daysAgo, minutes);
  const reply = (daysAgo: number, minutes: number, subject: string, body: string) => ({
    at: reqAt(daysAgo, minutes),
    by,
    subject: `Re: ${subject}`,
    body,
  });
  const requestSpecs: [string, number, number, Doc<InquiryRequest>][] = [
    [
      "early-airport",
      2,
      8 * 60 + 40,
      {
        type: "contact",
        name: "Jonas Petrauskas",
        email: customerByName("Jonas").doc.email,
        phone: customerByName("Jonas").doc.phone,
        message:
          "Laba diena, mano skrydis nusileidžia 5:40 ryto. Ar galėčiau tokiu metu pasiimti automobilį Vilniaus oro uoste?",
        carId: null,
        pickupAt: null,
        returnAt: null,
        company: null,
        status: "answered",
        replies: [
          reply(
            2,
            10 * 60 + 5,
            "Automobilis anksti ryte",
            "Laba diena, taip, automobilį perduosime oro uoste ir 5:40 ryto. Ne darbo laiku taikomas 15 € mokestis – jį galite pažymėti rezervuodami kaip papildomą paslaugą.",
          ),
        ],
      },
    ],
    [
      "long-term-octavia",
      1,
      15 * 60 + 12,
      {
        type: "long-term",
        name: "Andrius Baranauskas",
        email: customerByName("Andrius").doc.email,
        phone: customerByName("Andrius").doc.phone,
        message:
          "Domina Škoda Octavia ilgalaikė nuoma 6 mėnesiams nuo kito mėnesio pradžios. Kokia būtų mėnesio kaina ir ar įskaičiuotas padangų keitimas?",
        carId: carIdBySlug("skoda-octavia"),
        pickupAt: null,
        returnAt: null,
        company: null,
        status: "new",
        replies: [],
      },
    ],
    [
      "logistics-vans",
      9,
      11 * 60,
      {
        type: "business",
        name: "Saulius Kairys",
        email: customerByName("Saulius").doc.email,
        phone: customerByName("Saulius").doc.phone,
        message:
          "Sveiki, kiekvieną mėnesį savaitei prireikia dviejų krovininių furgonų (L2H2 ar didesnių). Ar galėtumėte pasiūlyti metinę sutartį su fiksuota kaina?",
        carId: carIdBySlug("volkswagen-crafter"),
        pickupAt: null,
        returnAt: null,
        company: { name: "UAB „Baltijos logistika“", code: "302846715", vatCode: "LT214673514" },
        status: "answered",
        replies: [
          reply(
            8,
            9 * 60 + 30,
            "Metinė krovininių automobilių nuoma",
            "Sveiki, galime pasiūlyti 15 % nuolaidą krovininiams automobiliams pagal metinę sutartį ir rezervuoti juos kiekvieno mėnesio pirmai savaitei. Pasiūlymą ir sutarties projektą išsiuntėme el. paštu.",
          ),
        ],
      },
    ],
    [
      "caravelle-seats",
      16,
      19 * 60 + 3,
      {
        type: "reservation",
        name: "Gintarė Paulauskienė",
        email: customerByName("Gintarė").doc.email,
        phone: customerByName("Gintarė").doc.phone,
        message:
          "Norėčiau rezervuoti Caravelle šeimos kelionei į Palangą. Ar galima su dviem vaikiškomis kėdutėmis ir paaukštinimu?",
        carId: carIdBySlug("volkswagen-caravelle"),
        pickupAt: at(-12, "10:00"),
        returnAt: at(-8, "10:00"),
        company: null,
        status: "closed",
        replies: [
          reply(
            15,
            9 * 60 + 10,
            "Caravelle su kėdutėmis",
            "Laba diena, taip – automobilį paruošime su dviem kėdutėmis ir paaukštinimu. Rezervaciją patvirtinome, patvirtinimą rasite el. pašte.",
          ),
        ],
      },
    ],
    [
      "seo-spam",
      5,
      3 * 60 + 17,
      {
        type: "contact",
        name: "SEO Expert",
        email: "seo.offer@example.net",
        phone: null,
        message: "We can put your website on first page of Google in 7 days!!! Cheap price, reply now.",
        carId: null,
        pickupAt: null,
        returnAt: null,
        company: null,
        status: "spam",
        replies: [],
      },
    ],
    [
      "abroad-latvia",
      0,
      9 * 60 + 50,
      {
        type: "contact",
        name: "Ieva Navickaitė",
        email: customerByName("Ieva").doc.email,
        phone: null,
        message: "Ar išsinuomotu automobiliu galima nuvažiuoti į Rygą savaitgaliui? Ką reikia padaryti iš anksto?",
        carId: null,
        pickupAt: null,
        returnAt: null,
        company: null,
        status: "new",
        replies: [],
      },
    ],
    [
      "long-term-corolla",
      24,
      13 * 60 + 20,
      {
        type: "long-term",
        name: "Laura Mickevičienė",
        email: customerByName("Laura").doc.email,
        phone: customerByName("Laura").doc.phone,
        message: "Ieškau hibridinio universalo 12 mėnesių. Ar Corolla Touring Sports galima nuomotis metams?",
        carId: carIdBySlug("toyota-corolla-touring-sports"),
        pickupAt: null,
        returnAt: null,
        company: null,
        status: "answered",
        replies: [
          reply(
            23,
            10 * 60,
            "Ilgalaikė Corolla nuoma",
            "Sveiki, taip. Metams mėnesio kaina – 720 € su PVM, įskaičiuotas draudimas, techninė priežiūra ir padangų keitimas. Rida – iki 2 500 km per mėnesį.",
          ),
          reply(
            20,
            14 * 60 + 45,
            "Ilgalaikė Corolla nuoma",
            "Primename, kad pasiūlymas galioja iki mėnesio pabaigos. Mielai atsakysime į klausimus telefonu.",
          ),
        ],
      },
    ],
    [
      "construction-van",
      3,
      16 * 60 + 5,
      {
        type: "business",
        name: "Inga Rimkienė",
        email: customerByName("Inga").doc.email,
        phone: customerByName("Inga").doc.phone,
        message:
          "Statybų objektui Kaune reikėtų krovininio automobilio su kabliu dviem mėnesiams. Prašome pasiūlymo ir informacijos apie apmokėjimą pavedimu.",
        carId: carIdBySlug("renault-master"),
        pickupAt: null,
        returnAt: null,
        company: { name: "UAB „Žalia statyba“", code: "304417289", vatCode: "LT318729413" },
        status: "new",
        replies: [],
      },
    ],
    [
      "lost-glasses",
      31,
      18 * 60 + 30,
      {
        type: "contact",
        name: "Tomas Butkus",
        email: customerByName("Tomas").doc.email,
        phone: customerByName("Tomas").doc.phone,
        message: "Grąžinau Škoda Fabia ir, atrodo, palikau akinius nuo saulės daiktadėžėje. Gal radote?",
        carId: carIdBySlug("skoda-fabia"),
        pickupAt: null,
        returnAt: null,
        company: null,
        status: "closed",
        replies: [
          reply(
            30,
            8 * 60 + 50,
            "Palikti akiniai",
            "Laba diena, akinius radome. Juos galite atsiimti biure Kalvarijų g. 125 darbo laiku.",
          ),
        ],
      },
    ],
    [
      "tesla-weekend",
      0,
      12 * 60 + 15,
      {
        type: "reservation",
        name: "Karolis Grigas",
        email: customerByName("Karolis").doc.email,
        phone: customerByName("Karolis").doc.phone,
        message: "Norėčiau išbandyti Tesla Model 3 savaitgaliui. Ar įkrovimas stotelėse įskaičiuotas į kainą?",
        carId: carIdBySlug("tesla-model-3"),
        pickupAt: at(19, "10:00"),
        returnAt: at(21, "18:00"),
        company: null,
        status: "new",
        replies: [],
      },
    ],
    [
      "winter-tyres",
      12,
      10 * 60 + 25,
      {
        type: "contact",
        name: "Eglė Stankevičiūtė",
        email: customerByName("Eglė").doc.email,
        phone: customerByName("Eglė").doc.phone,
        message: "Ar jūsų automobiliai jau su žieminėmis padangomis? Važiuosiu į Zakopanę.",
        carId: null,
        pickupAt: null,
        returnAt: null,
        company: null,
        status: "answered",
        replies: [
          reply(
            12,
            11 * 60 + 40,
            "Žieminės padangos",
            "Sveiki, nuo lapkričio 10 d. visi automobiliai su žieminėmis padangomis. Kelionei į Lenkiją reikės leidimo vykti į užsienį (45 €), rekomenduojame ir sniego grandines (15 €).",
          ),
        ],
      },
    ],
    [
      "no-longer-needed",
      45,
      17 * 60,
      {
        type: "long-term",
        name: "Marius Lukoševičius",
        email: customerByName("Marius").doc.email,
        phone: customerByName("Marius").doc.phone,
        message: "Mikroautobuso trims mėnesiams renginių sezonui. Ar galima su kabliu priekabai?",
        carId: carIdBySlug("ford-tourneo-custom"),
        pickupAt: null,
        returnAt: null,
        company: { name: "MB „Renginių technika“", code: "305927364", vatCode: "LT415936219" },
        status: "closed",
        replies: [
          reply(
            44,
            9 * 60 + 15,
            "Mikroautobusas renginių sezonui",
            "Sveiki, Ford Tourneo Custom su kabliu galime pasiūlyti už 1 250 € per mėnesį. Ar pasiūlymas aktualus?",
          ),
        ],
      },
    ],
    [
      "crypto-spam",
      20,
      2 * 60 + 2,
      {
        type: "contact",
        name: "Investicijos",
        email: "profit.now@example.org",
        phone: null,
        message: "Uždirbkite 5000 € per savaitę investuodami į kriptovaliutas! Registruokitės šiandien.",
        carId: null,
        pickupAt: null,
        returnAt: null,
        company: null,
        status: "spam",
        replies: [],
      },
    ],
  ];
  const requests: DemoRecord<InquiryRequest>[] = requestSpecs.map(([key, daysAgo, minutes, doc]) => {
    const createdAt = notAfterNow(reqAt(daysAgo, minutes));
    const lastReply = doc.replies[doc.replies.length - 1];
    const replies = doc.replies.map((rep) => ({ ...rep, at: notAfterNow(rep.at) }));
    return record<InquiryRequest>(
      "request",
      key,
      { ...doc, replies },
      createdAt,
      lastReply ? notAfterNow(lastReply.at) : createdAt,
    );
  });

  // ----- staff -----
  const staff: DemoStaff[] = (["admin", "staff"] as const).map((role) => ({
    ...record<StaffUser>(
      "staff",
      role,
      {
        email: DEMO_CREDENTIALS[role].email,
        name: DEMO_CREDENTIALS[role].name,
        role,
        active: true,
      },
      stamp(-400),
    ),
    password: DEMO_CREDENTIALS[role].password,
  }));

  // ----- mail outbox: confirmations already sent for the latest web bookings -----
  const carById = new Map(cars.map((c) => [c.id, c]));
  const customerById = new Map(customers.map((c) => [c.id, c]));
  const locationById = new Map(locations.map((l) => [l.id, l]));
  const fill = (template: string, values: Record<string, string>) =>
    template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
  const mail: DemoRecord<Mail>[] = reservations
    .filter((res) => res.doc.source === "web" && Date.parse(res.createdAt) < now.getTime() - 3_600_000)
    .slice(-4)
    .map((res) => {
      const c = customerById.get(res.doc.customerId) as DemoRecord<Customer>;
      const carDoc = (carById.get(res.doc.carId) as DemoRecord<Car>).doc;
      const values = {
        number: res.doc.number,
        name: `${c.doc.firstName} ${c.doc.lastName}`,
        car: `${carDoc.make} ${carDoc.model}`,
        pickup: `${formatDateTime(res.doc.pickupAt)}, ${locationById.get(res.doc.pickupLocationId)?.doc.name ?? ""}`,
        return: `${formatDateTime(res.doc.returnAt)}, ${locationById.get(res.doc.returnLocationId)?.doc.name ?? ""}`,
        total: formatMoney(res.doc.quote.total),
        company: DEMO_COMPANY.brand,
      };
      const sentAt = plus(res.createdAt, 1);
      return record<Mail>(
        "mail",
        res.doc.number,
        {
          to: c.doc.email,
          replyTo: DEMO_COMPANY.emails[0],
          message: {
            subject: fill(EMAIL_TEMPLATES.reservationReceived.subject, values),
            text: fill(EMAIL_TEMPLATES.reservationReceived.body, values),
          },
          delivery: { state: "SUCCESS", attempts: 1, error: null, endTime: sentAt },
          ref: `reservation:${res.id}`,
        },
        res.createdAt,
        sentAt,
      );
    });

  const payments = buildDemoLedger(
    reservations,
    (key) => demoId("payment", key),
    { desk: DEMO_CREDENTIALS.staff.email, admin: DEMO_CREDENTIALS.admin.email },
    now,
  );

  return {
    now: now.toISOString(),
    settings,
    locations,
    extras,
    cars,
    fleet,
    prices,
    offers,
    news,
    customers,
    requests,
    reservations,
    staff,
    mail,
    counters,
    payments,
  };
}

// ---------- validation ----------

/** Minimum amounts the demo promises (issue 2, "Demo seed"). */
export const DEMO_MINIMUMS = {
  locations: 3,
  extras: 6,
  cars: 24,
  offers: 3,
  news: 5,
  customers: 20,
  requests: 10,
  reservations: 40,
} as const;

/**
 * Checks the demo data end to end and throws one Error listing every problem:
 * every record parses with its schema, the promised counts, references resolve,
 * no two blocking reservations of a car overlap, every state is present and fits
 * `now`, and every stored quote equals calculateQuote.
 */
export function validateDemoData(data: DemoData): void {
  const problems: string[] = [];
  const now = Date.parse(data.now);
  const parse = (
    label: string,
    schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
    value: unknown,
  ) => {
    const result = schema.safeParse(value);
    if (!result.success)
      problems.push(`${label}: ${String((result.error as Error | undefined)?.message ?? "netinkamas")}`);
  };
  const full = <T>(r: DemoRecord<T> | DemoReservation) => ({
    ...r.doc,
    id: r.id,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  });

  // schemas
  if (data.settings.id !== SETTINGS_ID) problems.push("nustatymų id turi būti SETTINGS_ID");
  parse("nustatymai", settingsSchema, full(data.settings));
  const collections: [
    string,
    { safeParse(v: unknown): { success: boolean; error?: unknown } },
    DemoRecord<unknown>[],
  ][] = [
    ["vieta", locationSchema, data.locations],
    ["paslauga", extraSchema, data.extras],
    ["automobilis", carSchema, data.cars],
    ["parko įrašas", fleetSchema, data.fleet],
    ["kaina", priceSchema, data.prices],
    ["akcija", offerSchema, data.offers],
    ["naujiena", newsSchema, data.news],
    ["klientas", customerSchema, data.customers],
    ["užklausa", requestSchema, data.requests],
    ["rezervacija", reservationSchema, data.reservations as DemoRecord<unknown>[]],
    ["laiškas", mailSchema, data.mail],
  ];
  for (const [label, schema, records] of collections) {
    for (const r of records) parse(`${label} ${r.id}`, schema, full(r));
  }
  for (const s of data.staff) parse(`darbuotojas ${s.id}`, staffUserSchema, { ...full(s), password: s.password });

  // counts
  const counts: Record<keyof typeof DEMO_MINIMUMS, number> = {
    locations: data.locations.length,
    extras: data.extras.length,
    cars: data.cars.length,
    offers: data.offers.length,
    news: data.news.length,
    customers: data.customers.length,
    requests: data.requests.length,
    reservations: data.reservations.length,
  };
  for (const [key, min] of Object.entries(DEMO_MINIMUMS) as [keyof typeof DEMO_MINIMUMS, number][]) {
    if (counts[key] < min) problems.push(`${key}: ${counts[key]} < ${min}`);
  }
  const locationNames = data.locations.map((l) => l.doc.name).join(" | ");
  for (const needed of [/Vilniaus oro uost/, /Vilniaus centr/, /Kaun/]) {
    if (!needed.test(locationNames)) problems.push(`trūksta vietos ${needed}`);
  }
  const roles = new Set(data.staff.map((s) => s.doc.role));
  if (!roles.has("admin") || !roles.has("staff")) problems.push("reikia administratoriaus ir darbuotojo paskyrų");
  if (!data.news.some((n) => n.doc.status === "published")) problems.push("nėra paskelbtų naujienų");

  // identity and uniqueness
  const allIds = [
    data.settings,
    ...data.locations,
    ...data.extras,
    ...data.cars,
    ...data.fleet,
    ...data.prices,
    ...data.offers,
    ...data.news,
    ...data.customers,
    ...data.requests,
    ...data.reservations,
    ...data.staff,
    ...data.mail,
  ].map((r) => r.id);
  if (new Set(allIds).size !== allIds.length) problems.push("identifikatoriai kartojasi");
  const unique = (label: string, values: string[]) => {
    if (new Set(values).size !== values.length) problems.push(`${label} kartojasi`);
  };
  unique(
    "automobilių slug",
    data.cars.map((c) => c.doc.slug),
  );
  unique(
    "akcijų slug",
    data.offers.map((o) => o.doc.slug),
  );
  unique(
    "naujienų slug",
    data.news.map((n) => n.doc.slug),
  );
  unique(
    "valstybiniai numeriai",
    data.fleet.map((f) => f.doc.plateNumber.toUpperCase()),
  );
  unique(
    "VIN kodai",
    data.fleet.map((f) => f.doc.vin),
  );
  unique(
    "parko automobiliai",
    data.fleet.map((f) => f.doc.carId),
  );
  unique(
    "rezervacijų numeriai",
    data.reservations.map((r) => r.doc.number),
  );
  for (const c of data.cars) {
    if (c.doc.images.length < 2) problems.push(`automobilis ${c.doc.slug}: mažiau nei 2 nuotraukos`);
  }

  // references
  const carIds = new Set(data.cars.map((c) => c.id));
  const customerIds = new Set(data.customers.map((c) => c.id));
  const locationIds = new Set(data.locations.map((l) => l.id));
  const extraIds = new Set(data.extras.map((e) => e.id));
  for (const f of data.fleet) if (!carIds.has(f.doc.carId)) problems.push(`parko įrašas ${f.id}: nėra automobilio`);
  if (data.fleet.length !== data.cars.length) problems.push("kiekvienam automobiliui turi būti parko įrašas");
  for (const p of data.prices)
    if (p.doc.carId && !carIds.has(p.doc.carId)) problems.push(`kaina ${p.id}: nėra automobilio`);
  for (const o of data.offers)
    for (const id of o.doc.carIds) if (!carIds.has(id)) problems.push(`akcija ${o.id}: nėra automobilio ${id}`);
  for (const q of data.requests)
    if (q.doc.carId && !carIds.has(q.doc.carId)) problems.push(`užklausa ${q.id}: nėra automobilio`);

  // reservations
  const statuses = new Set(data.reservations.map((r) => r.doc.status));
  for (const status of RESERVATION_STATUSES)
    if (!statuses.has(status)) problems.push(`nėra rezervacijų būsenos ${status}`);
  const windowMs = (DEMO_WINDOW_DAYS + 1) * 86_400_000;
  const rules = data.settings.doc.bookingRules;
  const pricesWithId = data.prices.map((p) => ({ ...p.doc, id: p.id }));
  const offersWithId = data.offers.map((o) => ({ ...o.doc, id: o.id }));
  const extraById = new Map(data.extras.map((e) => [e.id, { ...e.doc, id: e.id }]));
  const carById = new Map(data.cars.map((c) => [c.id, c.doc]));
  const locationById = new Map(data.locations.map((l) => [l.id, l.doc]));
  const birthDateById = new Map(data.customers.map((c) => [c.id, c.doc.birthDate ?? null]));
  const feeRules = {
    tariff: tariffOf(data.settings.doc),
    openingHour: rules.openingHour,
    closingHour: rules.closingHour,
  };
  const lastByYear = new Map<string, number>();
  for (const res of data.reservations) {
    const d = res.doc;
    const label = `rezervacija ${d.number}`;
    if (!RESERVATION_NUMBER_PATTERN.test(d.number)) problems.push(`${label}: netinkamas numeris`);
    const [, y = "", seq = "0"] = /^R-(\d{4})-(\d{6})$/.exec(d.number) ?? [];
    lastByYear.set(y, Math.max(lastByYear.get(y) ?? 0, Number(seq)));
    if (!carIds.has(d.carId)) problems.push(`${label}: nėra automobilio`);
    if (!customerIds.has(d.customerId)) problems.push(`${label}: nėra kliento`);
    if (!locationIds.has(d.pickupLocationId) || !locationIds.has(d.returnLocationId))
      problems.push(`${label}: nėra vietos`);
    for (const x of d.extras) if (!extraIds.has(x.id)) problems.push(`${label}: nėra paslaugos ${x.id}`);
    const pickup = Date.parse(d.pickupAt);
    const ret = Date.parse(d.returnAt);
    if (Date.parse(res.createdAt) > now) problems.push(`${label}: sukurta ateityje`);
    if (Math.abs(pickup - now) > windowMs) problems.push(`${label}: paėmimas už ±${DEMO_WINDOW_DAYS} d. ribų`);
    for (const [what, iso] of [
      ["paėmimas", d.pickupAt],
      ["grąžinimas", d.returnAt],
    ] as const) {
      const p = vilniusParts(iso);
      if (p.minute % 30 !== 0 || p.second !== 0 || p.hour < rules.openingHour || p.hour >= rules.closingHour) {
        problems.push(`${label}: ${what} ne darbo valandomis arba ne pusvalandžiu`);
      }
    }
    const fits =
      d.status === "completed"
        ? ret <= now
        : d.status === "no_show"
          ? pickup <= now
          : d.status === "active"
            ? pickup <= now && now < ret
            : d.status === "new" || d.status === "confirmed"
              ? pickup > now
              : true;
    if (!fits) problems.push(`${label}: būsena ${d.status} neatitinka laiko`);
    const car = carById.get(d.carId);
    if (car) {
      try {
        const basic = calculateQuote({
          car: { id: d.carId, category: car.category, deposit: car.deposit },
          prices: pricesWithId,
          pickupAt: d.pickupAt,
          returnAt: d.returnAt,
          extras: d.extras.map((x) => ({ extra: extraById.get(x.id) as Extra & { id: string }, quantity: x.quantity })),
          pickupLocation: locationById.get(d.pickupLocationId) ?? null,
          returnLocation: locationById.get(d.returnLocationId) ?? null,
          offers: offersWithId,
          rules,
        });
        const facts = { birthDate: birthDateById.get(d.customerId) ?? null, travelAbroad: d.travelAbroad ?? false };
        const expected = withRuleFees(basic, feeRules, { pickupAt: d.pickupAt, returnAt: d.returnAt }, facts);
        if (JSON.stringify(expected) !== JSON.stringify(d.quote))
          problems.push(`${label}: kaina nesutampa su calculateQuote`);
      } catch (error) {
        problems.push(`${label}: kainos apskaičiuoti nepavyko (${(error as Error).message})`);
      }
    }
  }
  const blocking = data.reservations.filter((r) => (BLOCKING_STATUSES as readonly string[]).includes(r.doc.status));
  for (const [i, a] of blocking.entries()) {
    for (const b of blocking.slice(i + 1)) {
      if (a.doc.carId === b.doc.carId && intervalsOverlap(a.doc, b.doc)) {
        problems.push(`persidengia ${a.doc.number} ir ${b.doc.number}`);
      }
    }
  }
  for (const [y, last] of lastByYear) {
    const counter = data.counters.find((c) => c.name === `reservation-${y}`);
    if (counter?.value !== last) problems.push(`skaitiklis reservation-${y} turi būti ${last}`);
  }

  // the payments ledger: every entry parses, belongs to a reservation, is not in the future, and
  // every reservation's summary is what the ledger's rules make of its entries
  problems.push(...demoLedgerProblems(data.reservations, data.payments, now));

  if (problems.length > 0) {
    throw new Error(`Demonstraciniai duomenys netinkami (${problems.length}):\n${problems.join("\n")}`);
  }
}

/**
 * The demo fleet's service plan (no random draws, so the rest of the demo stays as it was): every
 * 15 000 km; car 2 is due by date in 20 days, car 7 by mileage within 600 km, car 12 is 400 km
 * past its service mileage; the rest are far from either.
 */
function demoService(
  i: number,
  mileage: number,
  day: (offset: number) => string,
): Pick<Fleet, "serviceDueDate" | "serviceIntervalKm" | "lastServiceMileage"> {
  const interval = 15_000;
  const since = i === 7 ? interval - 600 : i === 12 ? interval + 400 : (i * 3517) % 11_000;
  return {
    serviceDueDate: day(i === 2 ? 20 : 90 + ((i * 37) % 270)),
    serviceIntervalKm: interval,
    lastServiceMileage: Math.max(0, mileage - since),
  };
}
