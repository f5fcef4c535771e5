// The mail retry policy and the outbox summary (src/domain/mailQueue.ts); the sender itself is
// tested against a real SMTP outage in tests/integration/mail-retry.test.ts.
import { describe, expect, it } from "vitest";
import {
  MAIL_RETRY_DAYS_DEFAULT,
  mailQueueState,
  mailQueueWarningText,
  mailRetryDaysOf,
  mailRetryDelayMs,
} from "../../../src/domain/mailQueue";
import { settingsSchema } from "../../../src/domain/schemas";
import { settingsFromDoc } from "../../../src/domain/settings";

const MIN = 60_000;

describe("laiškų kartojimo politika", () => {
  it("laukimas dvigubėja nuo 1 min. iki 1 val.", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => mailRetryDelayMs(n) / MIN)).toEqual([
      1, 2, 4, 8, 16, 32, 60, 60, 60,
    ]);
  });

  it("nustatymai be mailRetryDays (senesni dokumentai) – 3 d.; netinkama reikšmė atmetama lietuviškai", () => {
    const stored = settingsFromDoc({});
    expect(stored.mailRetryDays).toBe(MAIL_RETRY_DAYS_DEFAULT);
    expect(mailRetryDaysOf({ mailRetryDays: "x" })).toBe(3);
    expect(mailRetryDaysOf({ mailRetryDays: 7 })).toBe(7);
    const shape = settingsSchema.shape.mailRetryDays;
    expect(shape.parse(undefined)).toBe(3);
    expect(shape.safeParse(30).error?.issues[0]?.message).toBe("Ne daugiau kaip 14 d.");
  });

  it("eilės būsena ir įspėjimo tekstas", () => {
    const now = new Date("2026-03-02T10:00:00Z");
    const ok = mailQueueState([{ delivery: { state: "PENDING" }, createdAt: "2026-03-02T09:50:00Z" }], now);
    expect(ok.warning).toBe(false);
    expect(mailQueueWarningText(ok)).toBeNull();

    const late = mailQueueState(
      [
        { delivery: { state: "PENDING" }, createdAt: "2026-02-28T09:00:00Z" },
        { delivery: { state: "SUCCESS" }, createdAt: "2026-01-01T09:00:00Z" },
        { delivery: { state: "ERROR", endTime: "2026-01-01T09:00:00Z" }, createdAt: "2025-12-29T09:00:00Z" },
      ],
      now,
    );
    expect(late.counts).toEqual({ pending: 1, processing: 0, retrying: 0, failed: 1 });
    expect(late.failedRecently).toBe(0);
    expect(mailQueueWarningText(late)).toBe(
      "Laiškų siuntimas: 1 laiškas laukia eilėje, seniausias nuo 2026-02-28 11:00 (2 d.).",
    );
  });
});
