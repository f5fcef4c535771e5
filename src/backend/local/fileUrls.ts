// Where the local server serves stored files: public ones under /files/, the rental desk's
// private ones to staff under /api/admin/private/. Apart from the upload code (files.ts), which
// the public site never needs.
export const FILES_PREFIX = "/files/";

/** Where staff read the rental desk's private files (photos, signatures, signed PDFs). */
export const PRIVATE_FILES_PREFIX = "/api/admin/private/";
const PRIVATE_PATH = /^(desk|documents)\//;

/**
 * A URL an <img> can load: absolute URLs and /paths stay, storage paths get /files/, private
 * paths ("desk/…", "documents/…") the staff-only /api/admin/private/ (the session cookie goes along).
 */
export function fileUrl(path: string): string {
  if (!path) return "";
  if (/^(?:https?:|data:|blob:)/i.test(path) || path.startsWith("/")) return path;
  const relative = path.replace(/^\/+/, "");
  return PRIVATE_PATH.test(relative) ? `${PRIVATE_FILES_PREFIX}${relative}` : `${FILES_PREFIX}${relative}`;
}
