// The Firebase Auth emulator on its own, started from firebase-tools' code without the CLI:
// it needs no Java and no network, so it runs anywhere Node runs (the Firestore and Storage
// emulators need Java 21). Used by the Auth tests and handy for trying the Firebase adapter's
// sign-in locally.
//   npm run firebase:auth-emulator [-- --port 9099] [--project demo-ratai]
// Prints "Auth emuliatorius veikia: http://127.0.0.1:<port>" when ready; stops on SIGTERM/SIGINT.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

interface AuthEmulatorLike {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startAuthEmulator(options: { host?: string; port: number; projectId?: string }) {
  // firebase-tools has no public API for this; its emulator class is stable across 13-15.
  const { AuthEmulator } = require("firebase-tools/lib/emulator/auth/index.js") as {
    AuthEmulator: new (args: { host: string; port: number; projectId: string }) => AuthEmulatorLike;
  };
  const emulator = new AuthEmulator({
    host: options.host ?? "127.0.0.1",
    port: options.port,
    projectId: options.projectId ?? "demo-ratai",
  });
  await emulator.start();
  return emulator;
}

function option(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  const index = argv.indexOf(name);
  return (index >= 0 ? argv[index + 1] : undefined) ?? fallback;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const host = option("--host", "127.0.0.1");
  const port = Number(option("--port", "9099"));
  const projectId = option("--project", "demo-ratai");
  startAuthEmulator({ host, port, projectId }).then(
    (emulator) => {
      console.info(`Auth emuliatorius veikia: http://${host}:${port} (projektas ${projectId})`);
      const stop = () => {
        emulator.stop().finally(() => process.exit(0));
      };
      process.once("SIGTERM", stop);
      process.once("SIGINT", stop);
    },
    (error: unknown) => {
      console.error(`Nepavyko paleisti Auth emuliatoriaus: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
