import { describe, expect, it } from "vitest";
import { formatMoney } from "../../../src/domain/format";
import {
  holdExpired,
  type LedgerEntry,
  onlineChargeAmount,
  onlineChargeLabel,
  paymentSettingsOf,
  readLedgerEntryInput,
  summarizeLedger,
} from "../../../src/domain/payments";
import { PAYMENT_DEFAULTS, type PaymentSettings } from "../../../src/domain/schemas";
import { fieldErrorsOf } from "./fixtures";

const reservation = (total: number, charges = 0) => ({
  quote: { total } as never,
  returnAct: charges ? ({ total: charges } as never) : null,
});
const entry = (kind: LedgerEntry["kind"], amount: number) => ({ kind, amount });

describe("summarizeLedger", () => {
  it("an empty ledger: everything is due, no deposit", () => {
    expect(summarizeLedger(reservation(245.5), [])).toEqual({
      total: 245.5,
      paid: 0,
      due: 245.5,
      deposit: { amount: 0, state: "none" },
    });
  });

  it("adds the return's charges to the price and sums in cents", () => {
    const s = summarizeLedger(reservation(100.1, 20.2), [entry("advance", 0.1), entry("rental", 0.2)]);
    expect(s.total).toBe(120.3);
    expect(s.paid).toBe(0.3);
    expect(s.due).toBe(120);
  });

  it("refunds lower what is paid; due never goes below 0", () => {
    const over = summarizeLedger(reservation(100), [entry("rental", 150)]);
    expect(over.due).toBe(0);
    const refunded = summarizeLedger(reservation(100), [entry("rental", 150), entry("refund", 70)]);
    expect(refunded.paid).toBe(80);
    expect(refunded.due).toBe(20);
  });

  it("the deposit is apart from what is paid: held, then released", () => {
    const held = summarizeLedger(reservation(100), [entry("rental", 100), entry("deposit-held", 300)]);
    expect(held).toMatchObject({ paid: 100, due: 0, deposit: { amount: 300, state: "held" } });
    const partly = summarizeLedger(reservation(100), [entry("deposit-held", 300), entry("deposit-released", 200)]);
    expect(partly.deposit).toEqual({ amount: 100, state: "held" });
    const released = summarizeLedger(reservation(100), [entry("deposit-held", 300), entry("deposit-released", 300)]);
    expect(released.deposit).toEqual({ amount: 0, state: "released" });
  });

  it("a reservation without a quote costs 0", () => {
    expect(summarizeLedger({ quote: undefined, returnAct: null }, []).total).toBe(0);
  });
});

describe("online charge", () => {
  const settings = (over: Partial<PaymentSettings>): PaymentSettings => ({ ...PAYMENT_DEFAULTS, ...over });
  it("a fixed advance, never more than the price", () => {
    expect(onlineChargeAmount(245, settings({ onlineCharge: "advance", advanceAmount: 50 }))).toBe(50);
    expect(onlineChargeAmount(30, settings({ onlineCharge: "advance", advanceAmount: 50 }))).toBe(30);
  });
  it("a percentage, rounded to cents", () => {
    expect(onlineChargeAmount(245.55, settings({ onlineCharge: "percent", advancePercent: 30 }))).toBe(73.67);
  });
  it("the full price", () => {
    expect(onlineChargeAmount(245.55, settings({ onlineCharge: "full" }))).toBe(245.55);
  });
  it("the label tells the rest is paid at pick-up", () => {
    expect(onlineChargeLabel(50, 245)).toBe(
      `Avansas internetu: ${formatMoney(50)}, likusi suma ${formatMoney(195)} – atsiimant`,
    );
    expect(onlineChargeLabel(245, 245)).toBe(`Visa kaina mokama internetu: ${formatMoney(245)}`);
  });
  it("settings without a payments part use the defaults; broken ones too", () => {
    expect(paymentSettingsOf({})).toEqual(PAYMENT_DEFAULTS);
    expect(paymentSettingsOf({ payments: { advancePercent: 500 } })).toEqual(PAYMENT_DEFAULTS);
    expect(paymentSettingsOf({ payments: { onlineCharge: "full" } }).onlineCharge).toBe("full");
  });
});

describe("holds and staff input", () => {
  const online = (holdUntil: string) => ({
    provider: "stripe" as const,
    state: "awaiting" as const,
    amount: 50,
    depositHold: 0,
    holdUntil,
    orderId: "cs_1",
  });
  it("an awaiting payment's hold runs out at holdUntil", () => {
    const now = new Date("2026-11-21T10:00:00Z");
    expect(holdExpired(online("2026-11-21T10:00:00Z"), now)).toBe(true);
    expect(holdExpired(online("2026-11-21T10:00:01Z"), now)).toBe(false);
    expect(holdExpired({ ...online("2026-11-21T09:00:00Z"), state: "paid" }, now)).toBe(false);
    expect(holdExpired(null, now)).toBe(false);
  });
  it("staff input: Lithuanian field errors", () => {
    expect(readLedgerEntryInput({ amount: 10.5, method: "cash", kind: "rental" })).toEqual({
      amount: 10.5,
      method: "cash",
      kind: "rental",
      reference: "",
    });
    const errors = fieldErrorsOf(() => readLedgerEntryInput({ amount: 0, method: "bitcoin", kind: "x", who: "me" }));
    expect(errors?.amount).toBe("Suma turi būti didesnė už 0 €");
    expect(errors?.method).toBe("Pasirinkite mokėjimo būdą");
    expect(errors?.kind).toBe("Pasirinkite mokėjimo rūšį");
    expect(Object.keys(errors ?? {})).toContain("who");
    expect(fieldErrorsOf(() => readLedgerEntryInput({ amount: 1.234, method: "cash", kind: "rental" }))?.amount).toBe(
      "Suma gali turėti ne daugiau kaip 2 skaitmenis po kablelio",
    );
  });
});
