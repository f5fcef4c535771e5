// /admin/check-availability: which car is taken on which day. Reservations that hold a car
// (new, confirmed, active) colour its days; a free day opens a new reservation prefilled.
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import { Alert, Box, Button, Card, IconButton, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useMemo, useState } from "react";
import { Loading, Title, useBasename, useGetList } from "react-admin";
import { Link } from "react-router-dom";
import { BLOCKING_STATUSES } from "../../domain/availability";
import { formatDateTime } from "../../domain/format";
import { RESERVATION_STATUS_LABELS } from "../../domain/reservationStatus";
import type { Car, Reservation } from "../../domain/schemas";
import { addDaysToDateString, isDateString, vilniusDateString, vilniusLocalToInstant } from "../../domain/time";
import { choiceName, RESERVATION_STATUS_CHOICES } from "../labels";

type CarRecord = Car & { id: string };
type ReservationRecord = Reservation & { id: string };

const SPANS = [7, 14, 31] as const;
/** Distinct hues, each with white text at 4.5:1 or more. */
const STATUS_COLOURS: Record<string, string> = { new: "#7b1fa2", confirmed: "#0d47a1", active: "#2e7d32" };
const DEFAULT_PICKUP_TIME = "10:00";

const weekdayFormat = new Intl.DateTimeFormat("lt-LT", { weekday: "short", timeZone: "UTC" });
const weekday = (date: string) => weekdayFormat.format(new Date(`${date}T12:00:00Z`));

interface Day {
  date: string;
  start: number;
  end: number;
}

function daysFrom(first: string, count: number): Day[] {
  return Array.from({ length: count }, (_, index) => {
    const date = addDaysToDateString(first, index);
    return {
      date,
      start: vilniusLocalToInstant(date).getTime(),
      end: vilniusLocalToInstant(addDaysToDateString(date, 1)).getTime(),
    };
  });
}

