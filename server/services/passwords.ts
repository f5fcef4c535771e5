// Password hashing: argon2id (hash-wasm, in worker threads: server/services/passwordPool.ts),
// encoded "$argon2id$v=19$m=...,t=...,p=...$salt$hash".
import { randomBytes } from "node:crypto";
import { PasswordPool } from "./passwordPool";

export { PasswordPoolBusyError } from "./passwordPool";

let pool: PasswordPool | null = null;
const shared = (): PasswordPool => {
  pool ??= new PasswordPool();
  return pool;
};

export async function hashPassword(password: string): Promise<string> {
  return shared().hash(password, randomBytes(16));
}

/**
 * Whether the password matches the stored hash. `bounded`: a sign-in, refused with
 * PasswordPoolBusyError when too many checks already wait (a burst answers 503, not minutes later).
 */
export async function verifyPassword(password: string, hash: string, bounded = false): Promise<boolean> {
  if (!hash.startsWith("$argon2")) return false;
  try {
    return await shared().verify(password, hash, bounded);
  } catch (error) {
    if (error instanceof Error && error.name === "PasswordPoolBusyError") throw error;
    // A damaged hash in the database must read as "wrong password", never as a server error.
    return false;
  }
}

/**
 * Whether a sign-in's password check would be taken now: a burst beyond the queue is answered
 * 503 before it costs a database round trip.
 */
export function passwordCheckHasRoom(): boolean {
  return shared().acceptsCheck;
}

let dummyHash: Promise<string> | null = null;

/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string, bounded = false): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash, bounded);
  return false;
}

/** Ends the hashing threads (a server stopping; they never keep a process alive on their own). */
export async function stopPasswordWorkers(): Promise<void> {
  const running = pool;
  pool = null;
  await running?.stop();
}
