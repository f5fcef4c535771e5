import { describe, expect, it } from "vitest";
import { vatPointDateOf } from "../../../src/domain/isaf";

describe("PVM apskaičiavimo momentas i.SAF faile", () => {
  it("spalio nuoma, sąskaita lapkričio 27 d.: paslaugų suteikimo data", () => {
    expect(vatPointDateOf({ issueDate: "2026-11-27", supplyDate: "2026-10-30" })).toBe("2026-10-30");
  });

  it("sąskaita išrašyta prieš suteikiant paslaugą (ilga nuoma iki kovo): sąskaitos data, ne ateities data", () => {
    expect(vatPointDateOf({ issueDate: "2026-11-29", supplyDate: "2027-03-08" })).toBe("2026-11-29");
  });

  it("be paslaugų suteikimo datos: sąskaitos data", () => {
    expect(vatPointDateOf({ issueDate: "2026-11-29" })).toBe("2026-11-29");
  });
});
