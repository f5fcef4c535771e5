// The WAL archive's shell commands as PostgreSQL runs them (`sh -c`, %f and %p filled in), and the
// WAL_ARCHIVE settings: an archived segment is written whole (no temporary file left), a retry of
// the same segment succeeds, a different segment under the same name is refused and the archived
// copy stays as it was; the restore command brings the bytes back and fails for a missing file.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, walArchiveFromEnv } from "../../../server/config";
import { archiveCommand, restoreCommand } from "../../../server/db/walCommands";

const root = mkdtempSync(path.join(os.tmpdir(), "ratai-wal-komandos-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs a command the way PostgreSQL does: %f and %p replaced, `sh -c`, in the cluster folder. */
function runAsPostgres(command: string, file: string, walPath: string, cwd: string): number {
  const filled = command.replaceAll("%f", file).replaceAll("%p", walPath);
  return spawnSync("sh", ["-c", filled], { cwd }).status ?? -1;
}

describe("WAL archyvo komandos", () => {
  const cluster = path.join(root, "klasteris");
  const archive = path.join(root, "archyvas su tarpu ir 'kabute'");
  mkdirSync(path.join(cluster, "pg_wal"), { recursive: true });
  mkdirSync(archive);
  const segment = "000000010000000000000003";
  const wal = path.join("pg_wal", segment);

  it("archyvuoja, pakartotinis tas pats segmentas pavyksta, kitoks – atmetamas ir neperrašomas", () => {
    const bytes = Buffer.alloc(64 * 1024, 7);
    writeFileSync(path.join(cluster, wal), bytes);
    expect(runAsPostgres(archiveCommand(archive), segment, wal, cluster)).toBe(0);
    expect(readdirSync(archive)).toEqual([`${segment}.gz`]);
    expect(runAsPostgres(archiveCommand(archive), segment, wal, cluster)).toBe(0);

    writeFileSync(path.join(cluster, wal), Buffer.alloc(64 * 1024, 9));
    expect(runAsPostgres(archiveCommand(archive), segment, wal, cluster)).not.toBe(0);
    expect(readdirSync(archive)).toEqual([`${segment}.gz`]);

    // Back as it was archived first.
    const restored = path.join("pg_wal", "RECOVERYXLOG");
    expect(runAsPostgres(restoreCommand(archive), segment, restored, cluster)).toBe(0);
    expect(readFileSync(path.join(cluster, restored)).equals(bytes)).toBe(true);
  });

  it("atkūrimo komanda nesamam failui grąžina klaidą", () => {
    expect(runAsPostgres(restoreCommand(archive), "00000002.history", "pg_wal/RECOVERYHISTORY", cluster)).not.toBe(0);
  });
});

describe("WAL_ARCHIVE nustatymai", () => {
  it("numatyta įjungta, 60 s; WAL_ARCHIVE=0 išjungia; bloga reikšmė – lietuviška klaida", () => {
    expect(walArchiveFromEnv({})).toEqual({ timeoutS: 60, baseBackupHours: 24, baseBackupKeep: 7 });
    expect(walArchiveFromEnv({ WAL_ARCHIVE: "0" })).toBeNull();
    expect(walArchiveFromEnv({ WAL_ARCHIVE_TIMEOUT_S: "30", BASE_BACKUP_KEEP: "3" })).toMatchObject({
      timeoutS: 30,
      baseBackupKeep: 3,
    });
    expect(() => walArchiveFromEnv({ WAL_ARCHIVE_TIMEOUT_S: "0" })).toThrow(ConfigError);
    expect(() => walArchiveFromEnv({ WAL_ARCHIVE_TIMEOUT_S: "0" })).toThrow(/sveikasis skaičius nuo 1 iki 3600/);
  });
});
