// Where the embedded PostgreSQL's WAL archive and base backups live, and the shell commands
// PostgreSQL runs to put a finished WAL segment into the archive and to take one back during a
// restore. PostgreSQL runs them with `sh -c` as the cluster's user (`postgres` when we are root).
//
// archive_command, for each finished segment (and timeline history file) %f at %p:
//   - the archive already has %f.gz: success only when its content is byte for byte the same
//     (a retry after a crash), otherwise failure: an archived segment is never overwritten;
//   - otherwise gzip into %f.gz.tmp, fsync it, rename it to %f.gz, fsync the folder.
// A segment switched by archive_timeout is mostly zeros and compresses to a few kB, so a one-minute
// timeout does not fill the disk with 16 MB files.
import path from "node:path";

/** DATA_DIR/backups/wal: the archived WAL segments (gzip), named <segment>.gz. */
export const walArchiveDir = (dataDir: string): string => path.join(path.resolve(dataDir), "backups", "wal");
/** DATA_DIR/backups/base: one folder per base backup. */
export const baseBackupsDir = (dataDir: string): string => path.join(path.resolve(dataDir), "backups", "base");

/** A word for `sh`: single-quoted, inner quotes escaped. */
export const shellQuote = (value: string): string => `'${value.replaceAll("'", "'\\''")}'`;

/** PostgreSQL's archive_command for the archive folder `dir`. */
export function archiveCommand(dir: string): string {
  const folder = shellQuote(dir);
  return [
    `f=${folder}/%f.gz;`,
    `if [ -f "$f" ]; then gzip -dc "$f" | cmp -s - %p;`,
    `else gzip -c %p > "$f.tmp" && sync "$f.tmp" && mv "$f.tmp" "$f" && sync ${folder}; fi`,
  ].join(" ");
}

/** PostgreSQL's restore_command for the archive folder `dir`: fails (non-zero) when a file is not there. */
export function restoreCommand(dir: string): string {
  return `f=${shellQuote(dir)}/%f.gz; [ -f "$f" ] && gzip -dc "$f" > %p`;
}

/** A WAL segment's file name (timeline, log, segment): 24 hexadecimal digits. */
export const WAL_SEGMENT = /^[0-9A-F]{24}$/;
