// In-process change events for the back-office's live updates (GET /api/admin/events, SSE).
// Only this process's changes are seen: with several instances behind one PostgreSQL a client
// hears the instance it is connected to (LISTEN/NOTIFY would be the way to widen it).
import { EventEmitter } from "node:events";

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

/** Tells listeners that a record changed. Never throws: a failing listener must not undo a write. */
export function publish(resource: string, id: string, kind: ChangeKind): void {
  const event: ChangeEvent = { resource, id, kind, at: new Date().toISOString() };
  try {
    emitter.emit("change", event);
  } catch {
    // Listeners handle their own errors; this only guards the writer.
  }
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
