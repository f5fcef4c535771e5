// The Firebase adapter's sign-in against the REAL Firebase Auth emulator (it runs here: it is
// Node code inside firebase-tools). The adapter is started exactly as the browser starts it,
// from a runtime config that names the emulator; users and their role claims are made with
// firebase-admin pointed at the same emulator. Firestore is named at a closed port: nothing in
// these tests needs it.

import { deleteApp } from "firebase/app";
import { setLogLevel } from "firebase/firestore";
import { type App, deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from "firebase-admin/app";
import { type Auth as AdminAuth, getAuth as getAdminAuth } from "firebase-admin/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firebaseAccounts } from "../../../functions/src/authAdmin";
import {
  clearSessionExpired,
  onSessionExpired,
  SESSION_EXPIRED_MESSAGE,
} from "../../../src/admin/common/sessionExpiry";
import { createFirebaseAuthProvider } from "../../../src/backend/firebase/authProvider";
import { AUTH_MESSAGES } from "../../../src/backend/firebase/errors";
import { createFirebaseBackend, type FirebaseBackend } from "../../../src/backend/firebase/index";
import { uniqueAppName } from "../../../src/backend/firebase/init";
import { createFirebaseSession, NOT_STAFF_MESSAGE } from "../../../src/backend/firebase/session";
import { BackendError } from "../../../src/backend/port";
import { noEvents, systemClock } from "../../../src/core/ports";
import { setStaffRole } from "../../../src/core/staff";
import { createMemoryStore } from "../../../src/core/stores/memoryStore";
import { freePort } from "../../helpers/server";
import { type AuthEmulator, startAuthEmulator } from "./authEmulator";

const PROJECT_ID = "demo-ratai";
const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** A 20-character id like Firestore's automatic ones. */
const firestoreLikeId = (): string =>
  Array.from({ length: 20 }, () => ID_CHARS[Math.floor(Math.random() * ID_CHARS.length)]).join("");
const PASSWORD = "Slaptazodis2026!";

let emulator: AuthEmulator;
let adminApp: App;
let adminAuth: AdminAuth;
let backend: FirebaseBackend;

async function makeUser(email: string, claims: Record<string, unknown> | null, extra: { disabled?: boolean } = {}) {
  const user = await adminAuth.createUser({ email, password: PASSWORD, displayName: `Testas ${email}`, ...extra });
  if (claims) await adminAuth.setCustomUserClaims(user.uid, claims);
  return user;
}

async function rejection(promise: Promise<unknown>): Promise<BackendError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackendError);
  return error as BackendError;
}

beforeAll(async () => {
  // Firestore is deliberately unreachable here; its reconnect warnings are noise.
  setLogLevel("silent");
  emulator = await startAuthEmulator(PROJECT_ID);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.address;
  adminApp = initializeAdminApp({ projectId: PROJECT_ID }, uniqueAppName("admin"));
  adminAuth = getAdminAuth(adminApp);
  backend = await createFirebaseBackend(
    {
      firebase: {
        apiKey: "demo-api-key",
        authDomain: `${PROJECT_ID}.firebaseapp.com`,
        projectId: PROJECT_ID,
        storageBucket: `${PROJECT_ID}.appspot.com`,
        messagingSenderId: "000000000000",
        appId: "1:000000000000:web:0000000000000000",
        emulators: { auth: emulator.address, firestore: `127.0.0.1:${await freePort()}` },
      },
    },
    { appName: uniqueAppName("naršyklė") },
  );
});

afterAll(async () => {
  if (backend) await deleteApp(backend.services.app).catch(() => undefined);
  if (adminApp) await deleteAdminApp(adminApp).catch(() => undefined);
  await emulator?.stop();
});

