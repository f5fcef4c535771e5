// Backup and restore figures for `npm run bench -- --scale` (issue 16): given a running server
// (its URL and DATA_DIR) or a DATA_DIR no server has open, it measures the backup (through the
// server with the real command, `npm run backup -- --url …`, in its own process as an operator
// runs it: its checking of the archive does not share this process's event loop with `during`;
// or directly), the restore into a fresh temporary PGlite folder (with where its time went), and
// the archive's size. `during` runs alongside the backup (the bench measures the
// catalogue's latency with it) and is stopped when the backup ends. Figures only, no timed
// assertions.
import { execFile } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { readArchive } from "../../server/backup/archive";
import { backupLocal, type RestoreResult, restoreLocal } from "../../server/backup/local";
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
  /** where the restore's time went */
  restorePhases: RestoreResult["phases"];
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
    let written: { size: number; manifest: { counts: Record<string, number>; parts: { kind: string }[] } } | null;
    try {
      if (options.serverUrl) {
        await promisify(execFile)(
          process.execPath,
          ["--import", "tsx", "server/cli/backup.ts", "--out", archive, "--url", options.serverUrl],
          {
            cwd: path.resolve(import.meta.dirname, "../.."),
            env: { ...process.env, DATA_DIR: options.dataDir, DATABASE_URL: "", FIRESTORE_EMULATOR_HOST: "" },
            timeout: 600_000,
          },
        );
        written = null;
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
    // The command checked the archive before it renamed it; its figures, read once `during` ended.
    if (!written) {
      const { stat } = await import("node:fs/promises");
      written = { size: (await stat(archive)).size, manifest: (await readArchive(archive, null)).manifest };
    }

    const target = path.join(work, "atkurta");
    const db = await openDb({ dataDir: target, databaseUrl: null });
    let restoreMs: number;
    let restorePhases: RestoreResult["phases"];
    try {
      await migrate(db);
      const restoreStarted = performance.now();
      restorePhases = (await restoreLocal(db, target, archive)).phases;
      restoreMs = performance.now() - restoreStarted;
    } finally {
      await db.close();
    }
    return {
      backupMs,
      restoreMs,
      restorePhases,
      archiveBytes: written.size,
      documents: Object.values(written.manifest.counts).reduce((a, b) => a + b, 0),
      files: written.manifest.parts.filter((p) => p.kind === "file").length,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const seconds = (ms: number): string => `${formatNumber(ms / 1000, 1)} s`;

/** The figures as the bench prints them (Lithuanian, lt-LT numbers). */
export function backupBenchLines(result: BackupBenchResult): string[] {
  return [
    `Atsarginė kopija: ${formatNumber(result.backupMs / 1000, 1)} s (tikslas ≤ 30 s), ${formatNumber(result.documents, 0)} dokumentų, ${formatNumber(result.files, 0)} failų`,
    `Archyvo dydis: ${formatNumber(result.archiveBytes / 1024 / 1024, 2)} MB`,
    `Atkūrimas į naują PGlite: ${formatNumber(result.restoreMs / 1000, 1)} s (tikslas ≤ 60 s)`,
    `  iš jų: archyvo skaitymas ${seconds(result.restorePhases.readMs)}, įrašymas ${seconds(result.restorePhases.load.insertMs)}, car_holds ${seconds(result.restorePhases.load.holdsMs)}, indeksai ${seconds(result.restorePhases.load.indexMs)}, ANALYZE ${seconds(result.restorePhases.load.analyzeMs)}, patikra ${seconds(result.restorePhases.verifyMs)}`,
  ];
}
