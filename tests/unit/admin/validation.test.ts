// Admin forms validate with the domain's zod schemas: the same rule as the server.
import { describe, expect, it } from "vitest";
import { NEW_CAR_DEFAULTS } from "../../../src/admin/cars/CarCreate";
import { validateCar } from "../../../src/admin/cars/CarForm";
import { fromVilniusText, toVilniusText } from "../../../src/admin/common/inputs";
import { slugify } from "../../../src/admin/common/slug";

const validCar = {
  ...NEW_CAR_DEFAULTS,
  id: "3f1c7a52-9a3e-4d7e-8d0f-2b1f4c5a6e7d",
  createdAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-02T10:00:00.000Z",
  priceFrom: 29,
  slug: "skoda-octavia-2024",
  make: "Škoda",
  model: "Octavia",
  year: 2024,
  deposit: 300,
};

describe("automobilio formos tikrinimas", () => {
  it("priima išsaugotą automobilį, nepaisydamas jo audito ir rodymo laukų", () => {
    expect(validateCar(validCar)).toEqual({});
  });

  it("pateikia laukų klaidas lietuviškai", () => {
    const errors = validateCar({ ...validCar, make: "", year: null, deposit: -5, slug: "Škoda Octavia" });
    expect(errors).toMatchObject({
      make: "Laukas privalomas",
      year: "Turi būti skaičius",
      deposit: "Suma negali būti neigiama",
      slug: "Tik mažosios raidės be diakritikų, skaičiai ir brūkšneliai",
    });
  });

  it("apie netinkamą ypatybės žymą praneša prie ypatybių lauko", () => {
    const errors = validateCar({ ...validCar, features: ["Navigacija", ""] });
    expect(errors.features).toBe("Laukas privalomas");
  });

  it("atmeta domenui nežinomą būseną", () => {
    expect(validateCar({ ...validCar, status: "sold" }).status).toBe("Neteisinga būsena");
  });
});

describe("slug kūrimas", () => {
  it.each([
    ["Škoda Octavia 2024", "skoda-octavia-2024"],
    ["Ąžuolų gatvė  ", "azuolu-gatve"],
    ["Mercedes-Benz  V-Class", "mercedes-benz-v-class"],
  ])("%s -> %s", (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});

describe("Vilniaus vietinio laiko laukai", () => {
  it("rodo momentą Vilniaus laiku, vasarą ir žiemą, 24 val. formatu", () => {
    expect(toVilniusText("2026-07-01T12:30:00.000Z")).toBe("2026-07-01 15:30");
    expect(toVilniusText("2026-01-15T08:00:00.000Z")).toBe("2026-01-15 10:00");
    expect(toVilniusText("2026-01-15 1")).toBe("2026-01-15 1");
    expect(toVilniusText(null)).toBe("");
  });

  it("darbuotojo įvestą laiką išsaugo kaip Vilniaus momentą", () => {
    expect(fromVilniusText("2026-07-01 15:30")).toBe("2026-07-01T12:30:00.000Z");
    expect(fromVilniusText("2026-01-15 9:05")).toBe("2026-01-15T07:05:00.000Z");
    expect(fromVilniusText("")).toBeNull();
  });

  it("neįmanomą ar nebaigtą tekstą palieka tikrinimui", () => {
    expect(fromVilniusText("2026-01-15 25:00")).toBe("2026-01-15 25:00");
    expect(fromVilniusText("2026-01-15")).toBe("2026-01-15");
  });

  it("vertimas pirmyn ir atgal grąžina tą pačią reikšmę ir per rudeninį laiko keitimą", () => {
    const typed = "2026-10-25 10:00";
    expect(toVilniusText(fromVilniusText(typed))).toBe(typed);
  });
});
