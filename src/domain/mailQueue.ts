// The mail outbox's retry policy and its state, the pure part. The local sender
// (server/services/mail.ts) tries a failed mail again after mailRetryDelayMs(attempts): 1 min,
// 2, 4, 8, 16, 32 min, then every hour, for as long as the settings' `mailRetryDays` (3 days by
// default) from the moment the mail was queued; after that the mail is ERROR with endTime set and a
// Lithuanian reason (mailGivenUpReason). mailQueueState() sums up the outbox for the dashboard's
// warning and a health check (src/core/mailQueue.ts reads the documents).
import { z } from "zod";
import { formatCount, formatDateTime, formatNumber, pluralLt } from "./format";

export const MAIL_RETRY_DAYS_DEFAULT = 3;
export const MAIL_RETRY_DAYS_LIMITS = [1, 14] as const;
/** the wait after the first failed attempt; doubled after each next one */
export const MAIL_RETRY_FIRST_DELAY_MS = 60_000;
/** the longest wait between two attempts */
export const MAIL_RETRY_MAX_DELAY_MS = 60 * 60_000;
/** A mail not sent this long after it was queued is "waiting unusually long" (the dashboard warns). */
export const MAIL_WAITING_WARN_MS = 30 * 60_000;
/** Mails given up within this period count as "failed recently" (the dashboard warns). */
export const MAIL_FAILED_RECENT_MS = 7 * 86_400_000;

const DAY_MS = 86_400_000;

export const mailRetryDaysSchema = z
  .number({ error: "Turi būti skaičius" })
  .int({ error: "Turi būti sveikas skaičius" })
  .min(MAIL_RETRY_DAYS_LIMITS[0], { error: `Ne mažiau kaip ${MAIL_RETRY_DAYS_LIMITS[0]} d.` })
  .max(MAIL_RETRY_DAYS_LIMITS[1], { error: `Ne daugiau kaip ${MAIL_RETRY_DAYS_LIMITS[1]} d.` });

/** The stored setting; a missing or broken value is the default (3 days). */
export function mailRetryDaysOf(doc: { mailRetryDays?: unknown } | null | undefined): number {
  const parsed = mailRetryDaysSchema.safeParse(doc?.mailRetryDays);
  return parsed.success ? parsed.data : MAIL_RETRY_DAYS_DEFAULT;
}

/** How long to wait after `attempts` failed attempts (1 → 1 min, 2 → 2 min, …, at most 1 h). */
export function mailRetryDelayMs(attempts: number): number {
  const exponent = Math.max(0, Math.min(30, attempts - 1));
  return Math.min(MAIL_RETRY_MAX_DELAY_MS, MAIL_RETRY_FIRST_DELAY_MS * 2 ** exponent);
}

/** Whether a mail queued at `queuedAt` is past its retry period at `now` (a failed attempt is then the last). */
export function mailRetryExpired(queuedAt: Date, now: Date, retryDays: number): boolean {
  return now.getTime() - queuedAt.getTime() >= retryDays * DAY_MS;
}

/** The reason a mail given up on carries (delivery.error), the last SMTP error kept after it. */
export function mailGivenUpReason(retryDays: number, attempts: number, lastError: string): string {
  return `Laiško nepavyko išsiųsti per ${retryDays} d. (${attempts} band.), siuntimas nutrauktas. Paskutinė klaida: ${lastError}`;
}

/** What the outbox summary needs of a mail document. */
export interface MailQueueEntry {
  delivery?: { state?: unknown; endTime?: unknown } | null;
  createdAt?: unknown;
}

export interface MailQueueState {
  /** mails by state: waiting (PENDING), being sent (PROCESSING), failed and to be tried again, given up */
  counts: { pending: number; processing: number; retrying: number; failed: number };
  /** mails given up on within the last 7 days (MAIL_FAILED_RECENT_MS) */
  failedRecently: number;
  /** when the oldest mail not sent yet (pending, processing or retrying) was queued; null: none */
  oldestUnsentAt: string | null;
  /** how long it has waited, ms; null: none */
  oldestUnsentAgeMs: number | null;
  /** true: mails are failing (retrying, or given up recently) or one waits longer than 30 min */
  warning: boolean;
}

/**
 * The outbox at `now` from its unsent and failed mails (sent ones may be left out: they change
 * nothing here). Pure: the same documents and instant give the same answer on every store.
 */
export function mailQueueState(mails: readonly MailQueueEntry[], now: Date): MailQueueState {
  const counts = { pending: 0, processing: 0, retrying: 0, failed: 0 };
  let failedRecently = 0;
  let oldest: number | null = null;
  for (const mail of mails) {
    const state = String(mail.delivery?.state ?? "PENDING");
    const endTime = typeof mail.delivery?.endTime === "string" ? Date.parse(mail.delivery.endTime) : Number.NaN;
    if (state === "SUCCESS") continue;
    if (state === "ERROR" && !Number.isNaN(endTime)) {
      counts.failed += 1;
      if (now.getTime() - endTime <= MAIL_FAILED_RECENT_MS) failedRecently += 1;
      continue;
    }
    if (state === "ERROR") counts.retrying += 1;
    else if (state === "PROCESSING") counts.processing += 1;
    else counts.pending += 1;
    const queued = Date.parse(String(mail.createdAt ?? ""));
    if (!Number.isNaN(queued) && (oldest === null || queued < oldest)) oldest = queued;
  }
  const oldestUnsentAgeMs = oldest === null ? null : Math.max(0, now.getTime() - oldest);
  return {
    counts,
    failedRecently,
    oldestUnsentAt: oldest === null ? null : new Date(oldest).toISOString(),
    oldestUnsentAgeMs,
    warning:
      counts.retrying > 0 ||
      failedRecently > 0 ||
      (oldestUnsentAgeMs !== null && oldestUnsentAgeMs > MAIL_WAITING_WARN_MS),
  };
}

const MAIL_GENITIVE = ["laiško", "laiškų", "laiškų"] as const;
const MAIL_NOMINATIVE = ["laiškas", "laiškai", "laiškų"] as const;
const NOT_SENT = ["neišsiųstas", "neišsiųsti", "neišsiųsta"] as const;

/** "25 min.", "5 val.", "3 d.": how long something has waited, roughly. */
export function formatWait(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${formatNumber(minutes, 0)} min.`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${formatNumber(hours, 0)} val.`;
  return `${formatNumber(Math.floor(hours / 24), 0)} d.`;
}

/** The dashboard's warning sentence; null when there is nothing to warn about. */
export function mailQueueWarningText(state: MailQueueState): string | null {
  if (!state.warning) return null;
  const parts: string[] = [];
  if (state.counts.retrying > 0) {
    parts.push(`${formatCount(state.counts.retrying, MAIL_GENITIVE)} nepavyksta išsiųsti, bandoma iš naujo`);
  }
  if (state.failedRecently > 0) {
    parts.push(
      `${formatCount(state.failedRecently, MAIL_NOMINATIVE)} ${pluralLt(state.failedRecently, NOT_SENT)} ir siuntimas nutrauktas (per 7 d.)`,
    );
  }
  if (state.oldestUnsentAt && state.oldestUnsentAgeMs !== null) {
    const waiting = state.counts.pending + state.counts.processing + state.counts.retrying;
    parts.push(
      `${formatCount(waiting, MAIL_NOMINATIVE)} laukia eilėje, seniausias nuo ${formatDateTime(state.oldestUnsentAt)} (${formatWait(state.oldestUnsentAgeMs)})`,
    );
  }
  return `Laiškų siuntimas: ${parts.join("; ")}.`;
}
