// /admin/invoices/:id: one issued invoice or credit note as issued (never edited), its PDF, and
// "Kreditinė sąskaita" with the reason: the only way to correct an invoice.
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import UndoIcon from "@mui/icons-material/Undo";
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Link as MuiLink,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import { Title, useBasename, useNotify, usePermissions } from "react-admin";
import { Link, useNavigate, useParams } from "react-router-dom";
import type { InvoiceView } from "../../core/invoices";
import { formatDate, formatMoney, formatNumber } from "../../domain/format";
import { totalsByRate, unitPriceText } from "../../domain/invoiceLines";
import { invoiceIssuerName, invoiceTitle, lineQuantityText } from "../../domain/invoices";
import { PAYMENT_STATUS_LABELS, paymentStatusText, payToText, supplyText } from "../../domain/invoiceTerms";
import { useAdminActions } from "../adminApi";
import { ReasonField } from "../common/ReasonField";
import { errorText, invoicePdfName, saveBlob } from "./download";

function Party({ label, party }: { label: string; party: InvoiceView["buyer"] }) {
  return (
    <Box sx={{ flex: "1 1 240px" }}>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{party.name}</Typography>
      {party.code ? <Typography variant="body2">Įmonės kodas: {party.code}</Typography> : null}
      {party.vatCode ? <Typography variant="body2">PVM mokėtojo kodas: {party.vatCode}</Typography> : null}
      <Typography variant="body2">Adresas: {party.address || "—"}</Typography>
      {party.email ? <Typography variant="body2">{party.email}</Typography> : null}
    </Box>
  );
}

/** "42" or "42,50" as euros; NaN when not a number. */
const parseAmount = (text: string): number => (text.trim() === "" ? 0 : Number(text.trim().replace(",", ".")));

/**
 * The credit note: everything still in force, or chosen lines by amount. An administrator issues
 * it; a staff member files a request an administrator approves (four eyes, src/core/approvals.ts).
 */
