// Moving the local data to Firebase (issue 16, section 2): an archive of a PGlite database with
// the demo company, restored with `npm run restore -- FILE --firebase` into a project of the
// Firestore emulator; the Firebase adapter (the back-office's Firestore data provider, with the
// real firestore.rules, signed in as staff) lists the same cars and reservations; a second
// restore into the now non-empty project is refused and changes nothing.
// Runs where FIRESTORE_EMULATOR_HOST names a running emulator (`npm test` starts one); otherwise
// it prints "nevykdyta: …" and is skipped. The files part needs the Storage emulator, which
// cannot start offline: without FIREBASE_STORAGE_EMULATOR_HOST that test says so and is skipped,
// never counted as passed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { initializeTestEnvironment, type RulesTestEnvironment } from "@firebase/rules-unit-testing";
import { deleteApp, initializeApp } from "firebase/app";
import type { Firestore } from "firebase/firestore";
import { getFunctions } from "firebase/functions";
import type { DataProvider } from "react-admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readArchive } from "../../server/backup/archive";
import { backupLocal } from "../../server/backup/local";
import { openDb } from "../../server/db/index";
import { migrate } from "../../server/db/migrate";
import { seedDemoIfEmpty } from "../../server/seed/seed";
import { createFirestoreDataProvider } from "../../src/backend/firebase/dataProvider";
import { removeTempDir, tempDir } from "../helpers/server";
import { PERSONA_AUTH } from "../rules/firestoreMatrix";
import { command } from "./backupArchiveTools";
import { emulatorFromEnv } from "./firebase/emulators";

const firestoreHost = await emulatorFromEnv("FIRESTORE_EMULATOR_HOST", "Firestore");
const storageHost = await emulatorFromEnv("FIREBASE_STORAGE_EMULATOR_HOST", "Storage");
const PROJECT = "demo-ratai-kopija";
const REPO = path.resolve(import.meta.dirname, "../..");

describe.skipIf(!firestoreHost)("vietinė kopija → Firestore emuliatorius", () => {
  const work = tempDir("backup-firestore");
  const archive = path.join(work, "vietine.tar.gz");
  let env: RulesTestEnvironment;
  let staff: DataProvider;
  const functionsApp = initializeApp({ projectId: PROJECT, apiKey: "demo" }, "kopijos-funkcijos");

  const list = async (resource: string): Promise<string[]> => {
    const answer = await staff.getList(resource, {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: "id", order: "ASC" },
      filter: {},
    });
    return answer.data.map((r) => String(r.id)).sort();
  };

  beforeAll(async () => {
    const dataDir = path.join(work, "pglite");
    const db = await openDb({ dataDir, databaseUrl: null });
    try {
      await migrate(db);
      await seedDemoIfEmpty(db, { dataDir });
      await backupLocal(db, dataDir, archive);
    } finally {
      await db.close();
    }
    env = await initializeTestEnvironment({
      projectId: PROJECT,
      firestore: {
        rules: readFileSync(path.join(REPO, "firestore.rules"), "utf8"),
        host: firestoreHost?.host,
        port: firestoreHost?.port,
      },
    });
    await env.clearFirestore();
    const auth = PERSONA_AUTH.staff as { uid: string; claims: Record<string, unknown> };
    staff = createFirestoreDataProvider(
      env.authenticatedContext(auth.uid, auth.claims).firestore() as unknown as Firestore,
      getFunctions(functionsApp),
    );
  }, 240_000);

  afterAll(async () => {
    await env?.cleanup();
    await deleteApp(functionsApp);
    removeTempDir(work);
  });

  it("atkurta į tuščią projektą; failų dalis be Storage emuliatoriaus praleista ir taip pasakyta", async () => {
    const result = await command("restore", [archive, "--firebase", "--project", PROJECT], {
      FIRESTORE_EMULATOR_HOST: firestoreHost?.address ?? "",
      FIREBASE_STORAGE_EMULATOR_HOST: "",
    });
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toContain(`Firebase projektas ${PROJECT}`);
    expect(result.stdout).toContain("Failai NEATKURTI");
    if (!storageHost)
      console.info(
        "nevykdyta: failų atkūrimas į Storage (Storage emuliatorius nepaleistas, be interneto jo paleisti negalima)",
      );
  }, 240_000);

  it("Firebase adapteris rodo tuos pačius automobilius ir rezervacijas", async () => {
    const read = await readArchive(archive, null);
    const ids = (collection: string) => (read.collections[collection] ?? []).map((d) => d.id).sort();
    expect(await list("cars")).toEqual(ids("cars"));
    expect(await list("reservations")).toEqual(ids("reservations"));
    expect((await list("reservations")).length).toBeGreaterThan(10);
  }, 120_000);

  it("netuščias projektas atmetamas ir lieka nepakeistas", async () => {
    const before = await list("reservations");
    const result = await command("restore", [archive, "--firebase", "--project", PROJECT], {
      FIRESTORE_EMULATOR_HOST: firestoreHost?.address ?? "",
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("tik į tuščią Firebase projektą");
    expect(await list("reservations")).toEqual(before);
  }, 120_000);

  it("kopija iš Firestore: tas pats formatas, tie patys kiekiai", async () => {
    const out = path.join(work, "is-firestore.tar.gz");
    const result = await command("backup", ["--out", out, "--firebase", "--project", PROJECT], {
      FIRESTORE_EMULATOR_HOST: firestoreHost?.address ?? "",
    });
    expect(result.code, result.stderr + result.stdout).toBe(0);
    expect(result.stdout).toContain("Failai į kopiją NEĮTRAUKTI");
    const local = await readArchive(archive, null);
    const remote = await readArchive(out, null);
    expect(remote.manifest.source.backend).toBe("firestore");
    expect(remote.manifest.counts).toEqual(local.manifest.counts);
    const ids = (read: typeof local, c: string) => (read.collections[c] ?? []).map((d) => d.id);
    expect(ids(remote, "reservations")).toEqual(ids(local, "reservations"));
    expect(ids(remote, "counters")).toEqual(ids(local, "counters"));
  }, 120_000);

  it.skipIf(!storageHost)(
    "failai atkuriami į Storage",
    async () => {
      const result = await command(
        "restore",
        [archive, "--firebase", "--project", `${PROJECT}-failai`, "--bucket", `${PROJECT}.appspot.com`],
        {
          FIRESTORE_EMULATOR_HOST: firestoreHost?.address ?? "",
          FIREBASE_STORAGE_EMULATOR_HOST: storageHost?.address ?? "",
        },
      );
      expect(result.code, result.stderr + result.stdout).toBe(0);
      expect(result.stdout).not.toContain("Failai NEATKURTI");
    },
    240_000,
  );
});
