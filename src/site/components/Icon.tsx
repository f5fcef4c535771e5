// Small line icons drawn inline: they ship with the app and inherit the text colour.
const PATHS = {
  euro: "M17 6.5A6.5 6.5 0 1 0 17 17.5M4 10.5h9M4 13.5h9",
  shield: "M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6zM8.5 12l2.5 2.5 4.5-5",
  plane: "M10.5 20l1.5-6-6 1-2-2 8-3 3-6h2l-1 6 5 1 1 2-6 1-1 6z",
  phone:
    "M6.6 3.5l2.6 3.1-1.6 2.2a13 13 0 0 0 5.6 5.6l2.2-1.6 3.1 2.6-1.2 3A3 3 0 0 1 14.6 20 14.6 14.6 0 0 1 4 9.4a3 3 0 0 1 1.6-2.7z",
  calendar: "M4 6h16v14H4zM4 10h16M8 3v5M16 3v5",
  invoice: "M6 3h9l3 3v15H6zM9 9h6M9 13h6M9 17h4",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4 4-6 8-6s7 2 8 6",
  car: "M4 16v-4l2-5h12l2 5v4M4 16h16M7 16v2M17 16v2M6.5 12h11",
  key: "M14 10a4 4 0 1 0-3 3.9L13 16h2v2h2v2h3v-3l-5.5-5.5",
  tools: "M14.5 4.5a4 4 0 0 0 5 5L10 19a2 2 0 0 1-3-3l9.5-9.5M4 4l5 5",
  swap: "M4 8h14l-3-3M20 16H6l3 3",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2",
} as const;

export type IconName = keyof typeof PATHS;

export default function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
