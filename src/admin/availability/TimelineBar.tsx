// One booking on the timeline: a bar in its status colour with the customer's name and the
// number, end handles for resizing where allowed; or a hatched maintenance block with its reason.
// The bar is a button: a click, Enter or Space opens its menu (open, move with date fields).
import { Box } from "@mui/material";
import type { KeyboardEvent, MouseEvent, PointerEvent as ReactPointerEvent } from "react";
import { formatDateTime } from "../../domain/format";
import { RESERVATION_STATUS_LABELS } from "../../domain/reservationStatus";
import type { DragMode } from "./timelineModel";
import type { LiveDrag } from "./useTimelineDrag";

/** Distinct hues, each with white text at 4.5:1 or more. */
/** Enter or Space on a bar opens its menu, as a click does (the keyboard path of the timeline). */
function openMenuOnKey(onOpenMenu: (anchor: HTMLElement, id: string) => void, id: string) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    event.stopPropagation();
    onOpenMenu(event.currentTarget, id);
  };
}

export const STATUS_COLOURS: Record<string, string> = {
  new: "#7b1fa2",
  confirmed: "#0d47a1",
  active: "#2e7d32",
  completed: "#5f6b7a",
};

export const BAR_INSET = 6;

type PointerHandlers = {
  onPointerDown(event: ReactPointerEvent<HTMLElement>): void;
  onPointerMove(event: ReactPointerEvent<HTMLElement>): void;
  onPointerUp(event: ReactPointerEvent<HTMLElement>): void;
  onPointerCancel(): void;
};

export interface BarBooking {
  id: string;
  number: string;
  status: string;
  pickupAt: string;
  returnAt: string;
  customerName: string;
  /** a rental whose car was swapped: its part before the swap (the car returned) or after it */
  part?: "before" | "after";
  /** the other car of the swap, as the label names it */
  otherCar?: string;
  /** the pickup and return places' names: the car is at the return place after the rental */
  pickupPlace?: string;
  returnPlace?: string;
}

interface BarProps {
  booking: BarBooking;
  left: number;
  width: number;
  rowHeight: number;
  /** the distance between two rows (a move to another car shifts the bar by it) */
  rowPitch: number;
  /** the bar's start or end lies outside the window: no handle there */
  clippedStart: boolean;
  clippedEnd: boolean;
  allowed: ReadonlySet<DragMode>;
  live: LiveDrag | null;
  /** drawn where a move would put it, waiting for the confirmation */
  preview: boolean;
  /** outside the chosen pickup location: drawn faded */
  faded: boolean;
  bind(id: string, mode: DragMode): PointerHandlers;
  onOpenMenu(anchor: HTMLElement, id: string): void;
  consumeDrag(): boolean;
}

