// Uploaded images, the same rules on both backends (server/routes/files.ts and the Cloud
// Storage adapter): the type comes from the file's first bytes, never from its name or the
// declared type, and no file is larger than MAX_UPLOAD_BYTES.

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = "Failas per didelis (daugiausia 10 MB)";
export const NOT_AN_IMAGE_MESSAGE = "Galima įkelti tik JPEG, PNG, WebP, AVIF arba GIF paveikslėlius";

export interface SniffedImage {
  contentType: string;
  extension: string;
}

const ascii = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...bytes.subarray(start, end));

/** JPEG, PNG, WebP, AVIF or GIF from the magic bytes; null for anything else (SVG included). */
export function sniffImage(bytes: Uint8Array): SniffedImage | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { contentType: "image/jpeg", extension: "jpg" };
  }
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) {
    return { contentType: "image/png", extension: "png" };
  }
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) {
    return { contentType: "image/gif", extension: "gif" };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    return { contentType: "image/webp", extension: "webp" };
  }
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    // ISO BMFF: the major brand, then compatible brands up to the box size.
    const boxSize = Math.min(
      ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0),
      bytes.length,
      64,
    );
    const brands = [ascii(bytes, 8, 12)];
    for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
    if (brands.includes("avif") || brands.includes("avis")) return { contentType: "image/avif", extension: "avif" };
  }
  return null;
}
