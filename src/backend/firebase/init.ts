// Firebase start-up (SPEC section 7): initialise the app with the runtime config, then
// provide auth, the Realtime Database (when a databaseURL is given), Firestore, Functions
// and Storage, connected to the emulators the config names. When anything fails, log
// `Klaida inicijuojant Firebase` with the config used, provide none of them, and throw:
// the app's start-up error path shows the visitor the 500 page with the reason.
import { deleteApp, type FirebaseApp, initializeApp } from "firebase/app";
import {
  type Auth,
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  inMemoryPersistence,
  type Persistence,
} from "firebase/auth";
import type { Database } from "firebase/database";
import { connectFirestoreEmulator, type Firestore, initializeFirestore } from "firebase/firestore";
import { connectFunctionsEmulator, type Functions, getFunctions } from "firebase/functions";
import { connectStorageEmulator, type FirebaseStorage, getStorage } from "firebase/storage";
import { logger } from "../../domain/logger";
import type { FirebaseWebConfig } from "../../domain/runtimeConfig";
import { type EmulatorConfig, parseEmulators } from "./emulators";
import { STORAGE_ORIGIN, storageOrigin } from "./storageUrl";

export { type EmulatorAddress, type EmulatorConfig, type EmulatorName, parseEmulators } from "./emulators";
export { STORAGE_ORIGIN };

export const INIT_ERROR_LOG = "Klaida inicijuojant Firebase";
/** SPEC section 9. */
export const DEFAULT_FUNCTIONS_REGION = "us-central1";
/** SPEC section 9: retry for 10 minutes on uploads, 2 minutes on other storage operations. */
export const MAX_UPLOAD_RETRY_MS = 10 * 60 * 1000;
export const MAX_OPERATION_RETRY_MS = 2 * 60 * 1000;

const REQUIRED_KEYS = ["apiKey", "authDomain", "projectId", "storageBucket", "messagingSenderId", "appId"] as const;

export interface FirebaseServices {
  app: FirebaseApp;
  auth: Auth;
  /** null when the config has no databaseURL */
  database: Database | null;
  firestore: Firestore;
  functions: Functions;
  storage: FirebaseStorage;
  config: FirebaseWebConfig;
  emulators: EmulatorConfig;
  /** where public file URLs point: the Storage emulator or firebasestorage.googleapis.com */
  storageOrigin: string;
}

export class FirebaseInitError extends Error {
  constructor(
    readonly reason: string,
    cause?: unknown,
  ) {
    super(`${INIT_ERROR_LOG}: ${reason}`, { cause });
    this.name = "FirebaseInitError";
  }
}

export function checkConfig(config: FirebaseWebConfig | undefined | null): asserts config is FirebaseWebConfig {
  if (!config || typeof config !== "object") throw new Error("vykdymo konfigūracijoje nėra Firebase nustatymų");
  const missing = REQUIRED_KEYS.filter((key) => typeof config[key] !== "string" || config[key].trim() === "");
  if (missing.length > 0) throw new Error(`trūksta Firebase nustatymų: ${missing.join(", ")}`);
  if (config.databaseURL !== undefined && !/^https?:\/\//.test(config.databaseURL)) {
    throw new Error("databaseURL turi būti http(s) adresas");
  }
}

/** Browsers keep the session in IndexedDB (localStorage as a fallback); Node keeps it in memory. */
function authPersistence(): Persistence[] {
  const browser = typeof window !== "undefined" && typeof indexedDB !== "undefined";
  return browser ? [indexedDBLocalPersistence, browserLocalPersistence] : [inMemoryPersistence];
}

export interface InitOptions {
  /** a named app (tests start several); default: the default app */
  appName?: string;
}

let appCounter = 0;

export async function initFirebase(
  config: FirebaseWebConfig | undefined,
  options: InitOptions = {},
): Promise<FirebaseServices> {
  let app: FirebaseApp | null = null;
  try {
    checkConfig(config);
    const emulators = parseEmulators(config.emulators);
    const appConfig = {
      apiKey: config.apiKey,
      authDomain: config.authDomain,
      projectId: config.projectId,
      storageBucket: config.storageBucket,
      messagingSenderId: config.messagingSenderId,
      appId: config.appId,
      // Analytics is not started: the site needs no non-essential cookies.
      ...(config.measurementId ? { measurementId: config.measurementId } : {}),
      ...(config.databaseURL ? { databaseURL: config.databaseURL } : {}),
    };
    app = options.appName ? initializeApp(appConfig, options.appName) : initializeApp(appConfig);

    // initializeAuth (not getAuth): no popup/redirect resolver, so no Google iframe is loaded.
    const auth = initializeAuth(app, { persistence: authPersistence() });
    if (emulators.auth) {
      connectAuthEmulator(auth, `http://${emulators.auth.host}:${emulators.auth.port}`, { disableWarnings: true });
    }

    let database: Database | null = null;
    if (config.databaseURL) {
      // Loaded only when a site uses the Realtime Database.
      const { connectDatabaseEmulator, getDatabase } = await import("firebase/database");
      database = getDatabase(app, config.databaseURL);
      if (emulators.database) connectDatabaseEmulator(database, emulators.database.host, emulators.database.port);
    }

    const firestore = initializeFirestore(app, { ignoreUndefinedProperties: true });
    if (emulators.firestore) connectFirestoreEmulator(firestore, emulators.firestore.host, emulators.firestore.port);

    const functions = getFunctions(app, config.functionsRegion?.trim() || DEFAULT_FUNCTIONS_REGION);
    if (emulators.functions) connectFunctionsEmulator(functions, emulators.functions.host, emulators.functions.port);

    const storage = getStorage(app);
    storage.maxUploadRetryTime = MAX_UPLOAD_RETRY_MS;
    storage.maxOperationRetryTime = MAX_OPERATION_RETRY_MS;
    if (emulators.storage) connectStorageEmulator(storage, emulators.storage.host, emulators.storage.port);

    const named = Object.keys(emulators);
    logger.info(
      `Firebase paruoštas: projektas ${config.projectId}${named.length > 0 ? `, emuliatoriai: ${named.join(", ")}` : ""}`,
    );
    return {
      app,
      auth,
      database,
      firestore,
      functions,
      storage,
      config,
      emulators,
      storageOrigin: storageOrigin(emulators),
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // The config used, as text too: a copied console line or a log file keeps it readable.
    logger.error(INIT_ERROR_LOG, `naudota konfigūracija: ${JSON.stringify(config ?? null)}`, error);
    if (app) await deleteApp(app).catch(() => undefined);
    throw new FirebaseInitError(reason, error);
  }
}

/** A unique app name for tests that start several apps in one process. */
export function uniqueAppName(prefix = "ratai"): string {
  appCounter += 1;
  return `${prefix}-${appCounter}-${Date.now().toString(36)}`;
}
