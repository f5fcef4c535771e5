// The occupancy grid: one row per car (make model, plate; the name column stays put while the
// days scroll sideways on a phone), one column per day, the bookings as bars over the days. A free
// day cell links to a new reservation for that car and day; its context menu (right click, long
// press, Shift+F10 or the menu key) also offers a maintenance block. The grid is one tab stop:
// arrow keys move between days and cars.
import { Box } from "@mui/material";
import { type KeyboardEvent, type MouseEvent, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { formatDateTime } from "../../domain/format";
import type { Reservation } from "../../domain/schemas";
import type { DaySpan } from "../common/days";
import { weekdayShort } from "../common/days";
import { type BarBooking, type BlockBooking, MaintenanceBar, TimelineBar } from "./TimelineBar";
import { allowedDrags, freeSlot, HOLDING } from "./timelineModel";
import type { LiveDrag } from "./useTimelineDrag";

export const DAY_WIDTH = 52;
export const ROW_HEIGHT = 44;
/** A row's height with its bottom border: how far apart two cars' rows are. */
export const ROW_PITCH = ROW_HEIGHT + 1;
const NAME_WIDTH = { xs: 124, sm: 210 };
/** The sticky first column: the header cell and every car's name cell share it so they line up. */
const NAME_CELL = {
  width: NAME_WIDTH,
  flexShrink: 0,
  position: "sticky",
  left: 0,
  zIndex: 5,
  bgcolor: "background.paper",
  px: 1,
} as const;

export interface TimelineCar {
  id: string;
  name: string;
  plate: string;
  detail: string;
  bookable: boolean;
  /** where the car stands now (its current place's name); empty: not given (any place) */
  place?: string;
}

export interface TimelineBooking extends BarBooking {
  carId: string;
  faded: boolean;
  preview: boolean;
}

export interface Slot {
  carId: string;
  pickupAt: string;
  returnAt: string;
}

interface TimelineProps {
  days: DaySpan[];
  rangeStart: number;
  rangeEnd: number;
  cars: TimelineCar[];
  bookings: ReadonlyMap<string, TimelineBooking[]>;
  blocks: ReadonlyMap<string, BlockBooking[]>;
  live: LiveDrag | null;
  bind: Parameters<typeof TimelineBar>[0]["bind"];
  consumeDrag(): boolean;
  slotLink(slot: Slot): string;
  onSlotMenu(anchor: HTMLElement, slot: Slot): void;
  onBarMenu(anchor: HTMLElement, id: string): void;
  onBlockMenu(anchor: HTMLElement, id: string): void;
}

export function Timeline({
  days,
  rangeStart,
  rangeEnd,
  cars,
  bookings,
  blocks,
  live,
  bind,
  consumeDrag,
  slotLink,
  onSlotMenu,
  onBarMenu,
  onBlockMenu,
}: TimelineProps) {
  const [active, setActive] = useState({ row: 0, col: 0 });
  const grid = useRef<HTMLDivElement>(null);
  const trackWidth = days.length * DAY_WIDTH;
  const pxPerMs = trackWidth / (rangeEnd - rangeStart);
  const x = (time: number) => (time - rangeStart) * pxPerMs;

  const focusCell = (row: number, col: number) => {
    const r = Math.max(0, Math.min(cars.length - 1, row));
    const c = Math.max(0, Math.min(days.length - 1, col));
    setActive({ row: r, col: c });
    grid.current?.querySelector<HTMLElement>(`[data-cell="${r}-${c}"]`)?.focus();
  };

  const onGridKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (!target.dataset.cell) return;
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

  return (
    <Box
      ref={grid}
      role="grid"
      aria-label="Automobilių užimtumas pagal dienas"
      aria-describedby="availability-help"
      aria-rowcount={cars.length + 1}
      aria-colcount={days.length + 1}
      onKeyDown={onGridKey}
      sx={{ minWidth: "max-content", fontSize: 13 }}
    >
      <Box role="row" aria-rowindex={1} sx={{ display: "flex", borderBottom: 1, borderColor: "divider" }}>
        <Box role="columnheader" aria-colindex={1} sx={{ ...NAME_CELL, py: 0.5, fontWeight: 600 }}>
          Automobilis
        </Box>
        {days.map((day, col) => (
          <Box
            role="columnheader"
            aria-colindex={col + 2}
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
      {cars.map((car, row) => {
        const carBookings = bookings.get(car.id) ?? [];
        const carBlocks = blocks.get(car.id) ?? [];
        const periods: { pickupAt: string; returnAt: string; status: Reservation["status"] }[] = [
          ...carBookings.filter((b) => !b.preview).map((b) => ({ ...b, status: b.status as Reservation["status"] })),
          ...carBlocks.map((b) => ({ pickupAt: b.from, returnAt: b.to, status: "confirmed" as const })),
        ];
        return (
          <Box
            role="row"
            aria-rowindex={row + 2}
            key={car.id}
            data-car-id={car.id}
            sx={{ display: "flex", borderBottom: 1, borderColor: "divider" }}
          >
            <Box
              role="rowheader"
              aria-colindex={1}
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
                {car.name}
              </Box>
              <Box
                component="span"
                data-car-place={car.place || undefined}
                title={car.place ? `Dabartinė vieta: ${car.place}` : undefined}
                sx={{ color: "text.secondary", fontSize: 12, whiteSpace: "nowrap", overflow: "hidden" }}
              >
                {[car.plate, car.detail, car.place].filter(Boolean).join(" · ")}
              </Box>
            </Box>
            <Box
              role="gridcell"
              aria-colindex={2}
              aria-colspan={days.length}
              sx={{ position: "relative", display: "flex", height: ROW_HEIGHT, width: trackWidth }}
            >
              {days.map((day, col) => {
                const here = periods.filter(
                  (p) =>
                    HOLDING.has(p.status) && Date.parse(p.pickupAt) < day.end && Date.parse(p.returnAt) > day.start,
                );
                const slot = car.bookable ? freeSlot(day, periods) : null;
                const isActive = active.row === row && active.col === col;
                const takenText = here
                  .map((p) => `${formatDateTime(p.pickupAt)} – ${formatDateTime(p.returnAt)}`)
                  .join("; ");
                const label = slot
                  ? `${car.name}, ${day.date}: laisva nuo ${formatDateTime(slot.pickupAt).slice(11)} – nauja rezervacija${takenText ? `. Užimta: ${takenText}` : ""}`
                  : car.bookable
                    ? `${car.name}, ${day.date}: užimta ${takenText}`
                    : `${car.name}, ${day.date}: remontuojamas`;
                const common = {
                  "data-cell": `${row}-${col}`,
                  "data-date": day.date,
                  tabIndex: isActive ? 0 : -1,
                  onFocus: () => setActive({ row, col }),
                  "aria-label": label,
                };
                const slotHere = slot ? { carId: car.id, ...slot } : null;
                const openMenu = (event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => {
                  if (!slotHere) return;
                  event.preventDefault();
                  onSlotMenu(event.currentTarget, slotHere);
                };
                return (
                  <Box key={day.date} sx={{ width: DAY_WIDTH, flexShrink: 0, borderRight: 1, borderColor: "divider" }}>
                    {slotHere ? (
                      <Box
                        component={Link}
                        to={slotLink(slotHere)}
                        {...common}
                        data-free="true"
                        title={label}
                        onContextMenu={openMenu}
                        onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
                          if (event.key === "ContextMenu" || (event.key === "F10" && event.shiftKey)) openMenu(event);
                        }}
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
                        +
                      </Box>
                    ) : (
                      <Box
                        {...common}
                        data-free="false"
                        sx={{ height: "100%", bgcolor: car.bookable ? undefined : "grey.100" }}
                      />
                    )}
                  </Box>
                );
              })}
              {carBlocks.map((block) => {
                const left = Math.max(0, x(Date.parse(block.from)));
                const right = Math.min(trackWidth, x(Date.parse(block.to)));
                if (right <= left) return null;
                return (
                  <MaintenanceBar
                    key={block.id}
                    block={block}
                    left={left}
                    width={right - left}
                    rowHeight={ROW_HEIGHT}
                    onOpenMenu={onBlockMenu}
                  />
                );
              })}
              {carBookings.map((booking) => {
                const start = x(Date.parse(booking.pickupAt));
                const end = x(Date.parse(booking.returnAt));
                const left = Math.max(0, start);
                const right = Math.min(trackWidth, end);
                if (right <= left) return null;
                return (
                  <TimelineBar
                    key={`${booking.id}-${booking.pickupAt}`}
                    booking={booking}
                    left={left}
                    width={right - left}
                    rowHeight={ROW_HEIGHT}
                    rowPitch={ROW_PITCH}
                    clippedStart={start < 0}
                    clippedEnd={end > trackWidth}
                    allowed={booking.preview || booking.part === "before" ? new Set() : allowedDrags(booking.status)}
                    live={live}
                    preview={booking.preview}
                    faded={booking.faded}
                    bind={bind}
                    onOpenMenu={onBarMenu}
                    consumeDrag={consumeDrag}
                  />
                );
              })}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
