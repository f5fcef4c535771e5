/** @vitest-environment jsdom */
// The payment line under a reservations list row's total as staff read it: what is still due,
// "apmokėta", or the overpayment to give back ("Permoka … €, grąžintina", the "Permoka" filter's rule).
import { cleanup, render, screen } from "@testing-library/react";
import { RecordContextProvider } from "react-admin";
import { afterEach, describe, expect, it } from "vitest";
import { PaymentStatusField } from "../../../src/admin/payments/PaymentStatusField";

afterEach(cleanup);

/** The line of one row (the previous row rendered is taken away first). */
const line = (record: Record<string, unknown>): string => {
  cleanup();
  render(
    <RecordContextProvider value={{ id: "r1", ...record }}>
      <PaymentStatusField />
    </RecordContextProvider>,
  );
  return (screen.getByTestId("payment-status").textContent ?? "").replace(/\u00a0/g, " ");
};
const payment = (paid: number) => ({ paid, due: 0, depositState: "none", online: null });

describe("rezervacijų sąrašo mokėjimo eilutė", () => {
  it("permoka rodoma kaip darbuotojams: „Permoka … €, grąžintina“", () => {
    expect(line({ status: "confirmed", quote: { total: 120 }, payment: payment(145) })).toBe(
      "Permoka 25,00 €, grąžintina",
    );
    // The return's charges count: what is left above them.
    expect(
      line({ status: "completed", quote: { total: 120 }, returnAct: { total: 35.5 }, payment: payment(160) }),
    ).toBe("Permoka 4,50 €, grąžintina");
  });

  it("tiksliai sumokėta, skola ir atšaukta su mokėjimu – be permokos žymės", () => {
    expect(line({ status: "confirmed", quote: { total: 120 }, payment: payment(120) })).toBe("apmokėta");
    expect(line({ status: "confirmed", quote: { total: 120 }, payment: payment(50) })).toBe("liko 70,00 €");
    expect(line({ status: "cancelled", quote: { total: 120 }, payment: payment(150) })).not.toMatch(/Permoka/);
  });
});
