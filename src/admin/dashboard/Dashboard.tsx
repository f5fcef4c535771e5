// Today at the rental desk: pickups and returns due today, new reservations and new inquiries,
// the fleet's occupancy this week and the next 7 days at a glance.
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  LinearProgress,
  ListItem,
  ListItemButton,
  ListItemText,
  Link as MuiLink,
  List as MuiList,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Title, useBasename, useGetList } from "react-admin";
import { Link } from "react-router-dom";
import { BLOCKING_STATUSES, carHolds } from "../../domain/availability";
import { formatCount, formatDateLong, formatDateTime, formatNumber, formatTime } from "../../domain/format";
import type { Car, InquiryRequest, Reservation } from "../../domain/schemas";
import { addDaysToDateString, vilniusDateString } from "../../domain/time";
import { useAdminActions } from "../adminApi";
import { BackupWarning } from "../backups/BackupWarning";
import { type DaySpan, daySpans, mondayIndex, weekdayLong, weekdayShort } from "../common/days";
import { choiceName, REQUEST_TYPE_CHOICES } from "../labels";
import { MailQueueWarning } from "../mail/MailQueueWarning";
import { TodayDue } from "../reports/TodayDue";
import { ApprovalsCard } from "./ApprovalsCard";
import { OverdueCard } from "./OverdueCard";
import { UpkeepWarnings } from "./UpkeepWarnings";

type ReservationRecord = Reservation & { id: string };
type RequestRecord = InquiryRequest & { id: string };
type CarRecord = Car & { id: string };

const RESERVATION_FORMS = ["rezervacija", "rezervacijos", "rezervacijų"] as const;
const REQUEST_FORMS = ["užklausa", "užklausos", "užklausų"] as const;
const PREVIEW_SIZE = 5;

