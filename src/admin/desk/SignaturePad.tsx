// The customer's signature on the screen: pointer events (finger, mouse, pen), drawn sharp on
// high-DPI screens, kept as strokes so a resize redraws it, exported as a PNG data URL.
import { Box, Button, Typography } from "@mui/material";
import { useCallback, useEffect, useRef, useState } from "react";

type Point = { x: number; y: number; pressure: number };

const HEIGHT = 200;
const INK = "#0d1b4c";
/** The server takes a signature PNG up to 300 kB (src/core/rentalDesk.ts); stay well below. */
const MAX_DATA_URL_CHARS = 380_000;

/** Line width for a point: pens give pressure, fingers and mice give 0.5. */
const widthFor = (pressure: number) => 1.6 + Math.min(1, Math.max(0, pressure || 0.5)) * 1.8;

function drawStroke(context: CanvasRenderingContext2D, stroke: readonly Point[]) {
  const first = stroke[0];
  if (!first) return;
  context.strokeStyle = INK;
  context.fillStyle = INK;
  context.lineCap = "round";
  context.lineJoin = "round";
  if (stroke.length === 1) {
    context.beginPath();
    context.arc(first.x, first.y, widthFor(first.pressure) / 2, 0, Math.PI * 2);
    context.fill();
    return;
  }
  for (let i = 1; i < stroke.length; i++) {
    const from = stroke[i - 1] as Point;
    const to = stroke[i] as Point;
    context.lineWidth = widthFor(to.pressure);
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
  }
}

/** The strokes on a canvas of CSS size width × height at a pixel ratio, as a PNG data URL. */
function exportPng(strokes: readonly (readonly Point[])[], width: number, ratio: number): string {
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(HEIGHT * ratio);
  const context = canvas.getContext("2d");
  if (!context) return "";
  context.scale(ratio, ratio);
  for (const stroke of strokes) drawStroke(context, stroke);
  return canvas.toDataURL("image/png");
}

export function SignaturePad({
  value,
  onChange,
  label,
  error,
}: {
  /** the PNG data URL, or null while nothing is signed */
  value: string | null;
  onChange: (png: string | null) => void;
  label: string;
  error?: string | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const current = useRef<Point[] | null>(null);
  const [width, setWidth] = useState(0);
  const [empty, setEmpty] = useState(value === null);

  const redraw = useCallback(() => {
    const element = canvas.current;
    if (!element || width === 0) return;
    const ratio = window.devicePixelRatio || 1;
    element.width = Math.round(width * ratio);
    element.height = Math.round(HEIGHT * ratio);
    const context = element.getContext("2d");
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, HEIGHT);
    for (const stroke of strokes.current) drawStroke(context, stroke);
  }, [width]);

  // The pad is as wide as its box; a turned tablet redraws the strokes at the new width.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // the inner width (without the border): the canvas fills it and never widens its box
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(redraw, [redraw]);

  // Cleared from outside (a new wizard): drop the strokes.
  useEffect(() => {
    if (value === null && strokes.current.length > 0 && current.current === null) {
      strokes.current = [];
      setEmpty(true);
      redraw();
    }
  }, [value, redraw]);

  const pointOf = (event: React.PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top, pressure: event.pressure };
  };

  const finish = () => {
    if (!current.current) return;
    current.current = null;
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    let png = exportPng(strokes.current, width, ratio);
    if (png.length > MAX_DATA_URL_CHARS) png = exportPng(strokes.current, width, 1);
    onChange(png);
  };

  const clear = () => {
    strokes.current = [];
    current.current = null;
    setEmpty(true);
    redraw();
    onChange(null);
  };

  return (
    <Box>
      <Typography component="label" variant="subtitle2" sx={{ display: "block", mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        ref={box}
        sx={{
          position: "relative",
          border: 2,
          borderColor: error ? "error.main" : "divider",
          borderStyle: "dashed",
          borderRadius: 2,
          bgcolor: "#ffffff",
          height: HEIGHT + 4,
          minWidth: 0,
          overflow: "hidden",
        }}
      >
        {empty && (
          <Typography
            aria-hidden
            sx={{
              position: "absolute",
              inset: 0,
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              color: "text.disabled",
              pointerEvents: "none",
              fontSize: 18,
            }}
          >
            Pasirašykite čia pirštu, pele arba rašikliu
          </Typography>
        )}
        <Box
          sx={{ position: "absolute", left: 24, right: 24, bottom: 44, borderBottom: 1, borderColor: "grey.400" }}
          aria-hidden
        />
        <canvas
          ref={canvas}
          data-testid="signature-pad"
          aria-label={label}
          role="img"
          style={{ width: "100%", height: HEIGHT, display: "block", touchAction: "none", cursor: "crosshair" }}
          onPointerDown={(event) => {
            if (event.button !== 0 && event.pointerType === "mouse") return;
            event.preventDefault();
            event.currentTarget.setPointerCapture(event.pointerId);
            const stroke = [pointOf(event)];
            current.current = stroke;
            strokes.current.push(stroke);
            setEmpty(false);
            redraw();
          }}
          onPointerMove={(event) => {
            const stroke = current.current;
            if (!stroke) return;
            event.preventDefault();
            // coalesced events give a smooth line from a fast pen
            const events = event.nativeEvent.getCoalescedEvents?.() ?? [event.nativeEvent];
            const rect = event.currentTarget.getBoundingClientRect();
            const context = event.currentTarget.getContext("2d");
            for (const each of events.length > 0 ? events : [event.nativeEvent]) {
              const point = { x: each.clientX - rect.left, y: each.clientY - rect.top, pressure: each.pressure };
              const previous = stroke[stroke.length - 1];
              stroke.push(point);
              if (context && previous) drawStroke(context, [previous, point]);
            }
          }}
          onPointerUp={finish}
          onPointerCancel={finish}
        />
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mt: 1, gap: 2 }}>
        <Typography
          variant="body2"
          color={error && empty ? "error" : "text.secondary"}
          role={error && empty ? "alert" : undefined}
        >
          {empty ? (error ?? "Dar nepasirašyta") : "Pasirašyta"}
        </Typography>
        <Button variant="outlined" onClick={clear} disabled={empty} sx={{ minHeight: 44 }}>
          Išvalyti parašą
        </Button>
      </Box>
    </Box>
  );
}