export function TimelineBar({
  booking,
  left,
  width,
  rowHeight,
  rowPitch,
  clippedStart,
  clippedEnd,
  allowed,
  live,
  preview,
  faded,
  bind,
  onOpenMenu,
  consumeDrag,
}: BarProps) {
  // A swapped rental's earlier part stays put while its current part is dragged.
  const mine = live?.id === booking.id && allowed.size > 0 ? live : null;
  let shownLeft = left;
  let shownWidth = width;
  let shiftY = 0;
  if (mine?.mode === "move") {
    shownLeft += mine.dx;
    shiftY = mine.rows * rowPitch;
  } else if (mine?.mode === "start") {
    shownLeft += mine.dx;
    shownWidth = Math.max(6, width - mine.dx);
  } else if (mine?.mode === "end") {
    shownWidth = Math.max(6, width + mine.dx);
  }
  const dates = `${formatDateTime(booking.pickupAt)} – ${formatDateTime(booking.returnAt)}`;
  const status = RESERVATION_STATUS_LABELS[booking.status as keyof typeof RESERVATION_STATUS_LABELS] ?? booking.status;
  const swapNote =
    booking.part === "before"
      ? ` · iki automobilio keitimo (toliau ${booking.otherCar ?? "kitas automobilis"})`
      : booking.part === "after"
        ? ` · po automobilio keitimo (iš ${booking.otherCar ?? "kito automobilio"})`
        : "";
  const places =
    booking.pickupPlace || booking.returnPlace ? `, ${booking.pickupPlace ?? "—"} → ${booking.returnPlace ?? "—"}` : "";
  const label = `${booking.number} · ${booking.customerName} · ${status}, ${dates}${places}${swapNote}`;
  const open = (event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>) => {
    if (consumeDrag()) return;
    onOpenMenu(event.currentTarget, booking.id);
  };
  const move = allowed.has("move") ? bind(booking.id, "move") : null;
  const handle = (mode: "start" | "end") => (
    <Box
      aria-hidden="true"
      data-handle={mode}
      {...bind(booking.id, mode)}
      onClick={(event) => {
        event.stopPropagation();
        consumeDrag();
      }}
      sx={{
        position: "absolute",
        top: 0,
        bottom: 0,
        [mode === "start" ? "left" : "right"]: 0,
        width: 10,
        cursor: "ew-resize",
        touchAction: "none",
        "&::after": {
          content: '""',
          position: "absolute",
          top: 6,
          bottom: 6,
          [mode === "start" ? "left" : "right"]: 3,
          width: 2,
          bgcolor: "rgba(255,255,255,0.8)",
          borderRadius: 1,
        },
      }}
    />
  );
  return (
    <Box
      role="button"
      tabIndex={0}
      aria-haspopup="menu"
      aria-label={label}
      title={label}
      data-reservation-bar={booking.id}
      data-status={booking.status}
      data-preview={preview ? "true" : undefined}
      data-swap-part={booking.part}
      {...(move ?? {})}
      onClick={open}
      onKeyDown={openMenuOnKey(onOpenMenu, booking.id)}
      sx={{
        position: "absolute",
        top: BAR_INSET,
        height: rowHeight - 2 * BAR_INSET,
        left: shownLeft,
        width: Math.max(6, shownWidth - 2),
        transform: shiftY ? `translateY(${shiftY}px)` : undefined,
        bgcolor: STATUS_COLOURS[booking.status] ?? "#5f6b7a",
        color: "#fff",
        borderRadius: 1,
        pl: clippedStart ? 0.75 : 1.5,
        pr: clippedEnd ? 0.75 : 1.5,
        fontSize: 11.5,
        lineHeight: `${rowHeight - 2 * BAR_INSET}px`,
        whiteSpace: "nowrap",
        overflow: "hidden",
        textOverflow: "ellipsis",
        cursor: move ? (mine ? "grabbing" : "grab") : "pointer",
        touchAction: allowed.size > 0 ? "none" : "auto",
        userSelect: "none",
        zIndex: mine ? 4 : 1,
        opacity: faded ? 0.45 : booking.part === "before" ? 0.7 : 1,
        borderRight: booking.part === "before" ? "3px dashed rgba(255,255,255,0.9)" : undefined,
        borderLeft: booking.part === "after" ? "3px dashed rgba(255,255,255,0.9)" : undefined,
        boxShadow: mine ? 6 : 1,
        outline: preview ? "2px dashed #111a2e" : undefined,
        outlineOffset: 1,
        "&:focus-visible": { outline: "3px solid #111a2e", outlineOffset: 1 },
      }}
    >
      {allowed.has("start") && !clippedStart ? handle("start") : null}
      <Box component="span" sx={{ fontWeight: 600 }}>
        {booking.customerName}
      </Box>
      {` · ${booking.number}`}
      {booking.part ? ` · ${booking.part === "before" ? "iki keitimo" : "po keitimo"}` : null}
      {booking.returnPlace && booking.part !== "before" ? (
        <Box component="span" data-return-place={booking.returnPlace}>{` · → ${booking.returnPlace}`}</Box>
      ) : null}
      {allowed.has("end") && !clippedEnd ? handle("end") : null}
    </Box>
  );
}

export interface BlockBooking {
  id: string;
  carId: string;
  from: string;
  to: string;
  reason: string;
}

export function MaintenanceBar({
  block,
  left,
  width,
  rowHeight,
  onOpenMenu,
}: {
  block: BlockBooking;
  left: number;
  width: number;
  rowHeight: number;
  onOpenMenu(anchor: HTMLElement, id: string): void;
}) {
  const label = `Remontas${block.reason ? `: ${block.reason}` : ""}, ${formatDateTime(block.from)} – ${formatDateTime(block.to)}`;
  return (
    <Box
      role="button"
      tabIndex={0}
      aria-haspopup="menu"
      aria-label={label}
      title={label}
      data-maintenance-block={block.id}
      onClick={(event) => onOpenMenu(event.currentTarget, block.id)}
      onKeyDown={openMenuOnKey(onOpenMenu, block.id)}
      sx={{
        position: "absolute",
        top: BAR_INSET,
        height: rowHeight - 2 * BAR_INSET,
        left,
        width: Math.max(6, width - 2),
        background: "repeating-linear-gradient(135deg, #cfd8dc 0 6px, #eceff1 6px 12px)",
        border: "1px solid #455a64",
        color: "#111a2e",
        borderRadius: 1,
        px: 1,
        fontSize: 11.5,
        fontWeight: 600,
        lineHeight: `${rowHeight - 2 * BAR_INSET - 2}px`,
        whiteSpace: "nowrap",
        overflow: "hidden",
        textOverflow: "ellipsis",
        cursor: "pointer",
        zIndex: 1,
        "&:focus-visible": { outline: "3px solid #111a2e", outlineOffset: 1 },
      }}
    >
      {`Remontas${block.reason ? ` · ${block.reason}` : ""}`}
    </Box>
  );
}
