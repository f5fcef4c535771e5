// Health for operators and proxies:
// - GET /api/health: 200 {"ok":true} when the database answers (the old contract: scripts, tests);
// - GET /api/health/live: 200 while the process runs and answers at all;
// - GET /api/health/ready: 200 when this server should get traffic: not stopping, the database
//   answers, the data disk has free space, the mail queue is not stuck, the scheduled backups
//   are not stale; else 503 with the reasons in Lithuanian. ?checks=database,disk asks only some
//   (a load balancer that should not drop the site over a mail outage).
import { Hono } from "hono";
import type { AppEnv } from "../http/context";
import { log } from "../log";
import { type Check, checkBackup, checkDatabase, checkDisk, checkMail } from "../services/opsStatus";

const CHECKS = ["database", "disk", "mail", "backup"] as const;
type CheckName = (typeof CHECKS)[number];

export const NOT_READY_MESSAGE = "Serveris nepasiruošęs priimti užklausų";
export const DRAINING_MESSAGE = "Serveris stabdomas: naujos užklausos nukreipiamos kitur";

export function healthRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    try {
      await c.get("deps").db.query("SELECT 1");
      return c.json({ ok: true }, 200);
    } catch (error) {
      log.error("Sveikatos patikra: duomenų bazė neatsako", error);
      return c.json({ ok: false, message: "Duomenų bazė nepasiekiama" }, 503);
    }
  });

  app.get("/live", (c) => c.json({ ok: true, message: "Serveris veikia" }, 200));

  app.get("/ready", async (c) => {
    const { db, config, state } = c.get("deps");
    const asked = c.req.query("checks");
    const names = asked
      ? CHECKS.filter((name) =>
          asked
            .split(",")
            .map((s) => s.trim())
            .includes(name),
        )
      : [...CHECKS];
    const run: Record<CheckName, () => Promise<Check>> = {
      database: () => checkDatabase(db),
      disk: () => checkDisk(config.dataDir, config.diskMinFreeMb),
      mail: () => checkMail(db),
      backup: () => checkBackup(db),
    };
    const results = await Promise.all(names.map(async (name) => [name, await run[name]()] as const));
    const checks: Record<string, Check> = Object.fromEntries(results);
    const draining = state?.draining ?? false;
    if (draining) checks.shutdown = { ok: false, message: DRAINING_MESSAGE };
    const failing = Object.values(checks).filter((check) => !check.ok);
    const ok = failing.length === 0;
    if (!ok) c.header("Retry-After", "60");
    return c.json(
      {
        ok,
        message: ok ? "Serveris pasiruošęs" : `${NOT_READY_MESSAGE}: ${failing.map((f) => f.message).join("; ")}`,
        checks,
      },
      ok ? 200 : 503,
    );
  });
  return app;
}
