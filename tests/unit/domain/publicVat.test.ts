import { describe, expect, it } from "vitest";
import { pricesIncludeVatText, publicBookingRules } from "../../../src/domain/publicCatalog";
import { bookingRulesSchema } from "../../../src/domain/schemas";

describe("PVM tarifas svetainės tekstuose", () => {
  it("rašomas iš nustatymų tarifo, lietuviškai", () => {
    expect(pricesIncludeVatText({ vatRate: 0.21 })).toBe("su 21\u00a0% PVM");
    expect(pricesIncludeVatText({ vatRate: 0.09 })).toBe("su 9\u00a0% PVM");
    expect(pricesIncludeVatText({ vatRate: 0.055 })).toBe("su 5,5\u00a0% PVM");
  });

  it("vieši nustatymai neša tarifą, o senesnė kopija be jo rašo tik „su PVM“", () => {
    const rules = publicBookingRules(bookingRulesSchema.parse({ vatRate: 0.09 }));
    expect(pricesIncludeVatText(rules)).toBe("su 9\u00a0% PVM");
    expect(pricesIncludeVatText({})).toBe("su PVM");
  });
});
