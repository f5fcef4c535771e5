// The reservation's invoices on its edit screen: each invoice and credit note with its PDF, and
// "Išrašyti sąskaitą" (the server prices the lines; 409 when one is already in force).
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import { Box, Button, Chip, CircularProgress, Link as MuiLink, Stack, Typography } from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import { useBasename, useNotify, useRecordContext } from "react-admin";
import { Link } from "react-router-dom";
import type { InvoiceView } from "../../core/invoices";
import { formatDate, formatMoney } from "../../domain/format";
import { paymentStatusText } from "../../domain/invoiceTerms";
import type { Reservation } from "../../domain/schemas";
import { useAdminActions } from "../adminApi";
import { errorText, invoicePdfName, saveBlob } from "./download";

const INVOICEABLE: readonly Reservation["status"][] = ["confirmed", "active", "completed"];

export function ReservationInvoices() {
  const reservation = useRecordContext<Reservation & { id: string }>();
  const actions = useAdminActions();
  const notify = useNotify();
  const basename = useBasename();
  const [invoices, setInvoices] = useState<InvoiceView[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const id = reservation?.id;

  const load = useCallback(async () => {
    if (!id) return;
    try {
      setInvoices(await actions.reservationInvoices(id));
    } catch {
      setInvoices([]);
    }
  }, [actions, id]);
  useEffect(() => {
    void load();
  }, [load]);
  if (!reservation?.id) return null;

  const open = (invoices ?? []).find((i) => i.kind === "invoice" && !i.creditedBy);
  const issue = async () => {
    setBusy("issue");
    try {
      const issued = await actions.issueInvoice(reservation.id);
      notify(`Išrašyta sąskaita ${issued.number} (${formatMoney(issued.total)}) ir išsiųsta klientui`, {
        type: "success",
      });
      await load();
    } catch (error) {
      notify(errorText(error, "Sąskaitos išrašyti nepavyko"), { type: "error" });
    } finally {
      setBusy(null);
    }
  };
  const download = async (invoice: InvoiceView) => {
    setBusy(invoice.id);
    try {
      saveBlob(await actions.downloadInvoicePdf(invoice.id), invoicePdfName(invoice));
    } catch (error) {
      notify(errorText(error, "Nepavyko atsisiųsti sąskaitos"), { type: "error" });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box component="section" sx={{ px: 2, pb: 2 }} data-testid="reservation-invoices">
      <Stack direction="row" sx={{ alignItems: "center", gap: 1, flexWrap: "wrap", mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Sąskaitos
        </Typography>
        <Button
          variant="outlined"
          size="small"
          startIcon={busy === "issue" ? <CircularProgress size={16} /> : <ReceiptLongIcon />}
          disabled={busy !== null || Boolean(open) || !INVOICEABLE.includes(reservation.status)}
          title={
            open
              ? `Jau išrašyta sąskaita ${open.number}; pakeisti galima tik kreditine sąskaita`
              : INVOICEABLE.includes(reservation.status)
                ? "Išrašyti sąskaitą pagal serverio apskaičiuotą kainą ir grąžinimo mokesčius"
                : "Sąskaitą galima išrašyti patvirtintai, vykdomai ar baigtai rezervacijai"
          }
          onClick={() => void issue()}
        >
          Išrašyti sąskaitą
        </Button>
      </Stack>
      {invoices === null ? (
        <Typography color="text.secondary">Įkeliama…</Typography>
      ) : invoices.length === 0 ? (
        <Typography color="text.secondary">Sąskaitų dar nėra.</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {invoices.map((invoice) => (
            <Stack
              component="li"
              key={invoice.id}
              direction="row"
              sx={{ alignItems: "center", gap: 1, flexWrap: "wrap" }}
              data-invoice={invoice.number}
            >
              <MuiLink component={Link} to={`${basename}/invoices/${invoice.id}`} sx={{ fontWeight: 600 }}>
                {invoice.number}
              </MuiLink>
              <Typography variant="body2">{formatDate(invoice.issueDate)}</Typography>
              <Typography variant="body2" sx={{ fontVariantNumeric: "tabular-nums" }}>
                {formatMoney(invoice.totals.total)}
              </Typography>
              {invoice.kind === "credit" ? <Chip size="small" label="Kreditinė" color="warning" /> : null}
              {invoice.creditedBy ? <Chip size="small" label={`Kredituota ${invoice.creditedBy.number}`} /> : null}
              {invoice.advance ? <Chip size="small" label="Avansinė" color="info" /> : null}
              {invoice.payment ? (
                <Chip
                  size="small"
                  variant="outlined"
                  color={invoice.payment.status === "paid" ? "success" : "warning"}
                  label={paymentStatusText(invoice.payment)}
                />
              ) : null}
              <Button
                size="small"
                startIcon={busy === invoice.id ? <CircularProgress size={16} /> : <PictureAsPdfIcon />}
                disabled={busy !== null}
                onClick={() => void download(invoice)}
              >
                PDF
              </Button>
            </Stack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
