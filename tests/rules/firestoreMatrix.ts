// THE expected answers of firestore.rules: every collection the app uses x every kind of
// visitor x every operation. tests/integration/firebase/rules.test.ts runs each cell against
// the Firestore emulator (it reads this table; it does not repeat it), and
// tests/unit/firebase/rulesMatrix.test.ts checks that the table covers every collection.
//
//   allow   the operation succeeds
//   deny    the operation is refused
//   public  allowed on a public document (a published car, an active offer, a published news
//           item) and for a list query that asks only for those; refused on the others
//   own     allowed on the visitor's own document (staff/{uid}) only

export const PERSONAS = ["anonymous", "signedIn", "staff", "admin"] as const;
export type Persona = (typeof PERSONAS)[number];
export const OPERATIONS = ["get", "list", "create", "update", "delete"] as const;
export type Operation = (typeof OPERATIONS)[number];
export type Expectation = "allow" | "deny" | "public" | "own";
type Row = Record<Operation, Expectation>;

export interface CollectionRules {
  /** for "public": the field that makes a document public, its public value and a non-public one */
  visibility?: { field: string; publicValue: unknown; hiddenValue: unknown };
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
const publicCatalogue = (visibility?: CollectionRules["visibility"]): CollectionRules => ({
  ...(visibility ? { visibility } : {}),
  expected: {
    anonymous: visibility ? PUBLIC_READ : READ_ONLY,
    signedIn: visibility ? PUBLIC_READ : READ_ONLY,
    staff: ALL,
    admin: ALL,
  },
});

/** The office's records: staff only. */
const staffOnly: CollectionRules = { expected: { anonymous: NONE, signedIn: NONE, staff: ALL, admin: ALL } };

export const FIRESTORE_MATRIX: Readonly<Record<string, CollectionRules>> = {
  cars: publicCatalogue({ field: "status", publicValue: "active", hiddenValue: "hidden" }),
  prices: publicCatalogue(),
  offers: publicCatalogue({ field: "active", publicValue: true, hiddenValue: false }),
  news: publicCatalogue({ field: "status", publicValue: "published", hiddenValue: "draft" }),
  locations: publicCatalogue(),
  extras: publicCatalogue(),
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
  mail: staffOnly,
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
  counters: { expected: { anonymous: NONE, signedIn: NONE, staff: NONE, admin: NONE } },
  reservationLocks: { expected: { anonymous: NONE, signedIn: NONE, staff: NONE, admin: NONE } },
  rateLimits: { expected: { anonymous: NONE, signedIn: NONE, staff: NONE, admin: NONE } },
};

/** The claims each persona signs in with (the uid is also the id of their own staff document). */
export const PERSONA_AUTH: Readonly<Record<Persona, { uid: string; claims: Record<string, unknown> } | null>> = {
  anonymous: null,
  signedIn: { uid: "naudotojas00000000001", claims: {} },
  staff: { uid: "darbuotojas000000001", claims: { role: "staff" } },
  admin: { uid: "administratorius0001", claims: { role: "admin" } },
};
