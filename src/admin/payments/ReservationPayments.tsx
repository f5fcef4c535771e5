// The reservation's "Mokėjimai" panel: price, paid, due and the deposit, the ledger's entries
// (append-only: never edited, a correction is a new entry, e.g. a refund) and a form to record
// what staff took at the desk. The server decides the summary; this screen only shows it.
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  type Theme,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useNotify, usePermissions, useRecordContext } from "react-admin";
import { formatDateTime, formatMoney } from "../../domain/format";
import { overpaymentLabel, overpaymentOf } from "../../domain/overpayment";
import {
  DEPOSIT_STATE_LABELS,
  PAYMENT_KIND_LABELS,
  PAYMENT_KINDS,
  PAYMENT_METHOD_LABELS,
  type PaymentKind,
  type PaymentMethod,
  REFERENCE_MAX,
  type StoredLedgerEntry,
} from "../../domain/payments";
import type { Reservation } from "../../domain/schemas";
import { type LedgerView, useAdminActions } from "../adminApi";
import { onlineStateText } from "./paymentState";

const STAFF_METHODS: readonly PaymentMethod[] = ["cash", "card", "transfer"];
const EMPTY_FORM = { amount: "", method: "cash" as PaymentMethod, kind: "rental" as PaymentKind, reference: "" };

/** "12,50" or "12.50" -> 12.5; NaN for anything else. */
const parseAmount = (text: string): number => {
  const normalised = text.replace(/\s/g, "").replace(",", ".");
  return /^\d+(\.\d{1,2})?$/.test(normalised) ? Number(normalised) : Number.NaN;
};

const fieldErrorsOf = (error: unknown): Record<string, string> => {
  const errors = (error as { body?: { errors?: unknown } } | null)?.body?.errors;
  return errors && typeof errors === "object" ? (errors as Record<string, string>) : {};
};

