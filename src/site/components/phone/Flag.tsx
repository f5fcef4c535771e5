// Country flags drawn as small inline SVGs: they ship with the app (no emoji, no downloads).
// The countries most visitors come from have a drawing; any other country shows its code.
import { lazy, type ReactNode, Suspense } from "react";

type Stripes = { dir: "h" | "v"; colors: string[]; weights?: number[] };

const STRIPES: Record<string, Stripes> = {
  LT: { dir: "h", colors: ["#FDB913", "#006A44", "#C1272D"] },
  LV: { dir: "h", colors: ["#9E3039", "#FFFFFF", "#9E3039"], weights: [2, 1, 2] },
  EE: { dir: "h", colors: ["#0072CE", "#000000", "#FFFFFF"] },
  PL: { dir: "h", colors: ["#FFFFFF", "#DC143C"] },
  DE: { dir: "h", colors: ["#000000", "#DD0000", "#FFCE00"] },
  UA: { dir: "h", colors: ["#0057B7", "#FFD700"] },
  NL: { dir: "h", colors: ["#AE1C28", "#FFFFFF", "#21468B"] },
  LU: { dir: "h", colors: ["#EA141D", "#FFFFFF", "#51ADDA"] },
  AT: { dir: "h", colors: ["#C8102E", "#FFFFFF", "#C8102E"] },
  HU: { dir: "h", colors: ["#CE2939", "#FFFFFF", "#477050"] },
  BG: { dir: "h", colors: ["#FFFFFF", "#00966E", "#D62612"] },
  RU: { dir: "h", colors: ["#FFFFFF", "#0039A6", "#D52B1E"] },
  SI: { dir: "h", colors: ["#FFFFFF", "#005DA4", "#ED1C24"] },
  SK: { dir: "h", colors: ["#FFFFFF", "#0B4EA2", "#EE1C25"] },
  HR: { dir: "h", colors: ["#FF0000", "#FFFFFF", "#171796"] },
  AM: { dir: "h", colors: ["#D90012", "#0033A0", "#F2A800"] },
  AZ: { dir: "h", colors: ["#00B5E2", "#EF3340", "#509E2F"] },
  ES: { dir: "h", colors: ["#AA151B", "#F1BF00", "#AA151B"], weights: [1, 2, 1] },
  FR: { dir: "v", colors: ["#002395", "#FFFFFF", "#ED2939"] },
  IT: { dir: "v", colors: ["#009246", "#FFFFFF", "#CE2B37"] },
  IE: { dir: "v", colors: ["#169B62", "#FFFFFF", "#FF883E"] },
  BE: { dir: "v", colors: ["#000000", "#FDDA24", "#EF3340"] },
  RO: { dir: "v", colors: ["#002B7F", "#FCD116", "#CE1126"] },
  MD: { dir: "v", colors: ["#0046AE", "#FFD200", "#CC092F"] },
  CA: { dir: "v", colors: ["#D52B1E", "#FFFFFF", "#D52B1E"], weights: [1, 2, 1] },
};

/** Nordic cross: background, cross, optional inner cross. */
const NORDIC: Record<string, [string, string, string?]> = {
  DK: ["#C8102E", "#FFFFFF"],
  SE: ["#006AA7", "#FECC02"],
  FI: ["#FFFFFF", "#002F6C"],
  NO: ["#BA0C2F", "#FFFFFF", "#00205B"],
  IS: ["#02529C", "#FFFFFF", "#DC1E35"],
};

function stripes({ dir, colors, weights }: Stripes): ReactNode {
  const w = weights ?? colors.map(() => 1);
  const total = w.reduce((a, b) => a + b, 0);
  let offset = 0;
  return colors.map((color, i) => {
    const size = ((w[i] ?? 1) / total) * (dir === "h" ? 20 : 30);
    const start = offset;
    offset += size;
    return dir === "h" ? (
      <rect key={color + String(i)} x="0" y={start} width="30" height={size + 0.05} fill={color} />
    ) : (
      <rect key={color + String(i)} x={start} y="0" width={size + 0.05} height="20" fill={color} />
    );
  });
}

function nordic([bg, cross, inner]: [string, string, string?]): ReactNode {
  return (
    <>
      <rect width="30" height="20" fill={bg} />
      <path d="M8 0h5v20H8zM0 7.5h30v5H0z" fill={cross} />
      {inner ? <path d="M9.3 0h2.4v20H9.3zM0 8.8h30v2.4H0z" fill={inner} /> : null}
    </>
  );
}

// Flags that are more than stripes or a cross are drawn in customFlags.tsx, loaded when one is
// first shown (the field starts with Lithuania's; others appear once the visitor picks or types).
export const CUSTOM_CODES = new Set(["GB", "US", "CH", "CZ", "GR", "PT", "BY", "IL", "TR", "JP", "CN", "GE"]);
const CustomFlag = lazy(() => import("./customFlags"));

export default function Flag({ code }: { code: string }) {
  const upper = code.toUpperCase();
  const stripeSpec = STRIPES[upper];
  const nordicSpec = NORDIC[upper];
  const codeOnly = (
    <span className="flag flag--code" aria-hidden="true">
      {upper}
    </span>
  );
  const drawing = stripeSpec ? stripes(stripeSpec) : nordicSpec ? nordic(nordicSpec) : null;
  if (!drawing && CUSTOM_CODES.has(upper)) {
    return (
      <Suspense fallback={codeOnly}>
        <CustomFlag code={upper} />
      </Suspense>
    );
  }
  if (!drawing) return codeOnly;
  return (
    <svg className="flag" viewBox="0 0 30 20" width="24" height="16" aria-hidden="true" focusable="false">
      {drawing}
      <rect width="30" height="20" fill="none" stroke="rgb(0 0 0 / 18%)" strokeWidth="1" />
    </svg>
  );
}
