// The default setup (`npm start`, `npm run serve`: no DATABASE_URL, no DATABASE_ENGINE) keeps its
// data in the embedded PostgreSQL (server/db/embeddedPostgres.ts), and an acknowledged booking is
// on disk: traced with strace, the server process and the PostgreSQL processes it started force
// the write-ahead log to disk (fdatasync/fsync of a pg_wal file) after the booking request is read
// and before its 201 is written. PGlite, the earlier default, never does (0 fsync calls).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { moveToPostgres } from "../../server/backup/moveToPostgres";
import { embeddedPostgresBinaries } from "../../server/db/embeddedPostgres";
import { MOVE_TO_POSTGRES_COMMAND, openDb, resolveEngine } from "../../server/db/index";
import type { Db } from "../../server/db/types";
import { type Doc, freeCarId, publicCatalogue, reservationBody, signInAdmin, vilniusDaysFromNow } from "../helpers/api";
import { copyDemoTemplate, DEMO_TEMPLATE_KEY } from "../helpers/demoTemplate";
import { ApiClient } from "../helpers/http";
import { freePort, REPO_ROOT, removeTempDir, tempDir } from "../helpers/server";

const strace = spawnSync("strace", ["-V"]).status === 0;
const binaries = await embeddedPostgresBinaries();
const missing = !strace
  ? "strace neįdiegtas (apt-get install strace)"
  : typeof binaries === "string"
    ? `įdiegto PostgreSQL nėra: ${binaries}`
    : null;
if (missing) console.info(`nevykdyta: WAL fsync įrodymas – ${missing}`);

interface Traced {
  pid: number;
  at: number;
  call: string;
  line: string;
}

