// react-admin DataProvider on Cloud Firestore (modular SDK), written by hand: the published
// Firestore providers use the namespaced SDK or read whole collections.
//
// - getList: the query plan (queryPlan.ts) filters and sorts in Firestore; pages are read with
//   cursors (startAfter the last document of the previous page, remembered per query), and
//   the total comes from getCountFromServer on the same query.
// - getMany: documentId() "in" queries in chunks of 30.
// - updateMany / deleteMany: write batches of at most 500 operations.
// - createdAt / updatedAt: serverTimestamp().
// - Reservations are created and changed by the saveReservation function (price, number and
//   overlap are decided on the server); staff accounts by setStaffRole; the settings document
//   is written together with its public projection.
// - Every Firebase error becomes an HttpError with a Lithuanian message (permission-denied: 403).
import {
  collection,
  type DocumentData,
  deleteDoc,
  doc,
  documentId,
  type Firestore,
  getCountFromServer,
  getDocFromServer,
  getDocsFromServer,
  increment,
  limit,
  onSnapshot,
  orderBy,
  type Query,
  type QueryDocumentSnapshot,
  query,
  serverTimestamp,
  setDoc,
  startAfter,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
} from "firebase/firestore";
import { type Functions, httpsCallable } from "firebase/functions";
import { type DataProvider, HttpError, type RaRecord } from "react-admin";
import { type AnyStaffAction, invalidatedBy, STAFF_ACTIONS } from "../../core/actions/index";
import { STALE_RECORD_CODE, STALE_RECORD_MESSAGE } from "../../core/errors";
import { expectedVersionOf, versionOf } from "../../core/versions";
import { RESERVATION_WITH_MONEY_DELETE_REFUSED, reservationHasMoneyFlag } from "../../domain/moneyTrail";
import { priceUpdateLogEntry } from "../../domain/priceUpdate";
import type { AdminActions } from "../adminActions";
import { publicSettingsDoc } from "./catalog";
import { firebaseErrorInfo } from "./errors";
import {
  type FirestoreResource,
  isFirestoreResource,
  PRICE_UPDATES_COLLECTION,
  PUBLIC_SETTINGS_COLLECTION,
  RESOURCE_MODELS,
} from "./model";
import {
  DOCUMENT_ID,
  type ListPlan,
  MAX_IN_VALUES,
  MAX_SEARCH_SCAN,
  planKey,
  planList,
  planMatches,
  planScans,
  QueryNotSupportedError,
} from "./queryPlan";
import { CALLABLES } from "./site";
import { fromStoredDoc, plainValue, toStoredDoc, validateRecord } from "./storedDoc";

/** A stored document as the back-office's record; one from before versions reads as version 0, so its next update can say what it read. */
function adminRecord(...args: Parameters<typeof fromStoredDoc>): ReturnType<typeof fromStoredDoc> {
  const record = fromStoredDoc(...args);
  if (typeof record.version !== "number") record.version = 0;
  return record;
}

/** Firestore's limit of operations in one write batch. */
export const MAX_BATCH_WRITES = 500;
/** Queries whose page cursors are remembered (the least recently used are forgotten). */
const CURSOR_CACHE_SIZE = 50;

export const PROVIDER_MESSAGES = {
  unknownResource: (resource: string) => `Nežinomas duomenų sąrašas „${resource}“`,
  notFound: "Įrašas nerastas",
  readOnly: "Šis sąrašas tik skaitomas",
  settingsExist: "Nustatymai jau sukurti; juos galima tik keisti",
  settingsDelete: "Nustatymų ištrinti negalima",
} as const;

/** The lists staff watch for changes made elsewhere (admin-only lists are not watched). */
const LIVE_RESOURCES: FirestoreResource[] = [
  "reservations",
  "requests",
  "customers",
  "cars",
  "fleet",
  "prices",
  "offers",
  "news",
  "locations",
  "extras",
  "mail",
];

export interface FirestoreDataProviderOptions {
  /** called after the signed-in user's own staff record changed (their role may have changed) */
  onOwnStaffChange?: () => Promise<unknown>;
  /** the signed-in user's uid */
  currentUid?: () => string | null;
}

type AnyRecord = Record<string, unknown> & { id: string };

