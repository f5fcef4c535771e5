// DejaVu Sans (regular and bold) for the server-side PDFs (embedded by pdfLayout.ts for
// deskDocuments.ts and invoicePdf.ts): its licence allows embedding, and it has every Lithuanian letter.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

export interface Fonts {
  regular: Uint8Array;
  bold: Uint8Array;
}
let fontCache: Fonts | null = null;

/**
 * Where node_modules is looked up from: the Cloud Functions bundle itself (CommonJS __filename),
 * the started script (server/main.ts, the test runner), the working folder.
 */
function resolutionBases(): string[] {
  const bases: string[] = [];
  if (typeof __filename === "string") bases.push(__filename);
  if (process.argv[1]) bases.push(process.argv[1]);
  bases.push(path.join(process.cwd(), "package.json"));
  return bases;
}

/** DejaVu Sans from the dejavu-fonts-ttf package (Cloud Functions: a dependency in functions/package.json). */
export function loadDejaVuFonts(): Fonts {
  if (fontCache) return fontCache;
  let resolve: ((file: string) => string) | null = null;
  for (const base of resolutionBases()) {
    try {
      const require = createRequire(base);
      require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
      resolve = (file) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
      break;
    } catch {
      // not reachable from this base; try the next
    }
  }
  if (!resolve) throw new Error("Nerastas šriftas DejaVu Sans (paketas dejavu-fonts-ttf neįdiegtas)");
  const read = (file: string) => new Uint8Array(readFileSync((resolve as (f: string) => string)(file)));
  fontCache = { regular: read("DejaVuSans.ttf"), bold: read("DejaVuSans-Bold.ttf") };
  return fontCache;
}
