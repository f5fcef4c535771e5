// What readiness (server/routes/health.ts) and the metrics (server/http/metrics.ts) read about
// the server's surroundings: the database, the data disk's free space, the mail queue and the
// scheduled backups. Every reason is Lithuanian: an operator reads it.
import { statfs } from "node:fs/promises";
import { backupStatus } from "../../src/core/backupSchedule";
import { formatNumber } from "../../src/domain/format";
import { coreFor } from "../core";
import type { Db } from "../db/types";

/** A mail still unsent this long after it was queued means the queue is failing. */
export const MAIL_STUCK_MS = 15 * 60_000;
/** Mails last touched longer ago than this (given up long since) no longer fail readiness. */
const MAIL_RECENT_HOURS = 24;
/** The database check gives up after this long. */
const DB_TIMEOUT_MS = 2_000;

export interface Check {
  ok: boolean;
  /** Lithuanian, for an operator */
  message: string;
  [detail: string]: unknown;
}

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function checkDatabase(db: Db): Promise<Check> {
  const started = performance.now();
  try {
    await withTimeout(db.query("SELECT 1"), DB_TIMEOUT_MS, "neatsakė per 2 s");
    return { ok: true, message: "Duomenų bazė atsako", latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, message: `Duomenų bazė nepasiekiama: ${(error as Error).message}` };
  }
}

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
}

export async function diskSpace(dir: string): Promise<DiskSpace> {
  const stats = await statfs(dir);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}

const mb = (bytes: number): string => formatNumber(bytes / 1024 / 1024, 0);

export async function checkDisk(dir: string, minFreeMb: number): Promise<Check> {
  try {
    const { freeBytes, totalBytes } = await diskSpace(dir);
    const ok = freeBytes >= minFreeMb * 1024 * 1024;
    return {
      ok,
      message: ok
        ? `Laisvos vietos diske: ${mb(freeBytes)} MB`
        : `Diske beveik nėra vietos: laisva ${mb(freeBytes)} MB, reikia bent ${formatNumber(minFreeMb, 0)} MB (DISK_MIN_FREE_MB)`,
      freeBytes,
      totalBytes,
    };
  } catch (error) {
    return { ok: false, message: `Nepavyko patikrinti disko vietos (${dir}): ${(error as Error).message}` };
  }
}

export interface MailQueue {
  /** mails per delivery state: PENDING, PROCESSING, SUCCESS, ERROR */
  byState: Record<string, number>;
  /** the oldest mail not yet sent that was tried or queued in the last day, seconds; null when none */
  oldestUnsentAgeSeconds: number | null;
}

export async function mailQueue(db: Db): Promise<MailQueue> {
  const states = await db.query<{ state: string; n: number | string }>(
    "SELECT coalesce(doc->'delivery'->>'state', 'PENDING') AS state, count(*) AS n FROM mail GROUP BY 1",
  );
  const oldest = await db.query<{ age: number | string | null }>(
    `SELECT extract(epoch FROM now() - min(created_at)) AS age FROM mail
      WHERE coalesce(doc->'delivery'->>'state', 'PENDING') <> 'SUCCESS'
        AND updated_at > now() - make_interval(hours => $1)`,
    [MAIL_RECENT_HOURS],
  );
  const byState: Record<string, number> = { PENDING: 0, PROCESSING: 0, SUCCESS: 0, ERROR: 0 };
  for (const row of states.rows) byState[row.state] = Number(row.n);
  const age = oldest.rows[0]?.age;
  return { byState, oldestUnsentAgeSeconds: age === null || age === undefined ? null : Number(age) };
}

export async function checkMail(db: Db): Promise<Check> {
  try {
    const queue = await mailQueue(db);
    const age = queue.oldestUnsentAgeSeconds;
    const errors = queue.byState.ERROR ?? 0;
    const ok = age === null || age * 1000 < MAIL_STUCK_MS;
    return {
      ok,
      message: ok
        ? "Laiškai siunčiami"
        : `Laiškai neišsiunčiami: seniausias neišsiųstas laukia ${formatNumber(Math.floor((age ?? 0) / 60), 0)} min., su klaida – ${errors}. Patikrinkite SMTP_URL ir laiškų sąrašą.`,
      pending: (queue.byState.PENDING ?? 0) + (queue.byState.PROCESSING ?? 0),
      errors,
      oldestUnsentAgeSeconds: age === null ? null : Math.round(age),
    };
  } catch (error) {
    return { ok: false, message: `Nepavyko patikrinti laiškų eilės: ${(error as Error).message}` };
  }
}

export interface BackupState {
  enabled: boolean;
  /** the last good backup's age, seconds; null when there is none */
  lastGoodAgeSeconds: number | null;
  /** on, and the last good one is older than the schedule allows (src/domain/backupSchedule.ts) */
  stale: boolean;
  /** the newest scheduled backup failed */
  lastFailed: boolean;
}

export async function backupState(db: Db, now = new Date()): Promise<BackupState> {
  const status = await backupStatus(coreFor(db), now);
  const finished = status.lastGood?.finishedAt ? Date.parse(status.lastGood.finishedAt) : Number.NaN;
  return {
    enabled: status.settings.enabled,
    lastGoodAgeSeconds: Number.isFinite(finished) ? Math.max(0, (now.getTime() - finished) / 1000) : null,
    stale: status.stale,
    lastFailed: status.last?.status === "failed",
  };
}

export async function checkBackup(db: Db): Promise<Check> {
  try {
    const state = await backupState(db);
    const age = state.lastGoodAgeSeconds === null ? null : Math.round(state.lastGoodAgeSeconds);
    if (!state.enabled) {
      return { ok: true, message: "Suplanuotos atsarginės kopijos išjungtos", enabled: false, lastGoodAgeSeconds: age };
    }
    // Just switched on, the first one not due yet: nothing is wrong until one fails or ages.
    const failing = state.stale && (age !== null || state.lastFailed);
    return {
      ok: !failing,
      message: !failing
        ? age === null
          ? "Suplanuotos atsarginės kopijos įjungtos, pirmoji dar nepadaryta"
          : "Atsarginės kopijos daromos pagal tvarkaraštį"
        : age === null
          ? "Suplanuotos atsarginės kopijos nepavyksta: nė vienos pavykusios dar nėra"
          : `Paskutinė pavykusi atsarginė kopija per sena: prieš ${formatNumber(age / 3600, 1)} val.`,
      enabled: true,
      lastGoodAgeSeconds: age,
    };
  } catch (error) {
    return { ok: false, message: `Nepavyko patikrinti atsarginių kopijų: ${(error as Error).message}` };
  }
}