/** strace -f -tt lines: "PID HH:MM:SS.micro call(…". */
function parseTrace(text: string): Traced[] {
  const calls: Traced[] = [];
  for (const line of text.split("\n")) {
    const match = /^(\d+)\s+(\d\d):(\d\d):(\d\d\.\d+) (?:(\w+)\(|<\.\.\. (\w+) resumed>)/.exec(line);
    if (!match) continue;
    const [, pid, h, m, s, call, resumed] = match;
    calls.push({
      pid: Number(pid),
      at: (Number(h) * 60 + Number(m)) * 60 + Number(s),
      call: (call ?? resumed)!,
      line,
    });
  }
  return calls;
}

describe.skipIf(missing !== null)("numatytoji duomenų bazė: patvirtinta rezervacija jau diske", () => {
  let dataDir: string;
  let traceFile: string;
  let child: ChildProcess;
  let url: string;
  let output = "";

  beforeAll(async () => {
    dataDir = tempDir("patvarumas");
    traceFile = path.join(tempDir("strace"), "trace.txt");
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir };
    for (const key of ["DATABASE_URL", "DATABASE_ENGINE", "SMTP_URL", "DEMO"]) delete env[key];
    child = spawn(
      "strace",
      [
        "-f",
        "-tt",
        "-y",
        "-s",
        "48",
        "--seccomp-bpf",
        "-e",
        "trace=read,recvfrom,write,writev,sendto,fsync,fdatasync",
        "-o",
        traceFile,
        process.execPath,
        "--import",
        "tsx",
        "server/main.ts",
        "--demo",
      ],
      { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    // Ready when it answers; a process that ended is a failure with its output.
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Serveris sustojo:\n${output}`);
      const ok = await fetch(`${url}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 240_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // strace passes the signal on to the server, which stops PostgreSQL and exits.
      const serverPid = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim().split(/\s+/)[0];
      if (serverPid) process.kill(Number(serverPid), "SIGTERM");
      await exited;
    }
    if (dataDir) removeTempDir(dataDir);
    if (traceFile) removeTempDir(path.dirname(traceFile));
  });

  it("duomenys – PostgreSQL klasteryje DATA_DIR/postgres, ne PGlite", () => {
    expect(existsSync(path.join(dataDir, "postgres", "PG_VERSION"))).toBe(true);
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
    expect(output).toContain("Duomenų bazė: PostgreSQL aplanke");
  });

  it("WAL įrašomas į diską (fdatasync/fsync) tarp užklausos gavimo ir atsakymo 201", async () => {
    const site = new ApiClient(url);
    const admin = await signInAdmin(url);
    const { locations } = await publicCatalogue(site);
    const period = { pickupAt: vilniusDaysFromNow(40, "10:00"), returnAt: vilniusDaysFromNow(43, "10:00") };
    const carId = await freeCarId(site, admin, [period]);
    const response = await site.post<Doc>(
      "/api/site/reservations",
      reservationBody({ carId, locationId: locations[0]!.id, ...period }),
    );
    expect(response.status, response.text).toBe(201);

    // strace writes each line as the call returns: wait until the 201 is in the file.
    let calls: Traced[] = [];
    for (let tries = 0; tries < 100; tries += 1) {
      calls = parseTrace(readFileSync(traceFile, "utf8"));
      if (calls.some((c) => /HTTP\/1\.1 201/.test(c.line))) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const received = calls.findIndex(
      (c) => (c.call === "read" || c.call === "recvfrom") && c.line.includes("POST /api/site/reservations"),
    );
    expect(received, "užklausos gavimas strace išraše").toBeGreaterThanOrEqual(0);
    const answered = calls.findIndex((c, i) => i > received && /HTTP\/1\.1 201/.test(c.line));
    expect(answered, "atsakymas 201 strace išraše").toBeGreaterThan(received);
    const walSyncs = calls
      .slice(received, answered)
      .filter((c) => (c.call === "fdatasync" || c.call === "fsync") && c.line.includes("/pg_wal/"));
    expect(walSyncs.length, "WAL fsync tarp užklausos ir atsakymo").toBeGreaterThan(0);
    // With several processes traced a call may show as "<unfinished ...>" and end on a later
    // "<... fdatasync resumed>" line: none of them failed.
    expect(calls.slice(received, answered).filter((c) => /sync.* = -1 /.test(c.line))).toEqual([]);
  }, 120_000);
});

describe.skipIf(typeof binaries === "string")(
  "npm run db:move-to-postgres: PGlite aplankas perkeliamas į PostgreSQL",
  () => {
    const count = async (db: Db, table: string) =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

    it("visi duomenys pereina, failai lieka vietoje, PGlite paliekamas; kitas paleidimas atveria PostgreSQL", async () => {
      const dataDir = tempDir("perkelimas");
      try {
        copyDemoTemplate(inject(DEMO_TEMPLATE_KEY), dataDir);
        const source = await openDb({ dataDir, databaseUrl: null, engine: "pglite" });
        const before = { reservations: await count(source, "reservations"), cars: await count(source, "cars") };
        await source.close();
        const filesBefore = readdirSync(path.join(dataDir, "files"), { recursive: true }).length;
        expect(before.reservations).toBeGreaterThan(100);

        const result = await moveToPostgres(dataDir, new Date("2026-11-27T10:00:00Z"));
        expect(existsSync(result.archive)).toBe(true);
        expect(existsSync(path.join(result.keptPglite, "PG_VERSION"))).toBe(true);
        expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
        expect(readdirSync(path.join(dataDir, "files"), { recursive: true }).length).toBe(filesBefore);

        // What the server will open by default now.
        expect((await resolveEngine(dataDir, "auto")).engine).toBe("embedded-postgres");
        const moved = await openDb({ dataDir, databaseUrl: null, engine: "auto" });
        try {
          expect(moved.engine).toBe("embedded-postgres");
          expect({ reservations: await count(moved, "reservations"), cars: await count(moved, "cars") }).toEqual(
            before,
          );
        } finally {
          await moved.close();
        }
      } finally {
        removeTempDir(dataDir);
      }
    }, 240_000);

    it("be PGlite duomenų bazės atsisako lietuviškai ir nieko nesukuria", async () => {
      const dataDir = tempDir("perkelimas-tuscias");
      try {
        await expect(moveToPostgres(dataDir)).rejects.toThrow(/nėra PGlite duomenų bazės/);
        expect(readdirSync(dataDir)).toEqual([]);
      } finally {
        removeTempDir(dataDir);
      }
    });

    it("kol aplanke tebėra tik PGlite, numatytasis paleidimas lieka PGlite ir įspėja, kaip perkelti", async () => {
      const dataDir = tempDir("perkelimas-ispejimas");
      try {
        copyDemoTemplate(inject(DEMO_TEMPLATE_KEY), dataDir);
        const decided = await resolveEngine(dataDir, "auto");
        expect(decided.engine).toBe("pglite");
        expect(decided.warning).toContain(MOVE_TO_POSTGRES_COMMAND);
      } finally {
        removeTempDir(dataDir);
      }
    });
  },
);
