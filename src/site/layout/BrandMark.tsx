/** The brand's car mark (same drawing as the favicon). */
export default function BrandMark({ className = "brand__mark" }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#ffffff" />
      <path
        d="M12 38.5c0-2 1.2-3.7 3-4.4l4.6-1.8 4.9-7.6A6 6 0 0 1 29.6 22h9.2a6 6 0 0 1 4.7 2.3l5.6 7.1 3.5 1.2c2 .7 3.4 2.6 3.4 4.7V42a2 2 0 0 1-2 2h-2.3a6.5 6.5 0 0 0-12.6 0H25.9a6.5 6.5 0 0 0-12.6 0H14a2 2 0 0 1-2-2z"
        fill="#0f2a5f"
      />
      <path
        d="M27.6 26.4 24.2 32h10.3v-6.4h-5.2a2 2 0 0 0-1.7.8zm10.9-.8V32h7.6l-4-5.1a2 2 0 0 0-1.6-.8z"
        fill="#ffffff"
      />
      <circle cx="19.6" cy="44.5" r="4.6" fill="#f59e0b" />
      <circle cx="45.4" cy="44.5" r="4.6" fill="#f59e0b" />
      <circle cx="19.6" cy="44.5" r="1.8" fill="#0f2a5f" />
      <circle cx="45.4" cy="44.5" r="1.8" fill="#0f2a5f" />
    </svg>
  );
}
