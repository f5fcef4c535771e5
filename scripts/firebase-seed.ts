// npm run firebase:seed: the same demo company as `npm start` (server/seed/demoData.ts),
// written through the Admin SDK into the Firebase emulators or a real project:
// Firestore documents, Auth users with their role claims, and the car pictures in Storage.
//
//   With the emulators (firebase emulators:start, or inside firebase emulators:exec):
//     FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 \
//     FIREBASE_STORAGE_EMULATOR_HOST=127.0.0.1:9199 npm run firebase:seed -- --project demo-ratai
//   Into a real project (credentials from GOOGLE_APPLICATION_CREDENTIALS or gcloud):
//     npm run firebase:seed -- --project my-project --production
//   --force        write even when the project already has settings (demo records are overwritten)
//   --skip-images  no Storage uploads;  --skip-users  no Auth users
//   --base         only the starting settings of a real company (placeholders, default texts and
//                  booking rules; no demo data, no accounts), for the admin to fill in /admin/settings
import { readFile } from "node:fs/promises";
import path from "node:path";
import { SEED_IMAGES_DIR } from "../server/paths";
import { buildDemoData, DEMO_CREDENTIALS, type DemoData, validateDemoData } from "../server/seed/demoData";
import { defaultSettings } from "../server/seed/seed";
import { publicSettingsDoc } from "../src/backend/firebase/catalog";
import {
  type FirestoreResource,
  INTERNAL_COLLECTIONS,
  PUBLIC_SETTINGS_COLLECTION,
  RESOURCE_MODELS,
  SETTINGS_DOC_ID,
} from "../src/backend/firebase/model";
import { toStoredDoc } from "../src/backend/firebase/storedDoc";
import { COLLECTIONS } from "../src/core/collections";
import { settingsSchema } from "../src/domain/schemas";

/** The drawn car pictures that ship with the repository (server/seed/images). */

export interface SeedDoc {
  collection: string;
  id: string;
  data: Record<string, unknown>;
}

export interface SeedUser {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  role: "admin" | "staff";
}

type Timestamp = (iso: string) => unknown;

/** Every demo record as a Firestore document (the same shape the data provider writes). */
export function demoDocuments(data: DemoData, timestamp: Timestamp): SeedDoc[] {
  const docs: SeedDoc[] = [];
  const add = (
    resource: FirestoreResource,
    records: readonly { id: string; createdAt: string; updatedAt: string; doc: object }[],
  ) => {
    for (const record of records) {
      docs.push({
        collection: RESOURCE_MODELS[resource].collection,
        id: resource === "settings" ? SETTINGS_DOC_ID : record.id,
        data: {
          ...toStoredDoc(resource, record.doc as Record<string, unknown>),
          createdAt: timestamp(record.createdAt),
          updatedAt: timestamp(record.updatedAt),
        },
      });
    }
  };
  add("settings", [data.settings]);
  docs.push({
    collection: PUBLIC_SETTINGS_COLLECTION,
    id: SETTINGS_DOC_ID,
    data: { ...publicSettingsDoc(data.settings.doc), updatedAt: timestamp(data.settings.updatedAt) },
  });
  add("locations", data.locations);
  add("extras", data.extras);
  add("cars", data.cars);
  add("fleet", data.fleet);
  add("prices", data.prices);
  add("offers", data.offers);
  add("news", data.news);
  add("customers", data.customers);
  add("requests", data.requests);
  add("reservations", data.reservations);
  add("mail", data.mail);
  add(
    "staff",
    data.staff.map(({ password: _password, ...member }) => member),
  );
  // The payments ledger (no admin resource: stored as the core's Firestore store keeps it, with
  // Timestamps for createdAt/updatedAt); the reservations above carry its summary.
  for (const payment of data.payments) {
    docs.push({
      collection: COLLECTIONS.payments,
      id: payment.id,
      data: { ...payment.doc, createdAt: timestamp(payment.createdAt), updatedAt: timestamp(payment.updatedAt) },
    });
  }
  for (const counter of data.counters) {
    docs.push({
      collection: INTERNAL_COLLECTIONS.counters,
      id: counter.name,
      data: { value: counter.value, updatedAt: timestamp(data.now) },
    });
  }
  return docs;
}

/** A real company's starting settings: the same defaults the local server writes outside demo mode. */
export function baseSettingsDocuments(timestamp: Timestamp, now: Date = new Date()): SeedDoc[] {
  const settings = settingsSchema.parse(defaultSettings()) as Record<string, unknown> & {
    company: Parameters<typeof publicSettingsDoc>[0]["company"];
  };
  const at = timestamp(now.toISOString());
  return [
    {
      collection: RESOURCE_MODELS.settings.collection,
      id: SETTINGS_DOC_ID,
      data: { ...toStoredDoc("settings", settings), createdAt: at, updatedAt: at },
    },
    {
      collection: PUBLIC_SETTINGS_COLLECTION,
      id: SETTINGS_DOC_ID,
      data: { ...publicSettingsDoc(settings), updatedAt: at },
    },
  ];
}

/** The demo accounts as Firebase Auth users (uid = the demo staff id, so staff/{uid} matches). */
export function demoUsers(data: DemoData): SeedUser[] {
  return data.staff.map((member) => ({
    uid: member.id,
    email: member.doc.email,
    password: member.password,
    displayName: member.doc.name,
    role: member.doc.role,
  }));
}

