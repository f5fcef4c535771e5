// Draws the demo fleet's pictures as small flat SVG illustrations, so the repository
// ships its own images and nothing is fetched. Two per car: a side view on a studio
// backdrop and a front view in a street scene.
// Run: node --import tsx server/seed/drawCars.ts  (writes server/seed/images/<slug>-1.svg, -2.svg)
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SEED_IMAGES_DIR } from "../paths";
import { type BodyShape, CAR_CATALOGUE, type CatalogueCar } from "./carCatalogue";

const W = 800;
const H = 500;

// ---------- colour ----------

function hexToHsl(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function hslToHex(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x: number) =>
    Math.round(Math.max(0, Math.min(1, x)) * 255)
      .toString(16)
      .padStart(2, "0");
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

/** Lighter (dl > 0) or darker (dl < 0) by dl of lightness. */
function shade(hex: string, dl: number): string {
  const [h, s, l] = hexToHsl(hex);
  return hslToHex(h, s, Math.max(0, Math.min(1, l + dl)));
}

const lightness = (hex: string) => hexToHsl(hex)[2];

// ---------- path helpers ----------

const f = (n: number) => String(Math.round(n * 10) / 10);

interface Vertex {
  x: number;
  y: number;
  /** corner radius */
  r?: number;
  /** the edge from this vertex to the next is a circular arc of this radius (large arc, counter-clockwise) */
  arc?: number;
}

/** A closed path through the vertices with rounded corners (quadratic) and optional arcs. */
function roundedPath(vs: readonly Vertex[]): string {
  const n = vs.length;
  const at = (i: number) => vs[((i % n) + n) % n] as Vertex;
  const corner = (i: number) => {
    const p = at(i);
    const a = at(i - 1);
    const b = at(i + 1);
    const la = Math.hypot(a.x - p.x, a.y - p.y);
    const lb = Math.hypot(b.x - p.x, b.y - p.y);
    const r = Math.min(p.r ?? 0, la / 2, lb / 2);
    return {
      p,
      r,
      inPt: { x: p.x + ((a.x - p.x) / la) * r, y: p.y + ((a.y - p.y) / la) * r },
      outPt: { x: p.x + ((b.x - p.x) / lb) * r, y: p.y + ((b.y - p.y) / lb) * r },
    };
  };
  const first = corner(0);
  let d = `M${f(first.outPt.x)} ${f(first.outPt.y)}`;
  for (let i = 1; i <= n; i++) {
    const c = corner(i);
    const prev = at(i - 1);
    d += prev.arc
      ? `A${f(prev.arc)} ${f(prev.arc)} 0 1 0 ${f(c.inPt.x)} ${f(c.inPt.y)}`
      : `L${f(c.inPt.x)} ${f(c.inPt.y)}`;
    if (c.r > 0) d += `Q${f(c.p.x)} ${f(c.p.y)} ${f(c.outPt.x)} ${f(c.outPt.y)}`;
  }
  return `${d}Z`;
}

type Pt = [number, number, number?];
const toVertices = (pts: readonly Pt[], sx: (x: number) => number): Vertex[] =>
  pts.map(([x, y, r]) => ({ x: sx(x), y, r: r ?? 0 }));

// ---------- side view ----------

interface SideGeometry {
  /** top outline from the rear bottom corner to the front bottom corner: [x, y, radius] */
  profile: Pt[];
  windows: Pt[][];
  wheel: { r: number; rear: number; front: number };
  sill: number;
  belt: number;
  /** x positions of door shut lines and handles */
  doors: number[];
  handles: number[];
  headlight: Pt[];
  taillight: Pt[];
  mirror: [number, number];
  rails?: [number, number, number, number];
  rubStrip?: boolean;
  cladding?: boolean;
}

const GROUND = 410;

const SIDE: Record<BodyShape, SideGeometry> = {
  hatchback: {
    profile: [
      [128, 374, 8],
      [118, 320, 14],
      [124, 262, 12],
      [178, 204, 36],
      [246, 188, 44],
      [420, 184, 56],
      [530, 250, 14],
      [662, 272, 28],
      [682, 318, 14],
      [672, 374, 8],
    ],
    windows: [
      [
        [164, 256, 6],
        [172, 234, 8],
        [204, 212, 10],
        [222, 208, 6],
        [222, 256, 4],
      ],
      [
        [234, 256, 4],
        [234, 204, 6],
        [342, 197, 6],
        [342, 256, 4],
      ],
      [
        [354, 256, 4],
        [354, 197, 6],
        [412, 197, 18],
        [508, 256, 6],
      ],
    ],
    wheel: { r: 46, rear: 232, front: 568 },
    sill: 372,
    belt: 262,
    doors: [228, 348, 512],
    handles: [300, 418],
    headlight: [
      [634, 272, 6],
      [676, 280, 6],
      [670, 296, 6],
      [640, 290, 6],
    ],
    taillight: [
      [120, 256, 4],
      [146, 256, 4],
      [146, 280, 4],
      [119, 282, 4],
    ],
    mirror: [512, 250],
  },
  sedan: {
    profile: [
      [98, 374, 8],
      [88, 318, 16],
      [94, 268, 14],
      [204, 254, 26],
      [304, 190, 50],
      [468, 186, 56],
      [566, 254, 16],
      [694, 272, 28],
      [712, 318, 14],
      [704, 374, 8],
    ],
    windows: [
      [
        [226, 258, 6],
        [298, 204, 20],
        [386, 199, 6],
        [386, 258, 4],
      ],
      [
        [398, 258, 4],
        [398, 199, 6],
        [460, 199, 18],
        [546, 258, 6],
      ],
    ],
    wheel: { r: 48, rear: 218, front: 586 },
    sill: 372,
    belt: 264,
    doors: [244, 392, 550],
    handles: [340, 466],
    headlight: [
      [664, 272, 6],
      [708, 282, 6],
      [702, 298, 6],
      [670, 292, 6],
    ],
    taillight: [
      [90, 266, 4],
      [124, 262, 4],
      [122, 280, 4],
      [90, 284, 4],
    ],
    mirror: [548, 254],
  },
  estate: {
    profile: [
      [98, 374, 8],
      [88, 318, 16],
      [94, 258, 16],
      [116, 198, 40],
      [468, 186, 56],
      [566, 254, 16],
      [694, 272, 28],
      [712, 318, 14],
      [704, 374, 8],
    ],
    windows: [
      [
        [120, 258, 6],
        [134, 210, 12],
        [236, 203, 6],
        [236, 258, 4],
      ],
      [
        [248, 258, 4],
        [248, 202, 6],
        [386, 199, 6],
        [386, 258, 4],
      ],
      [
        [398, 258, 4],
        [398, 199, 6],
        [460, 199, 18],
        [546, 258, 6],
      ],
    ],
    wheel: { r: 48, rear: 218, front: 586 },
    sill: 372,
    belt: 264,
    doors: [242, 392, 550],
    handles: [340, 466],
    headlight: [
      [664, 272, 6],
      [708, 282, 6],
      [702, 298, 6],
      [670, 292, 6],
    ],
    taillight: [
      [90, 252, 4],
      [112, 250, 4],
      [112, 284, 4],
      [90, 286, 4],
    ],
    mirror: [548, 254],
    rails: [170, 189, 430, 180],
  },
  suv: {
    profile: [
      [104, 362, 10],
      [94, 300, 16],
      [100, 226, 18],
      [126, 168, 40],
      [470, 160, 60],
      [570, 234, 16],
      [690, 252, 30],
      [708, 300, 16],
      [700, 362, 10],
    ],
    windows: [
      [
        [128, 238, 6],
        [142, 182, 12],
        [240, 177, 6],
        [240, 238, 4],
      ],
      [
        [252, 238, 4],
        [252, 176, 6],
        [386, 173, 6],
        [386, 238, 4],
      ],
      [
        [398, 238, 4],
        [398, 173, 6],
        [462, 173, 18],
        [550, 238, 6],
      ],
    ],
    wheel: { r: 56, rear: 226, front: 580 },
    sill: 360,
    belt: 246,
    doors: [246, 392, 554],
    handles: [340, 470],
    headlight: [
      [652, 252, 6],
      [704, 262, 6],
      [700, 278, 6],
      [660, 272, 6],
    ],
    taillight: [
      [96, 234, 4],
      [120, 232, 4],
      [118, 266, 4],
      [95, 268, 4],
    ],
    mirror: [552, 236],
    rails: [176, 160, 436, 153],
    cladding: true,
  },
  minivan: {
    profile: [
      [96, 374, 8],
      [86, 320, 14],
      [88, 150, 22],
      [112, 126, 24],
      [560, 124, 44],
      [642, 214, 20],
      [700, 246, 30],
      [716, 300, 14],
      [708, 374, 8],
    ],
    windows: [
      [
        [104, 226, 6],
        [106, 144, 10],
        [212, 142, 6],
        [212, 226, 4],
      ],
      [
        [226, 226, 4],
        [226, 142, 6],
        [406, 140, 6],
        [406, 226, 4],
      ],
      [
        [420, 226, 4],
        [420, 140, 6],
        [506, 139, 6],
        [506, 226, 4],
      ],
      [
        [520, 226, 4],
        [520, 139, 6],
        [560, 139, 16],
        [626, 226, 6],
      ],
    ],
    wheel: { r: 48, rear: 200, front: 596 },
    sill: 372,
    belt: 232,
    doors: [219, 413, 513, 636],
    handles: [390, 574],
    headlight: [
      [664, 244, 6],
      [708, 256, 6],
      [704, 272, 6],
      [670, 266, 6],
    ],
    taillight: [
      [88, 170, 4],
      [104, 170, 4],
      [104, 230, 4],
      [88, 230, 4],
    ],
    mirror: [626, 222],
  },
  van: {
    profile: [
      [86, 374, 8],
      [78, 330, 10],
      [80, 90, 16],
      [102, 74, 18],
      [556, 74, 34],
      [614, 150, 14],
      [652, 226, 16],
      [704, 250, 30],
      [718, 300, 14],
      [710, 374, 8],
    ],
    windows: [
      [
        [532, 232, 4],
        [532, 160, 8],
        [604, 160, 12],
        [640, 232, 6],
      ],
    ],
    wheel: { r: 50, rear: 196, front: 602 },
    sill: 372,
    belt: 238,
    doors: [300, 470, 524, 650],
    handles: [454, 580],
    headlight: [
      [668, 246, 6],
      [710, 260, 6],
      [706, 276, 6],
      [674, 270, 6],
    ],
    taillight: [
      [80, 240, 4],
      [94, 240, 4],
      [94, 300, 4],
      [80, 300, 4],
    ],
    mirror: [640, 226],
    rubStrip: true,
  },
};

interface Palette {
  body: string;
  dark: string;
  light: string;
  line: string;
  glass: string;
}

function paletteOf(paint: string): Palette {
  const l = lightness(paint);
  return {
    body: paint,
    dark: shade(paint, l > 0.85 ? -0.12 : -0.09),
    light: shade(paint, l > 0.85 ? 0.02 : 0.12),
    line: shade(paint, l > 0.85 ? -0.3 : l < 0.2 ? -0.1 : -0.22),
    glass: l < 0.22 ? "#4b5d73" : "#2c3a4b",
  };
}

/** Studio backdrops: pale tints that keep white and silver cars readable. */
const BACKDROPS = [
  ["#eef2f6", "#d9e4ef", "#e2e8ef"],
  ["#f4f1ec", "#e9dfcf", "#e9e3da"],
  ["#eef4f1", "#d5e8de", "#e0e9e4"],
  ["#f1eff5", "#e0dbee", "#e6e3ee"],
] as const;

function wheelDefs(r: number): string {
  const rim = r * 0.64;
  const spokes = Array.from({ length: 5 }, (_, i) => {
    const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
    return `M0 0L${f(Math.cos(a) * rim * 0.92)} ${f(Math.sin(a) * rim * 0.92)}`;
  }).join("");
  return (
    `<g id="w"><circle r="${f(r)}" fill="#1f2227"/><circle r="${f(r * 0.86)}" fill="none" stroke="#34383f" stroke-width="2"/>` +
    `<circle r="${f(rim)}" fill="#c9ced5"/><circle r="${f(rim * 0.82)}" fill="#7d858f"/>` +
    `<path d="${spokes}" stroke="#c9ced5" stroke-width="${f(r * 0.15)}" stroke-linecap="round"/>` +
    `<circle r="${f(r * 0.13)}" fill="#9aa2ac" stroke="#6a727c" stroke-width="1.5"/></g>`
  );
}

function roofRails([x1, y1, x2, y2]: [number, number, number, number], sx: (x: number) => number): string {
  const d = `M${f(sx(x1))} ${y1}L${f(sx(x2))} ${y2}M${f(sx(x1 + 8))} ${y1}v8M${f(sx(x2 - 8))} ${y2}v8`;
  return `<path d="${d}" stroke="#3a3f46" stroke-width="5" stroke-linecap="round"/>`;
}

export function drawSide(car: CatalogueCar, index: number): string {
  const g = SIDE[car.body];
  const k = car.length ?? 1;
  const sx = (x: number) => 400 + (x - 400) * k;
  const p = paletteOf(car.paint);
  const { r } = g.wheel;
  const cy = GROUND - r;
  const rear = sx(g.wheel.rear);
  const front = sx(g.wheel.front);
  const archR = r + 8;
  const dx = Math.sqrt(archR * archR - (g.sill - cy) ** 2);

  const top = toVertices(g.profile, sx);
  const body: Vertex[] = [
    ...top,
    { x: front + dx, y: g.sill, arc: archR },
    { x: front - dx, y: g.sill },
    { x: rear + dx, y: g.sill, arc: archR },
    { x: rear - dx, y: g.sill },
  ];
  const bodyPath = roundedPath(body);
  const arch = (cx: number) => `M${f(cx - dx)} ${g.sill}A${archR} ${archR} 0 1 1 ${f(cx + dx)} ${g.sill}Z`;
  const windows = g.windows.map((w) => roundedPath(toVertices(w, sx))).join("");
  const glassTop = Math.min(...g.windows.flat().map((pt) => pt[1]));
  const first = g.profile[0] as Pt;
  const last = g.profile[g.profile.length - 1] as Pt;
  const length = sx(last[0]) - sx(first[0]);
  const [bg, disc, floor] = BACKDROPS[index % BACKDROPS.length] as readonly [string, string, string];

  const doorLines = g.doors.map((x) => `M${f(sx(x))} ${g.belt - 4}L${f(sx(x) - 3)} ${g.sill - 4}`).join("");
  const handles = g.handles
    .map((x) => `<rect x="${f(sx(x) - 14)}" y="${g.belt + 12}" width="28" height="6" rx="3" fill="${p.dark}"/>`)
    .join("");
  const rails = g.rails ? roofRails(g.rails, sx) : "";
  const rub = g.rubStrip ? `<rect x="0" y="${g.sill - 52}" width="${W}" height="9" fill="#4a5058"/>` : "";
  const cladding = g.cladding
    ? `<rect x="0" y="${g.sill - 20}" width="${W}" height="30" fill="#3b4046"/>`
    : `<rect x="0" y="${g.sill - 16}" width="${W}" height="24" fill="${p.dark}"/>`;
  const [mx, my] = g.mirror;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs><radialGradient id="s"><stop offset="0" stop-opacity=".38"/><stop offset="1" stop-opacity="0"/></radialGradient>` +
    `<clipPath id="b"><path d="${bodyPath}"/></clipPath><clipPath id="g"><path d="${windows}"/></clipPath>${wheelDefs(r)}</defs>` +
    `<rect width="${W}" height="${H}" fill="${bg}"/><circle cx="400" cy="250" r="215" fill="${disc}"/>` +
    `<rect y="${GROUND}" width="${W}" height="${H - GROUND}" fill="${floor}"/>` +
    `<ellipse cx="400" cy="${GROUND + 2}" rx="${f(length / 2 + 40)}" ry="20" fill="url(#s)"/>` +
    rails +
    `<path d="${bodyPath}" fill="${p.body}"/>` +
    `<g clip-path="url(#b)">${cladding}${rub}` +
    `<path d="M0 ${g.belt + 30}L${W} ${g.belt + 22}" stroke="${p.light}" stroke-width="4" opacity=".7"/>` +
    `<path d="${doorLines}" stroke="${p.line}" stroke-width="2" fill="none" opacity=".75"/></g>` +
    `<path d="${bodyPath}" fill="none" stroke="${p.line}" stroke-width="2"/>` +
    `<path d="${windows}" fill="${p.glass}"/>` +
    `<g clip-path="url(#g)"><path d="M${f(sx(360))} ${glassTop - 10}h70l-90 110h-70zM${f(sx(470))} ${glassTop - 10}h26l-90 110h-26z" fill="#fff" opacity=".14"/></g>` +
    handles +
    `<path d="${roundedPath(toVertices(g.headlight, sx))}" fill="#fdf6d8" stroke="${p.line}" stroke-width="1.5"/>` +
    `<path d="${roundedPath(toVertices(g.taillight, sx))}" fill="#c8202c" stroke="${p.line}" stroke-width="1.5"/>` +
    `<path d="M${f(sx(mx))} ${my}l-4 -14q0 -6 8 -6h14q6 0 4 8l-4 12z" fill="${p.dark}" stroke="${p.line}" stroke-width="1.5"/>` +
    `<path d="${arch(rear)}${arch(front)}" fill="#17191d"/>` +
    `<ellipse cx="${f(rear)}" cy="${GROUND}" rx="${r + 6}" ry="6" fill="#000" opacity=".28"/>` +
    `<ellipse cx="${f(front)}" cy="${GROUND}" rx="${r + 6}" ry="6" fill="#000" opacity=".28"/>` +
    `<use href="#w" x="${f(rear)}" y="${cy}"/><use href="#w" x="${f(front)}" y="${cy}"/></svg>`
  );
}

// ---------- front view ----------

interface FrontGeometry {
  /** half widths: body at the fenders, cabin at the belt, roof */
  hw: number;
  beltHw: number;
  roofHw: number;
  roof: number;
  /** top of the windscreen when a body panel sits above it (high-roof vans) */
  glassTop?: number;
  belt: number;
  bottom: number;
  tire: { x: number; w: number; top: number };
  rails?: boolean;
}

const FRONT_GROUND = 428;

const FRONT: Record<BodyShape, FrontGeometry> = {
  hatchback: {
    hw: 182,
    beltHw: 164,
    roofHw: 120,
    roof: 176,
    belt: 262,
    bottom: 396,
    tire: { x: 138, w: 52, top: 360 },
  },
  sedan: { hw: 196, beltHw: 174, roofHw: 126, roof: 190, belt: 270, bottom: 398, tire: { x: 150, w: 54, top: 364 } },
  estate: {
    hw: 196,
    beltHw: 174,
    roofHw: 128,
    roof: 186,
    belt: 270,
    bottom: 398,
    tire: { x: 150, w: 54, top: 364 },
    rails: true,
  },
  suv: {
    hw: 206,
    beltHw: 184,
    roofHw: 142,
    roof: 146,
    belt: 246,
    bottom: 378,
    tire: { x: 156, w: 60, top: 340 },
    rails: true,
  },
  minivan: { hw: 206, beltHw: 192, roofHw: 172, roof: 108, belt: 240, bottom: 396, tire: { x: 156, w: 56, top: 360 } },
  van: {
    hw: 212,
    beltHw: 200,
    roofHw: 190,
    roof: 64,
    glassTop: 132,
    belt: 246,
    bottom: 398,
    tire: { x: 160, w: 58, top: 362 },
  },
};

const SKIES = [
  ["#cfe0f1", "#f4f7fa", "#c6d3e0"],
  ["#f3dcc8", "#f8f2ea", "#ddd0c4"],
  ["#d3e9e6", "#f3f8f7", "#c3d6d3"],
  ["#dcd6ee", "#f5f3fa", "#cfcadf"],
] as const;

/** A quiet skyline with a TV-tower silhouette: a hint of Vilnius without a landmark drawing. */
function skyline(color: string): string {
  const blocks = [
    [20, 250, 70],
    [95, 226, 50],
    [150, 262, 80],
    [236, 238, 44],
    [286, 270, 60],
    [452, 256, 58],
    [516, 232, 46],
    [568, 266, 84],
    [640, 262, 34],
    [716, 248, 70],
  ];
  const d = blocks.map(([x, y, w]) => `M${x} 330V${y}h${w}V330z`).join("");
  const tower = "M677 330l5-170h16l5 170zM674 170h32v-18h-32zM688 152v-50h4v50z";
  return `<path d="${d}${tower}" fill="${color}"/>`;
}

export function drawFront(car: CatalogueCar, index: number): string {
  const g = FRONT[car.body];
  const p = paletteOf(car.paint);
  const c = 400;
  const [sky, haze, city] = SKIES[(index + 1) % SKIES.length] as readonly [string, string, string];
  const hTop = g.belt - 2;
  const glassTop = g.glassTop ?? g.roof + 14;
  const h = g.bottom - g.belt;

  const cabin = roundedPath([
    { x: c - g.beltHw, y: g.belt + 4, r: 6 },
    { x: c - g.roofHw, y: g.roof, r: 26 },
    { x: c + g.roofHw, y: g.roof, r: 26 },
    { x: c + g.beltHw, y: g.belt + 4, r: 6 },
  ]);
  const glass = roundedPath([
    { x: c - g.beltHw + 18, y: g.belt - 4, r: 8 },
    { x: c - g.roofHw + 14, y: glassTop, r: 14 },
    { x: c + g.roofHw - 14, y: glassTop, r: 14 },
    { x: c + g.beltHw - 18, y: g.belt - 4, r: 8 },
  ]);
  const lower = roundedPath([
    { x: c - g.beltHw - 6, y: hTop, r: 14 },
    { x: c + g.beltHw + 6, y: hTop, r: 14 },
    { x: c + g.hw, y: g.belt + h * 0.3, r: 22 },
    { x: c + g.hw - 4, y: g.bottom, r: 16 },
    { x: c - g.hw + 4, y: g.bottom, r: 16 },
    { x: c - g.hw, y: g.belt + h * 0.3, r: 22 },
  ]);
  const lampY = Math.round(g.belt + h * 0.2);
  const lamp = (side: 1 | -1) =>
    roundedPath(
      toVertices(
        [
          [c + side * (g.hw - 18), lampY, 8],
          [c + side * (g.hw - 100), lampY + 4, 6],
          [c + side * (g.hw - 96), lampY + 26, 6],
          [c + side * (g.hw - 22), lampY + 30, 8],
        ],
        (x) => x,
      ),
    );
  const grilleTop = Math.round(g.belt + h * 0.22);
  const grille = roundedPath([
    { x: c - 74, y: grilleTop, r: 10 },
    { x: c + 74, y: grilleTop, r: 10 },
    { x: c + 64, y: grilleTop + h * 0.3, r: 12 },
    { x: c - 64, y: grilleTop + h * 0.3, r: 12 },
  ]);
  const intakeY = Math.round(g.bottom - h * 0.3);
  const plateY = intakeY - 12;
  const mirror = (side: 1 | -1) =>
    `<path d="M${c + side * g.beltHw} ${g.belt - 8}h${side * 26}q${side * 8} 0 ${side * 8} 8v10q0 8 ${side * -8} 8h${side * -26}z" fill="${p.body}" stroke="${p.line}" stroke-width="1.5"/>`;
  const rails = g.rails
    ? `<path d="M${c - g.roofHw + 14} ${g.roof - 4}h40M${c + g.roofHw - 54} ${g.roof - 4}h40" stroke="#33383f" stroke-width="6" stroke-linecap="round"/>`
    : "";
  const tire = (side: 1 | -1) =>
    `<rect x="${c + side * g.tire.x - g.tire.w / 2}" y="${g.tire.top}" width="${g.tire.w}" height="${FRONT_GROUND - g.tire.top}" rx="12" fill="#1f2227"/>`;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs><linearGradient id="k" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${haze}"/></linearGradient>` +
    `<radialGradient id="s"><stop offset="0" stop-opacity=".4"/><stop offset="1" stop-opacity="0"/></radialGradient>` +
    `<clipPath id="g"><path d="${glass}"/></clipPath><clipPath id="l"><path d="${lower}"/></clipPath></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#k)"/><circle cx="130" cy="104" r="44" fill="#fff" opacity=".6"/>${skyline(city)}` +
    `<rect y="330" width="${W}" height="170" fill="#e4e7eb"/><path d="M370 330h60l300 170H70z" fill="#cdd2d8"/>` +
    `<path d="M398 334h4v14h-4zM397 360h6v22h-6z" fill="#f7f8fa"/>` +
    `<ellipse cx="${c}" cy="${FRONT_GROUND}" rx="${g.hw + 50}" ry="22" fill="url(#s)"/>` +
    tire(-1) +
    tire(1) +
    rails +
    `<path d="${cabin}" fill="${p.body}" stroke="${p.line}" stroke-width="2"/>` +
    `<path d="${glass}" fill="${p.glass}"/>` +
    `<g clip-path="url(#g)"><path d="M${c - 60} ${g.roof}h70l-120 ${g.belt - g.roof}h-70zM${c + 40} ${g.roof}h24l-120 ${g.belt - g.roof}h-24z" fill="#fff" opacity=".15"/></g>` +
    mirror(-1) +
    mirror(1) +
    `<path d="${lower}" fill="${p.body}"/>` +
    `<rect x="0" y="${f(g.bottom - h * 0.16)}" width="${W}" height="${h}" fill="${p.dark}" clip-path="url(#l)"/>` +
    `<path d="${lower}" fill="none" stroke="${p.line}" stroke-width="2"/>` +
    `<path d="M${c - g.beltHw + 4} ${hTop + 10}H${c + g.beltHw - 4}" stroke="${p.light}" stroke-width="4" stroke-linecap="round" opacity=".8"/>` +
    `<path d="${lamp(-1)}${lamp(1)}" fill="#fdf6d8" stroke="${p.line}" stroke-width="1.5"/>` +
    `<path d="M${c - g.hw + 28} ${lampY + 24}h60M${c + g.hw - 88} ${lampY + 24}h60" stroke="#fff" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="${grille}" fill="#262a30"/>` +
    `<path d="M${c - 60} ${f(grilleTop + h * 0.1)}h120M${c - 56} ${f(grilleTop + h * 0.2)}h112" stroke="#454b53" stroke-width="3"/>` +
    `<circle cx="${c}" cy="${f(grilleTop + h * 0.15)}" r="9" fill="#d5d9de"/>` +
    `<rect x="${c - 120}" y="${intakeY}" width="240" height="${f(h * 0.18)}" rx="10" fill="#2b2f35"/>` +
    `<rect x="${c - 52}" y="${plateY}" width="104" height="24" rx="3" fill="#f7f8fa" stroke="#8a929b" stroke-width="1.5"/>` +
    `<rect x="${c - 52}" y="${plateY}" width="12" height="24" rx="2" fill="#2f5aa8"/>` +
    `<g fill="#e9edf1" stroke="${p.line}" stroke-width="1.5"><circle cx="${c - g.hw + 38}" cy="${f(intakeY + h * 0.09)}" r="9"/><circle cx="${c + g.hw - 38}" cy="${f(intakeY + h * 0.09)}" r="9"/></g>` +
    `</svg>`
  );
}

// ---------- output ----------

export const IMAGES_DIR = SEED_IMAGES_DIR;

export function drawAll(dir = IMAGES_DIR): { file: string; bytes: number }[] {
  mkdirSync(dir, { recursive: true });
  const written: { file: string; bytes: number }[] = [];
  CAR_CATALOGUE.forEach((car, index) => {
    for (const [n, svg] of [drawSide(car, index), drawFront(car, index)].entries()) {
      const file = `${car.slug}-${n + 1}.svg`;
      writeFileSync(path.join(dir, file), `${svg}\n`);
      written.push({ file, bytes: Buffer.byteLength(svg) + 1 });
    }
  });
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const written = drawAll();
  const largest = Math.max(...written.map((w) => w.bytes));
  console.info(`Nupiešta paveikslėlių: ${written.length}, didžiausias ${largest} B (${IMAGES_DIR})`);
}
