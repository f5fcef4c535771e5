// Under the reservations list's total: what is still due ("liko 195,00 €", "apmokėta"), what was
// paid above the price ("Permoka 20,00 €, grąžintina", the "Permoka" filter's rule), a held
// deposit, an online payment still awaited. Read from the reservation's own summary (no ledger
// read per row).
import { Box } from "@mui/material";
import { useRecordContext } from "react-admin";
import { overpaymentLabel, overpaymentOf } from "../../domain/overpayment";
import type { Reservation } from "../../domain/schemas";
import { dueText, paymentStateOf } from "./paymentState";

export function PaymentStatusField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<Reservation>();
  if (!record) return null;
  const state = paymentStateOf(record);
  const cancelled = record.status === "cancelled" || record.status === "no_show";
  const overpayment = overpaymentOf(record);
  const notes = [
    overpayment > 0 ? overpaymentLabel(overpayment) : dueText(state).toLocaleLowerCase("lt-LT"),
    state.depositState === "held" ? "užstatas paimtas" : "",
    state.online?.state === "awaiting" ? "laukia mokėjimo" : "",
  ].filter(Boolean);
  return (
    <Box
      component="span"
      data-testid="payment-status"
      sx={{
        display: "block",
        fontSize: "0.75rem",
        whiteSpace: "nowrap",
        color:
          overpayment > 0
            ? "warning.main"
            : state.due === 0
              ? "success.main"
              : cancelled
                ? "text.secondary"
                : "error.main",
      }}
    >
      {notes.join(" · ")}
    </Box>
  );
}
