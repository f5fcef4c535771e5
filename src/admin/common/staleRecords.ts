// A save refused because someone else saved the record first (409, code "stale-record"): the
// data provider reports it here with what the user tried to save and what is stored now, and the
// dialog over the page (StaleRecordDialog) lets the user review the other change, keep their own
// or load the newest. The form itself keeps the typed values (every edit form is pessimistic).
import { type DataProvider, HttpError } from "react-admin";
import { STALE_RECORD_CODE } from "../../core/errors";

export const STALE_SAVE_NOTICE = "Neišsaugota: įrašą ką tik pakeitė kitas naudotojas";

export interface StaleSave {
  resource: string;
  id: string;
  /** what the user tried to save */
  mine: Record<string, unknown>;
  /** the record as stored now (someone else's save) */
  current: Record<string, unknown>;
}

type Listener = (save: StaleSave) => void;
const listeners = new Set<Listener>();

export function onStaleSave(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The stored record of a stale-save refusal, or null for any other error. */
export function staleCurrent(error: unknown): Record<string, unknown> | null {
  const body = (error as { body?: { code?: unknown; current?: unknown } } | null)?.body;
  if (body?.code !== STALE_RECORD_CODE || typeof body.current !== "object" || body.current === null) return null;
  return body.current as Record<string, unknown>;
}

/** The data provider, reporting refused stale updates to the dialog (the error still reaches the form). */
export function withStaleSaveReports(provider: DataProvider): DataProvider {
  return {
    ...provider,
    update: async (resource, params) => {
      try {
        return await provider.update(resource, params);
      } catch (error) {
        const current = staleCurrent(error);
        if (current && listeners.size > 0) {
          const save = { resource, id: String(params.id), mine: params.data as Record<string, unknown>, current };
          for (const listener of listeners) listener(save);
          // The dialog explains it in full; the form's own notice stays short.
          throw new HttpError(STALE_SAVE_NOTICE, 409, (error as HttpError).body);
        }
        throw error;
      }
    },
  };
}

const SKIPPED = new Set(["id", "createdAt", "updatedAt", "version", "_search"]);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields where the user's save and the stored record differ (top-level; nested values compared whole). */
export function differingFields(save: StaleSave): string[] {
  const keys = new Set([...Object.keys(save.mine), ...Object.keys(save.current)]);
  return [...keys].filter((key) => !SKIPPED.has(key) && key in save.mine && !same(save.mine[key], save.current[key]));
}

/** A value as one short line for the comparison table. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "taip" : "ne";
  if (typeof value === "string") return value.length > 160 ? `${value.slice(0, 157)}…` : value;
  if (typeof value === "number") return new Intl.NumberFormat("lt-LT").format(value);
  const text = JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}
