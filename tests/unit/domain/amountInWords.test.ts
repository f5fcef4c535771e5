import { describe, expect, it } from "vitest";
import { amountInWords, integerInWords, lithuanianForm } from "../../../src/domain/amountInWords";

describe("amountInWords", () => {
  it("writes the issue's example", () => {
    expect(amountInWords(120.5)).toBe("vienas šimtas dvidešimt eurų 50 ct");
  });

  it.each([
    [1, "vienas euras 00 ct"],
    [2, "du eurai 00 ct"],
    [9, "devyni eurai 00 ct"],
    [10, "dešimt eurų 00 ct"],
    [11, "vienuolika eurų 00 ct"],
    [15, "penkiolika eurų 00 ct"],
    [20, "dvidešimt eurų 00 ct"],
    [21, "dvidešimt vienas euras 00 ct"],
    [22, "dvidešimt du eurai 00 ct"],
    [0, "nulis eurų 00 ct"],
    [0.07, "nulis eurų 07 ct"],
    [111, "vienas šimtas vienuolika eurų 00 ct"],
    [200, "du šimtai eurų 00 ct"],
    [1000, "vienas tūkstantis eurų 00 ct"],
    [2000, "du tūkstančiai eurų 00 ct"],
    [10_000, "dešimt tūkstančių eurų 00 ct"],
    [21_000, "dvidešimt vienas tūkstantis eurų 00 ct"],
    [1_234.56, "vienas tūkstantis du šimtai trisdešimt keturi eurai 56 ct"],
    [15_312.01, "penkiolika tūkstančių trys šimtai dvylika eurų 01 ct"],
    [1_000_000, "vienas milijonas eurų 00 ct"],
    [3_400_021, "trys milijonai keturi šimtai tūkstančių dvidešimt vienas euras 00 ct"],
  ])("%s €", (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it("rounds binary noise to cents and writes credit notes as minus", () => {
    expect(amountInWords(1.005)).toBe("vienas euras 01 ct");
    expect(amountInWords(0.1 + 0.2)).toBe("nulis eurų 30 ct");
    expect(amountInWords(-120.5)).toBe("minus vienas šimtas dvidešimt eurų 50 ct");
  });

  it("agrees nouns with 111, 112, 1 001 and refuses what it cannot write", () => {
    expect(lithuanianForm(111, ["euras", "eurai", "eurų"])).toBe("eurų");
    expect(lithuanianForm(112, ["euras", "eurai", "eurų"])).toBe("eurų");
    expect(lithuanianForm(101, ["euras", "eurai", "eurų"])).toBe("euras");
    expect(integerInWords(1001)).toBe("vienas tūkstantis vienas");
    expect(() => amountInWords(Number.NaN)).toThrow();
    expect(() => integerInWords(-1)).toThrow();
  });
});
