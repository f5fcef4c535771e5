// The fuel level in words (src/domain/fuel.ts): the one formatter every document, e-mail and desk
// screen uses, so a customer never reads a bare "1".
import { describe, expect, it } from "vitest";
import { FUEL_LEVEL_LABELS } from "../../../src/domain/contractText";
import { fuelLevelText, isFuelLevel } from "../../../src/domain/fuel";
import { FUEL_LEVELS } from "../../../src/domain/schemas";

describe("degalų kiekis žodžiais", () => {
  it("lietuviškai: bako dalys trupmenomis, tuščias ir pilnas – žodžiais", () => {
    expect(FUEL_LEVELS.map((level) => fuelLevelText(level))).toEqual([
      "tuščias bakas",
      "¼ bako",
      "½ bako",
      "¾ bako",
      "pilnas bakas",
    ]);
  });

  it("angliškai – angliškų laiškų klientams", () => {
    expect(fuelLevelText("1", "en")).toBe("full tank");
    expect(fuelLevelText("3/4", "en")).toBe("¾ tank");
    expect(fuelLevelText("0", "en")).toBe("empty tank");
  });

  it("be rodmens ar su nežinomu – „neįrašyta“, niekada pats skaičius", () => {
    expect(fuelLevelText(null)).toBe("neįrašyta");
    expect(fuelLevelText(undefined)).toBe("neįrašyta");
    expect(fuelLevelText("7/8")).toBe("neįrašyta");
    expect(fuelLevelText("", "en")).toBe("not recorded");
    expect(isFuelLevel("3/4")).toBe(true);
    expect(isFuelLevel("1.0")).toBe(false);
  });

  it("sutarties šablono pasirinkimas naudoja tą patį formatuotoją", () => {
    expect(FUEL_LEVEL_LABELS).toEqual({
      "0": "tuščias bakas",
      "1/4": "¼ bako",
      "1/2": "½ bako",
      "3/4": "¾ bako",
      "1": "pilnas bakas",
    });
  });
});