function todayBounds(now = new Date()) {
  const today = vilniusDateString(now);
  const [day] = daySpans(today, 1) as [DaySpan];
  return { today, from: new Date(day.start).toISOString(), to: new Date(day.end).toISOString() };
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

/** Monday of the Vilnius calendar week of a date. */
export function weekStart(date: string): string {
  return addDaysToDateString(date, -mondayIndex(date));
}

type Period = Pick<Reservation, "carId" | "pickupAt" | "returnAt" | "status">;
/** What keeps a car from renting: a reservation, or a maintenance block over [from, to). */
type Hold = Pick<Reservation, "carId" | "pickupAt" | "returnAt"> & Pick<Partial<Reservation>, "carSwaps">;

/** Cars held by a reservation (each car of a swapped rental over its part) or a maintenance block for any part of the day. */
export function carsTakenOn(day: DaySpan, reservations: readonly Hold[]): Set<string> {
  const taken = new Set<string>();
  for (const r of reservations) {
    for (const hold of carHolds(r)) {
      if (Date.parse(hold.pickupAt) < day.end && Date.parse(hold.returnAt) > day.start) taken.add(hold.carId);
    }
  }
  return taken;
}

/** Share of car-days taken over the days, 0..1. */
export function occupancy(days: readonly DaySpan[], reservations: readonly Hold[], fleetSize: number): number {
  if (fleetSize === 0 || days.length === 0) return 0;
  const taken = days.reduce((sum, day) => sum + carsTakenOn(day, reservations).size, 0);
  return Math.min(1, taken / (fleetSize * days.length));
}

const percent = (share: number) => `${formatNumber(Math.round(share * 100), 0)} %`;

/** Statuses that occupy a car on the timeline: the blocking ones and the completed rentals of the past days. */
const OCCUPYING = [...BLOCKING_STATUSES, "completed"];

function OccupancyCard({
  week,
  reservations,
  fleetSize,
  isPending,
}: {
  week: DaySpan[];
  reservations: Hold[];
  fleetSize: number;
  isPending: boolean;
}) {
  const share = occupancy(week, reservations, fleetSize);
  return (
    <Card component="section" aria-labelledby="dashboard-occupancy">
      <CardHeader
        title={
          <Typography id="dashboard-occupancy" variant="h6" component="h2">
            Autoparko užimtumas šią savaitę
          </Typography>
        }
        subheader={
          isPending
            ? "Įkeliama…"
            : `${percent(share)} · ${week[0]?.date ?? ""} – ${week[week.length - 1]?.date ?? ""}, ${formatCount(fleetSize, ["automobilis", "automobiliai", "automobilių"])}`
        }
        sx={{ pb: 0 }}
      />
      <CardContent>
        <Box
          component="ul"
          aria-label="Užimtumas pagal dienas"
          sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 0.75 }}
        >
          {week.map((day) => {
            const taken = carsTakenOn(day, reservations).size;
            const dayShare = fleetSize > 0 ? taken / fleetSize : 0;
            return (
              <Box
                component="li"
                key={day.date}
                sx={{ display: "grid", gridTemplateColumns: "84px 1fr 92px", gap: 1, alignItems: "center" }}
              >
                <Typography variant="body2">
                  {weekdayShort(day.date)} {day.date.slice(5)}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={Math.round(dayShare * 100)}
                  aria-label={`${day.date}: užimta ${taken} iš ${fleetSize}`}
                  sx={{ height: 10, borderRadius: 1 }}
                />
                <Typography variant="body2" sx={{ textAlign: "right", whiteSpace: "nowrap" }}>
                  {taken} / {fleetSize} ({percent(dayShare)})
                </Typography>
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}

function NextDaysCard({
  days,
  reservations,
  blocks,
  fleetSize,
  basename,
}: {
  days: DaySpan[];
  reservations: (Period & { id: string })[];
  /** maintenance blocks: the car is not free, but nobody picks it up or returns it */
  blocks: Hold[];
  fleetSize: number;
  basename: string;
}) {
  return (
    <Card component="section" aria-labelledby="dashboard-next-days">
      <CardHeader
        title={
          <Typography id="dashboard-next-days" variant="h6" component="h2">
            Artimiausios 7 dienos
          </Typography>
        }
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ overflowX: "auto" }}>
        <Box
          component="table"
          sx={{
            width: "100%",
            borderCollapse: "collapse",
            "& th, & td": {
              borderBottom: 1,
              borderColor: "divider",
              py: 0.75,
              px: { xs: 0.5, sm: 1 },
              textAlign: "right",
            },
            "& td, & th[scope='row']": { whiteSpace: "nowrap" },
            // The first column only: in the body it is a row header (th), so "td:first-of-type" would
            // be the pick-ups column.
            "& tr > :first-child": { textAlign: "left" },
          }}
        >
          <thead>
            <tr>
              <th scope="col">Diena</th>
              <th scope="col">Paėmimai</th>
              <th scope="col">Grąžinimai</th>
              <th scope="col">Laisvi</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => {
              const inDay = (iso: string) => Date.parse(iso) >= day.start && Date.parse(iso) < day.end;
              const pickups = reservations.filter((r) => inDay(r.pickupAt) && r.status !== "completed").length;
              const returns = reservations.filter((r) => inDay(r.returnAt)).length;
              const free = Math.max(0, fleetSize - carsTakenOn(day, [...reservations, ...blocks]).size);
              return (
                <tr key={day.date}>
                  <th scope="row" style={{ fontWeight: 400 }}>
                    {/* Short: the card is narrow in the two-column layout too, not only on a phone. */}
                    <MuiLink
                      component={Link}
                      to={`${basename}/check-availability?from=${day.date}`}
                      aria-label={`${weekdayLong(day.date)}, ${day.date}`}
                      sx={{ whiteSpace: "nowrap" }}
                    >
                      {weekdayShort(day.date)} {day.date}
                    </MuiLink>
                  </th>
                  <td>{pickups}</td>
                  <td>{returns}</td>
                  <td>{free}</td>
                </tr>
              );
            })}
          </tbody>
        </Box>
      </CardContent>
    </Card>
  );
}

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

  const week = useMemo(() => daySpans(weekStart(today), 7), [today]);
  const nextDays = useMemo(() => daySpans(today, 7), [today]);
  const windowStart = new Date(Math.min(week[0]?.start ?? 0, nextDays[0]?.start ?? 0)).toISOString();
  const windowEnd = new Date(
    Math.max(week[week.length - 1]?.end ?? 0, nextDays[nextDays.length - 1]?.end ?? 0),
  ).toISOString();
  const windowReservations = useGetList<ReservationRecord>("reservations", {
    filter: { pickupAt_lt: windowEnd, returnAt_gt: windowStart, status: OCCUPYING },
    sort: { field: "pickupAt", order: "ASC" },
    pagination: { page: 1, perPage: 5000 },
  });
  const fleet = useGetList<CarRecord>("cars", {
    filter: { status: "active" },
    sort: { field: "sortOrder", order: "ASC" },
    pagination: { page: 1, perPage: 1000 },
  });
  const { listMaintenance } = useAdminActions();
  const maintenance = useQuery({
    queryKey: ["dashboard-maintenance", windowStart, windowEnd],
    queryFn: () => listMaintenance({ from: windowStart, to: windowEnd }),
  });
  const fleetSize = fleet.data?.length ?? 0;
  // Only published cars count: a hidden car's old bookings would push the share over 100 %.
  const occupying = useMemo(() => {
    const ids = new Set((fleet.data ?? []).map((car) => car.id));
    return (windowReservations.data ?? []).filter((reservation) => ids.has(reservation.carId));
  }, [fleet.data, windowReservations.data]);
  const blocks = useMemo(() => {
    const ids = new Set((fleet.data ?? []).map((car) => car.id));
    return (maintenance.data ?? [])
      .filter((block) => ids.has(block.carId))
      .map((block) => ({ carId: block.carId, pickupAt: block.from, returnAt: block.to }));
  }, [fleet.data, maintenance.data]);

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
      <BackupWarning />
      <MailQueueWarning />
      <OverdueCard />
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
      <ApprovalsCard />
      <Box
        sx={{
          display: "grid",
          gap: 2,
          mt: 2,
          gridTemplateColumns: { xs: "1fr", lg: "repeat(2, minmax(0, 1fr))" },
        }}
      >
        <OccupancyCard
          week={week}
          reservations={[...occupying, ...blocks]}
          fleetSize={fleetSize}
          isPending={windowReservations.isPending || fleet.isPending || maintenance.isPending}
        />
        <NextDaysCard
          days={nextDays}
          reservations={occupying}
          blocks={blocks}
          fleetSize={fleetSize}
          basename={basename}
        />
      </Box>
      <TodayDue />
      <UpkeepWarnings />
    </Box>
  );
}

export default Dashboard;
