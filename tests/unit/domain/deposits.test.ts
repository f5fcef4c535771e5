import { describe, expect, it } from "vitest";
import {
  DEPOSIT_MESSAGES,
  dueAfterReturn,
  excessOf,
  heldDeposit,
  planHandoverDeposit,
  settleDeposit,
  settlementEntries,
} from "../../../src/domain/deposits";
import { reservationLines } from "../../../src/domain/invoices";
import { OUTSIDE_VAT_NOTE } from "../../../src/domain/invoicingSettings";
import { documentTotals } from "../../../src/domain/isaf";
import type { LedgerEntry } from "../../../src/domain/payments";
import type { Reservation } from "../../../src/domain/schemas";

const entry = (kind: LedgerEntry["kind"], amount: number, method: LedgerEntry["method"] = "cash") => ({
  kind,
  amount,
  method,
});

describe("užstatas grąžinant", () => {
  it("250 € užstato, 273 € mokesčių: įskaityta 250 €, negrąžinama nieko, liko 23 €", () => {
    const settled = settleDeposit(250, 273);
    expect(settled).toEqual({ held: 250, retained: 250, refunded: 0 });
    const entries = settlementEntries(settled, "cash", "R-1");
    expect(entries.map((e) => [e.kind, e.amount])).toEqual([["deposit-applied", 250]]);
    const ledger = [entry("rental", 105), entry("deposit-held", 250)];
    expect(dueAfterReturn({ quote: { total: 105 } as never }, 273, ledger, entries)).toBe(23);
  });

  it("100 € mokesčių: 100 € įskaityta, 150 € grąžinama, nieko neliko", () => {
    const settled = settleDeposit(250, 100);
    expect(settled).toEqual({ held: 250, retained: 100, refunded: 150 });
    const entries = settlementEntries(settled, "card", "R-2");
    expect(entries.map((e) => [e.kind, e.amount, e.method])).toEqual([
      ["deposit-applied", 100, "card"],
      ["deposit-released", 150, "card"],
    ]);
    const ledger = [entry("rental", 105), entry("deposit-held", 250, "card")];
    expect(dueAfterReturn({ quote: { total: 105 } as never }, 100, ledger, entries)).toBe(0);
  });

  it("nepaimtas užstatas niekada neįskaitomas ir negrąžinamas", () => {
    expect(settleDeposit(0, 100)).toEqual({ held: 0, retained: 0, refunded: 0 });
    expect(settlementEntries(settleDeposit(0, 100), null, "R-3")).toEqual([]);
    expect(dueAfterReturn({ quote: { total: 105 } as never }, 100, [entry("rental", 105)], [])).toBe(100);
  });

  it("laikomas užstatas – tai, kas paimta, atėmus įskaitytą ir grąžintą", () => {
    expect(heldDeposit([])).toEqual({ amount: 0, method: null });
    expect(heldDeposit([entry("deposit-held", 250, "online")])).toEqual({ amount: 250, method: "online" });
    expect(heldDeposit([entry("deposit-held", 250), entry("deposit-applied", 250)])).toEqual({
      amount: 0,
      method: null,
    });
  });
});

describe("užstatas perduodant", () => {
  const none = { amount: 0, method: null };
  it("grynaisiais ar kortele – žurnalo įrašas; be sumos – lauko klaida", () => {
    expect(planHandoverDeposit({ method: "cash", amount: 250, reference: "" }, none)).toEqual({
      record: { method: "cash", amount: 250, reference: "" },
      entry: { method: "cash", amount: 250, reference: "" },
      errors: {},
    });
    expect(planHandoverDeposit({ method: "card", amount: 0, reference: "" }, none).errors).toEqual({
      "deposit.amount": DEPOSIT_MESSAGES.amount,
    });
  });

  it("nepaimtas – tik įrašas akte; internetu – tik kai rezervuotas", () => {
    expect(planHandoverDeposit({ method: "none", amount: 0, reference: "" }, none)).toMatchObject({
      record: { method: "none", amount: 0 },
      entry: null,
    });
    expect(planHandoverDeposit({ method: "online", amount: 0, reference: "" }, none).errors).toEqual({
      "deposit.method": DEPOSIT_MESSAGES.noOnlineHold,
    });
    const hold = { amount: 250, method: "online" as const };
    expect(planHandoverDeposit({ method: "online", amount: 0, reference: "" }, hold)).toMatchObject({
      record: { method: "online", amount: 250 },
      entry: null,
    });
    expect(planHandoverDeposit({ method: "cash", amount: 250, reference: "" }, hold).errors).toEqual({
      "deposit.method": DEPOSIT_MESSAGES.alreadyHeld(250),
    });
    expect(planHandoverDeposit(undefined, hold).record).toMatchObject({ method: "online", amount: 250 });
    expect(planHandoverDeposit(undefined, none)).toEqual({ record: null, entry: null, errors: {} });
  });

  it("savarankiška rizika – automobilio, o jos nesant – užstatas", () => {
    expect(excessOf({ deposit: 250, excess: 500 })).toBe(500);
    expect(excessOf({ deposit: 250, excess: null })).toBe(250);
    expect(excessOf({ deposit: 250 })).toBe(250);
  });
});

describe("žalos atlyginimas sąskaitoje", () => {
  const reservation = {
    number: "R-2026-000001",
    pickupAt: "2026-11-21T08:00:00Z",
    returnAt: "2026-11-24T08:00:00Z",
    quote: { base: 121, days: 3, extrasLines: [], delivery: 0, discount: 0 },
    returnAct: {
      charges: [
        { kind: "cleaning", amount: 30, rule: "Reikia valymo", computed: 30, overrideReason: "" },
        { kind: "damage", amount: 400, rule: "Nauji pažeidimai", computed: 400, overrideReason: "" },
      ],
    },
  } as unknown as Pick<Reservation, "number" | "pickupAt" | "returnAt" | "quote" | "returnAct">;

  it("numatyta – ne PVM objektas: 0 %, pastaba, sumos sutampa; i.SAF jos neįtraukia", () => {
    const lines = reservationLines(reservation, { make: "Toyota", model: "Corolla" }, 0.21);
    const damage = lines.find((line) => line.description.startsWith("Pažeidimai"));
    expect(damage).toMatchObject({ total: 400, net: 400, vat: 0, vatRate: 0, vatNote: OUTSIDE_VAT_NOTE });
    const cleaning = lines.find((line) => line.description.startsWith("Valymas"));
    expect(cleaning).toMatchObject({ total: 30, vatRate: 0.21, vat: 5.21 });
    expect(documentTotals({ lines }).map((t) => t.taxPercentage)).toEqual([21]);
    expect(documentTotals({ lines })[0]?.taxableValue).toBe(124.79);
  });

  it("nustačius „su PVM“ – kaip kiti mokesčiai", () => {
    const lines = reservationLines(reservation, null, 0.21, "standard");
    const damage = lines.find((line) => line.description.startsWith("Pažeidimai"));
    expect(damage).toMatchObject({ total: 400, vatRate: 0.21, vat: 69.42 });
    expect(damage?.vatNote).toBeUndefined();
  });
});
