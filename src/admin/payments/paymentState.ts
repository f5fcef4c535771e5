// What the back-office shows of a reservation's payments without reading its ledger: the
// summary the ledger keeps on the reservation (payment.paid, depositState, online) against the
// price plus the return's charges, as the server's "Neapmokėtos" filter computes it.
import { formatMoney, formatTime } from "../../domain/format";
import { type DEPOSIT_STATE_LABELS, reservationTotal } from "../../domain/payments";
import type { Reservation } from "../../domain/schemas";

export interface PaymentState {
  total: number;
  paid: number;
  due: number;
  depositState: keyof typeof DEPOSIT_STATE_LABELS;
  online: NonNullable<Reservation["payment"]>["online"] | null;
}

export function paymentStateOf(record: Pick<Reservation, "quote" | "returnAct" | "payment">): PaymentState {
  const total = reservationTotal(record);
  const paid = record.payment?.paid ?? 0;
  return {
    total,
    paid,
    due: Math.max(0, Math.round((total - paid) * 100) / 100),
    depositState: record.payment?.depositState ?? "none",
    online: record.payment?.online ?? null,
  };
}

/** "Laukiama mokėjimo internetu iki 10:30", "Sumokėta internetu", … or null when none was asked. */
export function onlineStateText(online: PaymentState["online"]): string | null {
  if (!online) return null;
  const amount = formatMoney(online.amount);
  switch (online.state) {
    case "awaiting":
      return `Laukiama mokėjimo internetu (${amount}) iki ${formatTime(online.holdUntil)}`;
    case "paid":
      return `Sumokėta internetu: ${amount}`;
    case "failed":
      return `Mokėjimas internetu nepavyko (${amount})`;
    case "expired":
      return `Mokėjimo internetu laikas baigėsi (${amount})`;
  }
}

/** The list's short text: "Apmokėta", "Liko 195,00 €" ("—" when nothing is charged). */
export function dueText(state: PaymentState): string {
  if (state.total === 0) return "—";
  if (state.due === 0) return "Apmokėta";
  return `Liko ${formatMoney(state.due)}`;
}
