// /admin/check-availability: an occupancy timeline of the cars by days over a chosen range.
// Reservations are bars coloured by status; a free slot opens a new reservation with the car
// and the period prefilled. The grid is one tab stop: arrow keys move between days and cars.
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import { Alert, Box, Button, Card, IconButton, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import { Loading, Title, useBasename, useGetList } from "react-admin";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { formatCount, formatDateTime } from "../../domain/format";
import { RESERVATION_STATUS_LABELS } from "../../domain/reservationStatus";
import type { Car, Reservation } from "../../domain/schemas";
import { addDaysToDateString, isDateString, vilniusDateString, vilniusLocalToInstant } from "../../domain/time";
import { DateField } from "../common/DatePicker";
import { type DaySpan, daySpans, weekdayShort } from "../common/days";
import { CAR_STATUS_LABELS } from "../labels";

type CarRecord = Car & { id: string };
type ReservationRecord = Reservation & { id: string };

const SPANS = [7, 14, 31] as const;
/** The grid shows calendar days (not rental days, "paros"). */
const DAY_SPAN_FORMS = ["diena", "dienos", "dienų"] as const;
/** Statuses drawn on the timeline: the ones that hold a car, and finished rentals in grey. */
const SHOWN_STATUSES = ["new", "confirmed", "active", "completed"] as const;
const HOLDING = new Set<string>(["new", "confirmed", "active"]);
/** Distinct hues, each with white text at 4.5:1 or more. */
export const STATUS_COLOURS: Record<string, string> = {
  new: "#7b1fa2",
  confirmed: "#0d47a1",
  active: "#2e7d32",
  completed: "#5f6b7a",
};
export const DEFAULT_PICKUP_TIME = "10:00";
const DAY_WIDTH = 52;
const ROW_HEIGHT = 44;
const NAME_WIDTH = { xs: 128, sm: 210 };
/** The sticky first column: the header cell and every car's name cell share it so they line up. */
const NAME_CELL = {
  width: NAME_WIDTH,
  flexShrink: 0,
  position: "sticky",
  left: 0,
  zIndex: 3,
  bgcolor: "background.paper",
  px: 1,
} as const;
const QUARTER_MS = 15 * 60 * 1000;

type Period = Pick<Reservation, "pickupAt" | "returnAt" | "status">;

/**
 * The free slot a day offers a car: from the usual pickup time (or from a rental returned later
 * that day, rounded up to a quarter hour) for 24 h, cut short by the next rental. Null when the
 * day has no free time left after the earliest start.
 */
export function freeSlot(day: DaySpan, reservations: readonly Period[]): { pickupAt: string; returnAt: string } | null {
  const holding = reservations
    .filter((r) => HOLDING.has(r.status))
    .map((r) => ({ start: Date.parse(r.pickupAt), end: Date.parse(r.returnAt) }));
  let start = vilniusLocalToInstant(day.date, DEFAULT_PICKUP_TIME).getTime();
  for (;;) {
    const blocking = holding.find((r) => r.start <= start && r.end > start);
    if (!blocking) break;
    start = Math.ceil(blocking.end / QUARTER_MS) * QUARTER_MS;
  }
  if (start >= day.end) return null;
  const nextStart = Math.min(...holding.filter((r) => r.start > start).map((r) => r.start), Number.POSITIVE_INFINITY);
  const end = Math.min(start + 24 * 60 * 60 * 1000, nextStart);
  if (end - start < 60 * 60 * 1000) return null;
  return { pickupAt: new Date(start).toISOString(), returnAt: new Date(end).toISOString() };
}

export function CheckAvailability() {
  const basename = useBasename();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initial = params.get("from");
  const [first, setFirst] = useState(() =>
    initial && isDateString(initial) ? initial : vilniusDateString(new Date()),
  );
  const [typed, setTyped] = useState(first);
  const [span, setSpan] = useState<number>(14);
  const [active, setActive] = useState({ row: 0, col: 0 });
  const grid = useRef<HTMLDivElement>(null);
  const go = (date: string) => {
    setFirst(date);
    setTyped(date);
  };
  const shift = (delta: number) => go(addDaysToDateString(first, delta));
  const days = useMemo(() => daySpans(first, span), [first, span]);
  const rangeStart = days[0]?.start ?? Date.now();
  const rangeEnd = days[days.length - 1]?.end ?? Date.now();

  const cars = useGetList<CarRecord>("cars", {
    filter: { status: ["active", "maintenance"] },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: "sortOrder", order: "ASC" },
  });
  const reservations = useGetList<ReservationRecord>("reservations", {
    filter: {
      pickupAt_lt: new Date(rangeEnd).toISOString(),
      returnAt_gt: new Date(rangeStart).toISOString(),
      status: [...SHOWN_STATUSES],
    },
    pagination: { page: 1, perPage: 5000 },
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

  const carList = cars.data ?? [];
  const newReservationPath = (car: CarRecord, slot: { pickupAt: string; returnAt: string }) =>
    `${basename}/reservations/add?source=${encodeURIComponent(JSON.stringify({ carId: car.id, ...slot }))}`;

  const focusCell = (row: number, col: number) => {
    const r = Math.max(0, Math.min(carList.length - 1, row));
    const c = Math.max(0, Math.min(days.length - 1, col));
    setActive({ row: r, col: c });
    grid.current?.querySelector<HTMLElement>(`[data-cell="${r}-${c}"]`)?.focus();
  };

  const onGridKey = (event: KeyboardEvent) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusCell(active.row + move[0], active.col + move[1]);
    } else if (event.key === "Home") {
      event.preventDefault();
      focusCell(active.row, 0);
    } else if (event.key === "End") {
      event.preventDefault();
      focusCell(active.row, days.length - 1);
    }
  };

  const percentOf = (time: number) => ((time - rangeStart) / (rangeEnd - rangeStart)) * 100;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Užimtumas" />
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 2, alignItems: { md: "flex-start" } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
          <IconButton aria-label="Ankstesnis laikotarpis" onClick={() => shift(-span)} sx={{ mt: 1 }}>
            <ChevronLeftIcon />
          </IconButton>
          <DateField
            label="Nuo"
            value={typed}
            onChange={(date) => {
              setTyped(date);
              if (isDateString(date)) setFirst(date);
            }}
            helperText=" "
            sx={{ minWidth: 190, maxWidth: 200 }}
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
          sx={{ width: 160, flexShrink: 0 }}
          value={span}
          onChange={(event) => setSpan(Number(event.target.value))}
        >
          {SPANS.map((value) => (
            <MenuItem key={value} value={value}>
              {formatCount(value, DAY_SPAN_FORMS)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack
        component="ul"
        direction="row"
        aria-label="Spalvų reikšmės"
        sx={{ mb: 1, flexWrap: "wrap", gap: 2, listStyle: "none", p: 0, mt: 0 }}
      >
        {SHOWN_STATUSES.map((status) => (
          <Stack component="li" key={status} direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
            <Box
              sx={{ width: 14, height: 14, bgcolor: STATUS_COLOURS[status], borderRadius: 0.5 }}
              aria-hidden="true"
            />
            <Typography variant="body2">{RESERVATION_STATUS_LABELS[status]}</Typography>
          </Stack>
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} id="availability-help">
        Laisvą langelį spustelėkite (arba pasirinkite rodyklėmis ir Enter), kad sukurtumėte rezervaciją nuo tos dienos
        {` ${DEFAULT_PICKUP_TIME}`}. Juosta – rezervacija; ją spustelėję atversite.
      </Typography>
      {cars.isPending || reservations.isPending ? (
        <Loading />
      ) : cars.error || reservations.error ? (
        <Alert severity="error">Užimtumo duomenų įkelti nepavyko.</Alert>
      ) : (
        <Card>
          <Box sx={{ overflowX: "auto" }}>
            <Box
              ref={grid}
              role="grid"
              aria-label="Automobilių užimtumas pagal dienas"
              aria-describedby="availability-help"
              aria-rowcount={carList.length + 1}
              aria-colcount={days.length + 1}
              onKeyDown={onGridKey}
              sx={{ minWidth: "max-content", fontSize: 13 }}
            >
              <Box role="row" sx={{ display: "flex", borderBottom: 1, borderColor: "divider" }}>
                <Box role="columnheader" sx={{ ...NAME_CELL, py: 0.5, fontWeight: 600 }}>
                  Automobilis
                </Box>
                {days.map((day) => (
                  <Box
                    role="columnheader"
                    key={day.date}
                    sx={{ width: DAY_WIDTH, flexShrink: 0, textAlign: "center", py: 0.5, fontWeight: 600 }}
                  >
                    <div>{day.date.slice(5)}</div>
                    <Box component="div" sx={{ color: "text.secondary", fontWeight: 400 }}>
                      {weekdayShort(day.date)}
                    </Box>
                  </Box>
                ))}
              </Box>
              {carList.map((car, row) => {
                const carReservations = byCar.get(car.id) ?? [];
                const name = `${car.make} ${car.model}`;
                return (
                  <Box
                    role="row"
                    key={car.id}
                    data-car-id={car.id}
                    sx={{ display: "flex", borderBottom: 1, borderColor: "divider" }}
                  >
                    <Box
                      role="rowheader"
                      sx={{
                        ...NAME_CELL,
                        display: "flex",
                        flexDirection: "column",
                        justifyContent: "center",
                        height: ROW_HEIGHT,
                        overflow: "hidden",
                        borderRight: 1,
                        borderColor: "divider",
                      }}
                    >
                      <Box
                        component="span"
                        sx={{ fontWeight: 500, whiteSpace: "nowrap", textOverflow: "ellipsis", overflow: "hidden" }}
                      >
                        {name}
                      </Box>
                      <Box component="span" sx={{ color: "text.secondary", fontSize: 12, whiteSpace: "nowrap" }}>
                        {car.year}
                        {car.status === "maintenance"
                          ? ` · ${CAR_STATUS_LABELS.maintenance.toLocaleLowerCase("lt-LT")}`
                          : ""}
                      </Box>
                    </Box>
                    <Box sx={{ position: "relative", display: "flex", height: ROW_HEIGHT }}>
                      {days.map((day, col) => {
                        const here = carReservations.filter(
                          (r) => Date.parse(r.pickupAt) < day.end && Date.parse(r.returnAt) > day.start,
                        );
                        const slot = car.status === "active" ? freeSlot(day, carReservations) : null;
                        const taken = here.filter((r) => HOLDING.has(r.status));
                        const takenText = taken
                          .map(
                            (r) =>
                              `${r.number ?? ""} (${RESERVATION_STATUS_LABELS[r.status]}) ${formatDateTime(r.pickupAt)} – ${formatDateTime(r.returnAt)}`,
                          )
                          .join("; ");
                        const label = slot
                          ? `${name}, ${day.date}: laisva nuo ${formatDateTime(slot.pickupAt).slice(11)} – nauja rezervacija${takenText ? `. Užimta: ${takenText}` : ""}`
                          : car.status !== "active"
                            ? `${name}, ${day.date}: remontuojamas`
                            : `${name}, ${day.date}: užimta ${takenText}`;
                        const to = slot
                          ? newReservationPath(car, slot)
                          : taken[0]
                            ? `${basename}/reservations/add/${taken[0].id}`
                            : null;
                        const isActive = active.row === row && active.col === col;
                        return (
                          <Box
                            role="gridcell"
                            key={day.date}
                            aria-colindex={col + 2}
                            sx={{ width: DAY_WIDTH, flexShrink: 0, borderRight: 1, borderColor: "divider" }}
                          >
                            {to ? (
                              <Box
                                component={Link}
                                to={to}
                                data-cell={`${row}-${col}`}
                                data-free={slot ? "true" : "false"}
                                data-date={day.date}
                                tabIndex={isActive ? 0 : -1}
                                onFocus={() => setActive({ row, col })}
                                aria-label={label}
                                title={label}
                                sx={{
                                  display: "block",
                                  height: "100%",
                                  color: "text.secondary",
                                  textDecoration: "none",
                                  textAlign: "center",
                                  lineHeight: `${ROW_HEIGHT}px`,
                                  "&:hover": { bgcolor: "action.hover" },
                                  "&:focus-visible": {
                                    outline: "3px solid #0a2f6b",
                                    outlineOffset: -3,
                                    zIndex: 2,
                                    position: "relative",
                                  },
                                }}
                              >
                                {slot ? "+" : ""}
                              </Box>
                            ) : (
                              <Box
                                data-cell={`${row}-${col}`}
                                tabIndex={isActive ? 0 : -1}
                                onFocus={() => setActive({ row, col })}
                                aria-label={label}
                                sx={{ height: "100%", bgcolor: "grey.100" }}
                              />
                            )}
                          </Box>
                        );
                      })}
                      {carReservations.map((reservation) => {
                        const left = Math.max(0, percentOf(Date.parse(reservation.pickupAt)));
                        const right = Math.min(100, percentOf(Date.parse(reservation.returnAt)));
                        if (right <= left) return null;
                        const title = `${reservation.number ?? ""}: ${RESERVATION_STATUS_LABELS[reservation.status]}, ${formatDateTime(reservation.pickupAt)} – ${formatDateTime(reservation.returnAt)}`;
                        return (
                          // A mouse shortcut: the day cells under the bar carry the same link for keyboard and screen readers.
                          <Box
                            key={reservation.id}
                            aria-hidden="true"
                            title={title}
                            data-reservation-bar={reservation.id}
                            data-status={reservation.status}
                            onClick={() => navigate(`${basename}/reservations/add/${reservation.id}`)}
                            sx={{
                              position: "absolute",
                              top: 7,
                              height: ROW_HEIGHT - 14,
                              left: `${left}%`,
                              width: `calc(${right - left}% - 2px)`,
                              bgcolor: STATUS_COLOURS[reservation.status],
                              color: "#fff",
                              borderRadius: 1,
                              px: 0.75,
                              fontSize: 11,
                              lineHeight: `${ROW_HEIGHT - 14}px`,
                              whiteSpace: "nowrap",
                              overflow: "hidden",
                              cursor: "pointer",
                              zIndex: 1,
                              boxShadow: 1,
                            }}
                          >
                            {reservation.number}
                          </Box>
                        );
                      })}
                    </Box>
                  </Box>
                );
              })}
            </Box>
          </Box>
        </Card>
      )}
    </Box>
  );
}

export default CheckAvailability;
