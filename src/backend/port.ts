// The backend port: pages talk to this, never to an adapter.
import type { AuthProvider, DataProvider } from "react-admin";
import type { PortalAction, PortalFile } from "../domain/portal";
import type { PublicCar, PublicSettings, SearchResult, SearchResults } from "../domain/publicCatalog";
import type { News, Offer, Quote, RequestInput, ReservationInput, StaffRole } from "../domain/schemas";
import type { SiteQuote, SiteQuoteInput } from "../domain/siteQuote";

export type { PublicCar, PublicSettings, SearchResult, SearchResults, SiteQuote, SiteQuoteInput };

/** Back-office resources only an admin may open; the local server and firestore.rules refuse them to staff too. */
export const ADMIN_ONLY_RESOURCES: readonly string[] = ["staff", "settings", "client-errors", "audit-log"];

export type WithId<T> = T & { id: string };

export interface CarFilter {
  category?: string;
  transmission?: string;
  fuel?: string;
  seats?: number;
}

export interface SearchQuery {
  from: string;
  to: string;
  location?: string;
  /** results per page, 1–100 (default 24) */
  limit?: number;
  /** results to skip (default 0) */
  offset?: number;
}

export interface ReservationCreated {
  id: string;
  number: string;
  quote: Quote;
  /** online pre-payment (server/payments): the provider's page the visitor goes to; null: pay at pick-up */
  payment?: { redirectUrl: string; amount: number; provider: string } | null;
}

export interface SiteApi {
  cars(filter?: CarFilter): Promise<PublicCar[]>;
  car(slug: string): Promise<PublicCar | null>;
  search(query: SearchQuery): Promise<SearchResults>;
  /**
   * The reservation form's live quote, computed by the server exactly as on submit (same
   * rules, same pricing); says whether the car is free, never who holds it.
   */
  quote(input: SiteQuoteInput): Promise<SiteQuote>;
  offers(): Promise<WithId<Offer>[]>;
  news(): Promise<WithId<News>[]>;
  newsItem(slug: string): Promise<WithId<News> | null>;
  settings(): Promise<PublicSettings>;
  submitReservation(input: ReservationInput): Promise<ReservationCreated>;
  submitRequest(input: RequestInput): Promise<{ id: string }>;
  /** ISO 3166 alpha-2 of the visitor, from the IP lookup service; null when it fails */
  detectCountry(): Promise<string | null>;
  /** "Mano rezervacija": one action of the customer's page, authorised by the link's token (src/core/customerPortal.ts) */
  portal<T>(action: PortalAction, token: string, body?: unknown): Promise<T>;
  /** "Mano rezervacija": a file of the page (the .ics, a signed PDF) */
  portalFile(file: PortalFile, token: string): Promise<{ blob: Blob; fileName: string }>;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

/** Light session API: the login page and the auth guard need it without react-admin. */
export interface SessionApi {
  login(email: string, password: string): Promise<SessionUser>;
  logout(): Promise<void>;
  /** null when signed out */
  me(): Promise<SessionUser | null>;
  /**
   * The signed-in member's own password: the current one checked, the new one against the rules;
   * the account's other sessions end. 422 with fieldErrors currentPassword / newPassword.
   */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
}

export type UploadState = "running" | "paused" | "success" | "canceled" | "error";

export interface UploadProgress {
  state: UploadState;
  bytesTransferred: number;
  totalBytes: number;
  /** Lithuanian message when state is error */
  error?: string;
}

export interface UploadTask {
  pause(): boolean;
  resume(): boolean;
  cancel(): boolean;
  /** resolves with the stored path (e.g. /files/cars/abc.webp) */
  done: Promise<string>;
}

export interface FileStore {
  upload(file: Blob & { name?: string }, folder: string, onProgress: (p: UploadProgress) => void): UploadTask;
  remove(path: string): Promise<void>;
  /** a URL an <img> can load */
  url(path: string): string;
  /**
   * A URL staff's browser can open for a private file of the desk (photos, signatures, documents):
   * the local server checks the session cookie on url(path); Cloud Storage needs a download URL
   * with its token, which only an asynchronous call can give.
   */
  privateUrl(path: string): Promise<string>;
}

export interface Backend {
  kind: "local" | "firebase";
  site: SiteApi;
  session: SessionApi;
  /** lazy: loads react-admin providers only when the back-office opens */
  admin(): Promise<{ dataProvider: DataProvider; authProvider: AuthProvider }>;
  files: FileStore;
}

/** Errors the port raises carry an HTTP-like status and Lithuanian messages. */
export class BackendError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: Record<string, string> = {},
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = "BackendError";
  }
}
