// The dashboard's "what is due today": today's pick-ups and returns, each with its price, what was
// paid and what is still due (the payments ledger's summary; src/core/reports.ts todayDesk).
import { Card, CardContent, CardHeader, Chip, Link as MuiLink, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useBasename } from "react-admin";
import { Link } from "react-router-dom";
import { formatDateTime, formatMoney, formatTime } from "../../domain/format";
import { overdueText } from "../../domain/overdue";
import { useAdminActions } from "../adminApi";

export function TodayDue() {
  const actions = useAdminActions();
  const basename = useBasename();
  const { data, isPending, error } = useQuery({
    queryKey: ["todayDesk"],
    queryFn: () => actions.todayDesk(),
    refetchInterval: 60_000,
  });
  const dueTotal = (data ?? []).reduce((sum, row) => sum + Math.round(row.due * 100), 0) / 100;
  return (
    <Card component="section" aria-labelledby="dashboard-due" sx={{ mt: 2 }} data-testid="today-due">
      <CardHeader
        title={
          <Typography id="dashboard-due" variant="h6" component="h2">
            Šiandien mokėtina
          </Typography>
        }
        subheader={
          isPending ? "Įkeliama…" : error ? "Nepavyko įkelti duomenų" : `Iš viso liko sumokėti ${formatMoney(dueTotal)}`
        }
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ pt: 1 }}>
        {!isPending && !error && (data ?? []).length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Šiandien paėmimų ir grąžinimų nėra.
          </Typography>
        ) : null}
        <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {(data ?? []).map((row) => (
            <Stack
              component="li"
              key={`${row.kind}-${row.id}`}
              direction="row"
              sx={{ gap: 1, alignItems: "center", flexWrap: "wrap" }}
            >
              <Chip
                size="small"
                color={row.lateMinutes > 0 ? "error" : row.kind === "pickup" ? "primary" : "secondary"}
                label={
                  row.lateMinutes > 0
                    ? `${overdueText(row.kind, row.lateMinutes)} (${formatDateTime(row.at)})`
                    : `${row.kind === "pickup" ? "Paėmimas" : "Grąžinimas"} ${formatTime(row.at)}`
                }
              />
              <MuiLink component={Link} to={`${basename}/reservations/${row.id}`} sx={{ fontWeight: 600 }}>
                {row.number}
              </MuiLink>
              <Typography variant="body2" sx={{ flexGrow: 1 }}>
                {row.customer}
              </Typography>
              <Typography
                variant="body2"
                sx={{
                  fontWeight: 600,
                  fontVariantNumeric: "tabular-nums",
                  color: row.due > 0 ? "warning.dark" : "success.dark",
                }}
              >
                {row.due > 0 ? `Liko ${formatMoney(row.due)} iš ${formatMoney(row.total)}` : "Apmokėta"}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
