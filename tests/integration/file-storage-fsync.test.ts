// An acknowledged upload is on disk (the default storage, server/files/storage.ts): traced with
// strace as tests/integration/durable-default.test.ts traces the WAL, the server fsyncs the
// uploaded file's descriptor, then (after the rename into place) its folder's descriptor, and the
// folder it had to make into its parent, after the upload request is read and before its 201 is
// written. Without strace the suite prints "nevykdyta: …" and is skipped.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signInStaff } from "../helpers/api";
import { copyDemoTemplate, DEMO_TEMPLATE_KEY } from "../helpers/demoTemplate";
import { makePng } from "../helpers/images";
import { freePort, REPO_ROOT, removeTempDir, tempDir } from "../helpers/server";

const strace = spawnSync("strace", ["-V"]).status === 0;
const missing = strace ? null : "strace neįdiegtas (apt-get install strace)";
if (missing) console.info(`nevykdyta: įkelto failo fsync įrodymas – ${missing}`);

interface Traced {
  pid: number;
  call: string;
  line: string;
}

/** strace -f -tt lines: "PID HH:MM:SS.micro call(…" or "PID HH:MM:SS.micro <... call resumed>…". */
function parseTrace(text: string): Traced[] {
  const calls: Traced[] = [];
  for (const line of text.split("\n")) {
    const match = /^(\d+)\s+\d\d:\d\d:\d\d\.\d+ (?:(\w+)\(|<\.\.\. (\w+) resumed>)/.exec(line);
    if (!match) continue;
    calls.push({ pid: Number(match[1]), call: (match[2] ?? match[3])!, line });
  }
  return calls;
}

/** The fd's path strace -y shows: "fsync(23</data/files/news/.x.png.….tmp>" → "/data/files/news/.x.png.….tmp". */
const fdPath = (line: string): string | null => /^\S+\s+\S+ (?:fsync|fdatasync)\(\d+<([^>]+)>/.exec(line)?.[1] ?? null;

describe.skipIf(missing !== null)("įkeltas failas diske prieš atsakymą 201", () => {
  let dataDir: string;
  let traceFile: string;
  let child: ChildProcess;
  let url: string;
  let output = "";

  beforeAll(async () => {
    dataDir = tempDir("failu-fsync");
    copyDemoTemplate(inject(DEMO_TEMPLATE_KEY), dataDir);
    traceFile = path.join(tempDir("strace-failai"), "trace.txt");
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_ENGINE: "pglite",
      SCHEDULED_BACKUPS: "0",
      PUBLIC_URL: url,
    };
    for (const key of ["DATABASE_URL", "SMTP_URL", "DEMO", "FILE_STORAGE"]) delete env[key];
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
        "trace=read,recvfrom,write,writev,sendto,fsync,fdatasync,rename,renameat,renameat2",
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
      const serverPid = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").trim().split(/\s+/)[0];
      if (serverPid) process.kill(Number(serverPid), "SIGTERM");
      await exited;
    }
    if (dataDir) removeTempDir(dataDir);
    if (traceFile) removeTempDir(path.dirname(traceFile));
  });

  it("failas ir jo aplankas (ir naujas aplankas jo tėve) fsync'inami tarp užklausos gavimo ir atsakymo 201", async () => {
    const staff = await signInStaff(url);
    const data = new FormData();
    // "news": no picture of the demo is there, so the folder is made by this upload.
    data.set("folder", "news");
    data.set("file", new Blob([Buffer.from(makePng(32, 24, true))], { type: "image/png" }), "naujiena.png");
    const response = await staff.request<{ path: string }>("POST", "/api/admin/files", { body: data });
    expect(response.status, response.text).toBe(201);
    const name = path.basename(response.body.path);

    let calls: Traced[] = [];
    for (let tries = 0; tries < 100; tries += 1) {
      calls = parseTrace(readFileSync(traceFile, "utf8"));
      if (calls.some((c) => /HTTP\/1\.1 201/.test(c.line))) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const received = calls.findIndex(
      (c) => (c.call === "read" || c.call === "recvfrom") && c.line.includes("POST /api/admin/files"),
    );
    expect(received, "užklausos gavimas strace išraše").toBeGreaterThanOrEqual(0);
    const answered = calls.findIndex((c, i) => i > received && /HTTP\/1\.1 201/.test(c.line));
    expect(answered, "atsakymas 201 strace išraše").toBeGreaterThan(received);
    const between = calls.slice(received, answered);
    const synced = between
      .filter((c) => c.call === "fsync" || c.call === "fdatasync")
      .map((c) => fdPath(c.line))
      .filter((p): p is string => p !== null);
    const filesDir = path.join(dataDir, "files");
    const folder = path.join(filesDir, "news");
    // The file's own descriptor (its temporary name before the rename), then the folder, then
    // the folder's parent (the new "news" entry in DATA_DIR/files).
    const fileSync = synced.findIndex((p) => p.startsWith(path.join(folder, `.${name}.`)) && p.endsWith(".tmp"));
    expect(fileSync, `failo fsync; fsync'inta: ${synced.join(", ")}`).toBeGreaterThanOrEqual(0);
    expect(synced.slice(fileSync + 1), "aplanko fsync po failo").toContain(folder);
    expect(synced, "naujo aplanko įrašas tėviniame aplanke").toContain(filesDir);
    const renamed = between.findIndex((c) => c.call.startsWith("rename") && c.line.includes(`${name}"`));
    expect(renamed, "pervadinimas į vietą").toBeGreaterThanOrEqual(0);
    expect(between.filter((c) => /sync.* = -1 /.test(c.line))).toEqual([]);
  }, 120_000);
});
