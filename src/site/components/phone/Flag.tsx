// Country flags drawn as small inline SVGs: they ship with the app (no emoji, no downloads).
// The countries most visitors come from have a drawing; any other country shows its code.
import type { ReactNode } from "react";

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

const CUSTOM: Record<string, ReactNode> = {
  GB: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#FFFFFF" strokeWidth="4" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#C8102E" strokeWidth="1.4" />
      <path d="M15 0v20M0 10h30" stroke="#FFFFFF" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#C8102E" strokeWidth="3.4" />
    </>
  ),
  US: (
    <>
      <rect width="30" height="20" fill="#FFFFFF" />
      {[0, 2, 4, 6, 8, 10, 12].map((i) => (
        <rect key={i} y={(i * 20) / 13} width="30" height={20 / 13} fill="#B22234" />
      ))}
      <rect width="13" height={(20 * 7) / 13} fill="#3C3B6E" />
      {[2, 5, 8, 11].flatMap((x) =>
        [2.2, 5.3, 8.4].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r="0.7" fill="#FFFFFF" />),
      )}
    </>
  ),
  CH: (
    <>
      <rect width="30" height="20" fill="#DA291C" />
      <path d="M13.2 4.5h3.6v3.7h3.7v3.6h-3.7v3.7h-3.6v-3.7H9.5V8.2h3.7z" fill="#FFFFFF" />
    </>
  ),
  CZ: (
    <>
      <rect width="30" height="10" fill="#FFFFFF" />
      <rect y="10" width="30" height="10" fill="#D7141A" />
      <path d="M0 0l15 10L0 20z" fill="#11457E" />
    </>
  ),
  GR: (
    <>
      {[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => (
        <rect key={i} y={(i * 20) / 9} width="30" height={20 / 9 + 0.05} fill={i % 2 === 0 ? "#0D5EAF" : "#FFFFFF"} />
      ))}
      <rect width={(20 * 5) / 9} height={(20 * 5) / 9} fill="#0D5EAF" />
      <path
        d={`M${(20 * 2) / 9} 0h${20 / 9}v${(20 * 5) / 9}h-${20 / 9}zM0 ${(20 * 2) / 9}h${(20 * 5) / 9}v${20 / 9}H0z`}
        fill="#FFFFFF"
      />
    </>
  ),
  PT: (
    <>
      <rect width="12" height="20" fill="#006600" />
      <rect x="12" width="18" height="20" fill="#FF0000" />
      <circle cx="12" cy="10" r="3.6" fill="#FFCC00" />
      <circle cx="12" cy="10" r="2.2" fill="#FF0000" />
    </>
  ),
  BY: (
    <>
      <rect width="30" height="13.3" fill="#C8313E" />
      <rect y="13.3" width="30" height="6.7" fill="#4AA657" />
      <rect width="4" height="20" fill="#FFFFFF" />
      <path d="M2 1l1.4 2L2 5 .6 3zM2 7l1.4 2L2 11 .6 9zM2 13l1.4 2L2 17 .6 15z" fill="#C8313E" />
    </>
  ),
  IL: (
    <>
      <rect width="30" height="20" fill="#FFFFFF" />
      <rect y="2" width="30" height="3" fill="#0038B8" />
      <rect y="15" width="30" height="3" fill="#0038B8" />
      <path d="M15 6.3l3.2 5.5H11.8zM15 13.7l-3.2-5.5h6.4z" fill="none" stroke="#0038B8" strokeWidth="0.9" />
    </>
  ),
  TR: (
    <>
      <rect width="30" height="20" fill="#E30A17" />
      <circle cx="11" cy="10" r="5" fill="#FFFFFF" />
      <circle cx="12.3" cy="10" r="4" fill="#E30A17" />
      <path d="M16 10l3.6-1.2-2.2 3.1V8.1l2.2 3.1z" fill="#FFFFFF" />
    </>
  ),
  JP: (
    <>
      <rect width="30" height="20" fill="#FFFFFF" />
      <circle cx="15" cy="10" r="6" fill="#BC002D" />
    </>
  ),
  CN: (
    <>
      <rect width="30" height="20" fill="#EE1C25" />
      <path d="M6 3l1.2 3.6H11L7.9 8.8 9.1 12.4 6 10.2 2.9 12.4 4.1 8.8 1 6.6h3.8z" fill="#FFFF00" />
    </>
  ),
  GE: (
    <>
      <rect width="30" height="20" fill="#FFFFFF" />
      <path d="M13 0h4v20h-4zM0 8h30v4H0z" fill="#FF0000" />
      <path
        d="M6 3.2h1v1.3h1.3v1H7v1.3H6V5.5H4.7v-1H6zM23 3.2h1v1.3h1.3v1H24v1.3h-1V5.5h-1.3v-1H23zM6 13.2h1v1.3h1.3v1H7v1.3H6v-1.3H4.7v-1H6zM23 13.2h1v1.3h1.3v1H24v1.3h-1v-1.3h-1.3v-1H23z"
        fill="#FF0000"
      />
    </>
  ),
};

export default function Flag({ code }: { code: string }) {
  const upper = code.toUpperCase();
  const stripeSpec = STRIPES[upper];
  const nordicSpec = NORDIC[upper];
  const drawing = stripeSpec ? stripes(stripeSpec) : nordicSpec ? nordic(nordicSpec) : CUSTOM[upper];
  if (!drawing) {
    return (
      <span className="flag flag--code" aria-hidden="true">
        {upper}
      </span>
    );
  }
  return (
    <svg className="flag" viewBox="0 0 30 20" width="24" height="16" aria-hidden="true" focusable="false">
      {drawing}
      <rect width="30" height="20" fill="none" stroke="rgb(0 0 0 / 18%)" strokeWidth="1" />
    </svg>
  );
}
