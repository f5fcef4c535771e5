// THE expected answers of firestore.rules: every collection the app uses x every kind of
// visitor x every operation. tests/integration/firebase/rules.test.ts runs each cell against
// the Firestore emulator (it reads this table; it does not repeat it), and
// tests/unit/firebase/rulesMatrix.test.ts checks that the table covers every collection.
//
//   allow   the operation succeeds
//   deny    the operation is refused
//   public  allowed on a public document (a published car, an active offer, a published news
//           item, an active place or extra, the price of a published car) and for a list query
//           that asks only for those; refused on the others
//   own     allowed on the visitor's own document (staff/{uid}) only
//
// FIRESTORE_INVALID_WRITES lists writes with the right field names but wrong values (a year
// that is not a number, a negative rate, an unknown status): staff may not store them.

export const PERSONAS = ["anonymous", "signedIn", "staff", "admin"] as const;
export type Persona = (typeof PERSONAS)[number];
export const OPERATIONS = ["get", "list", "create", "update", "delete"] as const;
export type Operation = (typeof OPERATIONS)[number];
export type Expectation = "allow" | "deny" | "public" | "own";
type Row = Record<Operation, Expectation>;

export interface CollectionRules {
  /** for "public": the field that makes a document public, its public value and a non-public one */
  visibility?: { field: string; publicValue: unknown; hiddenValue: unknown };
  /**
   * Documents the visibility depends on, seeded with the samples: `data` is laid over the
   * collection's sample document (e.g. a published and a hidden car for their prices).
   */
  related?: readonly { collection: string; id: string; data: Record<string, unknown> }[];
  expected: Record<Persona, Row>;
}

const row = (get: Expectation, list: Expectation, create: Expectation, update: Expectation, del: Expectation): Row => ({
  get,
  list,
  create,
  update,
  delete: del,
});
const NONE = row("deny", "deny", "deny", "deny", "deny");
const ALL = row("allow", "allow", "allow", "allow", "allow");
const READ_ONLY = row("allow", "allow", "deny", "deny", "deny");
const PUBLIC_READ = row("public", "public", "deny", "deny", "deny");

/** Public catalogue: anyone reads (published) documents, staff write. */
const publicCatalogue = (
  visibility?: CollectionRules["visibility"],
  related?: CollectionRules["related"],
): CollectionRules => ({
  ...(visibility ? { visibility } : {}),
  ...(related ? { related } : {}),
  expected: {
    anonymous: visibility ? PUBLIC_READ : READ_ONLY,
    signedIn: visibility ? PUBLIC_READ : READ_ONLY,
    staff: ALL,
    admin: ALL,
  },
});

/** The office's records: staff only. */
const staffOnly: CollectionRules = { expected: { anonymous: NONE, signedIn: NONE, staff: ALL, admin: ALL } };

/** The cars the sample prices belong to: one published, one hidden. */
export const PUBLISHED_CAR_ID = "rodomasautomobilis01";
export const HIDDEN_CAR_ID = "paslepautomobilis001";