/** Any failure as react-admin's HttpError with a Lithuanian message and { message, errors }. */
/** A stale update's refusal, as the local server answers it: 409 with the stored record. */
export function staleRecordError(current: Record<string, unknown>): HttpError {
  return new HttpError(STALE_RECORD_MESSAGE, 409, { message: STALE_RECORD_MESSAGE, code: STALE_RECORD_CODE, current });
}

export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof QueryNotSupportedError) return new HttpError(error.message, 400, { message: error.message });
  // The saveReservation function refused a stale update: keep its record for the form's review.
  const details = (error as { details?: { code?: unknown; current?: unknown } } | null)?.details;
  if (details?.code === STALE_RECORD_CODE && typeof details.current === "object" && details.current !== null) {
    return staleRecordError(details.current as Record<string, unknown>);
  }
  const info = firebaseErrorInfo(error);
  return new HttpError(info.message, info.status, { message: info.message, errors: info.fieldErrors });
}

function modelOf(resource: string) {
  if (!isFirestoreResource(resource)) {
    const message = PROVIDER_MESSAGES.unknownResource(resource);
    throw new HttpError(message, 404, { message });
  }
  return { resource, model: RESOURCE_MODELS[resource] };
}

/** Splits a list into chunks of `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** Client-side order for id lists (at most 30 records): like Firestore, nulls first. */
function compareBy(field: string, order: "ASC" | "DESC") {
  const get = (record: AnyRecord): unknown =>
    field.split(".").reduce<unknown>((value, part) => (value as Record<string, unknown> | null)?.[part], record);
  return (a: AnyRecord, b: AnyRecord): number => {
    const x = get(a);
    const y = get(b);
    let result = 0;
    if (x === y) result = 0;
    else if (x === null || x === undefined) result = -1;
    else if (y === null || y === undefined) result = 1;
    else if (typeof x === "number" && typeof y === "number") result = x - y;
    else result = String(x).localeCompare(String(y), "lt");
    if (result === 0) result = a.id.localeCompare(b.id);
    return order === "DESC" ? -result : result;
  };
}

