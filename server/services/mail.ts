// E-mail outbox. Mail is written to the `mail` table in the caller's transaction (the
// Firebase "Trigger Email" document shape) and a background loop sends it by SMTP.
// A mail is marked SUCCESS only after the SMTP server accepted it; a crash while
// sending leaves it PROCESSING, and it is picked up again later (at least once).
// A failed mail is tried again with a growing wait (src/domain/mailQueue.ts: 1 min, 2, 4, …, then
// every hour) for the settings' `mailRetryDays` (3 by default) from when it was queued; then it is
// ERROR with endTime set and a Lithuanian reason, and the dashboard warns (src/core/mailQueue.ts).
import nodemailer from "nodemailer";
import { loadSettings } from "../../src/core/catalog";
import type { PrivateFiles } from "../../src/core/ports";
import { loadMailAttachments } from "../../src/documents/mailAttachments";
import { formatNumber } from "../../src/domain/format";
import {
  MAIL_RETRY_FIRST_DELAY_MS,
  MAIL_RETRY_MAX_DELAY_MS,
  mailGivenUpReason,
  mailRetryExpired,
} from "../../src/domain/mailQueue";
import { type OutgoingMail, pendingMailDoc } from "../../src/domain/mailTemplates";
import type { Mail, Settings } from "../../src/domain/schemas";
import { coreFor } from "../core";
import type { Db, Queryable } from "../db/types";
import { log } from "../log";

export type { OutgoingMail } from "../../src/domain/mailTemplates";
// The mail texts' helpers live in the domain; re-exported for the server's mail writers.
export { escapeHtml, fillTemplate, textToHtml } from "../../src/domain/mailTemplates";

/** A PROCESSING mail older than this was left by a crashed sender; send it again. */
const STALE_PROCESSING_MINUTES = 10;
const BATCH_SIZE = 10;

/** Queues one mail in the outbox; returns its id. Throws when the mail is malformed (a bug, not user input). */
export async function enqueueMail(tx: Queryable, mail: OutgoingMail): Promise<string> {
  const doc = pendingMailDoc(mail);
  const { rows } = await tx.query<{ id: string }>("INSERT INTO mail (doc) VALUES ($1::jsonb) RETURNING id", [
    JSON.stringify(doc),
  ]);
  const id = rows[0]?.id;
  if (!id) throw new Error("Nepavyko įrašyti laiško į eilę");
  return id;
}

interface MailRow {
  id: string;
  doc: Mail;
  created_at: Date | string;
}

