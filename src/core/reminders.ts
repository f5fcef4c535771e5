// Pickup reminders: the e-mail `reminderHours` (a setting, 24 by default) before a confirmed
// reservation's pickup. Run by a job (the local server every minute, Firebase's scheduled function
// every 15 minutes); safe to run any number of times, on any number of servers at once:
//
// each reminder is one transaction that locks `reminder-<reservation id>`, re-reads the
// reservation and the reminder's marker (reminders/<reservation id>-<pickup ms>), and writes the
// marker together with the mail in the outbox. A marker that exists means the mail was queued,
// so a second run, a restarted server or another server skips it: one mail per reservation and
// pickup time by construction. A pickup moved later gets a marker (and a reminder) of its own.
import { reminderDue, reminderId, reminderWindow } from "../domain/notifications";
import type { Reservation } from "../domain/schemas";
import { DEFAULT_REMINDER_HOURS } from "../domain/settings";
import { loadSettings } from "./catalog";
import { COLLECTIONS } from "./collections";
import { prepareReservationMail } from "./notifications";
import type { CoreContext } from "./ports";
import { reservationRecord } from "./records";
import { insertDoc, queueMail, writer } from "./writes";

export interface ReminderRun {
  /** reservations whose pickup falls in the window */
  checked: number;
  /** reminders queued by this run: reservation id and mail id */
  queued: { reservationId: string; mailId: string; number: string }[];
}

/** The reservation's reminder marker: written with the mail, so it exists exactly when the mail was queued. */
export type ReminderMarker = {
  reservationId: string;
  pickupAt: string;
  /** empty when there was nobody to write to */
  mailId: string;
  sentAt: string;
};

/** Queues every reminder due at `now` that no run has queued yet. */
export async function queueDueReminders(ctx: CoreContext, now: Date = ctx.clock.now()): Promise<ReminderRun> {
  const { store } = ctx;
  const settings = await loadSettings(store);
  const hours = settings.reminderHours ?? DEFAULT_REMINDER_HOURS;
  const window = reminderWindow(now, hours);
  // The pickup range only (one field: no composite index on Firestore); the status is checked here.
  const candidates = (
    await store.query(COLLECTIONS.reservations, {
      where: [
        { field: "pickupAt", op: ">", value: window.from },
        { field: "pickupAt", op: "<=", value: window.to },
      ],
    })
  )
    .map((doc) => reservationRecord(doc))
    .filter((r) => reminderDue(r, now, hours));

  const run: ReminderRun = { checked: candidates.length, queued: [] };
  for (const candidate of candidates) {
    // Cheap skip outside a transaction; the transaction below decides.
    if (await store.get(COLLECTIONS.reminders, reminderId(candidate.id, candidate.pickupAt))) continue;
    try {
      const queued = await queueReminder(ctx, candidate.id, now, hours);
      if (queued) run.queued.push(queued);
    } catch (error) {
      // One broken reservation must not stop the others; the next run tries it again.
      ctx.log.error(`Nepavyko įdėti priminimo apie rezervaciją ${candidate.number ?? candidate.id}`, error);
    }
  }
  for (const q of run.queued) ctx.events.publish("mail", q.mailId, "created");
  if (run.queued.length > 0) {
    ctx.log.info(
      `Priminimai apie paėmimą įdėti į siuntimo eilę: ${run.queued.length} (${run.queued.map((q) => q.number).join(", ")})`,
    );
  }
  return run;
}

/** One reservation's reminder, in its own transaction; null when it is not due or was queued already. */
async function queueReminder(
  ctx: CoreContext,
  reservationId: string,
  now: Date,
  hours: number,
): Promise<ReminderRun["queued"][number] | null> {
  const { store } = ctx;
  return store.transaction(async (tx) => {
    await tx.lock(`reminder-${reservationId}`);
    const found = await tx.get(COLLECTIONS.reservations, reservationId);
    if (!found) return null;
    const reservation = reservationRecord(found);
    if (!reminderDue(reservation, now, hours)) return null;
    const markerId = reminderId(reservationId, reservation.pickupAt);
    if (await tx.get(COLLECTIONS.reminders, markerId)) return null;
    const mail = await prepareReservationMail(tx, ctx, "pickupReminder", reservationId, reservation);

    const w = writer(tx, store, now);
    if (!mail) {
      // Nobody to write to (the customer is gone): marked, so the job does not try every minute.
      insertDoc(w, COLLECTIONS.reminders, marker(reservation, reservationId, "", now), markerId);
      return null;
    }
    const mailId = queueMail(w, mail);
    insertDoc(w, COLLECTIONS.reminders, marker(reservation, reservationId, mailId, now), markerId);
    return { reservationId, mailId, number: reservation.number ?? reservationId };
  });
}

const marker = (reservation: Reservation, reservationId: string, mailId: string, now: Date): ReminderMarker => ({
  reservationId,
  pickupAt: reservation.pickupAt,
  mailId,
  sentAt: now.toISOString(),
});
