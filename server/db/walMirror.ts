// The point-in-time recovery's second places (server/db/walArchive.ts): the archived WAL segments
// and the base backups of DATA_DIR/backups leave the machine like the logical archives do
// (server/backup/scheduled.ts), into the second folder (settings.copyFolder or BACKUP_COPY_DIR)
// and/or the S3-compatible bucket (BACKUP_S3_*), under `pitr/`:
//   - pitr/wal/<segment>.gz: each archived WAL file not yet there (folder: temporary file, fsync,
//     rename, fsync of the folder; bucket: PutObject, read back, size and SHA-256 compared);
//   - pitr/base/<name>.tar.gz: each complete base backup (only those with kopija.json) packed as one
//     tar.gz, then pitr/base/<name>.json (its kopija.json): the JSON marks a finished upload;
//   - pruning like the local one: the newest BASE_BACKUP_KEEP base backups stay, the WAL before the
//     oldest kept one's first segment goes (timeline history and .partial files stay).
// fetchFromMirror brings the base backup a target time needs and its WAL back into DATA_DIR/backups
// (a new disk), then restoreToTime works as with the local ones (npm run db:restore-to-time -- --is …).
import { createReadStream, createWriteStream } from "node:fs";
import { chown, copyFile, mkdir, open, readdir, readFile, rename, rm, stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";
import type { Log } from "../../src/core/ports";
import { createS3Backups, type S3Backups } from "../backup/s3";
import type { S3BackupConfig } from "../config";
import { makeFolder } from "../files/makeFolder";
import { clusterUser } from "./embeddedPostgres";
import { type BaseBackupInfo, listBaseBackups, RestoreRefused, vilniusStamp } from "./walArchive";
import { baseBackupsDir, WAL_SEGMENT, walArchiveDir } from "./walCommands";

/** The mirror's folder (in the second folder) and key prefix (after BACKUP_S3_PREFIX). */
export const MIRROR_ROOT = "pitr";

export interface MirrorPlaces {
  /** the second folder (settings.copyFolder or BACKUP_COPY_DIR) */
  folder: string | null;
  s3: S3BackupConfig | null;
}

type Sub = "wal" | "base";

interface MirrorEntry {
  name: string;
  size: number;
  modifiedAt: number;
}

/** One second place: a folder or a bucket. */
interface MirrorTarget {
  readonly label: string;
  list(sub: Sub): Promise<MirrorEntry[]>;
  put(file: string, sub: Sub, name: string): Promise<void>;
  remove(sub: Sub, name: string): Promise<void>;
  /** copies the object to `file` (verified), with its modification time */
  fetch(sub: Sub, name: string, file: string): Promise<void>;
  close(): void;
}

async function fsyncPath(file: string): Promise<void> {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function folderTarget(folder: string): MirrorTarget {
  const root = path.join(path.resolve(folder), MIRROR_ROOT);
  const dirOf = (sub: Sub) => path.join(root, sub);
  return {
    label: root,
    async list(sub) {
      const names = await readdir(dirOf(sub)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [] as string[];
        throw error;
      });
      const out: MirrorEntry[] = [];
      for (const name of names) {
        if (name.includes(".tmp")) continue;
        const info = await stat(path.join(dirOf(sub), name)).catch(() => null);
        if (info?.isFile()) out.push({ name, size: info.size, modifiedAt: info.mtimeMs });
      }
      return out;
    },
    async put(file, sub, name) {
      const dir = dirOf(sub);
      // An admin's setting: Node's recursive mkdir can spin for ever on some paths (server/files/makeFolder.ts).
      await makeFolder(dir);
      const target = path.join(dir, name);
      const temporary = `${target}.tmp-${process.pid}-${Date.now()}`;
      try {
        await copyFile(file, temporary);
        await fsyncPath(temporary);
        const [source, copy] = await Promise.all([stat(file), stat(temporary)]);
        if (source.size !== copy.size) throw new Error(`kopijos dydis ${copy.size} B, originalo ${source.size} B`);
        await utimes(temporary, source.atime, source.mtime);
        await rename(temporary, target);
        await fsyncPath(dir);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async remove(sub, name) {
      await rm(path.join(dirOf(sub), name), { force: true });
    },
    async fetch(sub, name, file) {
      const source = path.join(dirOf(sub), name);
      const temporary = `${file}.tmp-${process.pid}-${Date.now()}`;
      try {
        await copyFile(source, temporary);
        const [from, copy] = await Promise.all([stat(source), stat(temporary)]);
        if (from.size !== copy.size) throw new Error(`${source}: nukopijuota ${copy.size} B iš ${from.size} B`);
        await utimes(temporary, from.atime, from.mtime);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    close() {},
  };
}

function s3Target(config: S3BackupConfig, shared?: S3Backups): MirrorTarget {
  const bucket = shared ?? createS3Backups(config);
  const nameOf = (sub: Sub, name: string) => `${MIRROR_ROOT}/${sub}/${name}`;
  const times = new Map<string, number>();
  return {
    label: `s3://${config.bucket}/${config.prefix}${MIRROR_ROOT}`,
    async list(sub) {
      const under = `${MIRROR_ROOT}/${sub}/`;
      return (await bucket.listUnder(under))
        .filter((item) => !item.name.slice(under.length).includes("/"))
        .map((item) => {
          const name = item.name.slice(under.length);
          times.set(nameOf(sub, name), item.modifiedAt);
          return { name, size: item.size, modifiedAt: item.modifiedAt };
        });
    },
    async put(file, sub, name) {
      await bucket.uploadVerified(file, nameOf(sub, name));
    },
    async remove(sub, name) {
      await bucket.remove(nameOf(sub, name));
    },
    async fetch(sub, name, file) {
      await bucket.download(bucket.keyOf(nameOf(sub, name)), file);
      const time = times.get(nameOf(sub, name));
      if (time) await utimes(file, new Date(time), new Date(time));
    },
    close() {
      if (!shared) bucket.close();
    },
  };
}

/** Log and segment number of a segment name (its last 16 digits): the order across timelines. */
const segmentPosition = (name: string): string => name.slice(8, 24);

/** A finished archived WAL file of the archive folder (not a temporary one). */
const isArchivedWal = (name: string): boolean =>
  /^[0-9A-F]{24}(\.partial|\.[0-9A-F]{8}\.backup)?\.gz$/.test(name) || /^[0-9A-F]{8}\.history\.gz$/.test(name);

/** WAL files the pruning may remove when the oldest kept base backup starts at `from`. */
const prunable = (name: string, from: string): boolean =>
  isArchivedWal(name) &&
  WAL_SEGMENT.test(name.slice(0, 24)) &&
  !name.includes(".history") &&
  !name.includes(".partial") &&
  segmentPosition(name.slice(0, 24)) < segmentPosition(from);

/** All files and folders under `dir`, relative, folders before their content. */
async function walk(dir: string, prefix = ""): Promise<{ name: string; full: string; folder: boolean }[]> {
  const out: { name: string; full: string; folder: boolean }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      out.push({ name, full, folder: true });
      out.push(...(await walk(full, name)));
    } else if (entry.isFile()) {
      out.push({ name, full, folder: false });
    }
  }
  return out;
}

/** Packs a base backup's folder (kopija.json and data/…) into `file` (tar.gz), fsynced. */
export async function packBaseBackup(dir: string, file: string): Promise<void> {
  const pack = tar.pack();
  const writing = pipeline(pack, createGzip(), createWriteStream(file, { mode: 0o600 }));
  try {
    for (const entry of await walk(dir)) {
      if (entry.folder) {
        await new Promise<void>((resolve, reject) => {
          pack.entry({ name: entry.name, type: "directory", mode: 0o700 }, (error) =>
            error ? reject(error) : resolve(),
          );
        });
        continue;
      }
      const size = (await stat(entry.full)).size;
      await new Promise<void>((resolve, reject) => {
        const sink = pack.entry({ name: entry.name, type: "file", mode: 0o600, size }, (error) =>
          error ? reject(error) : resolve(),
        );
        pipeline(createReadStream(entry.full), sink).catch(reject);
      });
    }
    pack.finalize();
    await writing;
  } catch (error) {
    pack.destroy(error instanceof Error ? error : new Error(String(error)));
    await writing.catch(() => undefined);
    throw error;
  }
  await fsyncPath(file);
}

/** Unpacks a packed base backup into `dir` (created); names leaving it are refused. */
export async function unpackBaseBackup(file: string, dir: string): Promise<void> {
  const root = path.resolve(dir);
  await mkdir(root, { recursive: true, mode: 0o700 });
  const extract = tar.extract();
  const reading = pipeline(createReadStream(file), createGunzip(), extract);
  try {
    for await (const entry of extract) {
      const target = path.resolve(root, entry.header.name);
      if (target !== root && !target.startsWith(`${root}${path.sep}`)) {
        throw new Error(`netinkamas kelias archyve: ${entry.header.name}`);
      }
      if (entry.header.type === "directory") {
        await mkdir(target, { recursive: true, mode: 0o700 });
        entry.resume();
      } else if (entry.header.type === "file") {
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await pipeline(entry, createWriteStream(target, { mode: 0o600 }));
      } else {
        entry.resume();
      }
    }
    await reading;
  } catch (error) {
    extract.destroy();
    await reading.catch(() => undefined);
    throw error;
  }
}

function targetsOf(places: MirrorPlaces, s3?: S3Backups): MirrorTarget[] {
  const out: MirrorTarget[] = [];
  if (places.folder) out.push(folderTarget(places.folder));
  if (places.s3) out.push(s3Target(places.s3, s3));
  return out;
}

export interface MirrorResult {
  /** per place: what was copied and removed */
  places: { label: string; wal: number; base: string[]; removedBase: string[]; removedWal: number }[];
  /** Lithuanian, one per place that failed */
  errors: string[];
}

const chains = new Map<string, Promise<unknown>>();

/**
 * Copies the WAL archive and the complete base backups of dataDir to each second place, then prunes
 * them there like the local pruning (the newest `keep` base backups and the WAL they need). A place
 * that fails is logged (error) and reported; the others go on. Runs one at a time per DATA_DIR.
 */
export function mirrorWalArchive(
  dataDir: string,
  places: MirrorPlaces,
  keep: number,
  log: Log,
  options: { s3?: S3Backups } = {},
): Promise<MirrorResult> {
  const key = path.resolve(dataDir);
  const run = (chains.get(key) ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => mirrorOnce(dataDir, places, keep, log, options.s3));
  chains.set(key, run);
  return run;
}

async function mirrorOnce(
  dataDir: string,
  places: MirrorPlaces,
  keep: number,
  log: Log,
  s3?: S3Backups,
): Promise<MirrorResult> {
  const result: MirrorResult = { places: [], errors: [] };
  const targets = targetsOf(places, s3);
  if (targets.length === 0) return result;
  const archive = walArchiveDir(dataDir);
  const spool = path.join(path.resolve(dataDir), "backups", "pitr-kopija.tmp");
  const packed = new Map<string, string>();
  try {
    for (const target of targets) {
      const done = { label: target.label, wal: 0, base: [] as string[], removedBase: [] as string[], removedWal: 0 };
      try {
        // The WAL first: a base backup is of use only with the WAL after it.
        const there = new Set((await target.list("wal")).map((entry) => entry.name));
        const local = (await readdir(archive).catch(() => [] as string[])).filter(isArchivedWal).sort();
        for (const name of local) {
          if (there.has(name)) continue;
          try {
            await target.put(path.join(archive, name), "wal", name);
          } catch (error) {
            // Removed by the local pruning meanwhile: no longer needed.
            if ((await stat(path.join(archive, name)).catch(() => null)) === null) continue;
            throw error;
          }
          done.wal += 1;
        }
        const bases = new Set((await target.list("base")).map((entry) => entry.name));
        for (const base of await listBaseBackups(dataDir)) {
          if (bases.has(`${base.name}.json`)) continue;
          let file = packed.get(base.name);
          if (!file) {
            await mkdir(spool, { recursive: true, mode: 0o700 });
            file = path.join(spool, `${base.name}.tar.gz`);
            await packBaseBackup(base.dir, file);
            packed.set(base.name, file);
          }
          await target.put(file, "base", `${base.name}.tar.gz`);
          await target.put(path.join(base.dir, "kopija.json"), "base", `${base.name}.json`);
          done.base.push(base.name);
        }
        const pruned = await pruneTarget(target, keep);
        done.removedBase = pruned.backups;
        done.removedWal = pruned.walFiles;
        if (done.wal > 0 || done.base.length > 0) {
          log.info(
            `Laiko momento atkūrimo kopija antroje vietoje (${target.label}): WAL failų ${done.wal}${done.base.length > 0 ? `, bazinės kopijos ${done.base.join(", ")}` : ""}`,
          );
        }
        if (done.removedBase.length > 0 || done.removedWal > 0) {
          log.info(
            `Antroje vietoje (${target.label}) pašalintos senos bazinės kopijos: ${done.removedBase.join(", ") || "nėra"}; WAL failų: ${done.removedWal}`,
          );
        }
      } catch (error) {
        const reason = `Nepavyko nukopijuoti WAL archyvo ir bazinių kopijų į ${target.label}: ${error instanceof Error ? error.message : String(error)}`;
        result.errors.push(reason);
        log.error(reason, error);
      } finally {
        target.close();
      }
      result.places.push(done);
    }
  } finally {
    await rm(spool, { recursive: true, force: true });
  }
  return result;
}

/** Reads a mirrored kopija.json. */
async function readInfo(target: MirrorTarget, name: string, spool: string): Promise<BaseBackupInfo> {
  const file = path.join(spool, `${name}.json`);
  await target.fetch("base", `${name}.json`, file);
  const info = JSON.parse(await readFile(file, "utf8")) as Omit<BaseBackupInfo, "dir" | "name">;
  await rm(file, { force: true });
  return { ...info, name, dir: "" };
}

/** The local pruning's rule in a second place: newest `keep` base backups, the WAL they need. */
async function pruneTarget(target: MirrorTarget, keep: number): Promise<{ backups: string[]; walFiles: number }> {
  const names = (await target.list("base"))
    .map((entry) => entry.name)
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.slice(0, -".json".length))
    .sort();
  const removed = names.slice(0, Math.max(0, names.length - keep));
  const oldest = names[removed.length];
  if (!oldest) return { backups: [], walFiles: 0 };
  const spool = path.join(tmpdir(), `ratai-pitr-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  await mkdir(spool, { recursive: true });
  let info: BaseBackupInfo;
  try {
    info = await readInfo(target, oldest, spool);
  } finally {
    await rm(spool, { recursive: true, force: true });
  }
  for (const name of removed) {
    // The JSON first: a base backup without it is not listed, so never half-present.
    await target.remove("base", `${name}.json`);
    await target.remove("base", `${name}.tar.gz`);
  }
  let walFiles = 0;
  for (const entry of await target.list("wal")) {
    if (!prunable(entry.name, info.startWal)) continue;
    await target.remove("wal", entry.name);
    walFiles += 1;
  }
  return { backups: removed, walFiles };
}

/** `--is` of db:restore-to-time: a folder (the second folder) or s3://bucket[/prefix] (keys: BACKUP_S3_*). */
export function mirrorPlacesOf(source: string, s3FromEnv: S3BackupConfig | null): MirrorPlaces {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(source.trim());
  if (!match) return { folder: path.resolve(source.trim()), s3: null };
  if (!s3FromEnv) {
    throw new RestoreRefused(
      "S3 krepšiui reikia prieigos raktų: nustatykite BACKUP_S3_ACCESS_KEY_ID, BACKUP_S3_SECRET_ACCESS_KEY (ir BACKUP_S3_ENDPOINT, jei ne AWS). Niekas nepakeista.",
    );
  }
  const prefix = (match[2] ?? "").replace(/^\/+|\/+$/g, "");
  return { folder: null, s3: { ...s3FromEnv, bucket: match[1] as string, prefix: prefix ? `${prefix}/` : "" } };
}

/**
 * Brings from the second place into DATA_DIR/backups the newest base backup finished before `target`
 * and the WAL from its first segment on (what is already here is kept). Refuses (nothing changed)
 * when the place has no base backup before the target.
 */
export async function fetchFromMirror(
  dataDir: string,
  places: MirrorPlaces,
  target: Date,
  report: (line: string) => void = () => {},
): Promise<{ base: string; wal: number }> {
  const [place] = targetsOf(places);
  if (!place) throw new RestoreRefused("Nenurodyta antra vieta. Niekas nepakeista.");
  try {
    const names = (await place.list("base"))
      .map((entry) => entry.name)
      .filter((name) => name.endsWith(".json"))
      .map((name) => name.slice(0, -".json".length))
      .sort();
    if (names.length === 0) {
      throw new RestoreRefused(`Bazinių kopijų vietoje ${place.label} nėra. Niekas nepakeista.`);
    }
    const spool = path.join(tmpdir(), `ratai-pitr-${process.pid}-${Date.now()}`);
    await mkdir(spool, { recursive: true, mode: 0o700 });
    try {
      const infos: BaseBackupInfo[] = [];
      for (const name of names) infos.push(await readInfo(place, name, spool));
      infos.sort((a, b) => a.stoppedAt.localeCompare(b.stoppedAt));
      const base = infos.filter((info) => Date.parse(info.stoppedAt) <= target.getTime()).at(-1);
      if (!base) {
        throw new RestoreRefused(
          `Laikas ${vilniusStamp(target)} ankstesnis nei seniausia bazinė kopija vietoje ${place.label}: atkurti galima nuo ${vilniusStamp(infos[0]!.stoppedAt)}. Niekas nepakeista.`,
        );
      }
      const root = baseBackupsDir(dataDir);
      await mkdir(root, { recursive: true, mode: 0o700 });
      const finalDir = path.join(root, base.name);
      if ((await stat(path.join(finalDir, "kopija.json")).catch(() => null)) === null) {
        report(`Parsiunčiama bazinė kopija ${base.name} iš ${place.label}`);
        const packedFile = path.join(root, `${base.name}.tar.gz.tmp`);
        await place.fetch("base", `${base.name}.tar.gz`, packedFile);
        const unpacked = path.join(root, `${base.name}.tmp`);
        await rm(unpacked, { recursive: true, force: true });
        await unpackBaseBackup(packedFile, unpacked);
        if ((await stat(path.join(unpacked, "kopija.json")).catch(() => null)) === null) {
          throw new Error(`bazinėje kopijoje ${base.name} nėra kopija.json`);
        }
        await rm(packedFile, { force: true });
        await rm(finalDir, { recursive: true, force: true });
        await rename(unpacked, finalDir);
      }
      const archive = walArchiveDir(dataDir);
      await mkdir(archive, { recursive: true });
      const have = new Set(await readdir(archive));
      // PostgreSQL's restore_command reads them as the cluster's user (`postgres` when we are root).
      const owner = await clusterUser();
      if (owner) await chown(archive, owner.uid, owner.gid);
      let wal = 0;
      for (const entry of await place.list("wal")) {
        if (!isArchivedWal(entry.name) || have.has(entry.name)) continue;
        if (prunable(entry.name, base.startWal)) continue;
        const file = path.join(archive, entry.name);
        await place.fetch("wal", entry.name, file);
        if (owner) await chown(file, owner.uid, owner.gid);
        wal += 1;
      }
      report(`Iš ${place.label} parsiųsta WAL failų: ${wal}`);
      return { base: base.name, wal };
    } finally {
      await rm(spool, { recursive: true, force: true });
    }
  } finally {
    place.close();
  }
}

/** For the tests: a folder's mirror path. */
export const mirrorFolderOf = (folder: string, sub: Sub): string => path.join(path.resolve(folder), MIRROR_ROOT, sub);
