// Content-Disposition for a file answer (RFC 6266): an ASCII fallback and the UTF-8 name.

/** `attachment` (a download) or `inline` (shown in the browser), with the file's name. */
export function dispositionHeader(fileName: string, inline = false): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
