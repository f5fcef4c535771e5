// Where a stored file's picture comes from on the Firebase adapter: its Cloud Storage
// download URL. Pure (no SDK): the browser's file store and the prerender (scripts/prerender.ts,
// which renders the public pages at build time) compute the same address, so a prerendered page
// and the page the browser hydrates carry the same <img src> and no image ever points at the
// local server's /files/ paths.
import type { EmulatorConfig } from "./emulators";

export const STORAGE_ORIGIN = "https://firebasestorage.googleapis.com";

/** Where the local server serves stored files (src/backend/local/files.ts): "/files/cars/x.webp". */
const LOCAL_FILES_PREFIX = "/files/";

/** Storage download URLs go to the Storage emulator when the config names one. */
export function storageOrigin(emulators: EmulatorConfig): string {
  return emulators.storage ? `http://${emulators.storage.host}:${emulators.storage.port}` : STORAGE_ORIGIN;
}

/**
 * A file's path in the bucket: "cars/x.webp". The local server's form ("/files/cars/x.webp",
 * in records moved over from a local installation) means the same file.
 */
export function storagePath(path: string): string {
  const relative = path.startsWith(LOCAL_FILES_PREFIX) ? path.slice(LOCAL_FILES_PREFIX.length) : path;
  return relative.replace(/^\/+/, "");
}

/**
 * A URL an <img> can load: absolute URLs stay, site paths ("/favicon.svg") stay, storage paths
 * (and local /files/ paths) become download URLs. The public folders (cars, offers, news) are
 * readable by anyone (storage.rules), so the URL needs no token.
 */
export function storageUrl(origin: string, bucket: string, path: string): string {
  if (!path) return "";
  if (/^(?:https?:|data:|blob:)/i.test(path)) return path;
  if (path.startsWith("/") && !path.startsWith(LOCAL_FILES_PREFIX)) return path;
  return `${origin}/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(storagePath(path))}?alt=media`;
}
