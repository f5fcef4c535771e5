// Change events for the back-office's live updates (GET /api/admin/events, SSE).
// Every committed write calls publish(); listeners in this process hear it at once. On a real
// PostgreSQL, connectChangeFeed() also carries the events between server instances: publish()
// sends them with pg_notify on the channel below, and what other instances send is emitted here
// exactly like a local publish, so a tab connected to any instance sees every instance's writes.
// With PGlite there is only one process, so nothing is sent.
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import type { ChannelListener, Db } from "../db/types";
import { log } from "../log";

export type ChangeKind = "created" | "updated" | "deleted";

export interface ChangeEvent {
  resource: string;
  id: string;
  kind: ChangeKind;
  /** ISO time of the change */
  at: string;
}

const emitter = new EventEmitter();
// Every open back-office tab is one listener.
emitter.setMaxListeners(0);

function emitLocal(event: ChangeEvent): void {
  try {
    emitter.emit("change", event);
  } catch {
    // Listeners handle their own errors; this only guards the writer.
  }
}

/** Tells listeners that a record changed (and other instances, when the feed runs). Never throws: a failing listener must not undo a write. */
export function publish(resource: string, id: string, kind: ChangeKind): void {
  const event: ChangeEvent = { resource, id, kind, at: new Date().toISOString() };
  emitLocal(event);
  feed?.send(event);
}

/** Subscribes to changes; returns the unsubscribe function. */
export function subscribe(listener: (event: ChangeEvent) => void): () => void {
  emitter.on("change", listener);
  return () => {
    emitter.off("change", listener);
  };
}

export function listenerCount(): number {
  return emitter.listenerCount("change");
}

/** Ends every open event stream (server shutdown), so connections can close at once. */
export function closeStreams(): void {
  emitter.emit("close");
}

/** Called when the server shuts down; returns the unsubscribe function. */
export function onStreamsClosed(listener: () => void): () => void {
  emitter.on("close", listener);
  return () => {
    emitter.off("close", listener);
  };
}

// ---------- between instances (PostgreSQL LISTEN/NOTIFY) ----------

export const CHANGE_CHANNEL = "ratai_pakeitimai";
/** Marks this process's notifications, which it ignores: their local emit already happened. */
const ORIGIN = randomUUID();
/** NOTIFY refuses payloads of 8000 bytes or more; events are packed into messages below this. */
const MAX_PAYLOAD_BYTES = 7000;
/** Events waiting to be sent while the database is slow or down; beyond this the oldest are dropped. */
const MAX_PENDING = 10_000;

/** One NOTIFY payload: the sending process and its events in the order they happened. */
interface FeedMessage {
  o: string;
  e: ChangeEvent[];
}

export interface ChangeFeed {
  /** Sends what is still waiting, then stops listening. Call before the database closes. */
  close(): Promise<void>;
}

interface RunningFeed {
  send(event: ChangeEvent): void;
}

let feed: RunningFeed | null = null;

const KINDS: ReadonlySet<string> = new Set<ChangeKind>(["created", "updated", "deleted"]);

function isChangeEvent(value: unknown): value is ChangeEvent {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.resource === "string" &&
    typeof v.id === "string" &&
    typeof v.kind === "string" &&
    KINDS.has(v.kind) &&
    typeof v.at === "string"
  );
}

/** The events of another instance's message; [] for our own or for anything malformed. */
export function eventsFromPayload(payload: string, origin = ORIGIN): ChangeEvent[] {
  let message: unknown;
  try {
    message = JSON.parse(payload);
  } catch {
    return [];
  }
  if (!message || typeof message !== "object") return [];
  const { o, e } = message as Partial<FeedMessage>;
  if (typeof o !== "string" || o === origin || !Array.isArray(e)) return [];
  return e.filter(isChangeEvent).map(({ resource, id, kind, at }) => ({ resource, id, kind, at }));
}

/** Packs events into as few payloads as fit under MAX_PAYLOAD_BYTES, keeping their order. */
export function packPayloads(events: readonly ChangeEvent[], origin = ORIGIN): string[] {
  const payloads: string[] = [];
  const envelope = Buffer.byteLength(JSON.stringify({ o: origin, e: [] }));
  let batch: string[] = [];
  let size = envelope;
  const flush = () => {
    if (batch.length > 0) payloads.push(`{"o":${JSON.stringify(origin)},"e":[${batch.join(",")}]}`);
    batch = [];
    size = envelope;
  };
  for (const event of events) {
    const json = JSON.stringify(event);
    const bytes = Buffer.byteLength(json) + 1;
    // A single event this large cannot be sent at all (ids are uuids or file paths; never in practice).
    if (envelope + bytes > MAX_PAYLOAD_BYTES) continue;
    if (size + bytes > MAX_PAYLOAD_BYTES) flush();
    batch.push(json);
    size += bytes;
  }
  flush();
  return payloads;
}

/**
 * On PostgreSQL: LISTENs for other instances' changes and makes publish() notify them.
 * Returns null for PGlite (one process). Resolves once the first LISTEN attempt is over; a failed
 * one is logged and retried by the database layer, and the server runs on meanwhile.
 */
export async function connectChangeFeed(db: Db): Promise<ChangeFeed | null> {
  if (!db.listen) return null;
  if (feed) throw new Error("Pakeitimų kanalas jau prijungtas");

  let pending: ChangeEvent[] = [];
  // One sender at a time: keeps the order and takes at most one pooled connection from requests.
  let sender: Promise<void> | null = null;
  let failureLogged = false;
  let overflowLogged = false;

  const drain = async (): Promise<void> => {
    while (pending.length > 0) {
      const events = pending;
      pending = [];
      for (const payload of packPayloads(events)) {
        try {
          await db.query("SELECT pg_notify($1, $2)", [CHANGE_CHANNEL, payload]);
          failureLogged = false;
          overflowLogged = false;
        } catch (error) {
          if (!failureLogged) {
            failureLogged = true;
            log.error("Nepavyko perduoti pakeitimų kitiems serveriams (pg_notify): ten jie gyvai nepasirodys", error);
          }
        }
      }
    }
  };
  const startSender = (): void => {
    // The pause lets a write that publishes many records (price updates, sorting) go out in one message.
    sender ??= new Promise<void>((resolve) => setImmediate(resolve)).then(drain).finally(() => {
      sender = null;
      if (pending.length > 0) startSender();
    });
  };

  const running: RunningFeed = {
    send: (event) => {
      pending.push(event);
      if (pending.length > MAX_PENDING) {
        pending.splice(0, pending.length - MAX_PENDING);
        if (!overflowLogged) {
          overflowLogged = true;
          log.error(`Duomenų bazė nespėja priimti pakeitimų pranešimų: seniausi (virš ${MAX_PENDING}) atmesti`);
        }
      }
      startSender();
    },
  };

  let listener: ChannelListener;
  try {
    listener = await db.listen(CHANGE_CHANNEL, (payload) => {
      for (const event of eventsFromPayload(payload)) emitLocal(event);
    });
  } catch (error) {
    log.error(`Nepavyko pradėti klausytis PostgreSQL pakeitimų kanalo „${CHANGE_CHANNEL}“`, error);
    return null;
  }
  feed = running;

  let closing: Promise<void> | null = null;
  return {
    close: () => {
      closing ??= (async () => {
        if (feed === running) feed = null;
        // What was published before the stop still reaches the other instances.
        while (sender) await sender;
        await listener.close();
      })();
      return closing;
    },
  };
}
