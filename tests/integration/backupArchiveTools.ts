// Test helpers: runs the backup/restore commands; copies an archive with a changed manifest and, optionally, changed collections,
// with the checksums recomputed (an archive a different version of the program could have written).
import { execFile } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";
import { sha256Hex } from "../../server/backup/archive";
import { decodeCollection, encodeCollection, type Manifest } from "../../src/core/backup";
import type { StoredDoc } from "../../src/core/ports";
import { REPO_ROOT } from "../helpers/server";

export async function rewriteArchive(
  source: string,
  target: string,
  changeManifest: (manifest: Manifest) => Manifest,
  changeCollection: (collection: string, docs: StoredDoc[]) => StoredDoc[] = (_c, docs) => docs,
): Promise<void> {
  const entries: { name: string; bytes: Buffer }[] = [];
  const extract = tar.extract();
  const reading = pipeline(createReadStream(source), createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, bytes: Buffer.concat(chunks) });
  }
  await reading;
  const manifestEntry = entries.find((e) => e.name === "manifest.json");
  if (!manifestEntry) throw new Error("Archyve nėra manifest.json");
  const manifest = JSON.parse(manifestEntry.bytes.toString("utf8")) as Manifest;
  for (const entry of entries) {
    const match = /^collections\/(.+)\.ndjson$/.exec(entry.name);
    if (!match) continue;
    const collection = match[1] as string;
    const docs = changeCollection(collection, decodeCollection(collection, entry.bytes.toString("utf8")));
    entry.bytes = Buffer.from(encodeCollection(docs), "utf8");
    const part = manifest.parts.find((p) => p.name === entry.name);
    if (part) {
      part.size = entry.bytes.length;
      part.sha256 = sha256Hex(entry.bytes);
      part.count = docs.length;
    }
    manifest.counts[collection] = docs.length;
  }
  manifestEntry.bytes = Buffer.from(JSON.stringify(changeManifest(manifest)), "utf8");
  const pack = tar.pack();
  const writing = pipeline(pack, createGzip(), createWriteStream(target));
  for (const entry of entries) {
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: entry.name, size: entry.bytes.length }, entry.bytes, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  }
  pack.finalize();
  await writing;
}

const run = promisify(execFile);

interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run backup|restore` as an operator would (node --import tsx server/cli/…). */
export async function command(
  name: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await run("node", ["--import", "tsx", `server/cli/${name}.ts`, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, FIRESTORE_EMULATOR_HOST: "", DATABASE_URL: "", ...env },
      timeout: 180_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}
