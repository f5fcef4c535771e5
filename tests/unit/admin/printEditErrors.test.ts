// The agreement page's own mileage check and how a refused save's field messages are placed.
import { HttpError } from "react-admin";
import { describe, expect, it } from "vitest";
import { contractProblems, serverFieldErrors } from "../../../src/admin/print/PrintEdit";
import { BackendError } from "../../../src/backend/port";

const contract = { mileageOut: null, mileageIn: null, fuelOut: null, fuelIn: null, damages: "", text: null };

describe("sutarties rida ir serverio klaidos", () => {
  it("grąžinimo rida ne mažesnė nei paėmimo (lt-LT skaičius)", () => {
    const problems = contractProblems({ ...contract, mileageOut: 45231, mileageIn: 45000 });
    expect(problems.mileageIn?.replace(/\s/g, " ")).toBe(
      "Grąžinimo rida turi būti ne mažesnė nei paėmimo rida (45 231 km)",
    );
    expect(contractProblems({ ...contract, mileageOut: 45231, mileageIn: 45231 })).toEqual({});
    expect(contractProblems({ ...contract, mileageOut: 45231, mileageIn: null })).toEqual({});
    expect(contractProblems({ ...contract, mileageOut: null, mileageIn: 10 })).toEqual({});
  });

  it("serverio laukų klaidos – prie laukų, kitos – sąraše (HttpError ir Firebase BackendError)", () => {
    const local = new HttpError("Patikrinkite pažymėtus laukus", 422, {
      message: "Patikrinkite pažymėtus laukus",
      errors: { "contract.mileageIn": "Per maža rida", returnAt: "Blogas laikas" },
    });
    expect(serverFieldErrors(local)).toEqual({
      fields: { mileageIn: "Per maža rida" },
      other: ["Blogas laikas"],
    });
    const nested = new HttpError("x", 422, { errors: { contract: { damages: ["Per ilgas tekstas"] } } });
    expect(serverFieldErrors(nested).fields).toEqual({ damages: "Per ilgas tekstas" });
    const firebase = new BackendError("Patikrinkite", 422, { "contract.mileageIn": "Per maža rida" });
    expect(serverFieldErrors(firebase).fields).toEqual({ mileageIn: "Per maža rida" });
    expect(serverFieldErrors(new Error("tinklas"))).toEqual({ fields: {}, other: [] });
  });
});
