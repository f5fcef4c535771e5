// The one search normalisation shared by PostgreSQL (its SQL twin), Firestore and the browser.
import { describe, expect, it } from "vitest";
import {
  foldSearchText,
  matchesSearchWords,
  querySearchWords,
  recordSearchWords,
  SEARCH_FIELDS,
  valueSearchWords,
} from "../../../src/domain/searchText";

const finds = (stored: Record<string, unknown>, fields: readonly string[], q: string) =>
  matchesSearchWords(recordSearchWords(stored, fields), querySearchWords(q));

const rimas = {
  firstName: "Rimas",
  lastName: "Auditas",
  companyName: "UAB „Šiaulių ratai“",
  email: "rimas.auditas@pavyzdys.lt",
  phone: "+37061234567",
};

describe("foldSearchText", () => {
  it("lietuviškos raidės – paprastos, mažosios, skyrybos ženklai – tarpai", () => {
    expect(foldSearchText("  ĄČĘĖĮŠŲŪŽ ąčęėįšųūž ")).toBe("aceeisuuz aceeisuuz");
    expect(foldSearchText("Šiaulių g. 5-12, LT-76285")).toBe("siauliu g 5 12 lt 76285");
    expect(foldSearchText("Łódź Müller")).toBe("lodz muller");
    expect(foldSearchText("!!!")).toBe("");
  });
});

describe("valueSearchWords", () => {
  it("telefonas visomis formomis", () => {
    for (const stored of ["+37061234567", "+370 612 34567", "8 612 34567", "861234567"]) {
      expect(valueSearchWords(stored)).toEqual(expect.arrayContaining(["37061234567", "861234567", "61234567"]));
    }
  });

  it("skaitmenų grupės sujungiamos, numeriai ir valstybiniai numeriai – be tarpų", () => {
    expect(valueSearchWords("R-2026-000123")).toEqual(
      expect.arrayContaining(["r", "2026", "000123", "2026000123", "r2026000123"]),
    );
    expect(valueSearchWords("ABC 123")).toEqual(expect.arrayContaining(["abc", "123", "abc123"]));
    expect(valueSearchWords("Rimas Auditas")).toEqual(["rimas", "auditas"]);
  });
});

describe("querySearchWords", () => {
  it("žodžiai suvienodinami, skaitmenų grupės sujungiamos, pasikartojimai išmetami", () => {
    expect(querySearchWords("  Auditas,  RIMAS ")).toEqual(["auditas", "rimas"]);
    expect(querySearchWords("+370 612 34567")).toEqual(["37061234567"]);
    expect(querySearchWords("8 (612) 34-567")).toEqual(["861234567"]);
    expect(querySearchWords("rim rimas")).toEqual(["rimas"]);
    expect(querySearchWords(" ,.;@ ")).toEqual([]);
    expect(querySearchWords("a b c d e f g h i j k l m")).toHaveLength(10);
  });
});

describe("paieška pagal žodžių pradžias", () => {
  const fields = SEARCH_FIELDS.customers;

  it("vardas ir pavardė bet kuria tvarka, raidžių dydžiu ir pradžiomis", () => {
    for (const q of ["Rimas Auditas", "auditas rimas", "RIM aud", "aud"]) expect(finds(rimas, fields, q), q).toBe(true);
    expect(finds(rimas, fields, "rimas zzz")).toBe(false);
    expect(finds(rimas, fields, "ditas")).toBe(false);
  });

  it("telefonas bet kokiu įprastu formatu", () => {
    for (const q of ["+37061234567", "+370 612 34567", "8 612 34567", "861234567", "612 34567", "8 612"]) {
      expect(finds(rimas, fields, q), q).toBe(true);
    }
    expect(finds(rimas, fields, "612 34568")).toBe(false);
  });

  it("lietuviškos raidės abiem kryptimis", () => {
    expect(finds(rimas, fields, "siauliu")).toBe(true);
    expect(finds({ ...rimas, companyName: "Siauliu ratai" }, fields, "Šiaulių")).toBe(true);
  });

  it("laukų pavadinimai nerandami, ieškoma tik nurodytuose laukuose", () => {
    for (const q of ["firstName", "email", "phone", "doc"]) expect(finds(rimas, fields, q), q).toBe(false);
    expect(finds({ ...rimas, notes: "slaptas" }, fields, "slaptas")).toBe(false);
  });

  it("masyvai ir įdėtiniai laukai; ne eilutės praleidžiamos", () => {
    const mail = { to: ["ona@pavyzdys.lt", "info@ratai.lt"], message: { subject: "Rezervacija R-2026-000123" } };
    expect(finds(mail, SEARCH_FIELDS.mail, "info ratai")).toBe(true);
    expect(finds(mail, SEARCH_FIELDS.mail, "2026 000123")).toBe(true);
    expect(recordSearchWords({ name: { nested: "x" }, email: null }, ["name", "email"])).toEqual([]);
  });
});
