// The Firebase adapter: the same port as the local one, on Firebase Auth, Firestore,
// Cloud Functions and Cloud Storage. Chosen by the runtime config ({ backend: "firebase",
// firebase: {...} }) with no rebuild; loaded lazily, so sites on the local adapter never
// download the Firebase SDK.
import type { RuntimeConfig } from "../../domain/runtimeConfig";
import type { Backend } from "../port";
import { createFirebaseFileStore } from "./files";
import { type FirebaseServices, type InitOptions, initFirebase } from "./init";
import { createFirebaseSession, type FirebaseSession } from "./session";
import { createFirebaseSiteApi } from "./site";

export interface FirebaseBackend extends Backend {
  kind: "firebase";
  services: FirebaseServices;
  session: FirebaseSession;
}

export async function createFirebaseBackend(
  config: Pick<RuntimeConfig, "firebase">,
  options: InitOptions & { fetch?: typeof fetch } = {},
): Promise<FirebaseBackend> {
  const services = await initFirebase(config.firebase, options);
  const session = createFirebaseSession(services.auth, services.firestore);
  return {
    kind: "firebase",
    services,
    site: createFirebaseSiteApi(services.firestore, services.functions, options.fetch),
    session,
    files: createFirebaseFileStore(services.storage, services.storageOrigin, services.config.storageBucket),
    // react-admin and the data provider load only when the back-office opens.
    admin: async () => (await import("./admin")).createFirebaseAdminProviders(services, session),
  };
}
