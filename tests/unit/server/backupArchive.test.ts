// The backup archive (server/backup/archive.ts) is a tar.gz written with tar-stream's pack():
// it reads back with our reader and lists and extracts with GNU tar, a validator we did not
// write: long paths (ustar prefix and PAX), sizes, padding edges, large spooled collections.
import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readArchive, sha256Hex, wholeCollections, writeArchive } from "../../../server/backup/archive";
import { BackupError } from "../../../src/core/backup";
import type { StoredDoc } from "../../../src/core/ports";

const run = promisify(execFile);
const createdAt = new Date("2026-03-01T08:30:00Z");

const cars: StoredDoc[] = [
  { id: "c1", data: { make: "Škoda", model: "Octavia", city: "Šiauliai", note: "ąčęėįšųūž „kabutės“ – 😀" } },
  { id: "c2", data: { make: "Toyota", model: "Corolla" } },
];
/** Over 4 MB of ndjson: written to the spool file and streamed from it in megabyte reads. */
const reservations: StoredDoc[] = Array.from({ length: 11_000 }, (_, i) => ({
  id: `r${String(i).padStart(6, "0")}`,
  data: { customer: `Klientas ${i}`, note: "ž".repeat(200), total: i * 1.5 },
}));
const pagesOf = (docs: StoredDoc[], size: number) =>
  (async function* () {
    for (let start = 0; start < docs.length; start += size) yield docs.slice(start, start + size);
  })();

const bytes = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) % 256);
const LONG_DIR = `files/public/cars/${"a".repeat(70)}/${"b".repeat(40)}/photo.jpg`; // > 100 bytes, split into prefix/name
const LONG_NAME = `files/private/contracts/${"c".repeat(120)}.pdf`; // a name part over 100 bytes: PAX header
const FILES = [
  { name: LONG_DIR, bytes: bytes(70_000, 1) },
  { name: LONG_NAME, bytes: bytes(512, 2) },
  { name: "files/public/empty.txt", bytes: new Uint8Array(0) },
  { name: "files/private/one.bin", bytes: bytes(1, 3) },
];
const EXTRA = { name: "local/staff-credentials.ndjson", text: '{"id":"s1","hash":"x"}\n' };

let work: string;
let archive: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "archyvas-"));
  archive = path.join(work, "kopija.tar.gz");
  await writeArchive(archive, {
    appVersion: "0.1.0",
    source: { backend: "memory" },
    createdAt,
    collections: [...wholeCollections({ cars }), { collection: "reservations", pages: pagesOf(reservations, 500) }],
    extras: [{ name: EXTRA.name, content: async () => ({ text: EXTRA.text, count: 1 }) }],
    files: FILES.map((file) => ({ name: file.name, read: async () => file.bytes })),
  });
}, 60_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

// Reading back 5 MB and running tar: seconds on a busy machine.
describe("atsarginės kopijos archyvas (tar-stream pack)", { timeout: 60_000 }, () => {
  it("perskaitomas atgal: kolekcijos, priedai ir failai tie patys, kontrolinės sumos sutampa", async () => {
    const staging = path.join(work, "staging");
    const read = await readArchive(archive, staging);
    expect(read.collections.cars).toEqual(cars);
    expect(read.collections.reservations).toEqual(reservations);
    expect(read.extras[EXTRA.name]).toBe(EXTRA.text);
    expect(read.manifest.counts).toEqual({ cars: 2, reservations: reservations.length });
    expect(read.files.map((file) => file.name)).toEqual(FILES.map((file) => file.name));
    for (const file of FILES) {
      const staged = read.files.find((f) => f.name === file.name);
      expect(staged?.sha256).toBe(sha256Hex(file.bytes));
      expect(new Uint8Array(await readFile(staged?.staged as string))).toEqual(file.bytes);
    }
    // Nothing left beside the archive: no temporary archive, no spool file.
    expect((await readdir(work)).sort()).toEqual(["kopija.tar.gz", "staging"]);
  });

  it("GNU tar išvardija kiekvieną įrašą su jo keliu, dydžiu ir teisėmis", async () => {
    const { stdout } = await run("tar", ["-tzvf", archive], { env: { ...process.env, LC_ALL: "C.UTF-8", TZ: "UTC" } });
    const listed = stdout
      .trim()
      .split("\n")
      .map((line) => {
        const match = /^(\S+)\s+(\S+)\s+(\d+)\s+(\S+ \S+)\s+(.+)$/.exec(line);
        expect(match, line).not.toBeNull();
        const [, mode, owner, size, time, name] = match as RegExpExecArray;
        return { mode, owner, size: Number(size), time, name };
      });
    const read = await readArchive(archive, null);
    const expected = [
      ...read.manifest.parts.map((part) => ({ name: part.name, size: part.size })),
      { name: "manifest.json", size: expect.any(Number) },
    ];
    expect(listed.map(({ name, size }) => ({ name, size }))).toEqual(expected);
    expect(listed.find((entry) => entry.name === "collections/reservations.ndjson")?.size).toBeGreaterThan(
      4 * 1024 * 1024,
    );
    for (const entry of listed) {
      expect(entry.mode).toBe("-rw-------");
      expect(entry.owner).toBe("0/0");
      expect(entry.time).toBe("2026-03-01 08:30");
    }
  });

  it("GNU tar ištraukia ilgų kelių failus ir kolekciją tuos pačius baitus", async () => {
    for (const file of FILES) {
      const { stdout } = await run("tar", ["-xzOf", archive, file.name], {
        encoding: "buffer",
        maxBuffer: 1024 * 1024,
      });
      expect(new Uint8Array(stdout)).toEqual(file.bytes);
    }
    const { stdout } = await run("tar", ["-xzOf", archive, "collections/cars.ndjson"], { encoding: "utf8" });
    expect(stdout).toBe(`${cars.map((doc) => JSON.stringify({ id: doc.id, data: doc.data })).join("\n")}\n`);
    expect(stdout).toContain("Šiauliai");
  });

  it("netinkamas įrašo vardas (ne ASCII, ..) atmetamas, laikinų failų nelieka", async () => {
    const out = path.join(work, "blogas", "kopija.tar.gz");
    for (const name of ["files/public/šaltinis.jpg", "files/public/../x.jpg"]) {
      await expect(
        writeArchive(out, {
          appVersion: "0.1.0",
          source: { backend: "memory" },
          createdAt,
          collections: wholeCollections({ cars }),
          extras: [],
          files: [{ name, read: async () => bytes(10, 4) }],
        }),
      ).rejects.toBeInstanceOf(BackupError);
    }
    expect(await readdir(path.dirname(out))).toEqual([]);
  });
});
