// npm run firebase:set-role: gives a Firebase Auth account the admin or staff role (or takes it
// away), with the same rules as the setStaffRole function. It is how the first admin of a new
// project is made; after that admins manage staff in the back-office (/admin/staff).
//
//   npm run firebase:set-role -- <el. paštas> <admin|staff|none> [--name "Vardas Pavardė"] [--project id]
//   A new account needs a password: FIREBASE_NEW_PASSWORD=... (kept out of the shell history), or --password.
// Credentials: GOOGLE_APPLICATION_CREDENTIALS (a service account key) or `gcloud auth application-default
// login`; with FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST it works on the emulators.
import { firebaseAccounts } from "../functions/src/authAdmin";
import { createFirestoreDocumentStore } from "../functions/src/firestoreDocumentStore";
import { noEvents, systemClock } from "../src/core/ports";
import { setStaffRole } from "../src/core/staff";
import { InputError } from "../src/domain/input";

const USAGE =
  'Naudojimas: npm run firebase:set-role -- <el. paštas> <admin|staff|none> [--name "Vardas Pavardė"] [--project projekto-id]';

function option(argv: string[], name: string): string | undefined {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
}

async function main(argv: string[]): Promise<void> {
  const positional = argv.filter((arg, i) => !arg.startsWith("--") && !argv[i - 1]?.startsWith("--"));
  const [email, roleArg] = positional;
  if (!email || !roleArg || !["admin", "staff", "none"].includes(roleArg)) throw new Error(USAGE);
  const projectId = option(argv, "--project") ?? process.env.FIREBASE_PROJECT_ID ?? process.env.GCLOUD_PROJECT;
  if (!projectId) throw new Error(`Nenurodytas projektas (--project arba FIREBASE_PROJECT_ID). ${USAGE}`);
  const password = process.env.FIREBASE_NEW_PASSWORD ?? option(argv, "--password");
  const name = option(argv, "--name");

  const { initializeApp } = await import("firebase-admin/app");
  const { getAuth } = await import("firebase-admin/auth");
  const { getFirestore } = await import("firebase-admin/firestore");
  const app = initializeApp({ projectId });
  const core = {
    store: createFirestoreDocumentStore(getFirestore(app)),
    events: noEvents,
    clock: systemClock,
    log: { info: console.info, warn: console.warn, error: console.error },
  };
  const saved = await setStaffRole(
    core,
    firebaseAccounts(getAuth(app)),
    {
      email,
      role: roleArg === "none" ? null : roleArg,
      ...(name ? { name } : {}),
      ...(password ? { password } : {}),
    },
    // The command line acts with an admin's authority (it holds the project's credentials).
    { uid: "komandine-eilute", role: "admin" },
  );
  console.info(
    roleArg === "none"
      ? `${saved.email}: rolė atimta (projektas ${projectId})`
      : `${saved.email}: rolė „${roleArg}“ (uid ${saved.id}, projektas ${projectId}). Naudotojas ją gaus kitą kartą prisijungęs.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    () => process.exit(0),
    (error: unknown) => {
      const details = error instanceof InputError && error.errors ? ` (${Object.values(error.errors).join("; ")})` : "";
      console.error(`Nepavyko nustatyti rolės: ${error instanceof Error ? error.message : String(error)}${details}`);
      process.exit(1);
    },
  );
}
