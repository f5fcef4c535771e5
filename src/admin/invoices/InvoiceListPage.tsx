// /admin/invoices: issued invoices and credit notes (read only: an issued invoice never changes),
// searchable by number or buyer, filtered by kind and month; the month's i.SAF XML and a business
// customer's monthly invoice from here. Works on a phone (cards) and a desktop (table).
import DownloadIcon from "@mui/icons-material/Download";
import ReceiptLongIcon from "@mui/icons-material/ReceiptLong";
import {
  Autocomplete,
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
  MenuItem,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  type Theme,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { useCallback, useEffect, useState } from "react";
import { Title, useBasename, useGetList, useNotify } from "react-admin";
import { Link } from "react-router-dom";
import type { InvoiceView } from "../../core/invoices";
import { formatDate, formatMoney } from "../../domain/format";
import { vilniusDateString } from "../../domain/time";
import { useAdminActions } from "../adminApi";
import { errorText, saveBlob } from "./download";

const thisMonth = () => vilniusDateString(new Date()).slice(0, 7);
const previousMonth = () => {
  const [y, m] = thisMonth().split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
};

function KindChip({ invoice }: { invoice: InvoiceView }) {
  if (invoice.kind === "credit") return <Chip size="small" color="warning" label="Kreditinė" />;
  if (invoice.creditedBy) return <Chip size="small" label={`Kredituota ${invoice.creditedBy.number}`} />;
  return <Chip size="small" color="success" variant="outlined" label="Galiojanti" />;
}

function IsafButton() {
  const actions = useAdminActions();
  const notify = useNotify();
  const [month, setMonth] = useState(previousMonth);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await actions.downloadIsaf(month), `isaf-${month}.xml`);
    } catch (error) {
      notify(errorText(error, "i.SAF failo parengti nepavyko"), { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: "center" }}>
      <TextField
        label="i.SAF mėnuo"
        type="month"
        size="small"
        value={month}
        onChange={(event) => setMonth(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ width: 170 }}
      />
      <Button
        variant="outlined"
        onClick={() => void download()}
        disabled={busy || !/^\d{4}-\d{2}$/.test(month)}
        startIcon={busy ? <CircularProgress size={16} /> : <DownloadIcon />}
      >
        i.SAF XML
      </Button>
    </Stack>
  );
}

type CustomerOption = { id: string; companyName?: string; firstName?: string; lastName?: string; companyCode?: string };

