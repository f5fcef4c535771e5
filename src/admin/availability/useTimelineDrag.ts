// Dragging a booking's bar with pointer events (mouse, pen and touch alike): the whole bar moves
// it (other days and/or another car's row), its end handles resize it. While the pointer moves
// the bar is only drawn shifted; on release the caller gets the travel in milliseconds and rows.
// A press that does not travel stays a click (the bar's menu opens).
import { type PointerEvent as ReactPointerEvent, useCallback, useRef, useState } from "react";
import { type DragMode, snapDelta } from "./timelineModel";

/** Pixels a pointer must travel before a press becomes a drag. */
const DRAG_THRESHOLD = 5;

export interface LiveDrag {
  id: string;
  mode: DragMode;
  /** snapped horizontal travel in pixels */
  dx: number;
  /** whole rows travelled (moves only) */
  rows: number;
}

export interface DropEvent {
  id: string;
  mode: DragMode;
  deltaMs: number;
  rowDelta: number;
}

interface Options {
  /** pixels per millisecond of the time axis */
  pxPerMs: number;
  rowHeight: number;
  /** the snap step in milliseconds */
  step: number;
  onDrop(drop: DropEvent): void;
}

interface Press {
  id: string;
  mode: DragMode;
  pointerId: number;
  x: number;
  y: number;
  dragging: boolean;
}

export function useTimelineDrag({ pxPerMs, rowHeight, step, onDrop }: Options) {
  const [live, setLive] = useState<LiveDrag | null>(null);
  const press = useRef<Press | null>(null);
  /** set when a drag ended, so the click the browser fires after it does not open the menu */
  const dragged = useRef(false);

  const travel = useCallback(
    (event: ReactPointerEvent, current: Press) => {
      const deltaMs = (event.clientX - current.x) / pxPerMs;
      const rowDelta = current.mode === "move" ? Math.round((event.clientY - current.y) / rowHeight) : 0;
      return { deltaMs, rowDelta };
    },
    [pxPerMs, rowHeight],
  );

  const bind = useCallback(
    (id: string, mode: DragMode) => ({
      onPointerDown(event: ReactPointerEvent<HTMLElement>) {
        if (event.button !== 0) return;
        // a handle inside the bar takes the press for itself
        event.stopPropagation();
        dragged.current = false;
        press.current = { id, mode, pointerId: event.pointerId, x: event.clientX, y: event.clientY, dragging: false };
        event.currentTarget.setPointerCapture?.(event.pointerId);
      },
      onPointerMove(event: ReactPointerEvent<HTMLElement>) {
        const current = press.current;
        if (!current || current.pointerId !== event.pointerId || current.id !== id || current.mode !== mode) return;
        if (!current.dragging && Math.hypot(event.clientX - current.x, event.clientY - current.y) < DRAG_THRESHOLD)
          return;
        current.dragging = true;
        event.preventDefault();
        const { deltaMs, rowDelta } = travel(event, current);
        setLive({ id, mode, dx: snapDelta(deltaMs, step) * pxPerMs, rows: rowDelta });
      },
      onPointerUp(event: ReactPointerEvent<HTMLElement>) {
        const current = press.current;
        if (!current || current.pointerId !== event.pointerId || current.id !== id || current.mode !== mode) return;
        press.current = null;
        event.currentTarget.releasePointerCapture?.(event.pointerId);
        setLive(null);
        if (!current.dragging) return;
        dragged.current = true;
        const { deltaMs, rowDelta } = travel(event, current);
        onDrop({ id, mode, deltaMs, rowDelta });
      },
      onPointerCancel() {
        press.current = null;
        setLive(null);
      },
    }),
    [onDrop, pxPerMs, step, travel],
  );

  /** Whether the click that just arrived ended a drag (and should be ignored); resets itself. */
  const consumeDrag = useCallback(() => {
    const was = dragged.current;
    dragged.current = false;
    return was;
  }, []);

  return { live, bind, consumeDrag };
}
