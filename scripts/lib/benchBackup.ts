// Backup and restore figures for `npm run bench -- --scale` (issue 16): given a running server
// (its URL and DATA_DIR) or a DATA_DIR no server has open, it measures the backup (through the
// server, as `npm run backup` does, or directly), the restore into a fresh temporary PGlite
// folder, and the archive's size. `during` runs alongside the backup (the bench measures the
// catalogue's latency with it) and is stopped when the backup ends. Figures only, no timed
// assertions.
import { mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { backupLocal, restoreLocal } from "../../server/backup/local";
import { backupThroughServer } from "../../server/backup/targets";
import { openDb } from "../../server/db/index";
import { migrate } from "../../server/db/migrate";
import { formatNumber } from "../../src/domain/format";

export interface BackupBenchOptions {
  /** the running server that has dataDir open; absent: dataDir is opened directly */
  serverUrl?: string;
  dataDir: string;
  /** runs repeatedly while the backup runs, until it ends (e.g. catalogue requests) */
  during?: (signal: AbortSignal) => Promise<void>;
}

export interface BackupBenchResult {
  backupMs: number;
  restoreMs: number;
  archiveBytes: number;
  documents: number;
  files: number;
}

export async function benchBackup(options: BackupBenchOptions): Promise<BackupBenchResult> {
  const work = path.join(os.tmpdir(), `ratai-bench-kopija-${process.pid}-${Date.now()}`);
  mkdirSync(work, { recursive: true });
  const archive = path.join(work, "kopija.tar.gz");
  try {
    const controller = new AbortController();
    const during = options.during ? options.during(controller.signal) : Promise.resolve();
    const started = performance.now();
    let written: { size: number; manifest: { counts: Record<string, number>; parts: { kind: string }[] } };
    try {
      if (options.serverUrl) {
        written = await backupThroughServer(options.dataDir, options.serverUrl, archive);
      } else {
        const db = await openDb({ dataDir: options.dataDir, databaseUrl: null });
        try {
          written = await backupLocal(db, options.dataDir, archive);
        } finally {
          await db.close();
        }
      }
    } finally {
      controller.abort();
      await during;
    }
    const backupMs = performance.now() - started;

    const target = path.join(work, "atkurta");
    const db = await openDb({ dataDir: target, databaseUrl: null });
    let restoreMs: number;
    try {
      await migrate(db);
      const restoreStarted = performance.now();
      await restoreLocal(db, target, archive);
      restoreMs = performance.now() - restoreStarted;
    } finally {
      await db.close();
    }
    return {
      backupMs,
      restoreMs,
      archiveBytes: written.size,
      documents: Object.values(written.manifest.counts).reduce((a, b) => a + b, 0),
      files: written.manifest.parts.filter((p) => p.kind === "file").length,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The figures as the bench prints them (Lithuanian, lt-LT numbers). */
export function backupBenchLines(result: BackupBenchResult): string[] {
  return [
    `Atsarginė kopija: ${formatNumber(result.backupMs / 1000, 1)} s (tikslas ≤ 30 s), ${formatNumber(result.documents, 0)} dokumentų, ${formatNumber(result.files, 0)} failų`,
    `Archyvo dydis: ${formatNumber(result.archiveBytes / 1024 / 1024, 2)} MB`,
    `Atkūrimas į naują PGlite: ${formatNumber(result.restoreMs / 1000, 1)} s (tikslas ≤ 60 s)`,
  ];
}
