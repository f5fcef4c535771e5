// The text of a PDF that Chromium printed (page.pdf()), with no PDF library: inflate the content
// streams, map each font's glyph codes back to Unicode through its ToUnicode CMap, and join the
// shown strings. Enough for Chromium's (Skia's) output: Type0 fonts, Identity-H, hex strings.
import { inflateSync } from "node:zlib";

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function parseObjects(pdf: Buffer): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  const latin = pdf.toString("latin1");
  const pattern = /(\d+)\s+0\s+obj\b/g;
  for (let match = pattern.exec(latin); match; match = pattern.exec(latin)) {
    const id = Number(match[1]);
    const start = match.index + match[0].length;
    const end = latin.indexOf("endobj", start);
    if (end < 0) continue;
    const body = latin.slice(start, end);
    const streamAt = body.indexOf("stream");
    if (streamAt < 0) {
      objects.set(id, { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    let dataStart = start + streamAt + "stream".length;
    if (latin[dataStart] === "\r") dataStart++;
    if (latin[dataStart] === "\n") dataStart++;
    const lengthMatch = /\/Length\s+(\d+)(?:\s+0\s+R)?/.exec(dict);
    let dataEnd = latin.indexOf("endstream", dataStart);
    if (lengthMatch && !/\/Length\s+\d+\s+0\s+R/.test(dict)) dataEnd = dataStart + Number(lengthMatch[1]);
    let data: Buffer = pdf.subarray(dataStart, dataEnd);
    if (/\/FlateDecode/.test(dict)) {
      try {
        data = inflateSync(data);
      } catch {
        data = Buffer.alloc(0);
      }
    }
    objects.set(id, { dict, stream: data });
  }
  return objects;
}

/** bfchar and bfrange entries of a ToUnicode CMap: glyph code (hex) -> text. */
function parseCMap(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const hexToText = (hex: string) => {
    let out = "";
    for (let i = 0; i + 4 <= hex.length; i += 4) out += String.fromCharCode(Number.parseInt(hex.slice(i, i + 4), 16));
    return out;
  };
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const pair of (block[1] ?? "").matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set((pair[1] ?? "").toUpperCase(), hexToText(pair[2] ?? ""));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const range of (block[1] ?? "").matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])/g,
    )) {
      const from = Number.parseInt(range[1] ?? "0", 16);
      const to = Number.parseInt(range[2] ?? "0", 16);
      const width = (range[1] ?? "").length;
      const target = range[3] ?? "";
      for (let code = from; code <= to; code++) {
        const key = code.toString(16).toUpperCase().padStart(width, "0");
        if (target.startsWith("[")) {
          const items = [...target.matchAll(/<([0-9A-Fa-f]+)>/g)].map((m) => m[1] ?? "");
          map.set(key, hexToText(items[code - from] ?? ""));
        } else {
          const base = Number.parseInt(target.slice(1, -1), 16);
          map.set(key, String.fromCharCode(base + (code - from)));
        }
      }
    }
  }
  return map;
}

function refOf(dict: string, key: string): number | null {
  const match = new RegExp(`/${key}\\s+(\\d+)\\s+0\\s+R`).exec(dict);
  return match ? Number(match[1]) : null;
}

/** Font resource name -> its CMap, for one page's /Resources (inline or referenced). */
function pageFonts(objects: Map<number, PdfObject>, pageDict: string): Map<string, Map<string, string>> {
  const fonts = new Map<string, Map<string, string>>();
  const resourcesRef = refOf(pageDict, "Resources");
  const resources = resourcesRef !== null ? (objects.get(resourcesRef)?.dict ?? "") : pageDict;
  let fontDict = "";
  const fontRef = refOf(resources, "Font");
  if (fontRef !== null) fontDict = objects.get(fontRef)?.dict ?? "";
  else fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? "";
  for (const entry of fontDict.matchAll(/\/([\w.+-]+)\s+(\d+)\s+0\s+R/g)) {
    const font = objects.get(Number(entry[2]));
    const cmapRef = font ? refOf(font.dict, "ToUnicode") : null;
    const cmap = cmapRef !== null ? objects.get(cmapRef)?.stream?.toString("latin1") : undefined;
    fonts.set(entry[1] ?? "", cmap ? parseCMap(cmap) : new Map());
  }
  return fonts;
}

function decodeShown(hex: string, cmap: Map<string, string>): string {
  const keyWidth = cmap.size > 0 ? ([...cmap.keys()][0] ?? "0000").length : 4;
  let out = "";
  for (let i = 0; i + keyWidth <= hex.length; i += keyWidth) {
    out += cmap.get(hex.slice(i, i + keyWidth).toUpperCase()) ?? "";
  }
  return out;
}

/** Every page's text in order; lines break where the text moves down. */
export function pdfText(pdf: Buffer): string {
  const objects = parseObjects(pdf);
  const pages = [...objects.entries()]
    .filter(([, object]) => /\/Type\s*\/Page(?!s)\b/.test(object.dict))
    .sort(([a], [b]) => a - b);
  const out: string[] = [];
  for (const [, page] of pages) {
    const fonts = pageFonts(objects, page.dict);
    const contents = /\/Contents\s*\[([^\]]*)\]/.exec(page.dict)?.[1];
    const ids = contents
      ? [...contents.matchAll(/(\d+)\s+0\s+R/g)].map((m) => Number(m[1]))
      : [refOf(page.dict, "Contents")].filter((id): id is number => id !== null);
    for (const id of ids) {
      const stream = objects.get(id)?.stream?.toString("latin1") ?? "";
      let cmap = new Map<string, string>();
      let line = "";
      let lineY: number | null = null;
      const newLine = () => {
        if (line) out.push(line);
        line = "";
      };
      // Skia places every glyph with a relative Td; only a move down (or a new Tm row) is a new line.
      const tokens =
        /\/([\w.+-]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>|([-\d.]+)\s+([-\d.]+)\s+T[dD]\b|[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+[-\d.]+\s+([-\d.]+)\s+Tm\b|(T\*|\bET\b)/g;
      for (let token = tokens.exec(stream); token; token = tokens.exec(stream)) {
        if (token[1] !== undefined) cmap = fonts.get(token[1]) ?? new Map();
        else if (token[2] !== undefined) line += decodeShown(token[2], cmap);
        else if (token[4] !== undefined) {
          if (Number(token[4]) !== 0) newLine();
        } else if (token[5] !== undefined) {
          const y = Number(token[5]);
          if (lineY !== null && y !== lineY) newLine();
          lineY = y;
        } else if (token[6] === "T*") newLine();
      }
      if (line) out.push(line);
    }
  }
  return out.join("\n");
}

/** Whitespace (including the non-breaking spaces of lt-LT money) as single plain spaces. */
export function normaliseSpaces(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, " ").trim();
}
