// The script-free twin of a prerendered page (npm run bench:site): the floor hydration is measured against.

/** The page's HTML without what would run: scripts (data blocks stay: they run nothing) and module preloads. */
export function scriptFree(html: string): string {
  return html
    .replace(/<script\b(?![^>]*type="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}
