// The password rules (ASVS 2.1): length, the common-password list, the account's own name.
import { describe, expect, it } from "vitest";
import {
  PASSWORD_COMMON_MESSAGE,
  PASSWORD_PERSONAL_MESSAGE,
  PASSWORD_REPETITIVE_MESSAGE,
  passwordProblem,
} from "../../../src/domain/commonPasswords";
import { PASSWORD_TOO_LONG_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from "../../../src/domain/passwordRules";

describe("slaptažodžio taisyklės", () => {
  it("trumpesni nei 12 simbolių ir ilgesni nei 200 atmetami", () => {
    for (const password of ["password12", "1234567890", "qwertyuiop", "Trumpas-11!"]) {
      expect(passwordProblem(password), password).toBe(PASSWORD_TOO_SHORT_MESSAGE);
    }
    expect(passwordProblem("a".repeat(201))).toBe(PASSWORD_TOO_LONG_MESSAGE);
  });

  it("dažni ir nutekėję slaptažodžiai atmetami, taip pat su skaičiais ar ženklais aplink", () => {
    for (const password of [
      "password1234",
      "qwertyuiop12",
      "123456789012",
      "Football2026!",
      "!!letmein2026",
      "PASSWORD1234",
    ]) {
      expect(passwordProblem(password), password).toBe(PASSWORD_COMMON_MESSAGE);
    }
  });

  it("vardas ar el. paštas slaptažodyje ir pasikartojantys ženklai atmetami", () => {
    const personal = ["jonas.jonaitis@ratunuoma.lt", "Jonas Jonaitis"];
    expect(passwordProblem("jonaitis-2026-vasara", personal)).toBe(PASSWORD_PERSONAL_MESSAGE);
    expect(passwordProblem("RATUNUOMA-slaptas-1", personal)).toBe(PASSWORD_PERSONAL_MESSAGE);
    expect(passwordProblem("aaaaaaaaaaaaaa")).toBe(PASSWORD_REPETITIVE_MESSAGE);
  });

  it("ilgi savi slaptažodžiai priimami", () => {
    for (const password of [
      "Vasara-Palangoje-27",
      "žalias kalnas ir upė",
      "Ruduo-Kaune-prie-Neries",
      "DemoStaff2026!",
    ]) {
      expect(passwordProblem(password, ["admin@ratunuoma.lt", "Administratorius"]), password).toBeNull();
    }
  });
});
