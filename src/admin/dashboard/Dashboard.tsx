// Today at the rental desk: pickups and returns due today, new reservations and new inquiries.
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  ListItem,
  ListItemButton,
  ListItemText,
  Link as MuiLink,
  List as MuiList,
  Typography,
} from "@mui/material";
import { useMemo } from "react";
import { Title, useBasename, useGetList } from "react-admin";
import { Link } from "react-router-dom";
import { formatCount, formatDateLong, formatDateTime, formatTime } from "../../domain/format";
import type { InquiryRequest, Reservation } from "../../domain/schemas";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../domain/time";
import { choiceName, REQUEST_TYPE_CHOICES } from "../labels";

type ReservationRecord = Reservation & { id: string };
type RequestRecord = InquiryRequest & { id: string };

const RESERVATION_FORMS = ["rezervacija", "rezervacijos", "rezervacijų"] as const;
const REQUEST_FORMS = ["užklausa", "užklausos", "užklausų"] as const;
const PREVIEW_SIZE = 5;

function todayBounds(now = new Date()) {
  const today = vilniusDateString(now);
  return {
    today,
    from: vilniusLocalToInstant(today).toISOString(),
    to: vilniusLocalToInstant(addDaysToDateString(today, 1)).toISOString(),
  };
}

interface Item {
  id: string;
  primary: string;
  secondary: string;
  to: string;
}

function SummaryCard({
  title,
  total,
  forms,
  items,
  isPending,
  error,
  emptyText,
  moreTo,
}: {
  title: string;
  total: number | undefined;
  forms: readonly [string, string, string];
  items: Item[];
  isPending: boolean;
  error: unknown;
  emptyText: string;
  moreTo: string;
}) {
  const headingId = `dashboard-${title.replace(/\s+/g, "-")}`;
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ display: "flex", flexDirection: "column" }}>
      <CardHeader
        title={
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
        }
        subheader={isPending ? "Įkeliama…" : error ? "Nepavyko įkelti duomenų" : formatCount(total ?? 0, forms)}
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ pt: 1, flex: 1 }}>
        {!isPending && !error && items.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {emptyText}
          </Typography>
        )}
        {items.length > 0 && (
          <MuiList dense disablePadding>
            {items.map((item) => (
              <ListItem key={item.id} disablePadding>
                <ListItemButton component={Link} to={item.to}>
                  <ListItemText primary={item.primary} secondary={item.secondary} />
                </ListItemButton>
              </ListItem>
            ))}
          </MuiList>
        )}
        {(total ?? 0) > items.length && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            <MuiLink component={Link} to={moreTo}>
              Rodyti visas ({total})
            </MuiLink>
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function useReservations(filter: Record<string, unknown>, sortField: string) {
  return useGetList<ReservationRecord>("reservations", {
    filter,
    sort: { field: sortField, order: "ASC" },
    pagination: { page: 1, perPage: PREVIEW_SIZE },
  });
}

const listLink = (basename: string, resource: string, filter: Record<string, unknown>) =>
  `${basename}/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

export function Dashboard() {
  const basename = useBasename();
  const { today, from, to } = useMemo(() => todayBounds(), []);

  const pickupFilter = { pickupAt_gte: from, pickupAt_lt: to, status: ["new", "confirmed"] };
  const returnFilter = { returnAt_gte: from, returnAt_lt: to, status: ["active", "confirmed"] };
  const pickups = useReservations(pickupFilter, "pickupAt");
  const returns = useReservations(returnFilter, "returnAt");
  const newReservations = useGetList<ReservationRecord>("reservations", {
    filter: { status: "new" },
    sort: { field: "createdAt", order: "DESC" },
    pagination: { page: 1, perPage: PREVIEW_SIZE },
  });
  const newRequests = useGetList<RequestRecord>("requests", {
    filter: { status: "new" },
    sort: { field: "createdAt", order: "DESC" },
    pagination: { page: 1, perPage: PREVIEW_SIZE },
  });

  const reservationItem =
    (when: (r: ReservationRecord) => string) =>
    (reservation: ReservationRecord): Item => ({
      id: reservation.id,
      primary: reservation.number ?? "Rezervacija",
      secondary: when(reservation),
      to: `${basename}/reservations/add/${reservation.id}`,
    });

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Suvestinė" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Šiandien, {formatDateLong(today)}
      </Typography>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", md: "repeat(2, minmax(0, 1fr))", xl: "repeat(4, minmax(0, 1fr))" },
        }}
      >
        <SummaryCard
          title="Šiandien paimama"
          total={pickups.total}
          forms={RESERVATION_FORMS}
          items={(pickups.data ?? []).map(reservationItem((r) => `Paėmimas ${formatTime(r.pickupAt)}`))}
          isPending={pickups.isPending}
          error={pickups.error}
          emptyText="Šiandien paėmimų nėra."
          moreTo={listLink(basename, "reservations", pickupFilter)}
        />
        <SummaryCard
          title="Šiandien grąžinama"
          total={returns.total}
          forms={RESERVATION_FORMS}
          items={(returns.data ?? []).map(reservationItem((r) => `Grąžinimas ${formatTime(r.returnAt)}`))}
          isPending={returns.isPending}
          error={returns.error}
          emptyText="Šiandien grąžinimų nėra."
          moreTo={listLink(basename, "reservations", returnFilter)}
        />
        <SummaryCard
          title="Naujos rezervacijos"
          total={newReservations.total}
          forms={RESERVATION_FORMS}
          items={(newReservations.data ?? []).map(
            reservationItem((r) => `${formatDateTime(r.pickupAt)} – ${formatDateTime(r.returnAt)}`),
          )}
          isPending={newReservations.isPending}
          error={newReservations.error}
          emptyText="Naujų rezervacijų nėra."
          moreTo={listLink(basename, "reservations", { status: "new" })}
        />
        <SummaryCard
          title="Naujos užklausos"
          total={newRequests.total}
          forms={REQUEST_FORMS}
          items={(newRequests.data ?? []).map((request) => ({
            id: request.id,
            primary: request.name,
            secondary: `${choiceName(REQUEST_TYPE_CHOICES, request.type)} · ${request.createdAt ? formatDateTime(request.createdAt) : ""}`,
            to: `${basename}/requests/reply/${request.id}`,
          }))}
          isPending={newRequests.isPending}
          error={newRequests.error}
          emptyText="Naujų užklausų nėra."
          moreTo={listLink(basename, "requests", { status: "new" })}
        />
      </Box>
    </Box>
  );
}

export default Dashboard;
