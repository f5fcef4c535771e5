// A throwaway PostgreSQL cluster for tests: initdb in a temp folder, started on 127.0.0.1 and a
// free port with trust authentication. Needs initdb, pg_ctl and postgres (PATH or
// /usr/lib/postgresql/*/bin); as root they run as `postgres` (or `nobody`) through runuser.
// Without them, detectPostgres() says why, and the suite prints "nevykdyta: PostgreSQL nerastas
// (…)" and is skipped, never counted as passed.
import { execFile, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { freePort, tempDir } from "./server";

const run = promisify(execFile);
const PG_TOOLS = ["initdb", "pg_ctl", "postgres"] as const;

/** The folder with PostgreSQL's server programs: PATH first, then the newest /usr/lib/postgresql/<v>/bin. */
function findPgBin(): string | null {
  const hasAll = (dir: string) => PG_TOOLS.every((tool) => existsSync(join(dir, tool)));
  for (const dir of (process.env.PATH ?? "").split(delimiter)) if (dir && hasAll(dir)) return dir;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+(\.\d+)?$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) if (hasAll(join(root, version, "bin"))) return join(root, version, "bin");
  return null;
}

export interface RunAs {
  user: string;
  uid: number;
  gid: number;
  runuser: string;
}

function numericId(flag: "-u" | "-g", user: string): number | null {
  const result = spawnSync("id", [flag, user], { encoding: "utf8" });
  const value = Number(result.stdout.trim());
  return result.status === 0 && Number.isInteger(value) ? value : null;
}

/** initdb and postgres refuse root: as root, run them as `postgres` (or `nobody`) through runuser. */
function unprivilegedUser(): RunAs | null | string {
  if (process.getuid?.() !== 0) return null;
  const runuser = ["/usr/sbin/runuser", "/sbin/runuser", "/usr/bin/runuser", "/bin/runuser"].find((p) => existsSync(p));
  if (!runuser) return "testai paleisti kaip root, o runuser nerastas";
  for (const user of ["postgres", "nobody"]) {
    const uid = numericId("-u", user);
    const gid = numericId("-g", user);
    if (uid !== null && gid !== null && uid !== 0) return { user, uid, gid, runuser };
  }
  return "testai paleisti kaip root, o naudotojų postgres ir nobody nėra";
}

export type PostgresTools = { bin: string; runAs: RunAs | null } | { reason: string };

/** Where PostgreSQL's programs are and whom to run them as, or why they cannot be run; prints the "nevykdyta" line then. */
export function detectPostgres(): PostgresTools {
  const bin = findPgBin();
  const found: PostgresTools = !bin
    ? { reason: `${PG_TOOLS.join(", ")} nėra nei PATH kataloguose, nei /usr/lib/postgresql/*/bin` }
    : (() => {
        const runAs = unprivilegedUser();
        return typeof runAs === "string" ? { reason: runAs } : { bin, runAs };
      })();
  if ("reason" in found) console.info(`nevykdyta: PostgreSQL nerastas (${found.reason})`);
  return found;
}

/** A PostgreSQL cluster in a temp folder, on 127.0.0.1 and a free port, trust authentication. */
export class TestCluster {
  readonly root = tempDir("pg");
  readonly dataDir = join(this.root, "data");
  private readonly socketDir = join(this.root, "sock");
  private started = false;
  port = 0;

  constructor(
    private readonly bin: string,
    private readonly runAs: RunAs | null,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private async tool(name: string, args: string[]): Promise<void> {
    const program = join(this.bin, name);
    const [file, argv] = this.runAs
      ? [this.runAs.runuser, ["-u", this.runAs.user, "--", program, ...args]]
      : [program, args];
    try {
      await run(file, argv, { cwd: this.root, timeout: 120_000 });
    } catch (error) {
      const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
      throw new Error(`Nepavyko ${name} ${args.join(" ")}:\n${stdout}\n${stderr}`);
    }
  }

  async start(): Promise<void> {
    mkdirSync(this.socketDir);
    if (this.runAs) {
      chownSync(this.root, this.runAs.uid, this.runAs.gid);
      chownSync(this.socketDir, this.runAs.uid, this.runAs.gid);
    }
    // trust for everyone: a throwaway cluster reachable only from this machine.
    await this.tool("initdb", ["-D", this.dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "-N"]);
    this.port = await freePort();
    const options = [
      `-p ${this.port}`,
      `-k ${this.socketDir}`,
      "-c listen_addresses=127.0.0.1",
      // Durability is not under test here; the shared 2-core machine thanks us.
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ].join(" ");
    this.started = true;
    await this.tool("pg_ctl", [
      "-D",
      this.dataDir,
      "-l",
      join(this.root, "postgres.log"),
      "-o",
      options,
      "-w",
      "-t",
      "60",
      "start",
    ]);
  }

  async stop(): Promise<void> {
    if (this.started) {
      this.started = false;
      await this.tool("pg_ctl", ["-D", this.dataDir, "-m", "fast", "-w", "stop"]);
    }
  }
}