export function CheckAvailability() {
  const basename = useBasename();
  const [first, setFirst] = useState(() => vilniusDateString(new Date()));
  const [typed, setTyped] = useState(first);
  const go = (date: string) => {
    setFirst(date);
    setTyped(date);
  };
  const shift = (delta: number) => go(addDaysToDateString(first, delta));
  const [span, setSpan] = useState<number>(14);
  const days = useMemo(() => daysFrom(first, span), [first, span]);
  const rangeStart = new Date(days[0]?.start ?? Date.now()).toISOString();
  const rangeEnd = new Date(days[days.length - 1]?.end ?? Date.now()).toISOString();

  const cars = useGetList<CarRecord>("cars", {
    filter: { status: ["active", "maintenance"] },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: "sortOrder", order: "ASC" },
  });
  const reservations = useGetList<ReservationRecord>("reservations", {
    filter: { pickupAt_lt: rangeEnd, returnAt_gt: rangeStart, status: [...BLOCKING_STATUSES] },
    pagination: { page: 1, perPage: 2000 },
    sort: { field: "pickupAt", order: "ASC" },
  });

  const byCar = useMemo(() => {
    const map = new Map<string, ReservationRecord[]>();
    for (const reservation of reservations.data ?? []) {
      const list = map.get(reservation.carId) ?? [];
      list.push(reservation);
      map.set(reservation.carId, list);
    }
    return map;
  }, [reservations.data]);

  const newReservationLink = (car: CarRecord, day: Day) => {
    const pickupAt = vilniusLocalToInstant(day.date, DEFAULT_PICKUP_TIME).toISOString();
    const returnAt = vilniusLocalToInstant(addDaysToDateString(day.date, 1), DEFAULT_PICKUP_TIME).toISOString();
    const source = JSON.stringify({ carId: car.id, pickupAt, returnAt });
    return `${basename}/reservations/add?source=${encodeURIComponent(source)}`;
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Užimtumas" />
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
          <IconButton aria-label="Ankstesnis laikotarpis" onClick={() => shift(-span)} sx={{ mt: 1 }}>
            <ChevronLeftIcon />
          </IconButton>
          <TextField
            label="Nuo"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              if (isDateString(event.target.value)) setFirst(event.target.value);
            }}
            error={!isDateString(typed)}
            helperText={isDateString(typed) ? "MMMM-MM-DD" : "Data turi būti formato MMMM-MM-DD"}
            slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 10 } }}
            sx={{ minWidth: 160 }}
          />
          <IconButton aria-label="Kitas laikotarpis" onClick={() => shift(span)} sx={{ mt: 1 }}>
            <ChevronRightIcon />
          </IconButton>
          <Button onClick={() => go(vilniusDateString(new Date()))} sx={{ mt: 1.5 }}>
            Šiandien
          </Button>
        </Stack>
        <TextField
          select
          label="Laikotarpis"
          sx={{ minWidth: 160 }}
          value={span}
          onChange={(event) => setSpan(Number(event.target.value))}
        >
          {SPANS.map((value) => (
            <MenuItem key={value} value={value}>
              {value} d.
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mb: 1, flexWrap: "wrap" }} aria-label="Spalvų reikšmės">
        {BLOCKING_STATUSES.map((status) => (
          <Stack key={status} direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
            <Box
              sx={{ width: 14, height: 14, bgcolor: STATUS_COLOURS[status], borderRadius: 0.5 }}
              aria-hidden="true"
            />
            <Typography variant="body2">{choiceName(RESERVATION_STATUS_CHOICES, status)}</Typography>
          </Stack>
        ))}
        <Typography variant="body2" color="text.secondary">
          Laisvą dieną spustelėkite, kad sukurtumėte rezervaciją.
        </Typography>
      </Stack>
      {cars.isPending || reservations.isPending ? (
        <Loading />
      ) : cars.error || reservations.error ? (
        <Alert severity="error">Užimtumo duomenų įkelti nepavyko.</Alert>
      ) : (
        <Card>
          <Box sx={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label="Automobilių užimtumas pagal dienas">
            <Box
              component="table"
              sx={{
                borderCollapse: "collapse",
                fontSize: 13,
                "& th, & td": { border: "1px solid", borderColor: "divider", p: 0, textAlign: "center" },
                "& thead th": { px: 0.5, py: 0.5, fontWeight: 600, minWidth: 44 },
              }}
            >
              <thead>
                <tr>
                  <Box
                    component="th"
                    scope="col"
                    sx={{
                      position: "sticky",
                      left: 0,
                      bgcolor: "background.paper",
                      zIndex: 1,
                      textAlign: "left !important",
                      px: "8px !important",
                    }}
                  >
                    Automobilis
                  </Box>
                  {days.map((day) => (
                    <th key={day.date} scope="col">
                      <div>{day.date.slice(5)}</div>
                      <Box component="div" sx={{ color: "text.secondary", fontWeight: 400 }}>
                        {weekday(day.date)}
                      </Box>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {(cars.data ?? []).map((car) => {
                  const carReservations = byCar.get(car.id) ?? [];
                  const name = `${car.make} ${car.model}`;
                  return (
                    <tr key={car.id}>
                      <Box
                        component="th"
                        scope="row"
                        sx={{
                          position: "sticky",
                          left: 0,
                          bgcolor: "background.paper",
                          zIndex: 1,
                          textAlign: "left !important",
                          px: "8px !important",
                          whiteSpace: "nowrap",
                          fontWeight: 500,
                        }}
                      >
                        {name}
                        {car.status === "maintenance" && (
                          <Typography component="span" variant="caption" color="warning.main">
                            {" "}
                            (remontas)
                          </Typography>
                        )}
                      </Box>
                      {days.map((day) => {
                        const taken = carReservations.find(
                          (r) => Date.parse(r.pickupAt) < day.end && Date.parse(r.returnAt) > day.start,
                        );
                        if (taken) {
                          const startsHere = Date.parse(taken.pickupAt) >= day.start || day === days[0];
                          const label = `${name}, ${day.date}: užimta, ${taken.number ?? ""} (${RESERVATION_STATUS_LABELS[taken.status]}), ${formatDateTime(taken.pickupAt)} – ${formatDateTime(taken.returnAt)}`;
                          return (
                            <Box
                              component="td"
                              key={day.date}
                              sx={{ bgcolor: STATUS_COLOURS[taken.status], height: 36 }}
                            >
                              <Box
                                component={Link}
                                to={`${basename}/reservations/add/${taken.id}`}
                                aria-label={label}
                                title={label}
                                sx={{
                                  display: "block",
                                  color: "#fff",
                                  textDecoration: "none",
                                  fontSize: 11,
                                  lineHeight: "36px",
                                  overflow: "hidden",
                                  whiteSpace: "nowrap",
                                }}
                              >
                                {startsHere ? (taken.number ?? "").slice(-4) : "\u00a0"}
                              </Box>
                            </Box>
                          );
                        }
                        const label = `${name}, ${day.date}: laisva – nauja rezervacija`;
                        return (
                          <td key={day.date}>
                            <Box
                              component={Link}
                              to={newReservationLink(car, day)}
                              aria-label={label}
                              title={label}
                              sx={{
                                display: "block",
                                height: 36,
                                color: "text.secondary",
                                textDecoration: "none",
                                lineHeight: "36px",
                                "&:hover": { bgcolor: "action.hover" },
                              }}
                            >
                              +
                            </Box>
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </Box>
          </Box>
        </Card>
      )}
    </Box>
  );
}

export default CheckAvailability;
