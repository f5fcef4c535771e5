// Firebase errors (Firestore, Functions, Auth, Storage) as HTTP-like statuses with
// Lithuanian messages. The SDKs' English texts never reach a visitor or staff member.
import { BackendError } from "../port";

export interface ErrorInfo {
  status: number;
  message: string;
  /** field errors a callable function sent in its details */
  fieldErrors: Record<string, string>;
  code: string;
}

export const NETWORK_MESSAGE = "Nepavyko susisiekti su Firebase. Patikrinkite interneto ryšį ir bandykite dar kartą.";
export const PERMISSION_DENIED_MESSAGE = "Neturite teisių šiam veiksmui";

/** Firestore and Cloud Functions share gRPC's status codes. */
const GRPC_CODES: Readonly<Record<string, { status: number; message: string }>> = {
  cancelled: { status: 499, message: "Užklausa atšaukta" },
  unknown: { status: 500, message: "Nežinoma Firebase klaida. Bandykite dar kartą." },
  "invalid-argument": { status: 400, message: "Neteisingi užklausos duomenys" },
  "deadline-exceeded": { status: 504, message: "Firebase neatsakė laiku. Bandykite dar kartą." },
  "not-found": { status: 404, message: "Įrašas nerastas" },
  "already-exists": { status: 409, message: "Toks įrašas jau yra" },
  "permission-denied": { status: 403, message: PERMISSION_DENIED_MESSAGE },
  "resource-exhausted": { status: 429, message: "Per daug užklausų arba viršyta kvota. Bandykite vėliau." },
  "failed-precondition": { status: 409, message: "Veiksmo dabar atlikti negalima: duomenys neatitinka sąlygų" },
  aborted: { status: 409, message: "Duomenys ką tik pasikeitė. Bandykite dar kartą." },
  "out-of-range": { status: 400, message: "Reikšmė už leistinų ribų" },
  unimplemented: { status: 501, message: "Ši funkcija nepalaikoma" },
  internal: { status: 500, message: "Vidinė Firebase klaida. Bandykite vėliau." },
  unavailable: { status: 503, message: NETWORK_MESSAGE },
  "data-loss": { status: 500, message: "Duomenys sugadinti. Kreipkitės į administratorių." },
  unauthenticated: { status: 401, message: "Prisijunkite iš naujo" },
};

export const MISSING_INDEX_MESSAGE =
  "Šiai užklausai Firestore trūksta indekso. Administratorius turi įdiegti firestore.indexes.json (npm run firebase:deploy).";

export const AUTH_MESSAGES: Readonly<Record<string, { status: number; message: string }>> = {
  "auth/invalid-credential": { status: 401, message: "Neteisingas el. pašto adresas arba slaptažodis" },
  "auth/invalid-login-credentials": { status: 401, message: "Neteisingas el. pašto adresas arba slaptažodis" },
  "auth/wrong-password": { status: 401, message: "Neteisingas el. pašto adresas arba slaptažodis" },
  "auth/user-not-found": { status: 401, message: "Neteisingas el. pašto adresas arba slaptažodis" },
  "auth/invalid-email": { status: 422, message: "Neteisingas el. pašto adresas" },
  "auth/missing-password": { status: 422, message: "Įveskite slaptažodį" },
  "auth/user-disabled": { status: 403, message: "Ši paskyra išjungta. Kreipkitės į administratorių." },
  "auth/too-many-requests": {
    status: 429,
    message: "Per daug nesėkmingų bandymų. Palaukite kelias minutes ir bandykite dar kartą.",
  },
  "auth/network-request-failed": { status: 0, message: NETWORK_MESSAGE },
  "auth/invalid-api-key": { status: 500, message: "Neteisingas Firebase API raktas (apiKey)" },
  "auth/api-key-not-valid.-please-pass-a-valid-api-key.": {
    status: 500,
    message: "Neteisingas Firebase API raktas (apiKey)",
  },
  "auth/operation-not-allowed": {
    status: 500,
    message: "Firebase projekte neįjungtas prisijungimas el. paštu ir slaptažodžiu",
  },
  "auth/user-token-expired": { status: 401, message: "Sesija baigėsi. Prisijunkite iš naujo." },
  "auth/requires-recent-login": { status: 401, message: "Prisijunkite iš naujo" },
  "auth/internal-error": { status: 500, message: "Vidinė prisijungimo klaida. Bandykite dar kartą." },
};