describe("Firebase adapterio prisijungimas (Auth emuliatorius)", () => {
  it("pasileidžia su vykdymo konfigūracijoje nurodytu emuliatoriumi", () => {
    expect(backend.kind).toBe("firebase");
    expect(backend.services.emulators.auth?.port).toBe(emulator.port);
    expect(backend.services.database).toBeNull();
  });

  it("darbuotojas prisijungia el. paštu ir slaptažodžiu, rolė skaitoma iš „custom claims“", async () => {
    const user = await makeUser("darbuotojas@ratunuoma.lt", { role: "staff" });
    expect(await backend.session.me()).toBeNull();

    const signedIn = await backend.session.login(" darbuotojas@ratunuoma.lt ", PASSWORD);
    expect(signedIn).toEqual({
      id: user.uid,
      email: "darbuotojas@ratunuoma.lt",
      name: "Testas darbuotojas@ratunuoma.lt",
      role: "staff",
    });
    expect(await backend.session.me()).toEqual(signedIn);

    const { authProvider } = await backend.admin();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(await authProvider.getPermissions?.({})).toBe("staff");
    expect(await authProvider.getIdentity?.()).toMatchObject({ id: user.uid, fullName: signedIn.name, role: "staff" });
    expect(await authProvider.canAccess?.({ resource: "cars", action: "list" })).toBe(true);
    expect(await authProvider.canAccess?.({ resource: "staff", action: "list" })).toBe(false);

    await backend.session.logout();
    expect(await backend.session.me()).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: expect.stringMatching(/^\/login/) });
  });

  it("pakeista rolė įsigalioja atnaujinus žetoną", async () => {
    const user = await makeUser("pakeliamas@ratunuoma.lt", { role: "staff" });
    await backend.session.login("pakeliamas@ratunuoma.lt", PASSWORD);
    await adminAuth.setCustomUserClaims(user.uid, { role: "admin" });
    // The old ID token still says "staff" until it is refreshed.
    expect((await backend.session.me())?.role).toBe("staff");
    const seen: (string | null)[] = [];
    const stop = backend.session.onChange((u) => seen.push(u?.role ?? null));
    expect((await backend.session.refresh())?.role).toBe("admin");
    stop();
    expect(seen).toEqual(["admin"]);
    const { authProvider } = await backend.admin();
    expect(await authProvider.getPermissions?.({})).toBe("admin");
    expect(await authProvider.canAccess?.({ resource: "staff", action: "list" })).toBe(true);
    await backend.session.logout();
  });

  it("neteisingi slaptažodžiai, paskyros be rolės ir išjungtos paskyros atmetami lietuviškai", async () => {
    await makeUser("klientas@example.lt", null);
    await makeUser("isjungtas@ratunuoma.lt", { role: "staff" }, { disabled: true });

    const wrong = await rejection(backend.session.login("darbuotojas@ratunuoma.lt", "neteisingas-slaptazodis"));
    expect(wrong.status).toBe(401);
    expect(wrong.message).toBe(AUTH_MESSAGES["auth/invalid-credential"]!.message);

    const unknown = await rejection(backend.session.login("niekas@ratunuoma.lt", PASSWORD));
    expect(unknown.status).toBe(401);
    expect(unknown.message).toBe("Neteisingas el. pašto adresas arba slaptažodis");

    const notStaff = await rejection(backend.session.login("klientas@example.lt", PASSWORD));
    expect(notStaff.status).toBe(403);
    expect(notStaff.message).toBe(NOT_STAFF_MESSAGE);
    expect(backend.services.auth.currentUser).toBeNull();

    const disabled = await rejection(backend.session.login("isjungtas@ratunuoma.lt", PASSWORD));
    expect(disabled.status).toBe(403);
    expect(disabled.message).toBe("Ši paskyra išjungta. Kreipkitės į administratorių.");

    const badEmail = await rejection(backend.session.login("ne-adresas", PASSWORD));
    expect(badEmail.status).toBe(422);
    expect(badEmail.fieldErrors.email).toBe("Neteisingas el. pašto adresas");
  });

  it("setStaffRole sukuria darbuotojo paskyrą, kuri tada gali prisijungti, ir rolę atima", async () => {
    // Firestore-style ids, as the Firestore store gives them.
    const store = createMemoryStore({ newId: firestoreLikeId });
    const core = { store, events: noEvents, clock: systemClock, log: console };
    const auth = firebaseAccounts(adminAuth);
    const created = await setStaffRole(
      core,
      auth,
      { email: "naujas@ratunuoma.lt", name: "Naujas Darbuotojas", role: "staff", password: PASSWORD },
      { uid: "cli", role: "admin" },
    );
    expect(created.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await adminAuth.getUser(created.id)).customClaims).toEqual({ role: "staff" });

    const session = createFirebaseSession(backend.services.auth, null);
    const authProvider = createFirebaseAuthProvider(session);
    expect(await session.login("naujas@ratunuoma.lt", PASSWORD)).toMatchObject({ id: created.id, role: "staff" });
    expect(await authProvider.getPermissions?.({})).toBe("staff");

    await setStaffRole(core, auth, { uid: created.id, role: null }, { uid: "cli", role: "admin" });
    expect((await adminAuth.getUser(created.id)).customClaims ?? {}).toEqual({});
    // The refreshed token carries no role: the account is no longer staff.
    expect(await session.refresh()).toBeNull();
    await session.logout();
    await expect(session.login("naujas@ratunuoma.lt", PASSWORD)).rejects.toMatchObject({ status: 403 });
  });
  it("baigusis sesija (nėra ID žetono) neatjungia puslapio: checkError praneša apie ją, o ne „neturite teisių“", async () => {
    await makeUser("sesija@ratunuoma.lt", { role: "staff" });
    const session = createFirebaseSession(backend.services.auth, null);
    const authProvider = createFirebaseAuthProvider(session);
    let reported = 0;
    const stop = onSessionExpired(() => reported++);
    try {
      await session.login("sesija@ratunuoma.lt", PASSWORD);
      // Signed in: a refusal is a real refusal.
      const refusal = new BackendError("Neturite teisių šiam veiksmui", 403);
      await expect(authProvider.checkError(refusal)).resolves.toBeUndefined();
      expect(reported).toBe(0);
      expect(refusal.message).toBe("Neturite teisių šiam veiksmui");

      await session.logout();
      // The token is gone: Firestore's permission-denied now means "sign in again", and the page stays.
      const denied = new BackendError("Neturite teisių šiam veiksmui", 403);
      await expect(authProvider.checkError(denied)).resolves.toBeUndefined();
      expect(reported).toBe(1);
      expect(denied.message).toBe(SESSION_EXPIRED_MESSAGE);
      await expect(authProvider.checkError(new BackendError("Prisijunkite iš naujo", 401))).resolves.toBeUndefined();
      expect(reported).toBe(2);
      // Navigation still goes to the login page, with a one-level way back.
      await expect(authProvider.checkAuth({})).rejects.toMatchObject({ message: false });
    } finally {
      stop();
      clearSessionExpired();
    }
  });
});
