// Static checks that need no emulator: the rules matrix covers every collection the app uses,
// firestore.rules has a block for each, the key lists of public documents match the schemas,
// and firebase.json serves the app as the SPEC asks (routes, cache headers, functions).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { staffCallables } from "../../../functions/src/staffActions";
import { PUBLIC_ROUTES } from "../../../src/app/routes";
import {
  ALL_COLLECTIONS,
  FILE_FOLDERS,
  type FirestoreResource,
  INTERNAL_COLLECTIONS,
  PUBLIC_SETTINGS_COLLECTION,
  RESOURCE_MODELS,
} from "../../../src/backend/firebase/model";
import { CALLABLES } from "../../../src/backend/firebase/site";
import { schemaKeys } from "../../../src/backend/firebase/storedDoc";
import { STAFF_ACTIONS } from "../../../src/core/actions/index";
import {
  CAR_CATEGORIES,
  CAR_STATUSES,
  customerSchema,
  extraSchema,
  FUELS,
  NEWS_STATUSES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  TRANSMISSIONS,
} from "../../../src/domain/schemas";
import { FIRESTORE_INVALID_WRITES, FIRESTORE_MATRIX, OPERATIONS, PERSONAS } from "../../rules/firestoreMatrix";
import { STORAGE_MATRIX, STORAGE_OPERATIONS } from "../../rules/storageMatrix";

const REPO = resolve(import.meta.dirname, "../../..");
const rules = readFileSync(resolve(REPO, "firestore.rules"), "utf8");
const storageRules = readFileSync(resolve(REPO, "storage.rules"), "utf8");

/** The list a rules function returns: function carKeys() { return ['a', 'b']; } */
function ruleKeys(name: string): string[] {
  const match = new RegExp(`function ${name}\\(\\)\\s*\\{\\s*return\\s*\\[([^\\]]*)\\]`, "m").exec(rules);
  if (!match) throw new Error(`firestore.rules neturi funkcijos ${name}()`);
  return [...(match[1] as string).matchAll(/'([^']+)'/g)].map((m) => m[1] as string);
}

/** What the adapter stores for a resource: schema fields, its internal fields and the audit fields. */
function storedKeys(resource: FirestoreResource): string[] {
  const model = RESOURCE_MODELS[resource];
  return [
    ...schemaKeys(resource).filter((key) => !["id", "createdAt", "updatedAt", "password"].includes(key)),
    ...(model.search.length > 0 ? ["_search"] : []),
    ...(resource === "customers" ? ["_emailLower"] : []),
    "createdAt",
    "updatedAt",
  ].sort();
}

