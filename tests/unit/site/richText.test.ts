// Staff-written plain text as the site lays it out: headings, lists, paragraphs.
import { describe, expect, it } from "vitest";
import { isHtml, textBlocks } from "../../../src/site/components/RichText";

describe("textBlocks", () => {
  it("# ir ## – antraštės, eilutės su brūkšneliu – sąrašas, kita – pastraipos", () => {
    expect(textBlocks("# Sąlygos\n\n## Vairuotojas\n\n- pasas\n- pažymėjimas\n\nPirma eilutė\nantra eilutė.")).toEqual([
      { kind: "h2", text: "Sąlygos" },
      { kind: "h3", text: "Vairuotojas" },
      { kind: "ul", items: ["pasas", "pažymėjimas"] },
      { kind: "p", lines: ["Pirma eilutė", "antra eilutė."] },
    ]);
  });

  it("dokumente su skyriais trumpa atskira eilutė be skyrybos ženklo pabaigoje – antraštė", () => {
    const text = "1. Vairuotojas\n\nAutomobilį gali vairuoti asmuo nuo 21 metų.\n\nKą renkame:\n\nSlapukai";
    expect(textBlocks(text, { sectionTitles: true })).toEqual([
      { kind: "h2", text: "1. Vairuotojas" },
      { kind: "p", lines: ["Automobilį gali vairuoti asmuo nuo 21 metų."] },
      { kind: "p", lines: ["Ką renkame:"] },
      { kind: "h2", text: "Slapukai" },
    ]);
    // Elsewhere (car descriptions, offers) the same line stays a paragraph.
    expect(textBlocks("Slapukai")).toEqual([{ kind: "p", lines: ["Slapukai"] }]);
  });

  it("ilgas sakinys be taško lieka pastraipa", () => {
    const long = "Automobilis tinka ilgoms kelionėms su šeima ir bagažu po visą Europą be jokių rūpesčių";
    expect(textBlocks(long, { sectionTitles: true })).toEqual([{ kind: "p", lines: [long] }]);
  });

  it("HTML atpažįstamas pagal žymes", () => {
    expect(isHtml("<p>Sveiki</p>")).toBe(true);
    expect(isHtml("Kaina < 100 €")).toBe(false);
  });
});
