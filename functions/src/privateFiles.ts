// Private files of the rental desk on Firebase (the PrivateFiles port, src/core/ports.ts): photos,
// signatures and signed PDFs in Cloud Storage under desk/ and documents/. storage.rules lets only
// staff read them and only functions (the Admin SDK, which the rules do not bind) write documents/.
//
// Written once, like the local store (server/services/privateFiles.ts): a signed document is kept
// unchanged, so the write is conditional on the object not existing (ifGenerationMatch: 0); the
// same bytes again (a retried function) are accepted.
//
// Not run in the tests here: the Storage emulator cannot start offline on this machine.
import { getStorage } from "firebase-admin/storage";
import type { PrivateFiles } from "../../src/core/ports";
import { PRIVATE_FILE_PATTERN } from "../../src/domain/schemas";

type Bucket = ReturnType<ReturnType<typeof getStorage>["bucket"]>;

const isPrivatePath = (path: string) => PRIVATE_FILE_PATTERN.test(path) && !path.includes("..");

/** The HTTP status a Cloud Storage error carries (404 missing, 412 precondition failed). */
function statusOf(error: unknown): number | null {
  if (typeof error !== "object" || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === "number" ? code : null;
}

export function createStoragePrivateFiles(bucket: Bucket = getStorage().bucket()): PrivateFiles {
  return {
    async put(path, bytes, contentType) {
      if (!isPrivatePath(path)) throw new Error(`Neteisingas privataus failo kelias: ${path}`);
      const file = bucket.file(path);
      try {
        await file.save(Buffer.from(bytes), {
          contentType,
          resumable: false,
          preconditionOpts: { ifGenerationMatch: 0 },
          metadata: { cacheControl: "private, max-age=86400" },
        });
      } catch (error) {
        if (statusOf(error) !== 412) throw error;
        const [existing] = await file.download();
        if (!Buffer.from(bytes).equals(existing)) {
          throw new Error(`Privatus failas ${path} jau yra ir nekeičiamas`);
        }
      }
    },
    async get(path) {
      if (!isPrivatePath(path)) return null;
      try {
        const [bytes] = await bucket.file(path).download();
        return new Uint8Array(bytes);
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
  };
}
