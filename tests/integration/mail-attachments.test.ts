// The local mailer sends a mail's attachments (message.attachments: { filename, path } of a private
// file) read from DATA_DIR/private; a missing file leaves the mail in ERROR with a Lithuanian reason.
// A real PGlite outbox and a small SMTP server on a local port that keeps what it receives.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../server/db";
import { migrate } from "../../server/db/migrate";
import type { Db } from "../../server/db/types";
import { enqueueMail, type Mailer, startMailer } from "../../server/services/mail";
import { createLocalPrivateFiles } from "../../server/services/privateFiles";
import type { Mail } from "../../src/domain/schemas";
import { migratedDataDir } from "../helpers/pgliteTemplate";
import { tinySmtp } from "../helpers/smtp";

let dir: string;
let db: Db;
let mailer: Mailer | null = null;
const smtp = tinySmtp();
const received = smtp.received;

beforeAll(async () => {
  dir = migratedDataDir("laisku-priedai");
  db = await openDb({ dataDir: dir, databaseUrl: null });
  await migrate(db);
  await smtp.start();
});
afterAll(async () => {
  await mailer?.stop();
  await db?.close();
  await smtp.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function deliveryOf(id: string): Promise<Mail["delivery"]> {
  const { rows } = await db.query<{ doc: Mail }>("SELECT doc FROM mail WHERE id = $1", [id]);
  return rows[0]?.doc.delivery ?? { state: "PENDING", attempts: 0, error: null, endTime: null };
}

async function waitForState(id: string, states: string[]): Promise<Mail["delivery"]> {
  const until = Date.now() + 20_000;
  for (;;) {
    const delivery = await deliveryOf(id);
    if (states.includes(delivery.state) || Date.now() > until) return delivery;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("laiškų priedai (vietinis siuntėjas)", () => {
  it("perdavimo laiške – pasirašyta sutartis ir aktas, abu PDF; trūkstamas priedas – klaida lietuviškai", async () => {
    const files = createLocalPrivateFiles(dir);
    const pdf = new TextEncoder().encode("%PDF-1.7\n% perdavimo aktas su raidėmis ąčęėįšųūž\n%%EOF\n");
    const agreement = new TextEncoder().encode("%PDF-1.7\n% pasirašyta nuomos sutartis\n%%EOF\n");
    await files.put("documents/perdavimo-aktas-1.pdf", pdf, "application/pdf");
    await files.put("documents/sutartis-1.pdf", agreement, "application/pdf");

    // As the desk queues the hand-over mail (src/core/rentalDesk.ts): the agreement, then the act.
    const sent = await enqueueMail(db, {
      to: "klientas@example.com",
      subject: "Automobilio perdavimo aktas",
      text: "Sveiki, siunčiame pasirašytą sutartį ir aktą.",
      attachments: [
        { filename: "sutartis-R-2026-000001.pdf", path: "documents/sutartis-1.pdf" },
        { filename: "perdavimo-aktas-R-2026-000001.pdf", path: "documents/perdavimo-aktas-1.pdf" },
      ],
    });
    const missing = await enqueueMail(db, {
      to: "klientas@example.com",
      subject: "Be priedo",
      text: "Priedo nėra.",
      attachments: [{ filename: "nera.pdf", path: "documents/nera.pdf" }],
    });
    mailer = startMailer(db, {
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      intervalMs: 100,
      from: "nuoma@example.com",
      privateFiles: files,
    });

    expect((await waitForState(sent, ["SUCCESS"])).state).toBe("SUCCESS");
    const message = received.find((raw) => raw.includes("Automobilio perdavimo aktas")) ?? "";
    expect(message).toMatch(/Content-Type: application\/pdf/i);
    const parts = [
      ...message.matchAll(
        /Content-Disposition: attachment;\s*filename=([^\r\s]+)[^\r]*\r\n(?:[^\r]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/gi,
      ),
    ].map((match) => ({ filename: match[1], bytes: Buffer.from((match[2] ?? "").replace(/\s/g, ""), "base64") }));
    expect(parts.map((part) => part.filename)).toEqual([
      "sutartis-R-2026-000001.pdf",
      "perdavimo-aktas-R-2026-000001.pdf",
    ]);
    expect(parts[0]?.bytes.equals(Buffer.from(agreement))).toBe(true);
    expect(parts[1]?.bytes.equals(Buffer.from(pdf))).toBe(true);

    const failed = await waitForState(missing, ["ERROR"]);
    expect(failed.state).toBe("ERROR");
    expect(failed.error).toMatch(/priedas documents\/nera\.pdf nerastas/);
    expect(received.some((raw) => raw.includes("Be priedo"))).toBe(false);
  });
});