function MonthlyInvoiceDialog({
  open,
  onClose,
  onIssued,
}: {
  open: boolean;
  onClose: () => void;
  onIssued: () => void;
}) {
  const actions = useAdminActions();
  const notify = useNotify();
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const [month, setMonth] = useState(previousMonth);
  const [busy, setBusy] = useState(false);
  const { data = [], isPending } = useGetList<CustomerOption>(
    "customers",
    {
      pagination: { page: 1, perPage: 200 },
      sort: { field: "companyName", order: "ASC" },
      filter: { type: "business" },
    },
    { enabled: open },
  );
  const issue = async () => {
    if (!customer) return;
    setBusy(true);
    try {
      const issued = await actions.issueMonthlyInvoice({ customerId: customer.id, month });
      notify(`Išrašyta mėnesio sąskaita ${issued.number} (${formatMoney(issued.total)})`, { type: "success" });
      onIssued();
      onClose();
    } catch (error) {
      notify(errorText(error, "Mėnesio sąskaitos išrašyti nepavyko"), { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>Mėnesio sąskaita įmonei</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Į vieną sąskaitą įtraukiamos visos kliento tą mėnesį baigtos ir dar neapmokestintos nuomos.
        </Typography>
        <Stack spacing={2}>
          <Autocomplete
            options={data}
            loading={isPending}
            value={customer}
            onChange={(_event, value) => setCustomer(value)}
            getOptionLabel={(option) =>
              `${option.companyName || `${option.firstName ?? ""} ${option.lastName ?? ""}`}${option.companyCode ? ` (${option.companyCode})` : ""}`
            }
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label="Verslo klientas" />}
            noOptionsText="Verslo klientų nėra"
          />
          <TextField
            label="Mėnuo"
            type="month"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Atšaukti</Button>
        <Button variant="contained" onClick={() => void issue()} disabled={!customer || busy}>
          Išrašyti
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function InvoiceListPage() {
  const actions = useAdminActions();
  const basename = useBasename();
  const isSmall = useMediaQuery((theme: Theme) => theme.breakpoints.down("md"));
  const [q, setQ] = useState("");
  const [kind, setKind] = useState("");
  const [month, setMonth] = useState("");
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [rows, setRows] = useState<InvoiceView[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [monthlyOpen, setMonthlyOpen] = useState(false);

  const load = useCallback(async () => {
    try {
      const filter: Record<string, string> = {};
      if (q.trim()) filter.q = q.trim();
      if (kind) filter.kind = kind;
      if (month) filter.month = month;
      const answer = await actions.listInvoices({
        filter,
        sort: { field: "number", order: "DESC" },
        range: [page * perPage, page * perPage + perPage - 1],
      });
      setRows(answer.data);
      setTotal(answer.total);
      setError(null);
    } catch (caught) {
      setError(errorText(caught, "Sąskaitų įkelti nepavyko"));
    }
  }, [actions, q, kind, month, page, perPage]);
  useEffect(() => {
    const timer = setTimeout(() => void load(), 200);
    return () => clearTimeout(timer);
  }, [load]);

  const link = (invoice: InvoiceView) => (
    <MuiLink component={Link} to={`${basename}/invoices/${invoice.id}`} sx={{ fontWeight: 600 }}>
      {invoice.number}
    </MuiLink>
  );

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Sąskaitos faktūros" />
      <Stack direction="row" sx={{ gap: 2, flexWrap: "wrap", alignItems: "center", mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Sąskaitos faktūros
        </Typography>
        <IsafButton />
        <Button variant="contained" startIcon={<ReceiptLongIcon />} onClick={() => setMonthlyOpen(true)}>
          Mėnesio sąskaita
        </Button>
      </Stack>
      <Stack direction="row" sx={{ gap: 2, flexWrap: "wrap", mb: 2 }}>
        <TextField
          label="Paieška (numeris, pirkėjas)"
          size="small"
          value={q}
          onChange={(event) => {
            setQ(event.target.value);
            setPage(0);
          }}
          fullWidth={false}
          sx={{ minWidth: 220, flex: "1 1 260px", maxWidth: 420 }}
        />
        <TextField
          select
          label="Rūšis"
          size="small"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value);
            setPage(0);
          }}
          fullWidth={false}
          sx={{ width: 170 }}
        >
          <MenuItem value="">Visos</MenuItem>
          <MenuItem value="invoice">Sąskaitos</MenuItem>
          <MenuItem value="credit">Kreditinės</MenuItem>
        </TextField>
        <TextField
          label="Mėnuo"
          type="month"
          size="small"
          value={month}
          onChange={(event) => {
            setMonth(event.target.value);
            setPage(0);
          }}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth={false}
          sx={{ width: 170 }}
        />
      </Stack>
      {error ? (
        <Typography role="alert" color="error">
          {error}
        </Typography>
      ) : rows === null ? (
        <CircularProgress aria-label="Įkeliama" />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">Sąskaitų nerasta.</Typography>
      ) : isSmall ? (
        <Stack spacing={1} data-testid="invoice-cards">
          {rows.map((invoice) => (
            <Card key={invoice.id} variant="outlined">
              <CardContent sx={{ "&:last-child": { pb: 2 } }}>
                <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", gap: 1 }}>
                  {link(invoice)}
                  <Typography sx={{ fontWeight: 600, fontVariantNumeric: "tabular-nums" }}>
                    {formatMoney(invoice.totals.total)}
                  </Typography>
                </Stack>
                <Typography variant="body2">{invoice.buyer.name}</Typography>
                <Stack direction="row" sx={{ gap: 1, alignItems: "center", mt: 0.5 }}>
                  <Typography variant="body2" color="text.secondary">
                    {formatDate(invoice.issueDate)}
                  </Typography>
                  <KindChip invoice={invoice} />
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table size="small" data-testid="invoice-table">
          <TableHead>
            <TableRow>
              <TableCell>Numeris</TableCell>
              <TableCell>Data</TableCell>
              <TableCell>Pirkėjas</TableCell>
              <TableCell>Rezervacijos</TableCell>
              <TableCell align="right">Be PVM</TableCell>
              <TableCell align="right">PVM</TableCell>
              <TableCell align="right">Iš viso</TableCell>
              <TableCell>Būsena</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((invoice) => (
              <TableRow key={invoice.id} hover>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{link(invoice)}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDate(invoice.issueDate)}</TableCell>
                <TableCell>{invoice.buyer.name}</TableCell>
                <TableCell>
                  {invoice.reservationNumbers.slice(0, 2).map((number) => (
                    <Box component="span" key={number} sx={{ display: "block", whiteSpace: "nowrap" }}>
                      {number}
                    </Box>
                  ))}
                  {invoice.reservationNumbers.length > 2 ? (
                    <Typography variant="caption" color="text.secondary">
                      ir dar {invoice.reservationNumbers.length - 2}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {formatMoney(invoice.totals.net)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {formatMoney(invoice.totals.vat)}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
                  {formatMoney(invoice.totals.total)}
                </TableCell>
                <TableCell>
                  <KindChip invoice={invoice} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <TablePagination
        component="div"
        count={total}
        page={page}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={perPage}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPage(0);
        }}
        rowsPerPageOptions={[25, 50, 100]}
        labelRowsPerPage="Eilučių:"
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} iš ${count}`}
      />
      <MonthlyInvoiceDialog open={monthlyOpen} onClose={() => setMonthlyOpen(false)} onIssued={() => void load()} />
    </Box>
  );
}

export default InvoiceListPage;