export const FIRESTORE_MATRIX: Readonly<Record<string, CollectionRules>> = {
  cars: publicCatalogue({ field: "status", publicValue: "active", hiddenValue: "hidden" }),
  // A car's own prices are public while the car is published (category prices always are:
  // see the rules test).
  prices: publicCatalogue({ field: "carId", publicValue: PUBLISHED_CAR_ID, hiddenValue: HIDDEN_CAR_ID }, [
    { collection: "cars", id: PUBLISHED_CAR_ID, data: { status: "active" } },
    { collection: "cars", id: HIDDEN_CAR_ID, data: { status: "hidden" } },
  ]),
  offers: publicCatalogue({ field: "active", publicValue: true, hiddenValue: false }),
  news: publicCatalogue({ field: "status", publicValue: "published", hiddenValue: "draft" }),
  locations: publicCatalogue({ field: "active", publicValue: true, hiddenValue: false }),
  extras: publicCatalogue({ field: "active", publicValue: true, hiddenValue: false }),
  publicSettings: {
    expected: {
      anonymous: READ_ONLY,
      signedIn: READ_ONLY,
      staff: READ_ONLY,
      admin: row("allow", "allow", "allow", "allow", "deny"),
    },
  },
  fleet: staffOnly,
  customers: staffOnly,
  requests: staffOnly,
  // The Trigger Email extension sends what is written here: only functions queue mail.
  mail: {
    expected: {
      anonymous: NONE,
      signedIn: NONE,
      staff: row("allow", "allow", "deny", "deny", "deny"),
      admin: row("allow", "allow", "deny", "deny", "deny"),
    },
  },
  // Created and changed by functions only (price, number, overlap); staff read and delete.
  reservations: {
    expected: {
      anonymous: NONE,
      signedIn: NONE,
      staff: row("allow", "allow", "deny", "deny", "allow"),
      admin: row("allow", "allow", "deny", "deny", "allow"),
    },
  },
  // The bulk price changes' history: written by the applyPriceUpdate function, read by staff.
  // The cars' damage register: entered by the returnReservation function, marked repaired by the
  // markDamageRepaired function; in the rules staff may only move an open damage to repaired.
  // The payments ledger: append-only, written by functions only (src/core/payments.ts).
  payments: {
    expected: {
      anonymous: NONE,
      signedIn: NONE,
      staff: row("allow", "allow", "deny", "deny", "deny"),
      admin: row("allow", "allow", "deny", "deny", "deny"),
    },
  },
  // Four-eyes requests (credit notes, refunds): written by callables only, staff read them.
  approvals: {
    expected: {
      anonymous: NONE,
      signedIn: NONE,
      staff: row("allow", "allow", "deny", "deny", "deny"),
      admin: row("allow", "allow", "deny", "deny", "deny"),
    },
  },
  damages: {
    expected: {
      anonymous: NONE,
      signedIn: NONE,
      staff: row("allow", "allow", "deny", "deny", "deny"),
      admin: row("allow", "allow", "deny", "deny", "deny"),
    },
  },
  priceUpdates: {
    expected: {
      anonymous: NONE,
      signedIn: NONE,
      staff: row("allow", "allow", "deny", "deny", "deny"),
      admin: row("allow", "allow", "deny", "deny", "deny"),
    },
  },
  settings: {
    expected: {
      anonymous: NONE,
      signedIn: NONE,
      staff: row("allow", "allow", "deny", "deny", "deny"),
      admin: row("allow", "allow", "allow", "allow", "deny"),
    },
  },
  // Roles: written by the setStaffRole function only; each user reads their own document.
  staff: {
    expected: {
      anonymous: NONE,
      signedIn: row("own", "deny", "deny", "deny", "deny"),
      staff: row("own", "deny", "deny", "deny", "deny"),
      admin: row("allow", "allow", "deny", "deny", "deny"),
    },
  },
  clientErrors: {
    expected: {
      anonymous: NONE,
      signedIn: NONE,
      staff: NONE,
      admin: row("allow", "allow", "deny", "deny", "deny"),
    },
  },
  // The audit log: written by functions only (the core, the audit trigger), read by admins only.
  auditLog: {
    expected: { anonymous: NONE, signedIn: NONE, staff: NONE, admin: row("allow", "allow", "deny", "deny", "deny") },
  },
  counters: { expected: { anonymous: NONE, signedIn: NONE, staff: NONE, admin: NONE } },
  reservationLocks: { expected: { anonymous: NONE, signedIn: NONE, staff: NONE, admin: NONE } },
  rateLimits: { expected: { anonymous: NONE, signedIn: NONE, staff: NONE, admin: NONE } },
  calendarFeeds: { expected: { anonymous: NONE, signedIn: NONE, staff: NONE, admin: NONE } },
  // "Mano rezervacija" link hashes: only the functions; a visitor reaches a reservation through the callable.
  reservationLinks: { expected: { anonymous: NONE, signedIn: NONE, staff: NONE, admin: NONE } },
  // Invoices and credit notes: staff read them; written once, by functions only (an issued invoice never changes).
  invoices: {
    expected: {
      anonymous: NONE,
      signedIn: NONE,
      staff: row("allow", "allow", "deny", "deny", "deny"),
      admin: row("allow", "allow", "deny", "deny", "deny"),
    },
  },
  // The retention job's daily runs: written by functions only, read by admins.
  retentionRuns: {
    expected: { anonymous: NONE, signedIn: NONE, staff: NONE, admin: row("allow", "allow", "deny", "deny", "deny") },
  },
  // Scheduled backups' daily records: written by servers only, read by admins.
  backups: {
    expected: { anonymous: NONE, signedIn: NONE, staff: NONE, admin: row("allow", "allow", "deny", "deny", "deny") },
  },
  // The erasure ledger (ids and hashes only): written by the erasure and the restore, read by admins.
  erasureLedger: {
    expected: { anonymous: NONE, signedIn: NONE, staff: NONE, admin: row("allow", "allow", "deny", "deny", "deny") },
  },
};

