// Reports, today's desk, the scheduled backups' status and archives, and the outbox's state.
import { envelope, id, value, whole } from "./envelope";
import { ADMINS, STAFF, staffAction } from "./registry";

export const reportActions = {
  /** the reports of a period (YYYY-MM-DD, inclusive) */
  reports: staffAction({
    roles: STAFF,
    args: (input: { from: string; to: string }) => input,
    input: envelope({ from: value, to: value }),
    http: { method: "GET", path: "/reports", query: ["from", "to"] },
    run: ({ reports }, input, ctx) => reports.reports(ctx.core, { from: input.from, to: input.to }),
  }),
  /** today's pick-ups and returns with what each still owes */
  todayDesk: staffAction({
    roles: STAFF,
    args: () => ({}),
    input: whole,
    http: { method: "GET", path: "/reports/today" },
    run: ({ reports }, _input, ctx) => reports.todayDesk(ctx.core),
  }),
  /** scheduled backups: the settings, the last and the last good one, whether it is stale (admins only) */
  backupStatus: staffAction({
    roles: ADMINS,
    refusal: "Atsarginių kopijų būseną mato tik administratorius",
    args: () => ({}),
    input: whole,
    http: { method: "GET", path: "/backup-status" },
    run: ({ backupSchedule }, _input, ctx) => backupSchedule.backupStatus(ctx.core),
  }),
  /** "back up now": an archive written, read back, verified and copied like a scheduled one (admins only) */
  backUpNow: staffAction({
    roles: ADMINS,
    refusal: "Atsarginę kopiją kurti gali tik administratorius",
    args: () => ({}),
    input: whole,
    http: { method: "POST", path: "/backups", status: 201, body: false },
    invalidates: ["backups"],
    run: ({ backupSchedule }, _input, ctx) => backupSchedule.backUpNow(ctx.core, ctx.backups, ctx.actor),
  }),
  /** the archives in the backup folder, newest first (admins only) */
  listBackupArchives: staffAction({
    roles: ADMINS,
    refusal: "Atsarginių kopijų sąrašą mato tik administratorius",
    args: () => ({}),
    input: whole,
    http: { method: "GET", path: "/backups" },
    run: ({ backupSchedule }, _input, ctx) => backupSchedule.listBackupArchives(ctx.backups),
  }),
  /** one archive, downloaded as it is (admins only) */
  backupArchive: staffAction({
    roles: ADMINS,
    refusal: "Atsarginę kopiją atsisiųsti gali tik administratorius",
    args: (name: string) => ({ name }),
    input: envelope({ name: id }),
    http: { method: "GET", path: "/backups/:name", answer: "file", accept: "application/gzip" },
    run: async ({ backupSchedule }, input, ctx) => {
      const file = await backupSchedule.openBackupArchive(ctx.backups, input.name);
      return { fileName: file.fileName, contentType: "application/gzip", stream: file.stream, size: file.size };
    },
  }),
  /** the guided restore: one archive read whole and checked, what it holds, and how to restore it here (admins only) */
  checkBackupArchive: staffAction({
    roles: ADMINS,
    refusal: "Atsargines kopijas tikrinti gali tik administratorius",
    args: (name: string, place: "local" | "copy" | "s3") => ({ name, place }),
    input: envelope({ name: id, place: id }),
    http: { method: "POST", path: "/backups/:name/check" },
    run: ({ backupSchedule }, input, ctx) =>
      backupSchedule.checkBackupArchive(ctx.core, ctx.backups, { name: input.name, place: input.place }),
  }),
  /** the outbox: mails waiting, failing and given up, and the oldest unsent one's age (the dashboard warns) */
  mailQueueStatus: staffAction({
    roles: STAFF,
    args: () => ({}),
    input: whole,
    http: { method: "GET", path: "/mail-queue-status" },
    run: ({ mailQueue }, _input, ctx) => mailQueue.mailQueueStatus(ctx.core),
  }),
};
