// THE expected answers of storage.rules (tests/integration/firebase/storage-rules.test.ts runs
// them against the Storage emulator): folder x visitor x operation, for a small PNG.
import type { Persona } from "./firestoreMatrix";

export const STORAGE_OPERATIONS = ["get", "create", "delete"] as const;
export type StorageOperation = (typeof STORAGE_OPERATIONS)[number];
type Row = Record<StorageOperation, "allow" | "deny">;

const PUBLIC_IMAGES: Record<Persona, Row> = {
  anonymous: { get: "allow", create: "deny", delete: "deny" },
  signedIn: { get: "allow", create: "deny", delete: "deny" },
  staff: { get: "allow", create: "allow", delete: "allow" },
  admin: { get: "allow", create: "allow", delete: "allow" },
};
const STAFF_FILES: Record<Persona, Row> = {
  anonymous: { get: "deny", create: "deny", delete: "deny" },
  signedIn: { get: "deny", create: "deny", delete: "deny" },
  staff: { get: "allow", create: "allow", delete: "allow" },
  admin: { get: "allow", create: "allow", delete: "allow" },
};
/** desk/: the rental desk's photos and signatures; staff add them, nobody replaces or removes them. */
const DESK_FILES: Record<Persona, Row> = {
  anonymous: { get: "deny", create: "deny", delete: "deny" },
  signedIn: { get: "deny", create: "deny", delete: "deny" },
  staff: { get: "allow", create: "allow", delete: "deny" },
  admin: { get: "allow", create: "allow", delete: "deny" },
};
/** documents/: signed PDFs, written by Cloud Functions only; staff read them. */
const SIGNED_DOCUMENTS: Record<Persona, Row> = {
  anonymous: { get: "deny", create: "deny", delete: "deny" },
  signedIn: { get: "deny", create: "deny", delete: "deny" },
  staff: { get: "allow", create: "deny", delete: "deny" },
  admin: { get: "allow", create: "deny", delete: "deny" },
};
const CLOSED: Record<Persona, Row> = {
  anonymous: { get: "deny", create: "deny", delete: "deny" },
  signedIn: { get: "deny", create: "deny", delete: "deny" },
  staff: { get: "deny", create: "deny", delete: "deny" },
  admin: { get: "deny", create: "deny", delete: "deny" },
};

/** Paths by folder: the app's four upload folders, an unknown folder and a deeper path. */
export const STORAGE_MATRIX: Readonly<Record<string, Record<Persona, Row>>> = {
  "cars/pavyzdys.png": PUBLIC_IMAGES,
  "offers/pavyzdys.png": PUBLIC_IMAGES,
  "news/pavyzdys.png": PUBLIC_IMAGES,
  "misc/pavyzdys.png": STAFF_FILES,
  "desk/pavyzdys.png": DESK_FILES,
  "documents/pavyzdys.png": SIGNED_DOCUMENTS,
  "kita/pavyzdys.png": CLOSED,
  "cars/giliau/pavyzdys.png": CLOSED,
};

/** Uploads staff may not make even in an allowed folder. */
export const REFUSED_UPLOADS = [
  { name: "ne paveikslėlis", contentType: "text/html", bytes: 100 },
  { name: "SVG (gali turėti skriptų)", contentType: "image/svg+xml", bytes: 100 },
  { name: "per didelis (10 MB)", contentType: "image/png", bytes: 10 * 1024 * 1024 },
] as const;