describe("Firestore taisyklių matrica", () => {
  it("apima lygiai programos naudojamas kolekcijas, kiekvieną naudotojo tipą ir kiekvieną operaciją", () => {
    expect(Object.keys(FIRESTORE_MATRIX).sort()).toEqual([...ALL_COLLECTIONS].sort());
    for (const [collection, entry] of Object.entries(FIRESTORE_MATRIX)) {
      for (const persona of PERSONAS) {
        for (const operation of OPERATIONS) {
          expect(entry.expected[persona][operation], `${collection} ${persona} ${operation}`).toMatch(
            /^(allow|deny|public|own)$/,
          );
        }
      }
      const usesPublic = PERSONAS.some((p) => OPERATIONS.some((o) => entry.expected[p][o] === "public"));
      expect(usesPublic, `${collection}: "public" needs a visibility field`).toBe(entry.visibility !== undefined);
    }
  });

  it("nusako produkto taisykles: privatūs duomenys viešai neskaitomi, viešai nerašoma, nustatymai ir rolės – tik administratoriams", () => {
    const privateCollections = [
      "customers",
      "reservations",
      "requests",
      "fleet",
      "mail",
      "staff",
      "settings",
      "clientErrors",
    ];
    for (const name of privateCollections) {
      for (const persona of ["anonymous", "signedIn"] as const) {
        expect(["deny", "own"], `${name} ${persona}`).toContain(FIRESTORE_MATRIX[name]!.expected[persona].list);
        expect(["deny", "own"]).toContain(FIRESTORE_MATRIX[name]!.expected[persona].get);
      }
    }
    for (const [name, entry] of Object.entries(FIRESTORE_MATRIX)) {
      for (const persona of ["anonymous", "signedIn"] as const) {
        for (const op of ["create", "update", "delete"] as const)
          expect(entry.expected[persona][op], `${name} ${persona} ${op}`).toBe("deny");
      }
    }
    for (const op of ["create", "update"] as const) {
      expect(FIRESTORE_MATRIX.settings!.expected.staff[op]).toBe("deny");
      expect(FIRESTORE_MATRIX.settings!.expected.admin[op]).toBe("allow");
      expect(FIRESTORE_MATRIX.staff!.expected.admin[op]).toBe("deny");
    }
    for (const name of Object.values(INTERNAL_COLLECTIONS)) {
      for (const persona of PERSONAS)
        for (const op of OPERATIONS) expect(FIRESTORE_MATRIX[name]!.expected[persona][op]).toBe("deny");
    }
  });

  it("laiškų (mail) niekas nerašo tiesiogiai: juos siunčia Trigger Email plėtinys, eilę pildo tik funkcijos", () => {
    for (const persona of PERSONAS) {
      for (const op of ["create", "update", "delete"] as const) {
        expect(FIRESTORE_MATRIX.mail!.expected[persona][op], `mail ${persona} ${op}`).toBe("deny");
      }
    }
    expect(FIRESTORE_MATRIX.mail!.expected.staff.list).toBe("allow");
    expect(RESOURCE_MODELS.mail.writes).toBe("readonly");
    expect(rules).not.toMatch(/function mailKeys\(\)/);
  });

  it("paslėptų automobilių kainos, neaktyvios vietos ir paslaugos viešai neskaitomos", () => {
    for (const name of ["prices", "locations", "extras"]) {
      expect(FIRESTORE_MATRIX[name]!.visibility, name).toBeDefined();
      for (const persona of ["anonymous", "signedIn"] as const) {
        expect(FIRESTORE_MATRIX[name]!.expected[persona].get, `${name} ${persona}`).toBe("public");
        expect(FIRESTORE_MATRIX[name]!.expected[persona].list, `${name} ${persona}`).toBe("public");
      }
    }
    expect(rules).toMatch(
      /get\(\/databases\/\$\(database\)\/documents\/cars\/\$\(resource\.data\.carId\)\)\.data\.status == 'active'/,
    );
  });

  it("taisyklių išvardytos reikšmės sutampa su domeno schemomis", () => {
    expect(ruleKeys("carCategories")).toEqual([...CAR_CATEGORIES]);
    expect(ruleKeys("transmissions")).toEqual([...TRANSMISSIONS]);
    expect(ruleKeys("fuels")).toEqual([...FUELS]);
    expect(ruleKeys("carStatuses")).toEqual([...CAR_STATUSES]);
    expect(ruleKeys("newsStatuses")).toEqual([...NEWS_STATUSES]);
    expect(ruleKeys("requestTypes")).toEqual([...REQUEST_TYPES]);
    expect(ruleKeys("requestStatuses")).toEqual([...REQUEST_STATUSES]);
    expect(ruleKeys("customerTypes")).toEqual(customerSchema.shape.type.unwrap().options);
    expect(ruleKeys("chargedPer")).toEqual(extraSchema.shape.chargedPer.options);
  });

  it("kiekviena tiesiogiai rašoma kolekcija turi neteisingų reikšmių atvejų, kuriuos taisyklės atmeta", () => {
    const direct = (Object.keys(RESOURCE_MODELS) as FirestoreResource[])
      .filter((resource) => ["direct", "settings"].includes(RESOURCE_MODELS[resource].writes))
      .map((resource) => RESOURCE_MODELS[resource].collection);
    const covered = new Set(FIRESTORE_INVALID_WRITES.map((invalid) => invalid.collection));
    for (const collection of [...direct, PUBLIC_SETTINGS_COLLECTION]) expect(covered, collection).toContain(collection);
    for (const invalid of FIRESTORE_INVALID_WRITES) {
      expect(FIRESTORE_MATRIX[invalid.collection]!.expected[invalid.persona].create).toBe("allow");
      expect(Object.keys(invalid.change).length).toBeGreaterThan(0);
    }
  });

  it("firestore.rules turi match bloką kiekvienai kolekcijai", () => {
    for (const collection of ALL_COLLECTIONS)
      expect(rules, collection).toMatch(new RegExp(`match /${collection}/\\{\\w+\\}`));
  });

  it("viešiems dokumentams leidžia lygiai tuos laukus, kuriuos saugo adapteris (kad į juos nepatektų joks privatus laukas)", () => {
    const lists: [string, FirestoreResource][] = [
      ["carKeys", "cars"],
      ["priceKeys", "prices"],
      ["offerKeys", "offers"],
      ["newsKeys", "news"],
      ["locationKeys", "locations"],
      ["extraKeys", "extras"],
      ["fleetKeys", "fleet"],
      ["customerKeys", "customers"],
      ["requestKeys", "requests"],
      ["settingsKeys", "settings"],
    ];
    for (const [fn, resource] of lists) expect(ruleKeys(fn).sort(), fn).toEqual(storedKeys(resource));
    // The retention periods are public: the privacy page prints them (src/domain/retention.ts).
    expect(ruleKeys("publicSettingsKeys").sort()).toEqual([
      "about",
      "bookingRules",
      "company",
      "fees",
      "privacy",
      "retention",
      "terms",
      "updatedAt",
    ]);
  });
});

