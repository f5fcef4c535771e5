// The shared PDF layout (src/documents/pdfLayout.ts): a long document over many pages, read back
// with poppler's pdftotext when it is installed (a reader no one here wrote), else with unpdf
// (pdf.js): nothing is lost or repeated at page breaks, the table's header is on every page it
// goes on to, every page is numbered, the Lithuanian letters come back as written.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { extractText, extractTextItems, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPdfLayout, type PdfLayout } from "../../../src/documents/pdfLayout";

const LETTERS = "ąčęėįšųūž ĄČĘĖĮŠŲŪŽ";
const PARAGRAPHS = 24;
const WORDS = 60;
const ROWS = 150;
/** lines of a cell: a row taller than a page */
const TALL_WORDS = 90;
const IBAN = "LT601010012345678901234567890123456789012345678901234567890123";
const EMAIL = "labai.ilgas.elektroninio.pasto.adresas@imone-su-labai-ilgu-pavadinimu-ąčęėįšųūž.example.lt";

const hasPdftotext = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

const dir = mkdtempSync(path.join(tmpdir(), "pdf-layout-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every page's text: pdftotext's (poppler) when installed, else pdf.js's (unpdf). */
async function pagesOf(bytes: Uint8Array): Promise<string[]> {
  let pages: string[];
  if (hasPdftotext) {
    const file = path.join(dir, "doc.pdf");
    writeFileSync(file, bytes);
    execFileSync("pdftotext", ["-enc", "UTF-8", file, `${file}.txt`]);
    pages = readFileSync(`${file}.txt`, "utf8").split("\f");
    if (pages[pages.length - 1]?.trim() === "") pages.pop();
  } else {
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
    pages = text;
  }
  return pages.map((page) => page.replace(/\u00a0/g, " "));
}

const paragraphText = (n: number) =>
  Array.from({ length: WORDS }, (_, k) => `ž${n}.${k + 1}${k % 7 === 3 ? " ąžuolas" : ""}`).join(" ");

async function longDocument(): Promise<{ bytes: Uint8Array; pdf: PdfLayout }> {
  const pdf = await createPdfLayout({
    info: { title: "Bandomasis ilgas dokumentas", author: "Ratų nuoma", date: new Date("2026-11-20T10:00:00Z") },
  });
  pdf.title("ILGAS DOKUMENTAS ĄČĘĖĮŠŲŪŽ", { sub: [`Raidės: ${LETTERS}`] });
  pdf.heading("1. Pastraipos");
  for (let n = 1; n <= PARAGRAPHS; n += 1) pdf.paragraph(paragraphText(n));
  pdf.heading("2. Ilgi žodžiai");
  pdf.paragraph(`Sąskaita ${IBAN}`, { width: 120 });
  pdf.paragraph(`El. paštas ${EMAIL}`, { width: 160 });
  pdf.heading("3. Laukai");
  pdf.keyValues(Array.from({ length: 30 }, (_, i) => [`Laukas ${i + 1}`, `reikšmė-${i + 1} ${LETTERS}`] as const));
  pdf.heading("4. Lentelė");
  pdf.table(
    [
      { label: "Nr.", width: 0.08 },
      { label: "Pavadinimas", width: 0.72 },
      { label: "Suma", width: 0.2, align: "right" },
    ],
    [
      ...Array.from({ length: ROWS }, (_, i) => [
        String(i + 1),
        `eilutė-${i + 1} ${i % 10 === 0 ? "su ilgu aprašymu, kuris netelpa vienoje eilutėje ir turi būti perkeltas į kitas eilutes be jokių praradimų" : "šašlykinė"}`,
        `${i + 1},00 €`,
      ]),
      ["Σ", Array.from({ length: TALL_WORDS }, (_, k) => `d${k + 1}`).join("\n"), "1,00 €"],
      { cells: ["", "Iš viso", "11 326,00 €"], bold: true },
    ],
  );
  pdf.signatureBoxes([{ caption: "Išrašė", name: "Ona Žemaitytė" }, { caption: "Gavo" }]);
  return { bytes: await pdf.finish("Bandomasis ilgas dokumentas ĄČĘĖĮŠŲŪŽ"), pdf };
}

describe("bendras PDF maketas", () => {
  let pages: string[] = [];
  let all = "";
  let bytes: Uint8Array = new Uint8Array();

  beforeAll(async () => {
    ({ bytes } = await longDocument());
    pages = await pagesOf(bytes);
    all = pages.join("\n");
  }, 60_000);

  it(`ilgas dokumentas per kelis puslapius, kiekvienas sunumeruotas (${hasPdftotext ? "pdftotext" : "unpdf"})`, () => {
    expect(pages.length).toBeGreaterThan(5);
    pages.forEach((page, index) => {
      expect(page).toContain(`Puslapis ${index + 1} iš ${pages.length}`);
      expect(page).toContain("Bandomasis ilgas dokumentas ĄČĘĖĮŠŲŪŽ");
    });
    expect(all).toContain(LETTERS);
    expect(all).toContain("ILGAS DOKUMENTAS ĄČĘĖĮŠŲŪŽ");
  });

  it("pastraipų žodžiai visi, po vieną kartą ir eilės tvarka per puslapių lūžius", () => {
    const found = [...all.matchAll(/ž(\d+)\.(\d+)/g)].map((m) => `${m[1]}.${m[2]}`);
    const expected = Array.from({ length: PARAGRAPHS }, (_, n) =>
      Array.from({ length: WORDS }, (_, k) => `${n + 1}.${k + 1}`),
    ).flat();
    expect(found).toEqual(expected);
    expect(all.match(/ąžuolas/g)?.length).toBe(PARAGRAPHS * Math.floor((WORDS + 3) / 7));
  });

  it("laukų eilutės ir lentelės eilutės visos ir eilės tvarka", () => {
    const fields = [...all.matchAll(/reikšmė-(\d+) ąčęėįšųūž ĄČĘĖĮŠŲŪŽ/g)].map((m) => Number(m[1]));
    expect(fields).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const rows = [...all.matchAll(/eilutė-(\d+)/g)].map((m) => Number(m[1]));
    expect(rows).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
    // Not the tail of a grouped number ("11 326,00 €"); pdf.js joins a row's cells with a space.
    const amounts = [...all.matchAll(/(?<!\d)(?<!\d )(\d+),00 €/g)].map((m) => Number(m[1]));
    for (let i = 1; i <= ROWS; i += 1) expect(amounts).toContain(i);
    expect(all).toMatch(/Iš viso/);
    expect(all).toContain("11 326,00 €");
  });

  it("už puslapį aukštesnė eilutė padalyta, nieko neprarandant", () => {
    const words = [...all.matchAll(/\bd(\d+)\b/g)].map((m) => Number(m[1]));
    expect(words).toEqual(Array.from({ length: TALL_WORDS }, (_, k) => k + 1));
  });

  it("lentelės antraštė kartojama kiekviename puslapyje, kur lentelė tęsiasi", () => {
    const tablePages = pages.filter((page) => /eilutė-\d+|\bd\d+\b/.test(page));
    expect(tablePages.length).toBeGreaterThan(2);
    for (const page of tablePages) {
      expect(page).toContain("Pavadinimas");
      expect(page).toContain("Suma");
    }
  });

  it("ilgi žodžiai (IBAN, el. paštas) laužomi, bet grąžinami visi", () => {
    const joined = all.replace(/\s+/g, "");
    expect(joined).toContain(IBAN);
    expect(joined).toContain(EMAIL);
  });

  it("sumos lygiuojamos dešinėje: visų eilučių sumų dešinysis kraštas tas pats", async () => {
    const { items } = await extractTextItems(await getDocumentProxy(new Uint8Array(bytes)));
    const rights = items
      .flat()
      .filter((item) => /^\d+,00 €$/.test(item.str.replace(/\u00a0/g, " ")))
      .map((item) => Math.round(item.x + item.width));
    expect(rights.length).toBeGreaterThanOrEqual(ROWS);
    expect(new Set(rights).size).toBe(1);
  });
});

describe("teksto laužymas", () => {
  let pdf: PdfLayout;
  beforeAll(async () => {
    ({ pdf } = await longDocument());
  }, 60_000);

  it("kiekviena eilutė telpa į plotį, žodžiai nesikeičia", () => {
    const text = `${paragraphText(1)} ${IBAN} ${EMAIL} Ąžuolynas`;
    for (const width of [40, 90, 200, 483]) {
      const lines = pdf.wrap(text, 10, width);
      for (const line of lines) expect(pdf.width(line, 10)).toBeLessThanOrEqual(width);
      expect(lines.join("").replace(/\s+/g, "")).toBe(text.replace(/\s+/g, ""));
    }
  });

  it("el. pašto adresas laužomas po „@“, „.“ ar prieš „-“, ne žodžio viduryje", () => {
    for (const width of [160, 220]) {
      const lines = pdf.wrap(EMAIL, 10, width);
      expect(lines.length).toBeGreaterThan(1);
      lines.slice(0, -1).forEach((line, i) => {
        expect(/[@.]$/.test(line) || lines[i + 1]?.startsWith("-"), line).toBe(true);
      });
    }
    // A line ending in "-" would be joined by text extractors without its "-", even where the
    // address has to be cut mid-word.
    for (const width of [60, 90, 120, 160, 220]) {
      for (const line of pdf.wrap(EMAIL, 10, width).slice(0, -1)) expect(line).not.toMatch(/-$/);
    }
  });

  it("naujos eilutės, įtrauka ir tarpai eilutės viduje išlaikomi", () => {
    expect(pdf.wrap("pirma\n  antra  ·  trečia", 10, 400)).toEqual(["pirma", "  antra  ·  trečia"]);
    expect(pdf.wrap("", 10, 400)).toEqual([""]);
  });

  it("sudėtinės raidės sujungiamos (NFC), nežinomi ženklai – „?“", () => {
    expect(pdf.clean("e\u0328 s\u030c u\u0304")).toBe("ę š ū");
    expect(pdf.clean("a\tb\u00adc")).toBe("a    bc");
    expect(pdf.clean("\u{1f697}")).toBe("?");
  });

  it("per ilgas poraštės pavadinimas sutrumpinamas „…“", () => {
    const short = pdf.fit("Labai ilgas dokumento pavadinimas ".repeat(10), 8, 200);
    expect(short.endsWith("…")).toBe(true);
    expect(pdf.width(short, 8)).toBeLessThanOrEqual(200);
    expect(pdf.fit("Trumpas", 8, 200)).toBe("Trumpas");
  });
});