/** The pictures the demo records point to ("cars/x.svg"). */
export function demoImages(data: DemoData): string[] {
  const paths = new Set<string>();
  for (const car of data.cars) for (const image of car.doc.images) paths.add(image);
  for (const offer of data.offers) if (offer.doc.image) paths.add(offer.doc.image);
  for (const item of data.news) if (item.doc.image) paths.add(item.doc.image);
  return [...paths].sort();
}

interface SeedOptions {
  projectId: string;
  bucket: string;
  force: boolean;
  images: boolean;
  users: boolean;
  production: boolean;
  base: boolean;
}

function parseArgs(argv: string[]): SeedOptions {
  const value = (name: string): string | undefined => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : argv.find((arg) => arg.startsWith(`${name}=`))?.slice(name.length + 1);
  };
  const projectId = value("--project") ?? process.env.FIREBASE_PROJECT_ID ?? process.env.GCLOUD_PROJECT ?? "demo-ratai";
  return {
    projectId,
    bucket: value("--bucket") ?? process.env.FIREBASE_STORAGE_BUCKET ?? `${projectId}.appspot.com`,
    force: argv.includes("--force"),
    images: !argv.includes("--skip-images"),
    users: !argv.includes("--skip-users"),
    production: argv.includes("--production"),
    base: argv.includes("--base"),
  };
}

const MAX_BATCH = 500;

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const emulated = {
    firestore: process.env.FIRESTORE_EMULATOR_HOST,
    auth: process.env.FIREBASE_AUTH_EMULATOR_HOST,
    storage: process.env.FIREBASE_STORAGE_EMULATOR_HOST,
  };
  if (!emulated.firestore && !options.production) {
    throw new Error(
      "FIRESTORE_EMULATOR_HOST nenurodytas. Emuliatoriams paleiskite per „firebase emulators:exec“ arba nurodykite " +
        "emuliatorių adresus; į tikrą projektą rašoma tik su --production.",
    );
  }
  if (options.production && options.projectId.startsWith("demo-")) {
    throw new Error("Projektas „demo-…“ egzistuoja tik emuliatoriuose: nurodykite tikrą --project");
  }
  const { initializeApp } = await import("firebase-admin/app");
  const { getFirestore, Timestamp } = await import("firebase-admin/firestore");
  const app = initializeApp({ projectId: options.projectId, storageBucket: options.bucket });
  const db = getFirestore(app);

  const existing = await db.collection(RESOURCE_MODELS.settings.collection).doc(SETTINGS_DOC_ID).get();
  if (existing.exists && !options.force) {
    console.info(
      `Projekte ${options.projectId} nustatymai jau yra: duomenys neįkelti. Perrašyti demonstracinius įrašus: --force`,
    );
    return;
  }

  if (options.base) {
    const base = baseSettingsDocuments((iso) => Timestamp.fromDate(new Date(iso)));
    const batch = db.batch();
    for (const item of base) batch.set(db.collection(item.collection).doc(item.id), item.data);
    await batch.commit();
    console.info(
      `Įrašyti pradiniai nustatymai (projektas ${options.projectId}). Įmonės rekvizitus nurodykite /admin/settings.`,
    );
    return;
  }

  const data = buildDemoData(new Date());
  validateDemoData(data);
  const docs = demoDocuments(data, (iso) => Timestamp.fromDate(new Date(iso)));
  for (let start = 0; start < docs.length; start += MAX_BATCH) {
    const batch = db.batch();
    for (const item of docs.slice(start, start + MAX_BATCH))
      batch.set(db.collection(item.collection).doc(item.id), item.data);
    await batch.commit();
  }
  console.info(`Įrašyta Firestore dokumentų: ${docs.length} (projektas ${options.projectId})`);

  if (options.users) {
    if (!emulated.auth && !options.production) {
      console.warn("FIREBASE_AUTH_EMULATOR_HOST nenurodytas: naudotojai nekuriami (--skip-users)");
    } else {
      const { getAuth } = await import("firebase-admin/auth");
      const auth = getAuth(app);
      for (const user of demoUsers(data)) {
        const exists = await auth.getUser(user.uid).then(
          () => true,
          (error: { code?: string }) => {
            if (error.code === "auth/user-not-found") return false;
            throw error;
          },
        );
        const fields = { email: user.email, password: user.password, displayName: user.displayName, disabled: false };
        if (exists) await auth.updateUser(user.uid, fields);
        else await auth.createUser({ uid: user.uid, ...fields });
        await auth.setCustomUserClaims(user.uid, { role: user.role });
      }
      console.info(
        `Demonstracinės paskyros: ${DEMO_CREDENTIALS.admin.email} (administratorius), ${DEMO_CREDENTIALS.staff.email} (darbuotojas); slaptažodžiai nurodyti README.md`,
      );
    }
  }

  if (options.images) {
    if (!emulated.storage && !options.production) {
      console.warn("FIREBASE_STORAGE_EMULATOR_HOST nenurodytas: paveikslėliai neįkelti (--skip-images)");
    } else {
      const { getStorage } = await import("firebase-admin/storage");
      const bucket = getStorage(app).bucket(options.bucket);
      const images = demoImages(data);
      for (const image of images) {
        const file = path.join(SEED_IMAGES_DIR, path.basename(image));
        await bucket.file(image).save(await readFile(file), {
          contentType: "image/svg+xml",
          metadata: { cacheControl: "public, max-age=31536000, immutable" },
          resumable: false,
        });
      }
      console.info(`Įkelta paveikslėlių: ${images.length} (talpykla ${options.bucket})`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(
        `Nepavyko įkelti demonstracinių duomenų: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exit(1);
    },
  );
}
