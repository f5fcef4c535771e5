// The car from above (src/domain/carDiagram.ts) as SVG: a tap adds a numbered mark, earlier
// damages are drawn in another colour. The marks are big enough for a finger (about 44 px).
import { Box } from "@mui/material";
import type { KeyboardEvent as ReactKeyboardEvent, MouseEvent as ReactMouseEvent } from "react";
import { CAR_DIAGRAM_PATHS, DIAGRAM_HEIGHT, DIAGRAM_WIDTH } from "../../domain/carDiagram";

export interface DiagramMark {
  id: string;
  x: number;
  y: number;
  /** what is written in the circle */
  label: string;
  kind: "new" | "earlier" | "handover";
  /** an earlier damage the customer confirmed */
  confirmed?: boolean;
}

const MARK_COLOURS: Record<DiagramMark["kind"], { fill: string; stroke: string; text: string }> = {
  new: { fill: "#c62828", stroke: "#ffffff", text: "#ffffff" },
  earlier: { fill: "#ef6c00", stroke: "#ffffff", text: "#ffffff" },
  handover: { fill: "#1565c0", stroke: "#ffffff", text: "#ffffff" },
};

const FILLS = { body: "#eceff1", glass: "#b3e5fc", wheel: "#37474f", line: "none" } as const;

export function CarDiagram({
  marks,
  onAdd,
  onSelect,
  selectedId,
  label,
  maxWidth = 300,
}: {
  marks: readonly DiagramMark[];
  /** x, y from 0 to 1; absent: the diagram only shows */
  onAdd?: (x: number, y: number) => void;
  onSelect?: (id: string) => void;
  selectedId?: string | null;
  label: string;
  maxWidth?: number;
}) {
  const add = (event: ReactMouseEvent<SVGSVGElement>) => {
    if (!onAdd) return;
    const svg = event.currentTarget;
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const inside = point.matrixTransform(matrix.inverse());
    const x = inside.x / DIAGRAM_WIDTH;
    const y = inside.y / DIAGRAM_HEIGHT;
    if (x < 0 || x > 1 || y < 0 || y > 1) return;
    onAdd(x, y);
  };
  return (
    <Box sx={{ width: "100%", maxWidth, mx: "auto" }}>
      <Box
        component="svg"
        role={onAdd ? "button" : "img"}
        aria-label={label}
        data-testid="car-diagram"
        viewBox={`-6 -6 ${DIAGRAM_WIDTH + 12} ${DIAGRAM_HEIGHT + 12}`}
        onClick={add}
        sx={{
          display: "block",
          width: "100%",
          height: "auto",
          maxHeight: "62vh",
          cursor: onAdd ? "crosshair" : "default",
          touchAction: "manipulation",
          userSelect: "none",
          bgcolor: "background.paper",
          border: 1,
          borderColor: "divider",
          borderRadius: 2,
        }}
      >
        {CAR_DIAGRAM_PATHS.map((path) => (
          <path
            key={path.d}
            d={path.d}
            fill={FILLS[path.role]}
            stroke="#455a64"
            strokeWidth={path.role === "line" ? 0.8 : 1.2}
            strokeLinejoin="round"
          />
        ))}
        <text x={50} y={-1} textAnchor="middle" fontSize={5} fill="#607d8b">
          PRIEKIS
        </text>
        <text x={50} y={DIAGRAM_HEIGHT + 5} textAnchor="middle" fontSize={5} fill="#607d8b">
          GALAS
        </text>
        {marks.map((mark) => {
          const colour = MARK_COLOURS[mark.kind];
          const cx = mark.x * DIAGRAM_WIDTH;
          const cy = mark.y * DIAGRAM_HEIGHT;
          const selected = mark.id === selectedId;
          return (
            <g
              key={`${mark.kind}-${mark.id}`}
              data-testid={`mark-${mark.kind}`}
              aria-label={`Žyma ${mark.label}`}
              {...(onSelect
                ? {
                    role: "button",
                    tabIndex: 0,
                    onClick: (event: ReactMouseEvent) => {
                      event.stopPropagation();
                      onSelect(mark.id);
                    },
                    onKeyDown: (event: ReactKeyboardEvent) => {
                      if (event.key === "Enter" || event.key === " ") {
                        event.preventDefault();
                        onSelect(mark.id);
                      }
                    },
                  }
                : {})}
              style={{ cursor: onSelect ? "pointer" : "default" }}
            >
              {/* an invisible ring makes the touch target bigger than the drawn circle */}
              <circle cx={cx} cy={cy} r={8} fill="transparent" />
              <circle
                cx={cx}
                cy={cy}
                r={selected ? 6.5 : 5.5}
                fill={colour.fill}
                stroke={selected ? "#000000" : colour.stroke}
                strokeWidth={selected ? 1.4 : 1}
                opacity={mark.kind === "earlier" && !mark.confirmed ? 0.75 : 1}
              />
              <text
                x={cx}
                y={cy + 2}
                textAnchor="middle"
                fontSize={mark.label.length > 2 ? 4 : 5.5}
                fontWeight={700}
                fill={colour.text}
                style={{ pointerEvents: "none" }}
              >
                {mark.label}
              </text>
            </g>
          );
        })}
      </Box>
    </Box>
  );
}

/** The colour key under a diagram. */
export function DiagramLegend({ kinds }: { kinds: readonly DiagramMark["kind"][] }) {
  const texts: Record<DiagramMark["kind"], string> = {
    new: "nauji pažeidimai",
    earlier: "ankstesni (registre)",
    handover: "pažymėti perduodant",
  };
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, justifyContent: "center", mt: 1, fontSize: 14 }}>
      {kinds.map((kind) => (
        <Box key={kind} sx={{ display: "flex", alignItems: "center", gap: 0.75 }}>
          <Box
            component="span"
            sx={{
              width: 14,
              height: 14,
              borderRadius: "50%",
              bgcolor: MARK_COLOURS[kind].fill,
              display: "inline-block",
            }}
          />
          {texts[kind]}
        </Box>
      ))}
    </Box>
  );
}
