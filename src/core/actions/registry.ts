// The staff actions' registry: what one back-office action is, written once. Each definition names
// the action's callable, the roles that may call it, its HTTP route under /api/admin, the lists it
// changes (the Firebase provider forgets their cached pages), how the screen's arguments become its
// payload, the payload's zod envelope and the use case it runs. From it come:
//   server/routes/staffActions.ts          the Hono routes (one generic mounting function)
//   functions/src/staffActions.ts          the Cloud Functions (one generic onCall wrapper per definition)
//   src/backend/local/admin.ts             the local client (HTTP, createLocalAdminActions) and
//   src/backend/firebase/dataProvider.ts   the Firebase client (callables), both generic
//   src/backend/adminActions.ts            the AdminActions type the screens use
//
// Browser-safe: the definitions import zod and types only. `run` receives the use cases from the host
// (./useCases.ts, which only the server and the functions import), so the back-office bundle never
// pulls in the core's use cases, PDF or mail code.
import type { z } from "zod";
import type { StaffRole } from "../../domain/schemas";
import type { ErasableFiles } from "../dataRights";
import type { BackupArchives, CoreContext, PrivateFiles } from "../ports";
import type { StaffActor } from "../writes";
import type { UseCases } from "./useCases";

export type { UseCases };

/** Who may call an action: every staff member, or administrators only. */
export const STAFF: readonly StaffRole[] = ["admin", "staff"];
export const ADMINS: readonly StaffRole[] = ["admin"];

/** What each host gives a use case besides its input. */
export interface ActionContext {
  core: CoreContext;
  /** the signed-in staff member (the e-mail address, or the uid on Firebase without one) */
  actor: StaffActor;
  /** the private files (desk photos, signatures, documents) and how mails carry attachments */
  documents: { files: PrivateFiles; inlineMailAttachments?: boolean };
  /** the private files with removal (erasure) */
  erasableFiles: ErasableFiles;
  /** the largest page a list answers */
  maxListPage: number;
  /** the local server's backup archives (Firebase: none) */
  backups?: BackupArchives;
}

/** A file an action answers: bytes (PDF), text (XML) or a stream (a backup archive; HTTP only). */
export interface ActionFile {
  fileName: string;
  contentType: string;
  bytes?: Uint8Array;
  text?: string;
  stream?: ReadableStream<Uint8Array>;
  /** the stream's length in bytes */
  size?: number;
  /** the desk's documents: whether the PDF is the signed one (HTTP header X-Document-Signed) */
  signed?: boolean;
}

/** One page of a list: the records, how many there are and where the page starts. */
export interface ActionList<T> {
  data: T[];
  total: number;
  start: number;
}

/** The data export: the JSON and its readable Lithuanian summary (HTML). */
export interface ActionExport {
  data: Record<string, unknown>;
  summary: string;
}

/**
 * How an action answers over HTTP and through its callable:
 * - json: the use case's answer as it is;
 * - file: GET a file (Content-Disposition: attachment, `?inline=1` inline); the callable answers
 *   { fileName, contentType, base64 } (with `signed` when the file says), or { fileName, xml } for XML;
 * - list: ra-data-simple-rest (sort, range, filter in the query; Content-Range); the callable { data, total };
 * - export: GET JSON as an attachment, or the HTML summary with `?format=summary`; the callable { data, summary }.
 */
export type ActionAnswer = "json" | "file" | "list" | "export";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface ActionHttp {
  method: HttpMethod;
  /** under /api/admin; `:field` segments are payload fields, `:field.ext` one with a fixed suffix */
  path: string;
  /** the success status (200 when absent) */
  status?: 200 | 201;
  /** the payload field that travels as the body; absent: every payload field not in the path; false: no body is read */
  body?: string | false;
  /** GET: the payload fields that travel in the query string */
  query?: readonly string[];
  /** a body field the request carries with exactly this value (422 with the message otherwise) */
  fixed?: { field: string; value: string; message: string };
  answer?: ActionAnswer;
  /** file answers: what the browser asks for */
  accept?: string;
}

export interface StaffActionDefinition<Args extends unknown[], Payload, Input, Result> {
  /** the Cloud Function's name (the method's name unless said); false: none, the Firebase provider answers itself */
  callable?: string | false;
  roles: readonly StaffRole[];
  /** the refusal for a role not in `roles`; absent: the host's own message */
  refusal?: string;
  /** the screen's arguments as the payload (the callable's data) */
  args: (...args: Args) => Payload;
  /** the payload as the hosts read it; the use case validates the contents with its own messages */
  input: z.ZodType<Input>;
  http: ActionHttp;
  /** the lists the action changes: the Firebase provider forgets their cached pages */
  invalidates?: readonly string[] | ((payload: Payload) => readonly string[]);
  run: (useCases: UseCases, input: Input, ctx: ActionContext) => Promise<Result>;
}

export interface StaffAction<Args extends unknown[] = never[], Payload = unknown, Input = unknown, Result = unknown>
  extends StaffActionDefinition<Args, Payload, Input, Result> {
  callable: string | false;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds actions of every argument and result type
export type AnyStaffAction = StaffAction<any, any, any, any>;

/** A definition, its argument, payload, input and result types inferred and its route's literals kept. */
export function staffAction<Args extends unknown[], Payload, Input, Result, const H extends ActionHttp>(
  definition: StaffActionDefinition<Args, Payload, Input, Result> & { http: H },
): StaffActionDefinition<Args, Payload, Input, Result> & { http: H } {
  return definition;
}

type ResultOf<A> = A extends { run: (...args: never[]) => Promise<infer R> } ? R : never;

/** What the screen gets back: a Blob for files, the page without its start for lists. */
export type ClientResult<A> = A extends { http: { answer: "file" } }
  ? Blob
  : ResultOf<A> extends ActionList<infer T>
    ? { data: T[]; total: number }
    : ResultOf<A>;

/** The screen's method of an action: its arguments, the answer. */
export type ClientMethod<A> = A extends { args: (...args: infer Args) => unknown }
  ? (...args: Args) => Promise<ClientResult<A>>
  : never;

/** A path's `:field` (or `:field.ext`) segments: the field and its suffix. */
export function pathParams(path: string): { field: string; suffix: string }[] {
  const params: { field: string; suffix: string }[] = [];
  for (const segment of path.split("/")) {
    const match = /^:([A-Za-z]+)(\.[a-z]+)?$/.exec(segment);
    if (match) params.push({ field: match[1] ?? "", suffix: match[2] ?? "" });
  }
  return params;
}

/** The lists an action with this payload changes. */
export function invalidatedBy(action: AnyStaffAction, payload: unknown): readonly string[] {
  const { invalidates } = action;
  return typeof invalidates === "function" ? invalidates(payload) : (invalidates ?? []);
}