function SummaryItem({ label, value, tone }: { label: string; value: string; tone?: "error" | "success" }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        variant="subtitle1"
        sx={{
          fontWeight: 600,
          color: tone === "error" ? "error.main" : tone === "success" ? "success.main" : undefined,
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function EntryRows({ entries, compact }: { entries: StoredLedgerEntry[]; compact: boolean }) {
  const sign = (e: StoredLedgerEntry) => (e.kind === "refund" || e.kind === "deposit-released" ? "−" : "");
  if (compact) {
    return (
      <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {entries.map((e) => (
          <Box
            component="li"
            key={e.id}
            sx={{ py: 1, borderBottom: 1, borderColor: "divider" }}
            data-testid="ledger-entry"
          >
            <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {PAYMENT_KIND_LABELS[e.kind]}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
                {sign(e)}
                {formatMoney(e.amount)}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(e.at)} · {PAYMENT_METHOD_LABELS[e.method]}
            </Typography>
            {e.reference ? <Typography variant="body2">{e.reference}</Typography> : null}
            <Typography variant="caption" color="text.secondary" sx={{ wordBreak: "break-all" }}>
              {e.who === "provider" ? "Mokėjimo sistema" : e.who}
            </Typography>
          </Box>
        ))}
      </Stack>
    );
  }
  return (
    <Table size="small" aria-label="Mokėjimų žurnalas">
      <TableHead>
        <TableRow>
          <TableCell>Laikas</TableCell>
          <TableCell>Rūšis</TableCell>
          <TableCell>Būdas</TableCell>
          <TableCell align="right">Suma</TableCell>
          <TableCell>Pastaba</TableCell>
          <TableCell>Įrašė</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((e) => (
          <TableRow key={e.id} data-testid="ledger-entry">
            <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTime(e.at)}</TableCell>
            <TableCell>{PAYMENT_KIND_LABELS[e.kind]}</TableCell>
            <TableCell>{PAYMENT_METHOD_LABELS[e.method]}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
              {sign(e)}
              {formatMoney(e.amount)}
            </TableCell>
            <TableCell sx={{ wordBreak: "break-word" }}>{e.reference || "—"}</TableCell>
            <TableCell sx={{ wordBreak: "break-all" }}>{e.who === "provider" ? "Mokėjimo sistema" : e.who}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function ReservationPayments() {
  const record = useRecordContext<Reservation & { id: string }>();
  const actions = useAdminActions();
  const notify = useNotify();
  const { permissions } = usePermissions<string | null>();
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  const [ledger, setLedger] = useState<LedgerView | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [form, setForm] = useState(EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const id = record?.id;
  // The record's own summary changes with every payment (and live updates): read the ledger again.
  const stamp = `${record?.payment?.paid ?? ""}|${record?.payment?.online?.state ?? ""}|${record?.returnAct?.total ?? ""}|${record?.quote?.total ?? ""}`;

  const load = useCallback(async () => {
    if (!id) return;
    try {
      setLedger(await actions.reservationPayments(id));
      setLoadError(false);
    } catch {
      setLoadError(true);
    }
  }, [actions, id]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: stamp is the reason to read again
  useEffect(() => {
    void load();
  }, [load, stamp]);

  if (!id) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = parseAmount(form.amount);
    if (!Number.isFinite(amount) || amount <= 0) {
      setErrors({ amount: "Įveskite sumą eurais, pvz. 120,50" });
      return;
    }
    setSaving(true);
    try {
      if (form.kind === "refund" && permissions !== "admin") {
        // Four eyes: a staff member's refund waits for an administrator (the dashboard's "Laukia patvirtinimo").
        const filed = await actions.requestRefund(id, { amount, method: form.method, reference: form.reference });
        setForm(EMPTY_FORM);
        setErrors({});
        notify(filed.message, { type: "info" });
        return;
      }
      await actions.addReservationPayment(id, { ...form, amount });
      setForm(EMPTY_FORM);
      setErrors({});
      notify("Mokėjimas įrašytas", { type: "success" });
      await load();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      notify(error instanceof Error && error.message ? error.message : "Mokėjimo įrašyti nepavyko", { type: "error" });
    } finally {
      setSaving(false);
    }
  };

  const summary = ledger?.summary;
  const online = onlineStateText(ledger?.online ?? null);
  const overpayment = summary && record ? overpaymentOf({ ...record, payment: { paid: summary.paid } }) : 0;
  return (
    <Box
      component="section"
      sx={{ px: 2, pb: 2 }}
      data-testid="reservation-payments"
      aria-labelledby="payments-heading"
    >
      <Typography id="payments-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Mokėjimai
      </Typography>
      {loadError ? (
        <Alert severity="error">Mokėjimų įkelti nepavyko.</Alert>
      ) : !summary ? (
        <CircularProgress size={20} aria-label="Įkeliama" />
      ) : (
        <>
          <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 3, rowGap: 1, mb: 1 }} data-testid="payment-summary">
            <SummaryItem label="Kaina su mokesčiais" value={formatMoney(summary.total)} />
            <SummaryItem label="Sumokėta" value={formatMoney(summary.paid)} />
            <SummaryItem
              label="Liko sumokėti"
              value={formatMoney(summary.due)}
              tone={summary.due > 0 ? "error" : "success"}
            />
            <SummaryItem
              label="Užstatas"
              value={
                summary.deposit.state === "held"
                  ? `${formatMoney(summary.deposit.amount)} (${DEPOSIT_STATE_LABELS.held})`
                  : DEPOSIT_STATE_LABELS[summary.deposit.state]
              }
            />
          </Box>
          {overpayment > 0 ? (
            <Alert severity="warning" sx={{ mb: 1 }} data-testid="overpayment">
              {overpaymentLabel(overpayment)}
            </Alert>
          ) : null}
          {online ? (
            <Chip
              size="small"
              color={
                ledger?.online?.state === "paid" ? "success" : ledger?.online?.state === "awaiting" ? "info" : "default"
              }
              label={online}
              sx={{ mb: 1, maxWidth: "100%", height: "auto", "& .MuiChip-label": { whiteSpace: "normal", py: 0.5 } }}
            />
          ) : null}
          {ledger.entries.length === 0 ? (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Mokėjimų dar nėra.
            </Typography>
          ) : (
            <Box sx={{ mb: 2, overflowX: "auto" }}>
              <EntryRows entries={ledger.entries} compact={compact} />
            </Box>
          )}
        </>
      )}

      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "flex-start" }}
        aria-label="Naujas mokėjimas"
      >
        <TextField
          label="Suma, €"
          size="small"
          value={form.amount}
          onChange={(e) => setForm({ ...form, amount: e.target.value })}
          error={Boolean(errors.amount)}
          helperText={errors.amount ?? " "}
          slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "payment-amount" } }}
          sx={{ width: { xs: "100%", sm: 130 } }}
        />
        <TextField
          select
          label="Rūšis"
          size="small"
          value={form.kind}
          onChange={(e) => setForm({ ...form, kind: e.target.value as PaymentKind })}
          error={Boolean(errors.kind)}
          helperText={errors.kind ?? " "}
          sx={{ width: { xs: "100%", sm: 200 } }}
          slotProps={{ select: { SelectDisplayProps: { "data-testid": "payment-kind" } as object } }}
        >
          {PAYMENT_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {PAYMENT_KIND_LABELS[kind]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Būdas"
          size="small"
          value={form.method}
          onChange={(e) => setForm({ ...form, method: e.target.value as PaymentMethod })}
          error={Boolean(errors.method)}
          helperText={errors.method ?? " "}
          sx={{ width: { xs: "100%", sm: 170 } }}
        >
          {STAFF_METHODS.map((method) => (
            <MenuItem key={method} value={method}>
              {PAYMENT_METHOD_LABELS[method]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Pastaba (kvitas, pavedimas)"
          size="small"
          value={form.reference}
          onChange={(e) => setForm({ ...form, reference: e.target.value })}
          error={Boolean(errors.reference)}
          helperText={errors.reference ?? " "}
          slotProps={{ htmlInput: { maxLength: REFERENCE_MAX } }}
          sx={{ flex: "1 1 200px" }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={saving}
          sx={{ mt: 0.25, width: { xs: "100%", sm: "auto" } }}
        >
          Įrašyti mokėjimą
        </Button>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p">
        Įrašai nekeičiami ir netrinami: klaidą ištaisykite nauju įrašu (pvz., „{PAYMENT_KIND_LABELS.refund}“).
      </Typography>
    </Box>
  );
}
