// storage.rules against the Storage emulator, from tests/rules/storageMatrix.ts.
// Runs where the emulator runs:  firebase emulators:exec --only storage "npm run test:integration"
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from "@firebase/rules-unit-testing";
import { deleteObject, type FirebaseStorage, getBytes, ref, uploadBytes } from "firebase/storage";
import { afterAll, beforeAll, describe, it } from "vitest";
import { PERSONA_AUTH, PERSONAS, type Persona } from "../../rules/firestoreMatrix";
import { REFUSED_UPLOADS, STORAGE_MATRIX, STORAGE_OPERATIONS } from "../../rules/storageMatrix";
import { emulatorFromEnv } from "./emulators";

const REPO = resolve(import.meta.dirname, "../../..");
const storageHost = await emulatorFromEnv("FIREBASE_STORAGE_EMULATOR_HOST", "Storage");
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe.skipIf(!storageHost)("storage.rules: matrica iš tests/rules/storageMatrix.ts", () => {
  let env: RulesTestEnvironment;
  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: "demo-ratai-saugykla",
      storage: {
        rules: readFileSync(resolve(REPO, "storage.rules"), "utf8"),
        host: storageHost!.host,
        port: storageHost!.port,
      },
    });
  });
  afterAll(async () => {
    await env?.cleanup();
  });

  const storageOf = (persona: Persona) => {
    const auth = PERSONA_AUTH[persona];
    const context = auth ? env.authenticatedContext(auth.uid, auth.claims) : env.unauthenticatedContext();
    return context.storage() as unknown as FirebaseStorage;
  };

  for (const [path, rows] of Object.entries(STORAGE_MATRIX)) {
    for (const persona of PERSONAS) {
      for (const operation of STORAGE_OPERATIONS) {
        const expectation = rows[persona][operation];
        it(`${path}: ${persona} ${operation} -> ${expectation}`, async () => {
          await env.clearStorage();
          await env.withSecurityRulesDisabled(async (admin) => {
            await uploadBytes(ref(admin.storage() as unknown as FirebaseStorage, path), PNG, {
              contentType: "image/png",
            });
          });
          const target = ref(storageOf(persona), path);
          const attempt: Promise<unknown> =
            operation === "get"
              ? getBytes(target)
              : operation === "create"
                ? uploadBytes(target, PNG, { contentType: "image/png" })
                : deleteObject(target);
          if (expectation === "allow") await assertSucceeds(attempt);
          else await assertFails(attempt);
        });
      }
    }
  }

  for (const upload of REFUSED_UPLOADS) {
    it(`darbuotojas negali įkelti: ${upload.name}`, async () => {
      const target = ref(storageOf("staff"), "cars/netinkamas");
      await assertFails(uploadBytes(target, new Uint8Array(upload.bytes), { contentType: upload.contentType }));
    });
  }
});
