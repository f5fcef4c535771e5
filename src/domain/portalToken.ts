// The signed link of "Mano rezervacija": a random token (128+ bits, here 32 bytes as base64url)
// of which only the SHA-256 is stored (reservationLinks/{sha256 hex} { reservationId, … }). The
// hash is computed synchronously here (plain SHA-256, FIPS 180-4), so a mail being prepared inside
// a transaction can carry a fresh link without an asynchronous step. Pure: no I/O but the
// platform's random numbers (crypto.getRandomValues, in Node and browsers alike).

/** The path of the customer's page; the token follows it. */
export const PORTAL_PATH = "/mano-rezervacija";
/** 32 random bytes as base64url: 43 characters (256 bits). */
export const PORTAL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A link stops working this many days after the reservation's return. */
export const PORTAL_LINK_DAYS_AFTER_RETURN = 30;
const DAY_MS = 86_400_000;

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** SHA-256 of a text (UTF-8) as 64 lower-case hex digits. */
export function sha256Hex(text: string): string {
  const data = new TextEncoder().encode(text);
  const bitLength = data.length * 8;
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x100000000));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] ?? 0;
      const b = w[i - 2] ?? 0;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = ((w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]] as number[] as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (let i = 0; i < 64; i++) {
      const t1 =
        (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + (K[i] ?? 0) + (w[i] ?? 0)) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const next = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] = ((h[i] ?? 0) + (next[i] ?? 0)) >>> 0;
  }
  return [...h].map((x) => x.toString(16).padStart(8, "0")).join("");
}

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

/** A new random token (256 bits). */
export const newPortalToken = (): string => toBase64Url(crypto.getRandomValues(new Uint8Array(32)));

/** The stored key of a token: its SHA-256; a malformed token has none (it is simply not found). */
export const portalTokenHash = (token: string): string | null =>
  PORTAL_TOKEN_PATTERN.test(token) ? sha256Hex(token) : null;

/** When a reservation's links stop working: 30 days after its return. */
export const portalLinkExpiry = (returnAt: string): Date =>
  new Date(Date.parse(returnAt) + PORTAL_LINK_DAYS_AFTER_RETURN * DAY_MS);

/** The stored link document (reservationLinks/{tokenHash}). */
export interface PortalLinkDoc {
  reservationId: string;
  /** informational (and for a TTL policy): the reservation's current return decides */
  expiresAt: string;
  revokedAt: string | null;
}

/** A link made for one mail: its address and the document to store with the mail. */
export interface PortalLinkIssue {
  url: string;
  tokenHash: string;
  doc: PortalLinkDoc;
}

/** The customer's page address for a token, on the site at `baseUrl`. */
export const portalUrl = (baseUrl: string, token: string): string =>
  `${baseUrl.replace(/\/+$/, "")}${PORTAL_PATH}/${token}`;

/** A fresh link for a reservation (nothing stored yet: the caller writes `doc` under `tokenHash`). */
export function issuePortalLink(
  baseUrl: string,
  reservationId: string,
  returnAt: string,
): PortalLinkIssue & { token: string } {
  const token = newPortalToken();
  return {
    token,
    url: portalUrl(baseUrl, token),
    tokenHash: sha256Hex(token),
    doc: { reservationId, expiresAt: portalLinkExpiry(returnAt).toISOString(), revokedAt: null },
  };
}

/** The line a customer mail carries when its template has no {{nuoroda}}. */
export const portalLinkLine = (url: string, language: "lt" | "en"): string =>
  language === "en"
    ? `Your booking online (view, change, cancel, documents): ${url}`
    : `Jūsų rezervacija internete (peržiūrėti, pakeisti, atšaukti, dokumentai): ${url}`;

/** The text with the link: as the template placed it, or appended as its own paragraph. */
export function withPortalLinkText(text: string, url: string | undefined, language: "lt" | "en"): string {
  if (!url || text.includes(url)) return text;
  return `${text.trimEnd()}\n\n${portalLinkLine(url, language)}`;
}