describe("Storage taisyklių matrica", () => {
  it("apima kiekvieną įkėlimo katalogą, nežinomą katalogą ir gilesnį kelią kiekvienam naudotojo tipui", () => {
    const folders = Object.keys(STORAGE_MATRIX).map((path) => path.split("/")[0]);
    for (const folder of FILE_FOLDERS) expect(folders).toContain(folder);
    expect(Object.keys(STORAGE_MATRIX).some((p) => p.split("/").length > 2)).toBe(true);
    for (const rows of Object.values(STORAGE_MATRIX)) {
      for (const persona of PERSONAS)
        for (const op of STORAGE_OPERATIONS) expect(rows[persona][op]).toMatch(/^(allow|deny)$/);
    }
    expect(storageRules).toContain("10 * 1024 * 1024");
    expect(storageRules).toContain("image/(jpeg|png|webp|avif|gif)");
  });
});

interface FirebaseJson {
  hosting: {
    public: string;
    headers: { source: string; headers: { key: string; value: string }[] }[];
    rewrites: { source: string; destination?: string; function?: { functionId: string; region: string } }[];
  };
  functions: { source: string; runtime: string; predeploy: string[] }[];
  firestore: { rules: string; indexes: string };
  storage: { rules: string };
  emulators: Record<string, { port?: number } | boolean>;
}