export interface Mailer {
  /** Runs one round now (after the one under way): every mail due is tried. For tests and a health check. */
  sendDue(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the outbox sender. Without an SMTP URL it only says so once: mail stays in
 * the outbox, where the back-office shows it.
 */
export function startMailer(
  db: Db,
  opts: {
    smtpUrl?: string | null;
    intervalMs?: number;
    from?: string | null;
    /** where message.attachments are read from (server/services/privateFiles.ts) */
    privateFiles?: PrivateFiles;
    /** the clock the waits between attempts and the retry period are measured by; default: the system's */
    now?: () => Date;
  },
): Mailer {
  if (!opts.smtpUrl) {
    log.info("SMTP nesukonfigūruotas (SMTP_URL nenurodytas): laiškai lieka eilėje ir matomi administravimo skiltyje.");
    return { sendDue: async () => {}, stop: async () => {} };
  }
  const now = opts.now ?? (() => new Date());
  const smtpUrl = opts.smtpUrl;
  const transport = nodemailer.createTransport(smtpUrl);
  const intervalMs = opts.intervalMs ?? 5000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let lastFailure = "";

  const fromAddress = async (settings: Settings): Promise<string> => {
    if (opts.from) return opts.from;
    const address = settings.company.emails[0];
    if (address) return settings.company.brand ? `"${settings.company.brand.replace(/"/g, "")}" <${address}>` : address;
    let user = "";
    try {
      user = decodeURIComponent(new URL(smtpUrl).username);
    } catch {
      // not a URL nodemailer needs a user from (e.g. a sendmail or JSON transport string)
    }
    return user.includes("@") ? user : "noreply@localhost";
  };

  // Due: PENDING; ERROR not given up (no endTime) whose wait after its last attempt is over
  // (mailRetryDelayMs in SQL: 1 min · 2^(attempts-1), at most 1 h); PROCESSING left by a crash.
  const claim = async (at: Date): Promise<MailRow[]> => {
    const { rows } = await db.query<MailRow>(
      `UPDATE mail SET
         doc = doc || jsonb_build_object('delivery',
           coalesce(doc->'delivery', '{"attempts":0,"error":null,"endTime":null}'::jsonb) || '{"state":"PROCESSING"}'::jsonb),
         updated_at = $1::timestamptz
       WHERE id IN (
         SELECT id FROM mail
         WHERE coalesce(doc->'delivery'->>'state', 'PENDING') = 'PENDING'
            OR (doc->'delivery'->>'state' = 'ERROR'
                AND coalesce(doc->'delivery'->>'endTime', '') = ''
                AND updated_at <= $1::timestamptz - make_interval(secs => least($2::float8,
                  $3::float8 * power(2, greatest(coalesce((doc->'delivery'->>'attempts')::int, 1) - 1, 0)))))
            OR (doc->'delivery'->>'state' = 'PROCESSING'
                AND updated_at < $1::timestamptz - make_interval(mins => $4))
         ORDER BY created_at
         LIMIT $5
         FOR UPDATE SKIP LOCKED)
       RETURNING id, doc, created_at`,
      [
        at.toISOString(),
        MAIL_RETRY_MAX_DELAY_MS / 1000,
        MAIL_RETRY_FIRST_DELAY_MS / 1000,
        STALE_PROCESSING_MINUTES,
        BATCH_SIZE,
      ],
    );
    return rows;
  };

  const finish = async (id: string, delivery: Mail["delivery"]): Promise<void> => {
    await db.query(
      "UPDATE mail SET doc = doc || jsonb_build_object('delivery', $2::jsonb), updated_at = $3::timestamptz WHERE id = $1",
      [id, JSON.stringify(delivery), now().toISOString()],
    );
  };

  /** The mail's attachments read from the private files (a missing file fails the attempt). */
  const attachmentsOf = async (doc: Mail) => {
    const listed = doc.message.attachments ?? [];
    if (listed.length === 0) return [];
    if (!opts.privateFiles) throw new Error("Laiške yra priedų, bet privatūs failai siuntėjui nepasiekiami");
    return loadMailAttachments(opts.privateFiles, listed);
  };

  const sendOne = async (row: MailRow, from: string, retryDays: number): Promise<void> => {
    const attempts = (row.doc.delivery?.attempts ?? 0) + 1;
    try {
      const attachments = await attachmentsOf(row.doc);
      const info = await transport.sendMail({
        from,
        to: row.doc.to,
        ...(row.doc.replyTo ? { replyTo: row.doc.replyTo } : {}),
        subject: row.doc.message.subject,
        text: row.doc.message.text,
        ...(row.doc.message.html ? { html: row.doc.message.html } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      });
      const accepted = (info.accepted ?? []).length;
      const rejected = (info.rejected ?? []).map(String);
      if (accepted === 0) throw new Error(`SMTP serveris atmetė gavėjus: ${rejected.join(", ") || "nežinoma"}`);
      await finish(row.id, {
        state: "SUCCESS",
        attempts,
        error: rejected.length > 0 ? `Atmesti gavėjai: ${rejected.join(", ")}` : null,
        endTime: now().toISOString(),
      });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1500);
      const at = now();
      const final = mailRetryExpired(new Date(row.created_at), at, retryDays);
      if (final) {
        log.error(
          `Laiškas ${row.id} neišsiųstas per ${retryDays} d. (${attempts} band.), siuntimas nutrauktas: ${message}`,
        );
      } else {
        log.warn(`Laiško ${row.id} išsiųsti nepavyko (${attempts} bandymas), bus bandoma vėl: ${message}`);
      }
      await finish(row.id, {
        state: "ERROR",
        attempts,
        error: final ? mailGivenUpReason(retryDays, attempts, message) : message,
        endTime: final ? at.toISOString() : null,
      });
    }
  };

  const tick = async (): Promise<void> => {
    try {
      for (;;) {
        if (stopped) return;
        const batch = await claim(now());
        if (batch.length === 0) break;
        const settings = await loadSettings(coreFor(db).store);
        const from = await fromAddress(settings);
        for (const row of batch) await sendOne(row, from, settings.mailRetryDays);
      }
      lastFailure = "";
    } catch (error) {
      // Database trouble: log once per distinct message, try again on the next tick.
      const message = error instanceof Error ? error.message : String(error);
      if (message !== lastFailure) log.error(`Laiškų siuntimo ciklo klaida: ${message}`);
      lastFailure = message;
    }
  };

  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, intervalMs);
    timer.unref?.();
  };

  log.info(`Laiškų siuntimas per SMTP įjungtas (eilė tikrinama kas ${formatNumber(intervalMs / 1000)} s).`);
  running = tick().finally(schedule);

  return {
    async sendDue() {
      const next = running.catch(() => {}).then(tick);
      running = next;
      await next;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running.catch(() => {});
      transport.close();
    },
  };
}
