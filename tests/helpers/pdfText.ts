// A PDF's text page by page, as a reader no one here wrote sees it: poppler's pdftotext (installed
// on the machines and in CI), else pdf.js (unpdf). Non-breaking spaces come back as plain spaces.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { extractText, getDocumentProxy } from "unpdf";

export const hasPdftotext = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/** Every page's text (pdftotext's when installed). */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  let pages: string[];
  if (hasPdftotext) {
    const dir = mkdtempSync(path.join(tmpdir(), "pdf-text-"));
    try {
      const file = path.join(dir, "doc.pdf");
      writeFileSync(file, bytes);
      execFileSync("pdftotext", ["-enc", "UTF-8", file, `${file}.txt`]);
      pages = readFileSync(`${file}.txt`, "utf8").split("\f");
      if (pages[pages.length - 1]?.trim() === "") pages.pop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } else {
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
    pages = text;
  }
  return pages.map((page) => page.replace(/[\u00a0\u202f]/g, " "));
}

/** The whole text, pages joined, runs of white space as one space (lines wrapped anywhere read as one). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).join("\n").replace(/\s+/g, " ");
}