describe("firebase.json", () => {
  const config = JSON.parse(readFileSync(resolve(REPO, "firebase.json"), "utf8")) as FirebaseJson;
  const headerOf = (source: string, key: string) =>
    config.hosting.headers.find((h) => h.source === source)?.headers.find((h) => h.key === key)?.value;
  /** Firebase Hosting globs: * is one path segment, ** any number. */
  const globMatches = (glob: string, path: string) =>
    new RegExp(`^${glob.replace(/\*\*/g, "§").replace(/\*/g, "[^/]+").replace(/§/g, ".*")}$`).test(path);

  it("talpina dist su programos apvalkalu kiekvienam programos maršrutui (iš anksto sugeneruoti puslapiai yra failai ir turi pirmenybę)", () => {
    expect(config.hosting.public).toBe("dist");
    const samplePaths = PUBLIC_ROUTES.map((route) => route.path.replace(":slug", "pavyzdys"));
    for (const path of [...samplePaths, "/admin", "/admin/cars/abc", "/admin/reservations/add"]) {
      const rewrite = config.hosting.rewrites.find((r) => globMatches(r.source, path));
      expect(rewrite?.destination, path).toBe("/200.html");
    }
    // Unknown paths match no rewrite: Hosting answers them with 404.html and status 404.
    expect(config.hosting.rewrites.some((r) => globMatches(r.source, "/nera/tokio/puslapio"))).toBe(false);
  });

  it("niekada nelaiko podėlyje builds/latest.json, vykdymo konfigūracijos ir HTML, o failus su maiša pavadinime laiko visam laikui", () => {
    expect(headerOf("/builds/latest.json", "Cache-Control")).toMatch(/no-cache/);
    expect(headerOf("/builds/**", "Cache-Control")).toBe("no-cache");
    expect(headerOf("/runtime-config.json", "Cache-Control")).toBe("no-cache");
    expect(headerOf("**/*.html", "Cache-Control")).toBe("no-cache");
    expect(headerOf("/assets/**", "Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(headerOf("**", "X-Content-Type-Options")).toBe("nosniff");
  });

  it("naršyklės klaidų pranešimus siunčia funkcijai clientErrors", () => {
    const rewrite = config.hosting.rewrites.find((r) => r.source === "/api/client-errors");
    expect(rewrite?.function).toEqual({ functionId: "clientErrors", region: "us-central1" });
  });

  it("diegia supakuotas funkcijas, taisykles, indeksus ir nustato emuliatorius", () => {
    expect(config.functions[0]).toMatchObject({ source: "functions", runtime: "nodejs22" });
    expect(config.functions[0]?.predeploy.join(" ")).toContain("firebase:build-functions");
    expect(config.firestore).toEqual({ rules: "firestore.rules", indexes: "firestore.indexes.json" });
    expect(config.storage).toEqual({ rules: "storage.rules" });
    for (const name of ["auth", "firestore", "storage", "functions", "hosting"])
      expect(config.emulators[name]).toBeTruthy();
    const functionsEnv = readFileSync(resolve(REPO, "functions/.env"), "utf8");
    expect(functionsEnv).toContain("FUNCTIONS_REGION=us-central1");
    const index = readFileSync(resolve(REPO, "functions/src/index.ts"), "utf8");
    // Each callable is exported by name: defined in index.ts or re-exported from its module...
    for (const name of [...Object.values(CALLABLES), "clientErrors"])
      expect(index).toMatch(new RegExp(`export const ${name} =|export \\{[^}]*\\b${name}\\b[^}]*\\} from`));
    // ...and the staff actions' callables, one per registry definition, join the module's exports.
    expect(index).toMatch(/Object\.assign\(\s*module\.exports,\s*staffCallables\(/);
    const made = staffCallables(() => {
      throw new Error("not called");
    });
    const registry = Object.values(STAFF_ACTIONS).flatMap((action) => (action.callable ? [action.callable] : []));
    expect(Object.keys(made).sort()).toEqual([...registry].sort());
    for (const callable of Object.values(made)) expect(typeof callable).toBe("function");
    // The names the browser has always called (the Firebase provider calls them through the registry).
    expect(registry).toEqual(
      expect.arrayContaining([
        ...["replyToRequest", "resendMail", "resendPortalLink", "checkQuote", "saveSortOrder"],
        ...["previewPriceUpdate", "applyPriceUpdate", "undoPriceUpdate", "regenerateCalendarFeed", "listCalendarFeeds"],
        ...["createMaintenance", "updateMaintenance", "deleteMaintenance", "listMaintenance", "deskDocument"],
        ...["deskInfo", "reservationPayments", "addReservationPayment", "handOverReservation", "previewReturn"],
        ...["returnReservation", "markDamageRepaired", "exportCustomerData", "eraseCustomer", "listInvoices"],
        ...["getInvoice", "issueInvoice", "reservationInvoices", "creditInvoice", "issueMonthlyInvoice"],
        ...["invoicePdf", "isafExport", "reports", "todayDesk", "backupStatus"],
      ]),
    );
    expect(new Set([...registry, ...Object.values(CALLABLES)]).size).toBe(
      registry.length + Object.values(CALLABLES).length,
    );
  });

  it("nurodo viešųjų nustatymų kolekciją, kurią skaito svetainė", () => {
    expect(rules).toContain(`match /${PUBLIC_SETTINGS_COLLECTION}/{id}`);
  });
});
