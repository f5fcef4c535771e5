// /admin/check-availability: the occupancy timeline staff work on. Rows are cars, columns days
// of a chosen window (a week, two weeks, a month), bars the bookings with the customer's name;
// maintenance blocks hatched. A bar is dragged to another day or car, or resized by its ends; the
// server prices the new period (checkQuote, ignoring the booking itself) and a dialog shows the
// change and the price difference before it is saved with the record's version. A free cell
// starts a new reservation for that car and day; its menu also blocks the car for repairs. The
// window and the filters live in the address, so a link shows the same view.
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import {
  Alert,
  Box,
  Button,
  Card,
  IconButton,
  Menu,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { useEffect, useMemo, useState } from "react";
import { Loading, Title, useBasename, useDataProvider, useGetList, useGetMany, useNotify } from "react-admin";
import { useNavigate, useSearchParams } from "react-router-dom";
import { carHolds } from "../../domain/availability";
import { formatCount } from "../../domain/format";
import { RESERVATION_STATUS_LABELS } from "../../domain/reservationStatus";
import type { Car, Customer, Fleet, Location, Reservation } from "../../domain/schemas";
import { addDaysToDateString, isDateString, vilniusDateString } from "../../domain/time";
import type { MaintenanceBlock } from "../../domain/upkeep";
import { useAdminActions } from "../adminApi";
import { DateField } from "../common/DatePicker";
import { daySpans } from "../common/days";
import { CAR_CATEGORY_CHOICES, CAR_STATUS_LABELS } from "../labels";
import { EXTEND_ACTION, ExtendRentalDialog, SWAP_ACTION, SwapCarDialog } from "../reservations/RentalChangeDialogs";
import { CalendarFeedsPanel } from "./CalendarFeedsPanel";
import { DAY_WIDTH, ROW_PITCH, type Slot, Timeline, type TimelineBooking, type TimelineCar } from "./Timeline";
import { STATUS_COLOURS } from "./TimelineBar";
import { ConfirmMoveDialog, MaintenanceDialog, MoveDialog, type MoveSummary } from "./TimelineDialogs";
import { DEFAULT_PICKUP_TIME, dragResult, type Placement, SNAPS, type SnapName } from "./timelineModel";
import { type DropEvent, useTimelineDrag } from "./useTimelineDrag";

export { STATUS_COLOURS } from "./TimelineBar";
export { freeSlot } from "./timelineModel";
export { DEFAULT_PICKUP_TIME };

type CarRecord = Car & { id: string };
type ReservationRecord = Reservation & { id: string; version?: number };
type CustomerRecord = Customer & { id: string };

const SPANS = [7, 14, 31] as const;
/** The grid shows calendar days (not rental days, "paros"). */
const DAY_SPAN_FORMS = ["diena", "dienos", "dienų"] as const;
/** Statuses drawn on the timeline: the ones that hold a car, and finished rentals in grey. */
const SHOWN_STATUSES = ["new", "confirmed", "active", "completed"] as const;

interface Pending {
  reservation: ReservationRecord;
  placement: Placement;
  summary: MoveSummary | null;
}

export function CheckAvailability() {
  const basename = useBasename();
  const navigate = useNavigate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const actions = useAdminActions();
  const [params, setParams] = useSearchParams();
  const fromParam = params.get("from");
  const first = fromParam && isDateString(fromParam) ? fromParam : vilniusDateString(new Date());
  const spanParam = Number(params.get("span"));
  const span = (SPANS as readonly number[]).includes(spanParam) ? spanParam : 14;
  const category = params.get("category") ?? "";
  const location = params.get("location") ?? "";
  const snap: SnapName = params.get("snap") === "halfDay" ? "halfDay" : "hour";
  const setParam = (entries: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(entries)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const [typed, setTyped] = useState(first);
  useEffect(() => setTyped(first), [first]);
  const go = (date: string) => setParam({ from: date });

  const days = useMemo(() => daySpans(first, span), [first, span]);
  const rangeStart = days[0]?.start ?? 0;
  const rangeEnd = days[days.length - 1]?.end ?? 1;

  const cars = useGetList<CarRecord>("cars", {
    filter: { status: ["active", "maintenance"], ...(category ? { category } : {}) },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: "sortOrder", order: "ASC" },
  });
  const fleet = useGetList<Fleet & { id: string }>("fleet", {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: "plateNumber", order: "ASC" },
  });
  const locations = useGetList<Location & { id: string }>("locations", {
    pagination: { page: 1, perPage: 100 },
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
  const customerIds = useMemo(
    () => [...new Set((reservations.data ?? []).map((r) => r.customerId))],
    [reservations.data],
  );
  const customers = useGetMany<CustomerRecord>("customers", { ids: customerIds }, { enabled: customerIds.length > 0 });

  const [blocks, setBlocks] = useState<MaintenanceBlock[]>([]);
  const [blocksVersion, setBlocksVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: blocksVersion reloads the blocks after a change
  useEffect(() => {
    let live = true;
    actions.listMaintenance({ from: new Date(rangeStart).toISOString(), to: new Date(rangeEnd).toISOString() }).then(
      (list) => live && setBlocks(list),
      (error: unknown) => {
        if (live) notify(error instanceof Error ? error.message : "Blokavimų įkelti nepavyko", { type: "error" });
      },
    );
    return () => {
      live = false;
    };
  }, [actions, rangeStart, rangeEnd, blocksVersion, notify]);

  const plates = useMemo(() => new Map((fleet.data ?? []).map((f) => [f.carId, f.plateNumber])), [fleet.data]);
  // Where each car stands and where each rental leaves it (src/domain/carLocation.ts).
  const placeNames = useMemo(() => new Map((locations.data ?? []).map((l) => [l.id, l.name])), [locations.data]);
  const names = useMemo(
    () => new Map((customers.data ?? []).map((c) => [c.id, `${c.firstName} ${c.lastName}`.trim()])),
    [customers.data],
  );
  const carList = cars.data ?? [];
  const rows: TimelineCar[] = carList.map((car) => ({
    id: car.id,
    name: `${car.make} ${car.model}`,
    plate: plates.get(car.id) ?? "",
    detail: car.status === "maintenance" ? CAR_STATUS_LABELS.maintenance.toLocaleLowerCase("lt-LT") : String(car.year),
    bookable: car.status === "active",
    place: car.locationId ? (placeNames.get(car.locationId) ?? "") : "",
  }));
  const carName = (id: string) => {
    const row = rows.find((car) => car.id === id);
    return row ? `${row.name}${row.plate ? ` (${row.plate})` : ""}` : "—";
  };
  const choices = rows.map((car) => ({ id: car.id, name: `${car.name}${car.plate ? ` · ${car.plate}` : ""}` }));

  const [pending, setPending] = useState<Pending | null>(null);
  const [saving, setSaving] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: carName reads the car rows (cars.data, plates)
  const bookings = useMemo(() => {
    const map = new Map<string, TimelineBooking[]>();
    const add = (booking: TimelineBooking) => map.set(booking.carId, [...(map.get(booking.carId) ?? []), booking]);
    for (const reservation of reservations.data ?? []) {
      const moved = pending?.reservation.id === reservation.id ? pending.placement : null;
      const common = {
        id: reservation.id,
        number: reservation.number ?? "",
        status: reservation.status,
        customerName: names.get(reservation.customerId) ?? "…",
        pickupPlace: placeNames.get(reservation.pickupLocationId) ?? "",
        returnPlace: placeNames.get(reservation.returnLocationId) ?? "",
        faded: location !== "" && reservation.pickupLocationId !== location,
      };
      // A rental whose car was swapped: a bar on each car's row over its part (carHolds).
      const holds = reservation.carSwaps?.length ? carHolds(reservation) : [];
      if (holds.length > 1 && !moved) {
        holds.forEach((hold, index) => {
          const last = index === holds.length - 1;
          add({
            ...common,
            carId: hold.carId,
            pickupAt: hold.pickupAt,
            returnAt: last ? reservation.returnAt : hold.returnAt,
            preview: false,
            part: last ? "after" : "before",
            otherCar: carName(last ? (holds[index - 1]?.carId ?? "") : (holds[index + 1]?.carId ?? "")),
          });
        });
        continue;
      }
      add({
        ...common,
        carId: moved?.carId ?? reservation.carId,
        pickupAt: moved?.pickupAt ?? reservation.pickupAt,
        returnAt: moved?.returnAt ?? reservation.returnAt,
        preview: Boolean(moved),
      });
    }
    return map;
  }, [reservations.data, pending, names, location, placeNames, cars.data, plates]);
  const blocksByCar = useMemo(() => {
    const map = new Map<string, MaintenanceBlock[]>();
    for (const block of blocks) map.set(block.carId, [...(map.get(block.carId) ?? []), block]);
    return map;
  }, [blocks]);

  /** Prices the new placement on the server; a taken slot is refused here, before any dialog. */
  const propose = async (reservation: ReservationRecord, placement: Placement) => {
    setPending({ reservation, placement, summary: null });
    try {
      const check = await actions.checkQuote({
        carId: placement.carId,
        pickupAt: placement.pickupAt,
        returnAt: placement.returnAt,
        pickupLocationId: reservation.pickupLocationId,
        returnLocationId: reservation.returnLocationId,
        extras: reservation.extras,
        reservationId: reservation.id,
      });
      if (!check.available) {
        setPending(null);
        const numbers = check.conflicts.map((conflict) => conflict.number).filter(Boolean);
        notify(
          `Perkelti negalima: automobilis šiuo laikotarpiu užimtas${numbers.length > 0 ? ` (${numbers.join(", ")})` : ""}`,
          { type: "error" },
        );
        return;
      }
      setPending({
        reservation,
        placement,
        summary: {
          number: reservation.number ?? "",
          customerName: names.get(reservation.customerId) ?? "",
          oldCar: carName(reservation.carId),
          newCar: carName(placement.carId),
          oldPickupAt: reservation.pickupAt,
          oldReturnAt: reservation.returnAt,
          newPickupAt: placement.pickupAt,
          newReturnAt: placement.returnAt,
          oldTotal: reservation.quote?.total ?? null,
          newTotal: check.quote?.total ?? null,
          quoteError: check.quoteError,
          needsPastConfirmation: Date.parse(placement.pickupAt) < Date.now(),
        },
      });
    } catch (error) {
      setPending(null);
      notify(error instanceof Error ? error.message : "Kainos apskaičiuoti nepavyko", { type: "error" });
    }
  };

  const onDrop = ({ id, mode, deltaMs, rowDelta }: DropEvent) => {
    const reservation = reservations.data?.find((r) => r.id === id);
    if (!reservation) return;
    if (reservation.status === "active") {
      // A rental under way only grows, through the extension (the new price, the addendum to the customer).
      const placement = dragResult(reservation, "end", deltaMs, [], 0, SNAPS[snap]);
      if (!placement) return;
      if (Date.parse(placement.returnAt) <= Date.parse(reservation.returnAt)) {
        notify("Vykdomos nuomos sutrumpinti negalima: anksčiau grąžinamą automobilį priimkite veiksmu „Grąžinti“", {
          type: "error",
        });
        return;
      }
      setExtending({ reservation, returnAt: placement.returnAt });
      return;
    }
    const placement = dragResult(
      reservation,
      mode,
      deltaMs,
      rows.map((car) => car.id),
      rowDelta,
      SNAPS[snap],
    );
    if (!placement) return;
    if (!rows.find((car) => car.id === placement.carId)?.bookable) {
      notify("Perkelti negalima: šis automobilis remontuojamas", { type: "error" });
      return;
    }
    void propose(reservation, placement);
  };

  const pxPerMs = (days.length * DAY_WIDTH) / (rangeEnd - rangeStart);
  const { live, bind, consumeDrag } = useTimelineDrag({ pxPerMs, rowHeight: ROW_PITCH, step: SNAPS[snap], onDrop });

  const confirmMove = async (confirmPast: boolean) => {
    if (!pending) return;
    const { reservation, placement } = pending;
    setSaving(true);
    try {
      await dataProvider.update("reservations", {
        id: reservation.id,
        data: {
          ...reservation,
          ...placement,
          version: reservation.version,
          ...(confirmPast ? { confirmPast: true } : {}),
        },
        previousData: reservation,
      });
      notify(`Rezervacija ${reservation.number ?? ""} perkelta`, { type: "success" });
      await reservations.refetch();
    } catch (error) {
      notify(error instanceof Error ? error.message : "Perkelti nepavyko", { type: "error" });
      await reservations.refetch();
    } finally {
      setSaving(false);
      setPending(null);
    }
  };

  // Menus: a bar's (open, move with fields), a block's (remove), a free slot's (new reservation, block).
  const [barMenu, setBarMenu] = useState<{ anchor: HTMLElement; id: string } | null>(null);
  const [blockMenu, setBlockMenu] = useState<{ anchor: HTMLElement; id: string } | null>(null);
  const [slotMenu, setSlotMenu] = useState<{ anchor: HTMLElement; slot: Slot } | null>(null);
  const [moving, setMoving] = useState<ReservationRecord | null>(null);
  const [extending, setExtending] = useState<{ reservation: ReservationRecord; returnAt?: string } | null>(null);
  const [swapping, setSwapping] = useState<ReservationRecord | null>(null);
  const [blocking, setBlocking] = useState<{ carId: string; from: string; to: string } | null>(null);
  const [blockBusy, setBlockBusy] = useState(false);
  const [blockError, setBlockError] = useState<string | null>(null);
  const menuReservation = barMenu ? reservations.data?.find((r) => r.id === barMenu.id) : undefined;

  const slotLink = (slot: Slot) =>
    `${basename}/reservations/add?${new URLSearchParams({ carId: slot.carId, pickupAt: slot.pickupAt, returnAt: slot.returnAt })}`;

  const createBlock = async (input: { carId: string; from: string; to: string; reason: string }) => {
    setBlockBusy(true);
    setBlockError(null);
    try {
      await actions.createMaintenance(input);
      notify("Automobilis užblokuotas", { type: "success" });
      setBlocking(null);
      setBlocksVersion((v) => v + 1);
    } catch (error) {
      setBlockError(error instanceof Error ? error.message : "Užblokuoti nepavyko");
    } finally {
      setBlockBusy(false);
    }
  };

  const removeBlock = async (id: string) => {
    setBlockMenu(null);
    try {
      await actions.deleteMaintenance(id);
      notify("Blokavimas pašalintas", { type: "success" });
      setBlocksVersion((v) => v + 1);
    } catch (error) {
      notify(error instanceof Error ? error.message : "Pašalinti nepavyko", { type: "error" });
    }
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Užimtumas" />
      <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ mb: 1, alignItems: { md: "flex-start" } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
          <IconButton
            aria-label="Ankstesnis laikotarpis"
            onClick={() => go(addDaysToDateString(first, -span))}
            sx={{ mt: 1 }}
          >
            <ChevronLeftIcon />
          </IconButton>
          <DateField
            label="Nuo"
            value={typed}
            onChange={(date) => {
              setTyped(date);
              if (isDateString(date)) go(date);
            }}
            helperText=" "
            sx={{ minWidth: 150, maxWidth: 190 }}
          />
          <IconButton
            aria-label="Kitas laikotarpis"
            onClick={() => go(addDaysToDateString(first, span))}
            sx={{ mt: 1 }}
          >
            <ChevronRightIcon />
          </IconButton>
          <Button onClick={() => go(vilniusDateString(new Date()))} sx={{ mt: 1.5 }}>
            Šiandien
          </Button>
        </Stack>
        <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", gap: 2 }}>
          <TextField
            select
            label="Laikotarpis"
            sx={{ width: { xs: "100%", sm: 140 }, flexShrink: 0 }}
            value={span}
            onChange={(event) => setParam({ span: String(event.target.value) })}
          >
            {SPANS.map((value) => (
              <MenuItem key={value} value={value}>
                {formatCount(value, DAY_SPAN_FORMS)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Klasė"
            sx={{ width: { xs: "calc(50% - 8px)", sm: 170 } }}
            value={category}
            onChange={(event) => setParam({ category: event.target.value })}
          >
            <MenuItem value="">Visos klasės</MenuItem>
            {CAR_CATEGORY_CHOICES.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Paėmimo vieta"
            sx={{ width: { xs: "calc(50% - 8px)", sm: 200 } }}
            value={location}
            onChange={(event) => setParam({ location: event.target.value })}
          >
            <MenuItem value="">Visos vietos</MenuItem>
            {(locations.data ?? []).map((place) => (
              <MenuItem key={place.id} value={place.id}>
                {place.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Stack>
      <Stack
        direction="row"
        sx={{ mb: 1, flexWrap: "wrap", gap: 2, alignItems: "center", justifyContent: "space-between" }}
      >
        <Stack
          component="ul"
          direction="row"
          aria-label="Spalvų reikšmės"
          sx={{ flexWrap: "wrap", gap: 2, listStyle: "none", p: 0, m: 0 }}
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
          <Stack component="li" direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
            <Box
              sx={{
                width: 14,
                height: 14,
                borderRadius: 0.5,
                border: "1px solid #455a64",
                background: "repeating-linear-gradient(135deg, #cfd8dc 0 3px, #eceff1 3px 6px)",
              }}
              aria-hidden="true"
            />
            <Typography variant="body2">Remontas</Typography>
          </Stack>
        </Stack>
        <Stack direction="row" useFlexGap sx={{ alignItems: "center", flexWrap: "wrap", gap: 1 }}>
          <Typography variant="body2" id="snap-label">
            Tempiant žingsnis:
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={snap}
            aria-labelledby="snap-label"
            onChange={(_event, value: SnapName | null) => value && setParam({ snap: value === "hour" ? null : value })}
          >
            <ToggleButton value="hour" sx={{ whiteSpace: "nowrap", textTransform: "none" }}>
              1 val.
            </ToggleButton>
            <ToggleButton value="halfDay" sx={{ whiteSpace: "nowrap", textTransform: "none" }}>
              ½ paros
            </ToggleButton>
          </ToggleButtonGroup>
          <Button
            variant="outlined"
            size="small"
            onClick={() => {
              // the next whole hour (or the window's first day, when it lies ahead)
              const start = new Date(Math.max(rangeStart, Math.ceil(Date.now() / 3_600_000) * 3_600_000));
              setBlockError(null);
              setBlocking({
                carId: rows[0]?.id ?? "",
                from: start.toISOString(),
                to: new Date(start.getTime() + 24 * 3_600_000).toISOString(),
              });
            }}
            disabled={rows.length === 0}
          >
            Blokuoti (remontas)
          </Button>
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} id="availability-help">
        Laisvą langelį spustelėkite (arba pasirinkite rodyklėmis ir Enter) – nauja rezervacija nuo tos dienos
        {` ${DEFAULT_PICKUP_TIME}`}; dešiniuoju pelės mygtuku, ilgu paspaudimu ar Shift+F10 – ir blokavimas remontui.
        Naują ar patvirtintą rezervaciją tempkite į kitą dieną ar automobilį, jos kraštus – trumpinti ar ilginti;
        vykdomą nuomą galima tik pratęsti (tempkite jos pabaigą) ar pakeisti automobilį – per juostos meniu. Juostos
        meniu – „Perkelti…“ su datų laukais.
      </Typography>
      {cars.isPending || reservations.isPending ? (
        <Loading />
      ) : cars.error || reservations.error ? (
        <Alert severity="error">Užimtumo duomenų įkelti nepavyko.</Alert>
      ) : rows.length === 0 ? (
        <Alert severity="info">Pagal pasirinktus filtrus automobilių nėra.</Alert>
      ) : (
        <Card>
          <Box sx={{ overflowX: "auto" }} data-timeline-scroll>
            <Timeline
              days={days}
              rangeStart={rangeStart}
              rangeEnd={rangeEnd}
              cars={rows}
              bookings={bookings}
              blocks={blocksByCar}
              live={live}
              bind={bind}
              consumeDrag={consumeDrag}
              slotLink={slotLink}
              onSlotMenu={(anchor, slot) => setSlotMenu({ anchor, slot })}
              onBarMenu={(anchor, id) => setBarMenu({ anchor, id })}
              onBlockMenu={(anchor, id) => setBlockMenu({ anchor, id })}
            />
          </Box>
        </Card>
      )}
      <CalendarFeedsPanel cars={choices} />

      <Menu anchorEl={barMenu?.anchor ?? null} open={Boolean(barMenu)} onClose={() => setBarMenu(null)}>
        <MenuItem
          onClick={() => {
            const id = barMenu?.id;
            setBarMenu(null);
            if (id) navigate(`${basename}/reservations/add/${id}`);
          }}
        >
          Atidaryti rezervaciją
        </MenuItem>
        {menuReservation && ["new", "confirmed"].includes(menuReservation.status) ? (
          <MenuItem
            onClick={() => {
              setBarMenu(null);
              setMoving(menuReservation);
            }}
          >
            Perkelti…
          </MenuItem>
        ) : null}
        {menuReservation?.status === "active" ? (
          <MenuItem
            onClick={() => {
              setBarMenu(null);
              setExtending({ reservation: menuReservation });
            }}
          >
            {EXTEND_ACTION}…
          </MenuItem>
        ) : null}
        {menuReservation?.status === "active" ? (
          <MenuItem
            onClick={() => {
              setBarMenu(null);
              setSwapping(menuReservation);
            }}
          >
            {SWAP_ACTION}…
          </MenuItem>
        ) : null}
      </Menu>
      <Menu anchorEl={blockMenu?.anchor ?? null} open={Boolean(blockMenu)} onClose={() => setBlockMenu(null)}>
        <MenuItem onClick={() => blockMenu && removeBlock(blockMenu.id)}>Pašalinti blokavimą</MenuItem>
      </Menu>
      <Menu anchorEl={slotMenu?.anchor ?? null} open={Boolean(slotMenu)} onClose={() => setSlotMenu(null)}>
        <MenuItem
          onClick={() => {
            const slot = slotMenu?.slot;
            setSlotMenu(null);
            if (slot) navigate(slotLink(slot));
          }}
        >
          Nauja rezervacija
        </MenuItem>
        <MenuItem
          onClick={() => {
            const slot = slotMenu?.slot;
            setSlotMenu(null);
            setBlockError(null);
            if (slot) setBlocking({ carId: slot.carId, from: slot.pickupAt, to: slot.returnAt });
          }}
        >
          Blokuoti (remontas)
        </MenuItem>
      </Menu>

      {moving ? (
        <MoveDialog
          number={moving.number ?? ""}
          cars={choices}
          carId={moving.carId}
          pickupAt={moving.pickupAt}
          returnAt={moving.returnAt}
          returnOnly={moving.status === "active"}
          onCancel={() => setMoving(null)}
          onSubmit={(placement) => {
            const reservation = moving;
            setMoving(null);
            const unchanged =
              placement.carId === reservation.carId &&
              Date.parse(placement.pickupAt) === Date.parse(reservation.pickupAt) &&
              Date.parse(placement.returnAt) === Date.parse(reservation.returnAt);
            if (!unchanged) void propose(reservation, placement);
          }}
        />
      ) : null}
      {extending ? (
        <ExtendRentalDialog
          record={extending.reservation}
          open
          initialReturnAt={extending.returnAt}
          onClose={() => setExtending(null)}
          onDone={() => void reservations.refetch()}
        />
      ) : null}
      {swapping ? (
        <SwapCarDialog
          record={swapping}
          open
          onClose={() => setSwapping(null)}
          onDone={() => void reservations.refetch()}
        />
      ) : null}
      {pending?.summary ? (
        <ConfirmMoveDialog
          summary={pending.summary}
          busy={saving}
          onCancel={() => setPending(null)}
          onConfirm={(confirmPast) => void confirmMove(confirmPast)}
        />
      ) : null}
      {blocking ? (
        <MaintenanceDialog
          cars={choices}
          carId={blocking.carId}
          from={blocking.from}
          to={blocking.to}
          busy={blockBusy}
          error={blockError}
          onCancel={() => setBlocking(null)}
          onSubmit={(input) => void createBlock(input)}
        />
      ) : null}
    </Box>
  );
}

export default CheckAvailability;
