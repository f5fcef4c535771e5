// Password hashing: argon2id (hash-wasm), encoded "$argon2id$v=19$m=...,t=...,p=...$salt$hash".
import { randomBytes } from "node:crypto";
import { argon2id, argon2Verify } from "hash-wasm";

/** OWASP's minimum argon2id profile: cheap enough for a 2-core box, costly for an attacker. */
const COST = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export async function hashPassword(password: string): Promise<string> {
  return argon2id({ password, salt: randomBytes(16), ...COST, outputType: "encoded" });
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (!hash.startsWith("$argon2")) return false;
  try {
    return await argon2Verify({ password, hash });
  } catch {
    // A damaged hash in the database must read as "wrong password", never as a server error.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummyHash);
  return false;
}
