// A throwaway PostgreSQL server for the benchmark's "PostgreSQL path" (DATABASE_URL): initdb in a
// temporary folder, on 127.0.0.1 and a free port, trust authentication, PostgreSQL's own durability
// defaults (fsync on: the comparison with the embedded default is then fair). The programs are
// found like the tests find them (tests/helpers/postgresCluster.ts: PATH or /usr/lib/postgresql/*/bin;
// as root they run as `postgres` through runuser).
import { execFile } from "node:child_process";
import { chownSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { detectPostgres, type RunAs } from "../../tests/helpers/postgresCluster";
import { freePort, removeDir, tempDir } from "./serverProcess";

const run = promisify(execFile);

export class ThrowawayPostgres {
  readonly root = tempDir("bench-pg");
  private readonly dataDir = join(this.root, "data");
  private readonly socketDir = join(this.root, "sock");
  private started = false;
  port = 0;

  private constructor(
    /** the folder of the PostgreSQL programs used */
    readonly bin: string,
    private readonly runAs: RunAs | null,
  ) {}

  /** The server, started; or the reason it cannot be (printed by detectPostgres as "nevykdyta: …"). */
  static async start(): Promise<ThrowawayPostgres | string> {
    const tools = detectPostgres();
    if ("reason" in tools) return tools.reason;
    const cluster = new ThrowawayPostgres(tools.bin, tools.runAs);
    try {
      await cluster.launch();
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

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

  private async launch(): Promise<void> {
    mkdirSync(this.socketDir);
    if (this.runAs) {
      chownSync(this.root, this.runAs.uid, this.runAs.gid);
      chownSync(this.socketDir, this.runAs.uid, this.runAs.gid);
    }
    await this.tool("initdb", ["-D", this.dataDir, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C"]);
    this.port = await freePort();
    const options = [`-p ${this.port}`, `-k ${this.socketDir}`, "-c listen_addresses=127.0.0.1"].join(" ");
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

  /** Stops the server and removes its folder. */
  async stop(): Promise<void> {
    if (this.started) {
      this.started = false;
      await this.tool("pg_ctl", ["-D", this.dataDir, "-m", "fast", "-w", "stop"]).catch(() => undefined);
    }
    removeDir(this.root);
  }
}