export function createFirestoreDataProvider(
  firestore: Firestore,
  functions: Functions,
  options: FirestoreDataProviderOptions = {},
): DataProvider & AdminActions {
  const cursors = new Map<string, Map<number, QueryDocumentSnapshot<DocumentData>>>();
  const forgetCursors = (collectionName: string) => {
    for (const key of [...cursors.keys()]) if (key.startsWith(`["${collectionName}"`)) cursors.delete(key);
  };
  const cursorsFor = (key: string) => {
    let found = cursors.get(key);
    if (found) {
      cursors.delete(key);
    } else {
      found = new Map();
    }
    cursors.set(key, found);
    while (cursors.size > CURSOR_CACHE_SIZE) cursors.delete(cursors.keys().next().value as string);
    return found;
  };

  const call = async <O>(name: string, input: unknown): Promise<O> => {
    const result = await httpsCallable<unknown, O>(functions, name)(input);
    return result.data;
  };

  const collectionRef = (resource: FirestoreResource) => collection(firestore, RESOURCE_MODELS[resource].collection);

  const baseQuery = (plan: ListPlan): Query<DocumentData> => {
    const constraints = [
      ...plan.where.map((clause) =>
        where(clause.field === DOCUMENT_ID ? documentId() : clause.field, clause.op, clause.value),
      ),
      ...plan.orderBy.map((clause) =>
        orderBy(clause.field === DOCUMENT_ID ? documentId() : clause.field, clause.direction),
      ),
    ];
    return query(collectionRef(plan.resource), ...constraints);
  };

  /** One page, read after the nearest remembered cursor; remembers the cursors it passes. */
  const readPage = async (plan: ListPlan, base: Query<DocumentData>) => {
    const remembered = cursorsFor(planKey(plan));
    let fromPage = 0;
    let cursor: QueryDocumentSnapshot<DocumentData> | undefined;
    for (let page = plan.page - 1; page >= 1; page--) {
      const found = remembered.get(page);
      if (found) {
        fromPage = page;
        cursor = found;
        break;
      }
    }
    const skippedPages = plan.page - 1 - fromPage;
    // One more document than needed tells whether a next page exists.
    const take = (skippedPages + 1) * plan.perPage + 1;
    const snapshot = await getDocsFromServer(
      cursor ? query(base, startAfter(cursor), limit(take)) : query(base, limit(take)),
    );
    const docs = snapshot.docs;
    for (let passed = 1; passed <= skippedPages + 1; passed++) {
      const last = docs[passed * plan.perPage - 1];
      if (last) remembered.set(fromPage + passed, last);
    }
    const start = skippedPages * plan.perPage;
    return { docs: docs.slice(start, start + plan.perPage), hasNextPage: docs.length > start + plan.perPage };
  };

  const readMany = async (resource: FirestoreResource, ids: readonly string[]): Promise<AnyRecord[]> => {
    const unique = [...new Set(ids.map(String))].filter((id) => id !== "");
    const found = new Map<string, AnyRecord>();
    await Promise.all(
      chunk(unique, MAX_IN_VALUES).map(async (part) => {
        const snapshot = await getDocsFromServer(query(collectionRef(resource), where(documentId(), "in", part)));
        for (const d of snapshot.docs) found.set(d.id, adminRecord(resource, d.id, d.data()));
      }),
    );
    return unique.map((id) => found.get(id)).filter((record): record is AnyRecord => record !== undefined);
  };

  const readOne = async (resource: FirestoreResource, id: string): Promise<AnyRecord> => {
    const snapshot = await getDocFromServer(doc(collectionRef(resource), String(id)));
    if (!snapshot.exists())
      throw new HttpError(PROVIDER_MESSAGES.notFound, 404, { message: PROVIDER_MESSAGES.notFound });
    return adminRecord(resource, snapshot.id, snapshot.data());
  };

  const validated = (resource: FirestoreResource, data: Record<string, unknown>) => {
    const result = validateRecord(resource, data);
    if (!result.ok) {
      throw new HttpError(result.failure.message, 422, {
        message: result.failure.message,
        errors: result.failure.errors,
      });
    }
    return result.value;
  };

  const nowIso = () => new Date().toISOString();

  /**
   * The version an update writes: one more than the stored one, which must be the version the
   * form read (when the update says which). The rules accept exactly stored + 1, so a save
   * racing this one between the read and the write is refused by Firestore itself.
   */
  const nextVersion = async (resource: FirestoreResource, id: string, data: Record<string, unknown>) => {
    const stored = await readOne(resource, id);
    let expected: number | undefined;
    try {
      expected = expectedVersionOf(data);
    } catch {
      throw new HttpError("Neteisinga įrašo versija", 422, { message: "Neteisinga įrašo versija", errors: {} });
    }
    if (expected !== undefined && expected !== versionOf(stored)) throw staleRecordError(stored);
    return versionOf(stored) + 1;
  };

  /** A write the rules refused because another save came first is a stale update, not a permission problem. */
  const staleOrRethrow = async (resource: FirestoreResource, id: string, written: number, error: unknown) => {
    if (firebaseErrorInfo(error).status === 403) {
      const stored = await readOne(resource, id).catch(() => null);
      if (stored && versionOf(stored) !== written - 1) throw staleRecordError(stored);
    }
    throw error;
  };

  const writeSettings = async (data: Record<string, unknown>, creating: boolean): Promise<AnyRecord> => {
    const value = validated("settings", data);
    const id = String(data.id ?? "");
    const settingsRef = doc(collectionRef("settings"), id);
    const publicRef = doc(firestore, PUBLIC_SETTINGS_COLLECTION, id);
    if (creating) {
      const existing = await getDocFromServer(settingsRef);
      if (existing.exists())
        throw new HttpError(PROVIDER_MESSAGES.settingsExist, 409, { message: PROVIDER_MESSAGES.settingsExist });
    }
    const batch = writeBatch(firestore);
    const stored = toStoredDoc("settings", value);
    let version = 1;
    if (creating) {
      batch.set(settingsRef, { ...stored, version, createdAt: serverTimestamp(), updatedAt: serverTimestamp() });
    } else {
      version = await nextVersion("settings", id, data);
      batch.update(settingsRef, { ...stored, version, updatedAt: serverTimestamp() });
    }
    const company = value.company as Parameters<typeof publicSettingsDoc>[0]["company"];
    batch.set(publicRef, { ...publicSettingsDoc({ ...value, company }), updatedAt: serverTimestamp() });
    await batch.commit();
    return { ...value, id, version, updatedAt: nowIso(), ...(creating ? { createdAt: nowIso() } : {}) };
  };

  const afterStaffChange = async (id: string) => {
    if (options.currentUid?.() === id) await options.onOwnStaffChange?.();
  };

  /** A staff account through setStaffRole (Auth user + role claim + staff document). */
  const saveStaff = async (data: Record<string, unknown>, id?: string): Promise<AnyRecord> => {
    const value = validated("staff", data);
    const saved = await call<AnyRecord>(CALLABLES.setStaffRole, {
      ...(id ? { uid: id } : {}),
      email: value.email,
      name: value.name,
      role: value.role,
      active: value.active,
      ...(typeof value.password === "string" && value.password !== "" ? { password: value.password } : {}),
    });
    await afterStaffChange(saved.id);
    return saved;
  };

  const updateRecord = async (
    resource: FirestoreResource,
    id: string,
    data: Record<string, unknown>,
    previous: Record<string, unknown> | undefined,
  ): Promise<AnyRecord> => {
    const { writes } = RESOURCE_MODELS[resource];
    if (writes === "readonly")
      throw new HttpError(PROVIDER_MESSAGES.readOnly, 405, { message: PROVIDER_MESSAGES.readOnly });
    // The form's own version travels in `data`; a bulk change (no version) is based on what is stored now.
    const readVersion = data.version ?? previous?.version;
    if (writes === "reservations") {
      // The function merges over the stored record and checks the version in its transaction.
      return call<AnyRecord>(CALLABLES.saveReservation, {
        id,
        data: readVersion === undefined ? data : { ...data, version: readVersion },
      });
    }
    const before = await readOne(resource, id);
    const merged = { ...before, ...data, id, version: readVersion };
    if (writes === "settings") return writeSettings(merged, false);
    if (writes === "staff") return saveStaff(merged, id);
    const value = validated(resource, merged);
    const version = await nextVersion(resource, id, merged);
    try {
      await updateDoc(doc(collectionRef(resource), id), {
        ...toStoredDoc(resource, value),
        version,
        updatedAt: serverTimestamp(),
      });
    } catch (error) {
      await staleOrRethrow(resource, id, version, error);
    }
    return { ...value, id, version, createdAt: before.createdAt, updatedAt: nowIso() } as AnyRecord;
  };

  const guard = async <T>(resource: string, work: (resource: FirestoreResource) => Promise<T>): Promise<T> => {
    try {
      return await work(modelOf(resource).resource);
    } catch (error) {
      throw toHttpError(error);
    }
  };

  const provider: DataProvider = {
    getList: (resourceName, params) =>
      guard(resourceName, async (resource) => {
        const plan = planList(resource, params);
        if (plan.matchesNothing)
          return { data: [], total: 0, pageInfo: { hasNextPage: false, hasPreviousPage: false } };
        if (plan.ids) {
          const records = (await readMany(resource, plan.ids)).sort(compareBy(plan.sort.field, plan.sort.order));
          const start = (plan.page - 1) * plan.perPage;
          return { data: records.slice(start, start + plan.perPage) as RaRecord[], total: records.length };
        }
        const base = baseQuery(plan);
        if (planScans(plan)) {
          // Several search words (Firestore matched the longest one): the other words are checked here.
          const scanned = await getDocsFromServer(query(base, limit(MAX_SEARCH_SCAN)));
          const matched = scanned.docs.filter((d) => planMatches(plan, d.data()));
          const start = (plan.page - 1) * plan.perPage;
          return {
            data: matched
              .slice(start, start + plan.perPage)
              .map((d) => adminRecord(resource, d.id, d.data())) as RaRecord[],
            total: matched.length,
          };
        }
        const [page, count] = await Promise.all([readPage(plan, base), getCountFromServer(base)]);
        return {
          data: page.docs.map((d) => adminRecord(resource, d.id, d.data())) as RaRecord[],
          total: count.data().count,
          pageInfo: { hasNextPage: page.hasNextPage, hasPreviousPage: plan.page > 1 },
        };
      }) as Promise<never>, // records are plain objects with an id; react-admin's generic type is the caller's

    getOne: (resourceName, params) =>
      guard(resourceName, async (resource) => ({ data: await readOne(resource, String(params.id)) })) as Promise<never>,

    getMany: (resourceName, params) =>
      guard(resourceName, async (resource) => ({
        data: await readMany(resource, params.ids.map(String)),
      })) as Promise<never>,

    getManyReference: (resourceName, params) =>
      provider.getList(resourceName, {
        filter: { ...params.filter, [params.target]: params.id },
        sort: params.sort,
        pagination: params.pagination,
        meta: params.meta,
      }),

    create: (resourceName, params) =>
      guard(resourceName, async (resource) => {
        const { writes } = RESOURCE_MODELS[resource];
        const data = params.data as Record<string, unknown>;
        let record: AnyRecord;
        if (writes === "readonly") {
          throw new HttpError(PROVIDER_MESSAGES.readOnly, 405, { message: PROVIDER_MESSAGES.readOnly });
        } else if (writes === "settings") {
          record = await writeSettings(data, true);
        } else if (writes === "staff") {
          record = await saveStaff(data);
        } else if (writes === "reservations") {
          record = await call<AnyRecord>(CALLABLES.saveReservation, { data });
        } else {
          const value = validated(resource, data);
          const ref = doc(collectionRef(resource));
          await setDoc(ref, {
            ...toStoredDoc(resource, value),
            version: 1,
            createdAt: serverTimestamp(),
            updatedAt: serverTimestamp(),
          });
          record = { ...value, id: ref.id, version: 1, createdAt: nowIso(), updatedAt: nowIso() };
        }
        forgetCursors(RESOURCE_MODELS[resource].collection);
        return { data: record as never };
      }),

    update: (resourceName, params) =>
      guard(resourceName, async (resource) => {
        const record = await updateRecord(
          resource,
          String(params.id),
          params.data as Record<string, unknown>,
          params.previousData as Record<string, unknown> | undefined,
        );
        forgetCursors(RESOURCE_MODELS[resource].collection);
        return { data: record as never };
      }),

    updateMany: (resourceName, params) =>
      guard(resourceName, async (resource) => {
        const { writes } = RESOURCE_MODELS[resource];
        const ids = [...new Set(params.ids.map(String))];
        const data = params.data as Record<string, unknown>;
        if (writes !== "direct") {
          // Functions decide these one record at a time (price, number, roles).
          for (const id of ids) await updateRecord(resource, id, data, undefined);
        } else {
          const records = await readMany(resource, ids);
          if (records.length < ids.length) {
            throw new HttpError(PROVIDER_MESSAGES.notFound, 404, { message: PROVIDER_MESSAGES.notFound });
          }
          const writesToDo = records.map((record) => ({
            id: record.id,
            stored: toStoredDoc(resource, validated(resource, { ...record, ...data })),
          }));
          for (const part of chunk(writesToDo, MAX_BATCH_WRITES)) {
            const batch = writeBatch(firestore);
            for (const item of part) {
              batch.update(doc(collectionRef(resource), item.id), {
                ...item.stored,
                version: increment(1),
                updatedAt: serverTimestamp(),
              });
            }
            await batch.commit();
          }
        }
        forgetCursors(RESOURCE_MODELS[resource].collection);
        return { data: ids };
      }),

    delete: (resourceName, params) =>
      guard(resourceName, async (resource) => {
        const { writes } = RESOURCE_MODELS[resource];
        const id = String(params.id);
        if (writes === "readonly")
          throw new HttpError(PROVIDER_MESSAGES.readOnly, 405, { message: PROVIDER_MESSAGES.readOnly });
        if (writes === "settings") {
          throw new HttpError(PROVIDER_MESSAGES.settingsDelete, 403, { message: PROVIDER_MESSAGES.settingsDelete });
        }
        const previous = (params.previousData as AnyRecord | undefined) ?? { id };
        // The rules refuse it too (hasMoneyTrail); the staff get the reason in words.
        if (resource === "reservations" && reservationHasMoneyFlag(previous)) {
          throw new HttpError(RESERVATION_WITH_MONEY_DELETE_REFUSED, 409, {
            message: RESERVATION_WITH_MONEY_DELETE_REFUSED,
          });
        }
        if (writes === "staff") {
          await call(CALLABLES.setStaffRole, { uid: id, role: null });
          await afterStaffChange(id);
        } else {
          await deleteDoc(doc(collectionRef(resource), id));
        }
        forgetCursors(RESOURCE_MODELS[resource].collection);
        return { data: previous as never };
      }),

    deleteMany: (resourceName, params) =>
      guard(resourceName, async (resource) => {
        const { writes } = RESOURCE_MODELS[resource];
        const ids = [...new Set(params.ids.map(String))];
        if (writes === "readonly")
          throw new HttpError(PROVIDER_MESSAGES.readOnly, 405, { message: PROVIDER_MESSAGES.readOnly });
        if (writes === "settings") {
          throw new HttpError(PROVIDER_MESSAGES.settingsDelete, 403, { message: PROVIDER_MESSAGES.settingsDelete });
        }
        if (writes === "staff") {
          for (const id of ids) {
            await call(CALLABLES.setStaffRole, { uid: id, role: null });
            await afterStaffChange(id);
          }
        } else {
          for (const part of chunk(ids, MAX_BATCH_WRITES)) {
            const batch = writeBatch(firestore);
            for (const id of part) batch.delete(doc(collectionRef(resource), id));
            await batch.commit();
          }
        }
        forgetCursors(RESOURCE_MODELS[resource].collection);
        return { data: ids };
      }),
  };

  /** A callable as an admin action: its answer as is, failures as HttpError. */
  const action = async <O>(name: string, input: unknown, changes: readonly string[] = []): Promise<O> => {
    try {
      const answer = await call<O>(name, input);
      for (const resource of changes) {
        if (isFirestoreResource(resource)) forgetCursors(RESOURCE_MODELS[resource].collection);
      }
      return answer;
    } catch (error) {
      throw toHttpError(error);
    }
  };

  /** One staff action of the registry through its callable, the answer as the local server's. */
  const staffAction = async (definition: AnyStaffAction & { callable: string }, payload: unknown) => {
    const answer = await action(definition.callable, payload, invalidatedBy(definition, payload));
    if (definition.http.answer !== "file") return answer;
    // Files travel as base64 ({ fileName, contentType, base64 }) or, XML, as text ({ fileName, xml }).
    const file = answer as { base64?: string; contentType?: string; xml?: string };
    if (typeof file.base64 === "string") {
      return new Blob([Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))], { type: file.contentType });
    }
    return new Blob([file.xml ?? ""], { type: "application/xml" });
  };
  const staffActions: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(STAFF_ACTIONS)) {
    const { callable } = definition;
    if (callable === false) continue;
    staffActions[name] = (...args: never[]) => staffAction({ ...definition, callable }, definition.args(...args));
  }

  // The back-office's server-side operations (src/backend/adminActions.ts): the registry's actions
  // through their callables, and what the provider answers itself (the price log, the live feed).
  const actions: AdminActions = {
    ...(staffActions as unknown as Omit<AdminActions, "priceUpdateHistory" | "subscribeToChanges">),
    async priceUpdateHistory() {
      try {
        const snapshot = await getDocsFromServer(
          query(collection(firestore, PRICE_UPDATES_COLLECTION), orderBy("createdAt", "desc"), limit(10)),
        );
        return snapshot.docs.map((d) => {
          const entry = plainValue(d.data()) as Record<string, unknown>;
          return priceUpdateLogEntry(d.id, String(entry.createdAt ?? ""), entry);
        });
      } catch (error) {
        throw toHttpError(error);
      }
    },
    subscribeToChanges(listener, onStatus) {
      const since = Timestamp.now();
      const stops = LIVE_RESOURCES.map((resource) => {
        let connected = false;
        return onSnapshot(
          query(collectionRef(resource), where("updatedAt", ">", since)),
          (snapshot) => {
            if (!connected && !snapshot.metadata.fromCache) {
              connected = true;
              onStatus?.(true);
            }
            for (const change of snapshot.docChanges()) {
              const data = change.doc.data();
              const createdAt = data.createdAt as Timestamp | null | undefined;
              const updatedAt = data.updatedAt as Timestamp | null | undefined;
              const kind =
                change.type === "removed"
                  ? "deleted"
                  : change.type === "added" && createdAt && createdAt.toMillis() > since.toMillis()
                    ? "created"
                    : "updated";
              forgetCursors(RESOURCE_MODELS[resource].collection);
              listener({
                resource,
                id: change.doc.id,
                kind,
                at: (updatedAt?.toDate() ?? new Date()).toISOString(),
              });
            }
          },
          () => {
            connected = false;
            onStatus?.(false);
          },
        );
      });
      return () => {
        for (const stop of stops) stop();
      };
    },
  };

  return { ...provider, ...actions };
}
