import { describe, expect, it } from "vitest";
import { BALANCE_MESSAGES, balanceOrderId, balanceRefusal, reservationIdOfOrder } from "../../../src/domain/payments";

describe("likučio mokėjimas internetu („Mano rezervacija“)", () => {
  const uuid = "0f8e7d6c-5b4a-4321-8fed-cba987654321";

  it("užsakymo numeris unikalus pagal žurnalo ilgį, telpa į 40 simbolių ir atkuria rezervaciją", () => {
    expect(balanceOrderId(uuid, 1)).toBe(`b1-${uuid}`);
    expect(balanceOrderId(uuid, 40)).toBe(`b14-${uuid}`);
    expect(balanceOrderId(uuid, 40).length).toBeLessThanOrEqual(40);
    expect(balanceOrderId(uuid, 5000).length).toBeLessThanOrEqual(40);
    expect(reservationIdOfOrder(balanceOrderId(uuid, 7))).toBe(uuid);
    expect(reservationIdOfOrder(uuid)).toBe(uuid);
    expect(reservationIdOfOrder("abcDEF1234567890abcd")).toBe("abcDEF1234567890abcd");
  });

  it("mokėti galima tik kai yra likutis, rezervacija neatšaukta ir nelaukia rezervavimo mokėjimo", () => {
    expect(balanceRefusal({ status: "confirmed" }, 120.5)).toBeNull();
    expect(balanceRefusal({ status: "completed" }, 15)).toBeNull();
    expect(balanceRefusal({ status: "confirmed" }, 0)).toBe(BALANCE_MESSAGES.nothingDue);
    expect(balanceRefusal({ status: "cancelled" }, 50)).toBe(BALANCE_MESSAGES.closed);
    expect(balanceRefusal({ status: "no_show" }, 50)).toBe(BALANCE_MESSAGES.closed);
    const online = {
      provider: "paysera" as const,
      state: "awaiting" as const,
      amount: 50,
      depositHold: 0,
      holdUntil: "2026-11-25T10:00:00.000Z",
      orderId: uuid,
    };
    const payment = { paid: 0, due: 200, depositState: "none" as const, online };
    expect(balanceRefusal({ status: "new", payment }, 200)).toBe(BALANCE_MESSAGES.awaitingBooking);
    expect(
      balanceRefusal({ status: "new", payment: { ...payment, online: { ...online, balance: true } } }, 200),
    ).toBeNull();
  });
});
