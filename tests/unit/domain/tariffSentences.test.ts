import { describe, expect, it } from "vitest";
import { tariffText } from "../../../src/domain/tariffText";

describe("tarifo tekstas sutartyje", () => {
  it("kiekviena eilutė baigiasi vienu tašku (ne „21 m..“)", () => {
    const text = tariffText({
      bookingRules: { graceMinutes: 60, openingHour: 8, closingHour: 20 },
      freeCancellationHours: 48,
      transferFee: 35,
      car: { deposit: 300, excess: 500, mileageLimitPerDay: 250 },
    });
    expect(text).toContain("ne mažiau kaip 21 m.");
    expect(text).not.toMatch(/\.\.(\s|$)/);
    for (const line of text.split("\n").slice(2)) expect(line).toMatch(/[^.]\.$/);
  });
});
