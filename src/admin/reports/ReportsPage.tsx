// /admin/reports: utilisation, revenue, cancellations and no-shows, rental length and booking lead
// time, unpaid balances for a chosen period, each with a chart (MUI X Charts) and a CSV in the
// lt-LT Excel format. Loaded lazily (customRoutes.tsx), so the charts stay out of other screens.
import DownloadIcon from "@mui/icons-material/Download";
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Title, useBasename } from "react-admin";
import { Link } from "react-router-dom";
import { formatDate, formatMoney, formatNumber } from "../../domain/format";
import type { Reports, RevenueRow } from "../../domain/reports";
import { RESERVATION_STATUS_LABELS } from "../../domain/reservationStatus";
import { addDaysToDateString, vilniusDateString } from "../../domain/time";
import { useAdminActions } from "../adminApi";
import { csvFileName, downloadCsv } from "../common/csv";
import { DateField } from "../common/DatePicker";
import { errorText } from "../invoices/download";
import { REPORT_FILE_STEMS, type ReportName, reportCsv } from "./reportCsv";

const percent = (rate: number) => `${formatNumber(rate * 100, 1)} %`;
const CHART_HEIGHT = 260;
const UNPAID_SHOWN = 15;
const chartText = { noData: "Duomenų nėra", loading: "Įkeliama…" };

function Section({
  title,
  name,
  reports,
  wide = false,
  children,
}: {
  title: string;
  name: ReportName;
  reports: Reports;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title} data-report={name} sx={wide ? { gridColumn: "1 / -1" } : undefined}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: "center", gap: 1, mb: 1, flexWrap: "wrap" }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            onClick={() =>
              downloadCsv(
                reportCsv(reports, name),
                csvFileName(`${REPORT_FILE_STEMS[name]}-${reports.from}-${reports.to}`),
              )
            }
          >
            CSV
          </Button>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