/** storage/* codes (SPEC section 8) as Lithuanian messages for staff. */
export const STORAGE_MESSAGES: Readonly<Record<string, { status: number; message: string }>> = {
  "storage/unknown": { status: 500, message: "Nežinoma failų saugyklos klaida. Bandykite dar kartą." },
  "storage/object-not-found": { status: 404, message: "Failas nerastas saugykloje" },
  "storage/bucket-not-found": {
    status: 500,
    message: "Failų saugyklos talpykla nerasta: patikrinkite storageBucket nustatymą",
  },
  "storage/project-not-found": { status: 500, message: "Firebase projektas nerastas: patikrinkite projectId" },
  "storage/quota-exceeded": { status: 507, message: "Viršyta failų saugyklos kvota. Kreipkitės į administratorių." },
  "storage/unauthenticated": { status: 401, message: "Prisijunkite iš naujo, kad galėtumėte tvarkyti failus" },
  "storage/unauthorized": {
    status: 403,
    message: "Neturite teisės atlikti šio veiksmo su failu (leidžiami tik paveikslėliai iki 10 MB)",
  },
  "storage/retry-limit-exceeded": {
    status: 504,
    message: "Baigėsi laikas bandyti iš naujo. Patikrinkite ryšį ir bandykite dar kartą.",
  },
  "storage/invalid-checksum": { status: 500, message: "Failas sugadintas perdavimo metu. Įkelkite jį dar kartą." },
  "storage/canceled": { status: 499, message: "Įkėlimas atšauktas" },
  "storage/invalid-event-name": { status: 500, message: "Neteisingas įkėlimo įvykio pavadinimas" },
  "storage/invalid-url": { status: 400, message: "Neteisingas failo adresas" },
  "storage/invalid-argument": { status: 400, message: "Neteisingas failas arba jo kelias" },
  "storage/no-default-bucket": {
    status: 500,
    message: "Nenurodyta failų saugyklos talpykla (storageBucket Firebase nustatymuose)",
  },
  "storage/cannot-slice-blob": { status: 400, message: "Failas pasikeitė įkeliant. Pasirinkite jį iš naujo." },
  "storage/server-file-wrong-size": {
    status: 500,
    message: "Saugykla gavo kitokio dydžio failą. Įkelkite jį dar kartą.",
  },
  "storage/unsupported-environment": { status: 500, message: "Ši naršyklė nepalaiko failų įkėlimo" },
};

interface FirebaseErrorLike {
  code?: unknown;
  message?: unknown;
  details?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Field errors from a callable function's details: { errors: { field: message } }. */
function detailErrors(details: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (isRecord(details) && isRecord(details.errors)) {
    for (const [field, text] of Object.entries(details.errors)) if (typeof text === "string") errors[field] = text;
  }
  return errors;
}

/** Whether a text reads as Lithuanian (our functions' own messages), not an SDK's English. */
const looksLithuanian = (text: string): boolean => /[ąčęėįšųūžĄČĘĖĮŠŲŪŽ]/.test(text);

export function firebaseErrorInfo(error: unknown): ErrorInfo {
  const e = (isRecord(error) ? error : {}) as FirebaseErrorLike;
  const rawCode = typeof e.code === "string" ? e.code : "";
  const message = typeof e.message === "string" ? e.message : "";

  if (rawCode.startsWith("auth/")) {
    const known = AUTH_MESSAGES[rawCode];
    return {
      status: known?.status ?? 500,
      message: known?.message ?? `Prisijungimo klaida (${rawCode})`,
      fieldErrors: {},
      code: rawCode,
    };
  }
  if (rawCode.startsWith("storage/")) {
    const known = STORAGE_MESSAGES[rawCode] ?? STORAGE_MESSAGES["storage/unknown"]!;
    return { status: known.status, message: known.message, fieldErrors: {}, code: rawCode };
  }
  const code = rawCode.replace(/^(functions|firestore)\//, "");
  const known = GRPC_CODES[code];
  if (known) {
    const fromFunction = rawCode.startsWith("functions/");
    // Our functions answer in Lithuanian; their message wins over the generic one.
    const own = fromFunction && message && looksLithuanian(message) ? message : null;
    const missingIndex = code === "failed-precondition" && /index/i.test(message);
    const fieldErrors = fromFunction ? detailErrors(e.details) : {};
    // Field errors answer 422, as the local server does for the same input.
    const status = missingIndex ? 500 : Object.keys(fieldErrors).length > 0 ? 422 : known.status;
    return {
      status,
      message: own ?? (missingIndex ? MISSING_INDEX_MESSAGE : known.message),
      fieldErrors,
      code,
    };
  }
  if (error instanceof TypeError && /fetch|network/i.test(message)) {
    return { status: 0, message: NETWORK_MESSAGE, fieldErrors: {}, code: "network" };
  }
  return {
    status: 500,
    message: message && looksLithuanian(message) ? message : "Įvyko netikėta klaida. Bandykite dar kartą.",
    fieldErrors: {},
    code: rawCode || "unknown",
  };
}

/** Any Firebase failure as the port's BackendError. */
export function toBackendError(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  const info = firebaseErrorInfo(error);
  return new BackendError(info.message, info.status, info.fieldErrors, error);
}
