import { describe, expect, it } from "vitest";
import {
  type CsvColumn,
  carName,
  csvCell,
  csvFileName,
  customerName,
  fetchRelated,
  guardFormula,
  quoteCsv,
  relatedRecord,
  toCsv,
} from "../../../src/admin/common/csv";
import { choiceName, REQUEST_STATUS_CHOICES, RESERVATION_STATUS_CHOICES } from "../../../src/admin/labels";

interface Row {
  id: string;
  name: string;
  amount?: number;
  at?: string;
  status?: string;
  carId?: string;
}

const columns: CsvColumn<Row>[] = [
  { header: "Pavadinimas", value: (row) => row.name },
  { header: "Suma, €", value: (row) => row.amount, kind: "money" },
];

describe("toCsv", () => {
  it("starts with a UTF-8 BOM, separates with ';' and ends every line with CRLF", () => {
    const text = toCsv([{ id: "1", name: "Ąžuolas", amount: 12.5 }], columns);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toBe("\uFEFFPavadinimas;Suma, €\r\nĄžuolas;12,50\r\n");
    // The bytes a browser writes for the Blob: EF BB BF first.
    expect([...new TextEncoder().encode(text).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("keeps an empty list to the header line", () => {
    expect(toCsv([], columns)).toBe("\uFEFFPavadinimas;Suma, €\r\n");
  });

  it("quotes cells holding ';', quotes or line breaks and doubles the quotes", () => {
    const text = toCsv(
      [
        { id: "1", name: "UAB „Ratai“; filialas" },
        { id: "2", name: 'Sakė "labas"' },
        { id: "3", name: "pirma eilutė\r\nantra\neilutė" },
      ],
      [{ header: "Tekstas", value: (row) => row.name }],
    );
    expect(text.split("\r\n").slice(1, 3)).toEqual(['"UAB „Ratai“; filialas"', '"Sakė ""labas"""']);
    expect(text).toContain('"pirma eilutė\r\nantra\neilutė"\r\n');
    expect(quoteCsv("paprastas tekstas")).toBe("paprastas tekstas");
  });
});

describe("formula guard", () => {
  it("puts an apostrophe before text that a spreadsheet would run", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(csvCell("+370 600 00000")).toBe("'+370 600 00000");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\t=1")).toBe("'\t=1");
  });

  it("leaves plain numbers and ordinary text alone", () => {
    expect(guardFormula("-12")).toBe("-12");
    expect(guardFormula("+5,5")).toBe("+5,5");
    expect(csvCell(-12.5)).toBe("-12,5");
    expect(csvCell("Vilnius")).toBe("Vilnius");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("guards a formula that also needs quoting", () => {
    const text = toCsv([{ id: "1", name: '=cmd|" /C calc";A1' }], [{ header: "X", value: (row) => row.name }]);
    expect(text.split("\r\n")[1]).toBe('"\'=cmd|"" /C calc"";A1"');
  });
});

describe("numbers", () => {
  it("writes a decimal comma, no grouping spaces and an ASCII minus", () => {
    expect(csvCell(1234567.891)).toBe("1234567,891");
    expect(csvCell(1234.5, "money")).toBe("1234,50");
    expect(csvCell(-0.5, "money")).toBe("-0,50");
    expect(csvCell(2026)).toBe("2026");
    expect(csvCell(Number.NaN)).toBe("");
  });

  it("writes yes/no and empty values in Lithuanian", () => {
    expect(csvCell(true)).toBe("Taip");
    expect(csvCell(false)).toBe("Ne");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined, "dateTime")).toBe("");
  });
});

describe("Vilnius time", () => {
  it("shows winter (UTC+2) and summer (UTC+3) instants as Vilnius wall-clock time", () => {
    expect(csvCell("2026-11-21T12:30:00.000Z", "dateTime")).toBe("2026-11-21 14:30");
    expect(csvCell("2026-07-01T11:30:00.000Z", "dateTime")).toBe("2026-07-01 14:30");
  });

  it("crosses the spring and autumn clock changes", () => {
    // 2026-03-29 03:00 -> 04:00 local
    expect(csvCell("2026-03-29T00:30:00Z", "dateTime")).toBe("2026-03-29 02:30");
    expect(csvCell("2026-03-29T01:30:00Z", "dateTime")).toBe("2026-03-29 04:30");
    // 2026-10-25 04:00 -> 03:00 local: two different instants read 03:30
    expect(csvCell("2026-10-25T00:30:00Z", "dateTime")).toBe("2026-10-25 03:30");
    expect(csvCell("2026-10-25T01:30:00Z", "dateTime")).toBe("2026-10-25 03:30");
  });

  it("keeps a calendar date and moves a late-evening UTC instant to the next Vilnius day", () => {
    expect(csvCell("2026-11-21", "date")).toBe("2026-11-21");
    expect(csvCell("2026-11-21T22:30:00Z", "date")).toBe("2026-11-22");
    expect(csvCell("2026-11-21T22:30:00Z", "dateTime")).toBe("2026-11-22 00:30");
  });

  it("names the file by the Vilnius date", () => {
    expect(csvFileName("rezervacijos", new Date("2026-11-24T10:00:00Z"))).toBe("rezervacijos-2026-11-24.csv");
    expect(csvFileName("rezervacijos", new Date("2026-11-24T22:30:00Z"))).toBe("rezervacijos-2026-11-25.csv");
  });
});

describe("labels and references", () => {
  it("turns stored codes into Lithuanian labels", () => {
    const text = toCsv(
      [
        { id: "1", name: "a", status: "no_show" },
        { id: "2", name: "b", status: "confirmed" },
      ],
      [{ header: "Būsena", value: (row) => choiceName(RESERVATION_STATUS_CHOICES, row.status) }],
    );
    expect(text).toBe("\uFEFFBūsena\r\nNeatvyko\r\nPatvirtinta\r\n");
    expect(choiceName(REQUEST_STATUS_CHOICES, "spam")).toBe("Šlamštas");
  });

  it("shows referenced records by name, fetching each referenced resource once", async () => {
    const calls: string[] = [];
    const cars = { c1: { id: "c1", make: "Toyota", model: "Corolla", year: 2024 } };
    const rows: Row[] = [
      { id: "1", name: "a", carId: "c1" },
      { id: "2", name: "b", carId: "c1" },
    ];
    const related = await fetchRelated(rows, { carId: "cars" }, async (data, field, resource) => {
      calls.push(`${resource}:${data.map((row) => row[field]).join(",")}`);
      return cars as never;
    });
    expect(calls).toEqual(["cars:c1,c1"]);
    const text = toCsv(
      rows,
      [{ header: "Automobilis", value: (row, rel) => carName(relatedRecord(rel, "carId", row.carId)) }],
      related,
    );
    expect(text).toBe("\uFEFFAutomobilis\r\nToyota Corolla (2024)\r\nToyota Corolla (2024)\r\n");
    expect(customerName({ firstName: "Jonas", lastName: "Jonaitis", companyName: "UAB Ratai" })).toBe(
      "Jonas Jonaitis (UAB Ratai)",
    );
    expect(carName(undefined)).toBe("");
  });

  it("does not ask for references nobody points to", async () => {
    const related = await fetchRelated([{ id: "1", carId: null }], { carId: "cars" }, async () => {
      throw new Error("should not be called");
    });
    expect(related).toEqual({ carId: {} });
  });
});
