// The dashboard's first card when work is late: rentals still out after their return time and
// confirmed bookings not picked up after their pickup time, of any day, the latest first
// (src/core/reports.ts todayDesk, timed by the server's clock).
import { Alert, AlertTitle, Link as MuiLink, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useBasename } from "react-admin";
import { Link } from "react-router-dom";
import { formatCount, formatDateTime } from "../../domain/format";
import { overdueText } from "../../domain/overdue";
import { useAdminActions } from "../adminApi";

const RESERVATION_FORMS = ["rezervacija", "rezervacijos", "rezervacijų"] as const;

export function OverdueCard() {
  const actions = useAdminActions();
  const basename = useBasename();
  const { data } = useQuery({
    queryKey: ["todayDesk"],
    queryFn: () => actions.todayDesk(),
    refetchInterval: 60_000,
  });
  const late = (data ?? []).filter((row) => row.lateMinutes > 0);
  if (late.length === 0) return null;
  return (
    <Alert
      severity="error"
      component="section"
      aria-labelledby="dashboard-overdue"
      data-testid="dashboard-overdue"
      sx={{ mb: 2, "& .MuiAlert-message": { width: "100%" } }}
    >
      <AlertTitle id="dashboard-overdue" component="h2" sx={{ fontWeight: 600 }}>
        Vėluoja: {formatCount(late.length, RESERVATION_FORMS)}
      </AlertTitle>
      <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {late.map((row) => (
          <Stack
            component="li"
            key={`${row.kind}-${row.id}`}
            direction="row"
            sx={{ gap: 1, alignItems: "baseline", flexWrap: "wrap" }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {overdueText(row.kind, row.lateMinutes)}
            </Typography>
            <MuiLink component={Link} to={`${basename}/reservations/add/${row.id}`} sx={{ fontWeight: 600 }}>
              {row.number}
            </MuiLink>
            <Typography variant="body2">{row.customer}</Typography>
            <Typography variant="body2" color="text.secondary">
              {row.kind === "return" ? "grąžinti" : "paimti"} iki {formatDateTime(row.at)}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}
