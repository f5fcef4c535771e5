// A partial credit note as the customer and the accountant read it: a part of a line is an
// amount ("−1 vnt."), never a number of days, and a whole line keeps its days.
import { describe, expect, it } from "vitest";
import { creditLines, remainingByLine } from "../../../src/domain/creditNotes";
import { grossLine, lineQuantityText } from "../../../src/domain/invoices";

const rental = grossLine("Nuoma: Toyota Corolla", 294, 0.21, 7, "para");
const lateFee = grossLine("Vėlavimo mokestis", 42, 0.21);
const invoice = { lines: [rental, lateFee] };

describe("dalinė kreditinė sąskaita", () => {
  it("dalis eilutės – suma vienetais, ne paromis", () => {
    const lines = creditLines(invoice, [], [{ line: 0, amount: 42 }]);
    expect(lines).toHaveLength(1);
    const [line] = lines!;
    expect(line).toMatchObject({ quantity: -1, unit: "vnt.", total: -42, sourceLine: 0 });
    expect(line!.description).toBe("Nuoma: Toyota Corolla (dalinis kreditas)");
    expect(lineQuantityText(line!)).toMatch(/^[−-]1 vnt\.$/);
    expect(remainingByLine(invoice, [{ lines: lines! }])).toEqual([252, 42]);
  });

  it("visa eilutė kredituojama su tomis pačiomis paromis", () => {
    const [line] = creditLines(invoice, [], [{ line: 0, amount: 294 }])!;
    expect(line).toMatchObject({ quantity: -7, unit: "para", total: -294 });
    expect(lineQuantityText(line!)).toMatch(/^[−-]7 paros$/);
  });

  it("kiekis rodomas su teisinga dienų forma", () => {
    expect(lineQuantityText({ quantity: 1, unit: "para" })).toBe("1 para");
    expect(lineQuantityText({ quantity: 3, unit: "para" })).toBe("3 paros");
    expect(lineQuantityText({ quantity: 10, unit: "para" })).toBe("10 parų");
    expect(lineQuantityText({ quantity: 2, unit: "vnt." })).toBe("2 vnt.");
  });
});