/** The claims each persona signs in with (the uid is also the id of their own staff document). */
export const PERSONA_AUTH: Readonly<Record<Persona, { uid: string; claims: Record<string, unknown> } | null>> = {
  anonymous: null,
  signedIn: { uid: "naudotojas00000000001", claims: {} },
  staff: { uid: "darbuotojas000000001", claims: { role: "staff" } },
  admin: { uid: "administratorius0001", claims: { role: "admin" } },
};

/**
 * Staff writes with the right field names and wrong values, each refused on create and on
 * update. `change` is laid over the collection's valid sample document (dotted keys reach
 * into maps: "bookingRules.minDays"; "tiers.0.dailyRate" into the first list item).
 */
export interface InvalidWrite {
  collection: string;
  /** what is wrong, in Lithuanian (the test's name) */
  what: string;
  persona: Extract<Persona, "staff" | "admin">;
  change: Record<string, unknown>;
}

export const FIRESTORE_INVALID_WRITES: readonly InvalidWrite[] = [
  { collection: "cars", what: "metai ne skaičius", persona: "staff", change: { year: "abc" } },
  { collection: "cars", what: "nežinoma būsena", persona: "staff", change: { status: "parduotas" } },
  { collection: "cars", what: "nežinoma klasė", persona: "staff", change: { category: "sportinė" } },
  { collection: "cars", what: "neigiamas užstatas", persona: "staff", change: { deposit: -100 } },
  { collection: "cars", what: "neigiama savarankiška rizika", persona: "staff", change: { excess: -1 } },
  { collection: "cars", what: "savarankiška rizika ne skaičius", persona: "staff", change: { excess: "500" } },
  { collection: "cars", what: "sėdimų vietų 0", persona: "staff", change: { seats: 0 } },
  { collection: "cars", what: "kondicionierius ne taip/ne", persona: "staff", change: { airConditioning: "taip" } },
  { collection: "cars", what: "per ilgas modelio pavadinimas", persona: "staff", change: { model: "x".repeat(81) } },
  { collection: "cars", what: "nuotraukos ne sąrašas", persona: "staff", change: { images: "cars/a.png" } },
  { collection: "cars", what: "netinkamas adreso fragmentas", persona: "staff", change: { slug: "Toyota Yaris" } },
  {
    collection: "cars",
    what: "dabartinė vieta ne identifikatorius",
    persona: "staff",
    change: { locationId: "oro uostas" },
  },
  { collection: "cars", what: "nuolatinė vieta ne tekstas", persona: "staff", change: { homeLocationId: 7 } },
  { collection: "prices", what: "neigiama paros kaina", persona: "staff", change: { "tiers.0.dailyRate": -5 } },
  { collection: "prices", what: "kaina ne skaičius", persona: "staff", change: { "tiers.0.dailyRate": "35" } },
  { collection: "prices", what: "0 € paros kaina", persona: "staff", change: { "tiers.0.dailyRate": 0 } },
  {
    collection: "prices",
    what: "paros kaina žemiau numatytosios 1 € ribos (nustatymų nėra)",
    persona: "staff",
    change: { "tiers.1.dailyRate": 0.99 },
  },
  { collection: "prices", what: "be kainų pakopų", persona: "staff", change: { tiers: [] } },
  {
    collection: "prices",
    what: "ir automobilis, ir klasė",
    persona: "staff",
    change: { carId: "25239e32-7f21-52dd-ac80-9f8ef21ea6d9", category: "ekonominė" },
  },
  { collection: "offers", what: "nuolaida virš 90 %", persona: "staff", change: { "discount.value": 150 } },
  { collection: "offers", what: "aktyvumas ne taip/ne", persona: "staff", change: { active: "true" } },
  { collection: "offers", what: "netinkama data", persona: "staff", change: { validTo: "rytoj" } },
  { collection: "news", what: "nežinoma būsena", persona: "staff", change: { status: "archyvas" } },
  { collection: "news", what: "antraštė ne tekstas", persona: "staff", change: { title: 42 } },
  { collection: "locations", what: "neigiamas pristatymo mokestis", persona: "staff", change: { deliveryFee: -5 } },
  { collection: "locations", what: "aktyvumas ne taip/ne", persona: "staff", change: { active: 1 } },
  { collection: "extras", what: "nežinomas apmokestinimas", persona: "staff", change: { chargedPer: "week" } },
  { collection: "extras", what: "neigiama kaina", persona: "staff", change: { price: -1 } },
  { collection: "fleet", what: "neigiama rida", persona: "staff", change: { mileage: -1 } },
  { collection: "fleet", what: "netinkamas VIN", persona: "staff", change: { vin: "TRUMPAS" } },
  { collection: "customers", what: "netinkamas telefonas", persona: "staff", change: { phone: "123" } },
  { collection: "customers", what: "nežinomas kliento tipas", persona: "staff", change: { type: "vip" } },
  {
    collection: "customers",
    what: "apmokėjimo terminas ne sveikas skaičius",
    persona: "staff",
    change: { paymentTermDays: 7.5 },
  },
  { collection: "customers", what: "neigiamas apmokėjimo terminas", persona: "staff", change: { paymentTermDays: -1 } },
  { collection: "customers", what: "šalis ne ISO kodas", persona: "staff", change: { country: "Vokietija" } },
  { collection: "customers", what: "PVM kodas be šalies kodo", persona: "staff", change: { vatCode: "123456789" } },
  { collection: "requests", what: "nežinoma būsena", persona: "staff", change: { status: "baigta" } },
  { collection: "requests", what: "netinkamas el. paštas", persona: "staff", change: { email: "ne-adresas" } },
  {
    collection: "settings",
    what: "minimali trukmė ne skaičius",
    persona: "admin",
    change: { "bookingRules.minDays": "1" },
  },
  { collection: "settings", what: "PVM tarifas virš 1", persona: "admin", change: { "bookingRules.vatRate": 21 } },
  { collection: "settings", what: "taisyklės ne tekstas", persona: "admin", change: { terms: 5 } },
  { collection: "settings", what: "mažiausia paros kaina 0 €", persona: "admin", change: { minDailyRate: 0 } },
  { collection: "settings", what: "mažiausia paros kaina neigiama", persona: "admin", change: { minDailyRate: -1 } },
  {
    collection: "settings",
    what: "mažiausia paros kaina virš 1000 €",
    persona: "admin",
    change: { minDailyRate: 1001 },
  },
  {
    collection: "settings",
    what: "mažiausia paros kaina ne skaičius",
    persona: "admin",
    change: { minDailyRate: "1" },
  },
  {
    collection: "settings",
    what: "trumpiausia nuoma ilgesnė už ilgiausią",
    persona: "admin",
    change: { "bookingRules.minDays": 100, "bookingRules.maxDays": 5 },
  },
  {
    collection: "settings",
    what: "darbo pabaiga ne vėliau už pradžią",
    persona: "admin",
    change: { "bookingRules.openingHour": 20, "bookingRules.closingHour": 8 },
  },
  {
    collection: "settings",
    what: "rezervuoti iš anksto trumpiau nei trumpiausia nuoma",
    persona: "admin",
    change: { "bookingRules.minDays": 30, "bookingRules.maxAdvanceDays": 10 },
  },
  {
    collection: "settings",
    what: "laikas iki paėmimo ne trumpesnis už rezervavimą iš anksto",
    persona: "admin",
    change: { "bookingRules.maxAdvanceDays": 1, "bookingRules.leadTimeHours": 24 },
  },
  { collection: "settings", what: "PVM tarifas virš 0,3", persona: "admin", change: { "bookingRules.vatRate": 0.35 } },
  {
    collection: "settings",
    what: "įmonės kodas ne 9 skaitmenys",
    persona: "admin",
    change: { "company.companyCode": "12345" },
  },
  {
    collection: "settings",
    what: "netinkamas PVM mokėtojo kodas",
    persona: "admin",
    change: { "company.vatCode": "LT123" },
  },
  {
    collection: "settings",
    what: "IBAN ne IBAN formos",
    persona: "admin",
    change: { "company.iban": "LT00 not an iban" },
  },
  { collection: "settings", what: "tarifas ne objektas", persona: "admin", change: { tariff: 5 } },
  { collection: "publicSettings", what: "įmonė ne objektas", persona: "admin", change: { company: "UAB" } },
  {
    collection: "publicSettings",
    what: "mokesčiai su nežinomu lauku",
    persona: "admin",
    change: { fees: { tariff: {}, freeCancellationHours: 48, transferFee: 35, secret: 1 } },
  },
  {
    collection: "publicSettings",
    what: "darbo pradžia 25 val.",
    persona: "admin",
    change: { "bookingRules.openingHour": 25 },
  },
  {
    collection: "publicSettings",
    what: "PVM tarifas 21, ne 0,21",
    persona: "admin",
    change: { "bookingRules.vatRate": 21 },
  },
  {
    collection: "publicSettings",
    what: "trumpiausia nuoma ilgesnė už ilgiausią",
    persona: "admin",
    change: { "bookingRules.minDays": 100, "bookingRules.maxDays": 5 },
  },
  {
    collection: "publicSettings",
    what: "netinkamas įmonės kodas",
    persona: "admin",
    change: { "company.companyCode": "ABC" },
  },
];
