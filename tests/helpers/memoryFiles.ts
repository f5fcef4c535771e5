// Private files kept in memory for the core's use cases in tests (the desk's signatures, acts and
// agreements, documents the data-rights erasure removes): put/get like the real storage, plus
// remove and the paths written, for the tests that look.
import type { PrivateFiles } from "../../src/core/ports";

export function memoryFiles(): PrivateFiles & { remove(path: string): Promise<boolean>; paths(): string[] } {
  const files = new Map<string, Uint8Array>();
  return {
    put: async (path, bytes) => {
      files.set(path, bytes);
    },
    get: async (path) => files.get(path) ?? null,
    remove: async (path) => files.delete(path),
    paths: () => [...files.keys()],
  };
}