function CreditDialog({ invoice, onClose }: { invoice: InvoiceView; onClose: () => void }) {
  const actions = useAdminActions();
  const notify = useNotify();
  const navigate = useNavigate();
  const basename = useBasename();
  const { permissions } = usePermissions<string | null>();
  const isAdmin = permissions === "admin";
  const [reason, setReason] = useState("");
  const [partial, setPartial] = useState(false);
  const [amounts, setAmounts] = useState<string[]>(() => invoice.lines.map(() => ""));
  const [error, setError] = useState<string | null>(null);
  const [linesError, setLinesError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const picks = amounts.map((text, line) => ({ line, amount: parseAmount(text) })).filter((pick) => pick.amount !== 0);
  const pickedTotal = picks.reduce((sum, pick) => sum + Math.round(pick.amount * 100), 0) / 100;
  const submit = async () => {
    if (partial && (picks.length === 0 || picks.some((pick) => !Number.isFinite(pick.amount) || pick.amount < 0))) {
      setLinesError("Įveskite kredituojamas sumas (eurais, pvz., 42 arba 42,50)");
      return;
    }
    setBusy(true);
    setLinesError(null);
    try {
      const lines = partial ? picks : undefined;
      if (isAdmin) {
        const issued = await actions.creditInvoice(invoice.id, reason, lines);
        notify(`Išrašyta kreditinė sąskaita ${issued.number}`, { type: "success" });
        onClose();
        navigate(`${basename}/invoices/${issued.id}`);
      } else {
        const filed = await actions.requestCreditNote(invoice.id, lines ? { reason, lines } : { reason });
        notify(filed.message, { type: "info" });
        onClose();
      }
    } catch (caught) {
      const body = (caught as { body?: { errors?: Record<string, string> } }).body;
      setLinesError(body?.errors?.lines ?? null);
      setError(
        body?.errors?.reason ??
          (body?.errors?.lines ? null : errorText(caught, "Kreditinės sąskaitos išrašyti nepavyko")),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Kreditinė sąskaita sąskaitai {invoice.number}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Išrašyta sąskaita nekeičiama. Kreditinė sąskaita panaikina visą dar galiojančią sumą (
          {formatMoney(invoice.balance)}) arba pasirinktų eilučių dalį; prireikus vėliau galima išrašyti naują sąskaitą.
        </Typography>
        {isAdmin ? null : (
          <Typography variant="body2" color="warning.main" sx={{ mb: 2 }}>
            Kreditinę sąskaitą išrašo administratorius: Jūsų prašymas lauks patvirtinimo.
          </Typography>
        )}
        <FormControlLabel
          control={<Switch checked={partial} onChange={(event) => setPartial(event.target.checked)} />}
          label="Kredituoti tik dalį (pasirinktas eilutes)"
          sx={{ mb: 1 }}
        />
        {partial ? (
          <Box sx={{ overflowX: "auto", mb: 2 }}>
            <Table size="small" aria-label="Kredituojamos eilutės">
              <TableHead>
                <TableRow>
                  <TableCell>Eilutė</TableCell>
                  <TableCell align="right">Liko</TableCell>
                  <TableCell align="right">Kredituoti, €</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {invoice.lines.map((line, index) => {
                  const left = invoice.remainingLines[index] ?? 0;
                  if (line.total <= 0 || left <= 0) return null;
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: an issued invoice's lines never change order
                    <TableRow key={index}>
                      <TableCell>{line.description}</TableCell>
                      <TableCell align="right">{formatMoney(left)}</TableCell>
                      <TableCell align="right">
                        <TextField
                          size="small"
                          value={amounts[index] ?? ""}
                          onChange={(event) =>
                            setAmounts((current) => current.map((v, i) => (i === index ? event.target.value : v)))
                          }
                          slotProps={{
                            htmlInput: {
                              inputMode: "decimal",
                              "aria-label": `Kredituoti: ${line.description}`,
                              style: { textAlign: "right", width: "7em" },
                            },
                          }}
                        />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="credit-picked-total">
              Kredituojama: {formatMoney(Number.isFinite(pickedTotal) ? pickedTotal : 0)}
            </Typography>
            {linesError ? (
              <Typography variant="body2" color="error" role="alert">
                {linesError}
              </Typography>
            ) : null}
          </Box>
        ) : null}
        <ReasonField
          label="Priežastis"
          value={reason}
          onChange={setReason}
          error={error}
          hint="Pvz., klaidingi pirkėjo duomenys"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Atšaukti</Button>
        <Button variant="contained" color="warning" onClick={() => void submit()} disabled={busy}>
          {isAdmin ? "Išrašyti kreditinę" : "Pateikti prašymą"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function InvoiceShowPage() {
  const { id = "" } = useParams();
  const actions = useAdminActions();
  const notify = useNotify();
  const basename = useBasename();
  const [invoice, setInvoice] = useState<InvoiceView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [crediting, setCrediting] = useState(false);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setInvoice(await actions.getInvoice(id));
    } catch (caught) {
      setError(errorText(caught, "Sąskaitos įkelti nepavyko"));
    }
  }, [actions, id]);
  useEffect(() => {
    void load();
  }, [load]);

  if (error)
    return (
      <Typography role="alert" sx={{ p: 2 }}>
        {error}
      </Typography>
    );
  if (!invoice) return <CircularProgress sx={{ m: 2 }} aria-label="Įkeliama" />;

  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await actions.downloadInvoicePdf(invoice.id), invoicePdfName(invoice));
    } catch (caught) {
      notify(errorText(caught, "Nepavyko atsisiųsti sąskaitos"), { type: "error" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={`${invoiceTitle(invoice)} ${invoice.number}`} />
      <Card>
        <CardContent>
          <Stack direction="row" sx={{ gap: 1, flexWrap: "wrap", alignItems: "center", mb: 2 }}>
            <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
              {invoiceTitle(invoice)} {invoice.number}
            </Typography>
            <Button
              variant="outlined"
              startIcon={busy ? <CircularProgress size={16} /> : <PictureAsPdfIcon />}
              onClick={() => void download()}
              disabled={busy}
            >
              PDF
            </Button>
            {invoice.kind === "invoice" && invoice.balance > 0 ? (
              <Button variant="outlined" color="warning" startIcon={<UndoIcon />} onClick={() => setCrediting(true)}>
                Kreditinė sąskaita
              </Button>
            ) : null}
          </Stack>
          <Stack direction="row" sx={{ gap: 1, flexWrap: "wrap", mb: 2 }}>
            <Chip label={`Data ${formatDate(invoice.issueDate)}`} />
            {invoice.dueDate ? <Chip label={`Apmokėti iki ${formatDate(invoice.dueDate)}`} /> : null}
            {invoice.payment ? (
              <Chip
                color={
                  invoice.payment.status === "paid"
                    ? "success"
                    : invoice.payment.status === "part-paid"
                      ? "warning"
                      : "error"
                }
                label={PAYMENT_STATUS_LABELS[invoice.payment.status]}
              />
            ) : null}
            {invoice.period ? <Chip label={`Laikotarpis ${invoice.period}`} /> : null}
            {invoice.creditOf ? (
              <Chip
                color="warning"
                component={Link}
                to={`${basename}/invoices/${invoice.creditOf.id}`}
                clickable
                label={`Koreguoja ${invoice.creditOf.number}`}
              />
            ) : null}
            {invoice.kind === "invoice" && invoice.credits.length > 0 ? (
              <Chip
                color={invoice.balance > 0 ? "info" : "default"}
                label={`Galioja ${formatMoney(invoice.balance)}`}
              />
            ) : null}
            {invoice.creditedBy ? (
              <Chip
                component={Link}
                to={`${basename}/invoices/${invoice.creditedBy.id}`}
                clickable
                label={`Kredituota ${invoice.creditedBy.number}`}
              />
            ) : null}
          </Stack>
          {invoice.reason ? <Typography sx={{ mb: 2 }}>Priežastis: {invoice.reason}</Typography> : null}
          {supplyText(invoice) ? <Typography sx={{ mb: 1 }}>{supplyText(invoice)}</Typography> : null}
          {invoice.payment ? <Typography sx={{ mb: 1 }}>{paymentStatusText(invoice.payment)}</Typography> : null}
          {invoice.payTo ? (
            <Typography variant="body2" sx={{ mb: 2 }}>
              {payToText(invoice.payTo)}
            </Typography>
          ) : null}
          <Stack direction="row" sx={{ gap: 3, flexWrap: "wrap", mb: 2 }}>
            <Party label="Pardavėjas" party={invoice.seller} />
            <Party label="Pirkėjas" party={invoice.buyer} />
          </Stack>
          <Typography variant="body2" sx={{ mb: 1 }}>
            Rezervacijos:{" "}
            {invoice.reservationIds.map((rid, i) => (
              <span key={rid}>
                {i > 0 ? ", " : ""}
                <MuiLink component={Link} to={`${basename}/reservations/${rid}`}>
                  {invoice.reservationNumbers[i] ?? rid}
                </MuiLink>
              </span>
            ))}
          </Typography>
          <Box sx={{ overflowX: "auto" }}>
            <Table size="small" sx={{ minWidth: 560 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Pavadinimas</TableCell>
                  <TableCell align="right">Kiekis</TableCell>
                  <TableCell align="right">Kaina be PVM</TableCell>
                  <TableCell align="right">Be PVM</TableCell>
                  <TableCell align="right">PVM %</TableCell>
                  <TableCell align="right">PVM</TableCell>
                  <TableCell align="right">Iš viso</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {invoice.lines.map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: an issued invoice's lines never change order
                  <TableRow key={index}>
                    <TableCell>{line.description}</TableCell>
                    <TableCell align="right">{lineQuantityText(line)}</TableCell>
                    <TableCell align="right">{unitPriceText(line.unitNet)}</TableCell>
                    <TableCell align="right">{formatMoney(line.net)}</TableCell>
                    <TableCell align="right">{formatNumber(line.vatRate * 100)} %</TableCell>
                    <TableCell align="right">{formatMoney(line.vat)}</TableCell>
                    <TableCell align="right">{formatMoney(line.total)}</TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
                    Iš viso
                  </TableCell>
                  <TableCell align="right">{formatMoney(invoice.totals.net)}</TableCell>
                  <TableCell />
                  <TableCell align="right">{formatMoney(invoice.totals.vat)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {formatMoney(invoice.totals.total)}
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </Box>
          {invoice.vatInvoice ? (
            <Box sx={{ mt: 1 }}>
              {totalsByRate(invoice.lines).map((rate) => (
                <Typography key={rate.rate} variant="body2">
                  PVM {formatNumber(rate.rate * 100)} %: nuo {formatMoney(rate.net)} – {formatMoney(rate.vat)}
                </Typography>
              ))}
            </Box>
          ) : null}
          <Typography sx={{ mt: 2, fontWeight: 600 }}>Suma žodžiais: {invoice.amountInWords}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Išrašė {invoiceIssuerName(invoice) || invoice.seller.name}
          </Typography>
        </CardContent>
      </Card>
      {crediting ? <CreditDialog invoice={invoice} onClose={() => setCrediting(false)} /> : null}
    </Box>
  );
}

export default InvoiceShowPage;
