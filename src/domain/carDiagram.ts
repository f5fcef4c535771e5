// The car diagram of the hand-over and return acts: a car seen from above, front at the top, in a
// 100 × 200 box. The desk screens draw it as SVG and the PDFs draw the same outline, so a damage
// mark (x, y from 0 to 1, src/domain/schemas.ts damageMarkSchema) lands on the same spot in both.

export const DIAGRAM_WIDTH = 100;
export const DIAGRAM_HEIGHT = 200;

/** SVG path data of the body, the windows and the wheels, in diagram units. */
export const CAR_DIAGRAM_PATHS: readonly { d: string; role: "body" | "glass" | "wheel" | "line" }[] = [
  // body: rounded front (bumper at y≈8) and rear (y≈192)
  {
    role: "body",
    d: "M30 8 C36 4 64 4 70 8 C82 12 88 22 88 36 L88 166 C88 180 82 190 70 193 C62 196 38 196 30 193 C18 190 12 180 12 166 L12 36 C12 22 18 12 30 8 Z",
  },
  // windscreen and rear window
  { role: "glass", d: "M22 58 C34 50 66 50 78 58 L72 78 C60 74 40 74 28 78 Z" },
  { role: "glass", d: "M28 150 C40 154 60 154 72 150 L76 166 C64 172 36 172 24 166 Z" },
  // roof line and doors
  { role: "line", d: "M28 78 L28 150 M72 78 L72 150 M12 112 L28 112 M72 112 L88 112" },
  // wheels
  { role: "wheel", d: "M6 40 h6 v24 h-6 Z M88 40 h6 v24 h-6 Z M6 140 h6 v24 h-6 Z M88 140 h6 v24 h-6 Z" },
];

/** Where on the car a mark is, in words, for the damage lines of the acts. */
export function diagramZone(x: number, y: number): string {
  const side = x < 0.34 ? "kairė" : x > 0.66 ? "dešinė" : "vidurys";
  const part =
    y < 0.2 ? "priekis" : y < 0.4 ? "priekinė dalis" : y < 0.75 ? "vidurinė dalis" : y < 0.9 ? "galinė dalis" : "galas";
  return `${part}, ${side}`;
}