function SmallTable({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  return (
    <Box sx={{ overflowX: "auto" }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((h, i) => (
              <TableCell key={h} align={i === 0 ? "left" : "right"}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={String(row[0])}>
              {row.map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                <TableCell key={i} align={i === 0 ? "left" : "right"}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const revenueRows = (rows: RevenueRow[]) =>
  rows.map((r) => [r.label, formatNumber(r.reservations, 0), formatMoney(r.net), formatMoney(r.total)]);

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
    </Box>
  );
}

export function ReportsPage() {
  const actions = useAdminActions();
  const basename = useBasename();
  const today = vilniusDateString(new Date());
  const [from, setFrom] = useState(`${addDaysToDateString(today, -334).slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [reports, setReports] = useState<Reports | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setReports(await actions.reports({ from, to }));
      setError(null);
    } catch (caught) {
      const body = (caught as { body?: { errors?: Record<string, string> } }).body;
      setError(body?.errors ? Object.values(body.errors).join(". ") : errorText(caught, "Ataskaitų įkelti nepavyko"));
    } finally {
      setLoading(false);
    }
  }, [actions, from, to]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once; the button reloads with new dates
  useEffect(() => {
    void load();
  }, []);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="Ataskaitos" />
      <Stack direction="row" sx={{ gap: 2, flexWrap: "wrap", alignItems: "center", mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Ataskaitos
        </Typography>
        <DateField label="Nuo" size="small" value={from} onChange={setFrom} fullWidth={false} sx={{ width: 190 }} />
        <DateField label="Iki" size="small" value={to} onChange={setTo} fullWidth={false} sx={{ width: 190 }} />
        <Button variant="contained" onClick={() => void load()} disabled={loading}>
          Rodyti
        </Button>
      </Stack>
      {error ? (
        <Typography role="alert" color="error" sx={{ mb: 2 }}>
          {error}
        </Typography>
      ) : null}
      {!reports ? (
        <CircularProgress aria-label="Įkeliama" />
      ) : (
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "repeat(2, minmax(0, 1fr))" },
            opacity: loading ? 0.6 : 1,
          }}
        >
          <Section title={`Užimtumas: ${percent(reports.utilisation.overall)}`} name="utilisation" reports={reports}>
            <BarChart
              height={CHART_HEIGHT}
              localeText={chartText}
              dataset={reports.utilisation.byMonth.map((r) => ({
                month: r.label,
                rate: Math.round(r.rate * 1000) / 10,
              }))}
              xAxis={[{ scaleType: "band", dataKey: "month" }]}
              yAxis={[{ width: 44, valueFormatter: (v: number) => `${v} %` }]}
              series={[
                { dataKey: "rate", label: "Užimtumas, %", valueFormatter: (v) => `${formatNumber(v ?? 0, 1)} %` },
              ]}
            />
            <SmallTable
              head={["Klasė", "Išnuomota d.", "Galima d.", "Užimtumas"]}
              rows={reports.utilisation.byCategory.map((r) => [
                r.label,
                formatNumber(r.rentedDays, 0),
                formatNumber(r.availableDays, 0),
                percent(r.rate),
              ])}
            />
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              Automobiliai (didžiausias užimtumas)
            </Typography>
            <SmallTable
              head={["Automobilis", "Išnuomota d.", "Galima d.", "Užimtumas"]}
              rows={reports.utilisation.byCar
                .slice(0, 10)
                .map((r) => [
                  r.label,
                  formatNumber(r.rentedDays, 0),
                  formatNumber(r.availableDays, 0),
                  percent(r.rate),
                ])}
            />
          </Section>

          <Section title={`Pajamos: ${formatMoney(reports.revenue.total)}`} name="revenue" reports={reports}>
            <BarChart
              height={CHART_HEIGHT}
              localeText={chartText}
              dataset={reports.revenue.byMonth.map((r) => ({ month: r.label, total: r.total, net: r.net }))}
              xAxis={[{ scaleType: "band", dataKey: "month" }]}
              yAxis={[{ width: 84, valueFormatter: (v: number) => `${formatNumber(v, 0)} €` }]}
              series={[
                { dataKey: "net", label: "Be PVM", valueFormatter: (v) => formatMoney(v ?? 0) },
                { dataKey: "total", label: "Su PVM", valueFormatter: (v) => formatMoney(v ?? 0) },
              ]}
            />
            <SmallTable head={["Šaltinis", "Rez.", "Be PVM", "Su PVM"]} rows={revenueRows(reports.revenue.bySource)} />
            <SmallTable head={["Klasė", "Rez.", "Be PVM", "Su PVM"]} rows={revenueRows(reports.revenue.byCategory)} />
            <SmallTable
              head={["Paėmimo vieta", "Rez.", "Be PVM", "Su PVM"]}
              rows={revenueRows(reports.revenue.byLocation)}
            />
          </Section>

          <Section title="Atšaukimai ir neatvykimai" name="cancellations" reports={reports}>
            <BarChart
              height={CHART_HEIGHT}
              localeText={chartText}
              dataset={reports.cancellations.map((r) => ({ ...r }))}
              xAxis={[{ scaleType: "band", dataKey: "month" }]}
              yAxis={[{ width: 36 }]}
              series={[
                { dataKey: "cancelled", label: "Atšaukta", stack: "lost", color: "#ed6c02" },
                { dataKey: "noShow", label: "Neatvyko", stack: "lost", color: "#d32f2f" },
              ]}
            />
            <SmallTable
              head={["Mėnuo", "Rezervacijų", "Atšaukta", "Neatvyko"]}
              rows={reports.cancellations.map((r) => [
                r.month,
                formatNumber(r.reservations, 0),
                `${r.cancelled} (${percent(r.cancelledRate)})`,
                `${r.noShow} (${percent(r.noShowRate)})`,
              ])}
            />
          </Section>

          <Section title="Nuomos trukmė ir rezervavimo laikas" name="lengths" reports={reports}>
            <Stack direction="row" sx={{ gap: 3, flexWrap: "wrap", mb: 1 }}>
              <Stat label="Nuomų" value={formatNumber(reports.lengths.reservations, 0)} />
              <Stat label="Vidutinė trukmė" value={`${formatNumber(reports.lengths.averageDays, 1)} paros`} />
              <Stat label="Rezervuojama prieš" value={`${formatNumber(reports.lengths.averageLeadDays, 1)} d.`} />
            </Stack>
            <BarChart
              height={CHART_HEIGHT - 40}
              localeText={chartText}
              dataset={reports.lengths.bySource.map((r) => ({ ...r }))}
              xAxis={[{ scaleType: "band", dataKey: "label" }]}
              yAxis={[{ width: 36 }]}
              series={[
                { dataKey: "averageDays", label: "Trukmė, parų" },
                { dataKey: "averageLeadDays", label: "Iki paėmimo, d." },
              ]}
            />
          </Section>

          <Section
            title={`Neapmokėti likučiai: ${formatMoney(reports.unpaid.total)}`}
            name="unpaid"
            reports={reports}
            wide
          >
            {reports.unpaid.rows.length === 0 ? (
              <Typography color="text.secondary">Neapmokėtų likučių nėra.</Typography>
            ) : (
              <Box sx={{ overflowX: "auto" }}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>Rezervacija</TableCell>
                      <TableCell>Klientas</TableCell>
                      <TableCell>Grąžinimas</TableCell>
                      <TableCell align="right">Suma</TableCell>
                      <TableCell align="right">Liko</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {reports.unpaid.rows.slice(0, UNPAID_SHOWN).map((r) => (
                      <TableRow key={r.id}>
                        <TableCell>
                          <MuiLink component={Link} to={`${basename}/reservations/${r.id}`}>
                            {r.number}
                          </MuiLink>
                          <Typography variant="caption" display="block" color="text.secondary">
                            {RESERVATION_STATUS_LABELS[r.status]}
                          </Typography>
                        </TableCell>
                        <TableCell>{r.customer}</TableCell>
                        <TableCell>{formatDate(r.returnAt)}</TableCell>
                        <TableCell align="right">{formatMoney(r.total)}</TableCell>
                        <TableCell align="right" sx={{ fontWeight: 600 }}>
                          {formatMoney(r.due)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                {reports.unpaid.rows.length > UNPAID_SHOWN ? (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    Rodoma {UNPAID_SHOWN} didžiausių iš {reports.unpaid.rows.length}; visi – CSV faile.
                  </Typography>
                ) : null}
              </Box>
            )}
          </Section>
        </Box>
      )}
    </Box>
  );
}

export default ReportsPage;
