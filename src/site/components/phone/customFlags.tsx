// The flags of Flag.tsx that are more than stripes or a Nordic cross, loaded when first shown.
import type { ReactNode } from "react";

export const CUSTOM: Record<string, ReactNode> = {
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

export default function CustomFlag({ code }: { code: string }) {
  return (
    <svg className="flag" viewBox="0 0 30 20" width="24" height="16" aria-hidden="true" focusable="false">
      {CUSTOM[code]}
      <rect width="30" height="20" fill="none" stroke="rgb(0 0 0 / 18%)" strokeWidth="1" />
    </svg>
  );
}
