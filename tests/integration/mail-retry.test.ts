// The local mailer keeps trying while SMTP is down: waits of 1, 2, 4, … minutes, then hourly, for
// the settings' mailRetryDays (3 by default); then the mail is ERROR with a Lithuanian reason and
// the outbox's state (what the dashboard warns with) says so. The mailer's clock is injected and
// each round is run on demand (sendDue), so an hour or three days pass without any waiting.
// A real PGlite outbox and a tiny SMTP server on a local port that is closed during the outage.
import { rmSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { coreFor } from "../../server/core";
import { openDb } from "../../server/db";
import { migrate } from "../../server/db/migrate";
import type { Db } from "../../server/db/types";
import { defaultSettings } from "../../server/seed/seed";
import { enqueueMail, type Mailer, startMailer } from "../../server/services/mail";
import { COLLECTIONS, SETTINGS_ID } from "../../src/core/collections";
import { mailQueueStatus } from "../../src/core/mailQueue";
import { mailQueueWarningText } from "../../src/domain/mailQueue";
import type { Mail } from "../../src/domain/schemas";
import { migratedDataDir } from "../helpers/pgliteTemplate";
import { type TinySmtp, tinySmtp } from "../helpers/smtp";

const MINUTE = 60_000;
let dir: string;
let db: Db;
let smtp: TinySmtp;
let port = 0;
let mailer: Mailer | null = null;
let clock = new Date("2026-03-02T08:00:00.000Z");

beforeAll(async () => {
  dir = migratedDataDir("laisku-kartojimas");
  db = await openDb({ dataDir: dir, databaseUrl: null });
  await migrate(db);
  // A free port, closed again: the SMTP server is "down" until it listens there.
  smtp = tinySmtp();
  await smtp.start();
  port = smtp.port;
  await smtp.stop();
});
afterEach(async () => {
  await mailer?.stop();
  mailer = null;
  await smtp.stop();
  await db.query("DELETE FROM mail");
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function queue(subjects: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const subject of subjects) {
    ids.push(await enqueueMail(db, { to: "klientas@example.com", subject, text: `Laiškas „${subject}“.` }));
  }
  // queued at the test clock's instant
  await db.query("UPDATE mail SET created_at = $1, updated_at = $1", [clock.toISOString()]);
  return ids;
}

async function deliveries(): Promise<Mail["delivery"][]> {
  const { rows } = await db.query<{ doc: Mail }>("SELECT doc FROM mail ORDER BY created_at, id");
  return rows.map((row) => row.doc.delivery);
}

function start(): Mailer {
  mailer = startMailer(db, {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    // rounds run on demand (sendDue): the timer never fires during the test
    intervalMs: 3_600_000,
    from: "nuoma@example.com",
    now: () => clock,
  });
  return mailer;
}

/** Moves the clock on a step at a time, running one sending round after each step. */
async function pass(totalMs: number, stepMs: number, sender: Mailer): Promise<void> {
  for (let passed = 0; passed < totalMs; passed += stepMs) {
    clock = new Date(clock.getTime() + stepMs);
    await sender.sendDue();
  }
}

describe("laiškų siuntimas, kai SMTP serveris nepasiekiamas", () => {
  it("SMTP neveikia valandą, tada vėl veikia: išsiunčiami visi laiškai", async () => {
    clock = new Date("2026-03-02T08:00:00.000Z");
    const subjects = ["Rezervacija patvirtinta", "Priminimas apie paėmimą", "Sąskaita faktūra"];
    await queue(subjects);
    const sender = start();
    await sender.sendDue();

    await pass(60 * MINUTE, MINUTE, sender);
    const during = await deliveries();
    // tried at 0, 1, 3, 7, 15 and 31 min (waits 1, 2, 4, 8, 16 min): kept, not given up
    expect(during.map((d) => [d.state, d.attempts, d.endTime])).toEqual(subjects.map(() => ["ERROR", 6, null]));

    const status = await mailQueueStatus(coreFor(db), clock);
    expect(status.counts).toEqual({ pending: 0, processing: 0, retrying: 3, failed: 0 });
    expect(status.oldestUnsentAt).toBe("2026-03-02T08:00:00.000Z");
    expect(status.oldestUnsentAgeMs).toBe(60 * MINUTE);
    expect(mailQueueWarningText(status)).toBe(
      "Laiškų siuntimas: 3 laiškų nepavyksta išsiųsti, bandoma iš naujo; 3 laiškai laukia eilėje, seniausias nuo 2026-03-02 10:00 (1 val.).",
    );

    await smtp.start(port);
    // the next attempt is due 32 min after the one at 31 min: within the hour's cap
    await pass(5 * MINUTE, MINUTE, sender);
    expect((await deliveries()).map((d) => [d.state, d.attempts, d.error])).toEqual(
      subjects.map(() => ["SUCCESS", 7, null]),
    );
    // each mail reached the SMTP server once (subjects are MIME-encoded: count the messages)
    expect(smtp.received).toHaveLength(subjects.length);
    const after = await mailQueueStatus(coreFor(db), clock);
    expect(after.warning).toBe(false);
    expect(mailQueueWarningText(after)).toBeNull();
  });

  it("po nustatyto laikotarpio (numatyta 3 d.) siuntimas nutraukiamas su priežastimi lietuviškai", async () => {
    clock = new Date("2026-03-02T08:00:00.000Z");
    await queue(["Rezervacijos pakeitimas"]);
    const sender = start();
    await sender.sendDue();

    await pass(71 * 60 * MINUTE, 60 * MINUTE, sender);
    const [kept] = await deliveries();
    expect(kept?.state).toBe("ERROR");
    expect(kept?.endTime).toBeNull();

    await pass(2 * 60 * MINUTE, 60 * MINUTE, sender);
    const [given] = await deliveries();
    expect(given?.state).toBe("ERROR");
    expect(given?.endTime).toBe(new Date("2026-03-05T08:00:00.000Z").toISOString());
    expect(given?.error).toMatch(
      /^Laiško nepavyko išsiųsti per 3 d\. \(\d+ band\.\), siuntimas nutrauktas\. Paskutinė klaida: /,
    );
    // once given up, never tried again
    const attempts = given?.attempts;
    const receivedBefore = smtp.received.length;
    await smtp.start(port);
    await pass(3 * 60 * MINUTE, 60 * MINUTE, sender);
    expect((await deliveries())[0]?.attempts).toBe(attempts);
    expect(smtp.received).toHaveLength(receivedBefore);

    const status = await mailQueueStatus(coreFor(db), clock);
    expect(status.counts).toEqual({ pending: 0, processing: 0, retrying: 0, failed: 1 });
    expect(mailQueueWarningText(status)).toBe(
      "Laiškų siuntimas: 1 laiškas neišsiųstas ir siuntimas nutrauktas (per 7 d.).",
    );
  });

  it("laikotarpis – įmonės nustatymas mailRetryDays", async () => {
    clock = new Date("2026-03-02T08:00:00.000Z");
    const core = coreFor(db);
    await core.store.transaction(async (tx) => {
      tx.set(COLLECTIONS.settings, SETTINGS_ID, { ...defaultSettings(), mailRetryDays: 1 });
    });
    try {
      await queue(["Sutartis"]);
      const sender = start();
      await sender.sendDue();
      await pass(25 * 60 * MINUTE, 60 * MINUTE, sender);
      const [given] = await deliveries();
      expect(given?.endTime).toBe(new Date("2026-03-03T08:00:00.000Z").toISOString());
      expect(given?.error).toMatch(/^Laiško nepavyko išsiųsti per 1 d\./);
    } finally {
      await db.query("DELETE FROM settings");
    }
  });
});
