// Stored documents are checked against the domain's schema where they enter the use cases.
import { describe, expect, it } from "vitest";
import { carRecord, readRecord, reservationRecord, StoredShapeError } from "../../../src/core/records";
import { customerSchema } from "../../../src/domain/schemas";

describe("saugomų dokumentų skaitymas", () => {
  it("laukai pagal schemą praeina, saugyklos laukai (version, createdAt, number) lieka, id pridedamas", () => {
    const record = readRecord(customerSchema, {
      id: "c1",
      data: { firstName: "Jonas", email: "jonas@example.lt", version: 3, createdAt: "2026-01-01T00:00:00.000Z" },
    });
    expect(record).toEqual({
      id: "c1",
      firstName: "Jonas",
      email: "jonas@example.lt",
      version: 3,
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    expect(reservationRecord({ id: "r1", data: { number: "R-2026-000001", status: "new" } }).number).toBe(
      "R-2026-000001",
    );
  });

  it("netinkamo tipo laukas – StoredShapeError su lauko vardu", () => {
    expect(() => carRecord({ id: "a1", data: { make: "BMW", seats: "penkios" } })).toThrow(StoredShapeError);
    expect(() => reservationRecord({ id: "r2", data: { status: "nežinoma" } })).toThrow(/r2.*status/);
  });

  it("užšaldyti duomenys: tas pats užšaldytas įrašas kiekvienam skaitytojui", () => {
    const data = Object.freeze({ make: "Audi" });
    const first = carRecord({ id: "a2", data });
    expect(Object.isFrozen(first)).toBe(true);
    expect(carRecord({ id: "a2", data })).toBe(first);
  });
});
