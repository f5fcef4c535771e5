import { describe, expect, it } from "vitest";
import {
  CHANGED_FEMININE_FORMS,
  CREATED_FEMININE_FORMS,
  formatCars,
  formatCount,
  formatDate,
  formatDateLong,
  formatDateTime,
  formatDays,
  formatDaysAccusative,
  formatDaysGenitive,
  formatDone,
  formatMoney,
  formatNumber,
  formatTierSpan,
  formatTime,
  pluralLt,
  RULE_FORMS,
  roundMoney,
} from "../../../src/domain/format";

const NBSP = "\u00a0";

describe("formatMoney", () => {
  it("1234.5 rašo tiksliai kaip 1 234,50 € su nelaužiamaisiais tarpais", () => {
    expect(formatMoney(1234.5)).toBe(`1${NBSP}234,50${NBSP}€`);
    expect(formatMoney(1234.5)).not.toMatch(/[ \u202f]/);
  });

  it("visada rodo du skaitmenis po kablelio ir grupuoja milijonus", () => {
    expect(formatMoney(0)).toBe(`0,00${NBSP}€`);
    expect(formatMoney(45)).toBe(`45,00${NBSP}€`);
    expect(formatMoney(999.9)).toBe(`999,90${NBSP}€`);
    expect(formatMoney(1234567.891)).toBe(`1${NBSP}234${NBSP}567,89${NBSP}€`);
  });

  it("pusę cento apvalina aukštyn nepaisant dvejetainių trupmenų", () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(formatMoney(1.005)).toBe(`1,01${NBSP}€`);
    expect(formatMoney(0.1 + 0.2)).toBe(`0,30${NBSP}€`);
  });

  it("paprastus skaičius rašo lietuviškai", () => {
    expect(formatNumber(1234.5)).toBe(`1${NBSP}234,5`);
    expect(formatNumber(0.125, 3)).toBe("0,125");
  });
});

describe("datos ir laikas Europe/Vilnius laiko juostoje", () => {
  it("laiko momentą rodo Vilniaus laiku, kad ir kokia būtų sistemos laiko juosta", () => {
    expect(formatDate(new Date("2026-11-20T22:30:00Z"))).toBe("2026-11-21");
    expect(formatDate("2026-11-21T09:05:00+02:00")).toBe("2026-11-21");
    expect(formatTime("2026-11-21T07:05:00Z")).toBe("09:05");
    expect(formatTime("2026-07-21T20:45:00Z")).toBe("23:45");
    expect(formatDateTime("2026-11-21T07:05:00Z")).toBe("2026-11-21 09:05");
  });

  it("kalendorinės datos eilutę grąžina nepakeistą", () => {
    expect(formatDate("2028-02-29")).toBe("2028-02-29");
  });

  it("ilgąją formą rašo su mėnesių pavadinimais kilmininku", () => {
    expect(formatDateLong("2026-11-21")).toBe("2026 m. lapkričio 21 d.");
    expect(formatDateLong(new Date("2026-11-20T22:30:00Z"))).toBe("2026 m. lapkričio 21 d.");
    expect(formatDateLong("2028-02-29")).toBe("2028 m. vasario 29 d.");
    expect(formatDateLong("2026-01-01")).toBe("2026 m. sausio 1 d.");
  });
});

describe("pluralLt", () => {
  const forms = ["para", "paros", "parų"] as const;
  it.each([
    [1, "para"],
    [2, "paros"],
    [9, "paros"],
    [10, "parų"],
    [11, "parų"],
    [12, "parų"],
    [19, "parų"],
    [20, "parų"],
    [21, "para"],
    [22, "paros"],
    [0, "parų"],
    [101, "para"],
    [111, "parų"],
    [1.5, "parų"],
  ])("%d -> %s", (n, word) => {
    expect(pluralLt(n, forms)).toBe(word);
  });

  it("prie parų ir automobilių skaičiaus derina daiktavardžio formą", () => {
    expect(formatDays(1)).toBe("1 para");
    expect(formatDays(2)).toBe("2 paros");
    expect(formatDays(10)).toBe("10 parų");
    expect(formatDays(11)).toBe("11 parų");
    expect(formatDays(21)).toBe("21 para");
    expect(formatDays(22)).toBe("22 paros");
  });

  it("po „už“ – galininkas, po „nuo“ – kilmininkas: už 1 parą, 3 paras, 10 parų; nuo 1 paros, 3 parų, 21 paros", () => {
    expect(formatDaysAccusative(1)).toBe("1 parą");
    expect(formatDaysAccusative(3)).toBe("3 paras");
    expect(formatDaysAccusative(10)).toBe("10 parų");
    expect(formatDaysAccusative(21)).toBe("21 parą");
    expect(formatDaysGenitive(1)).toBe("1 paros");
    expect(formatDaysGenitive(3)).toBe("3 parų");
    expect(formatDaysGenitive(10)).toBe("10 parų");
    expect(formatDaysGenitive(21)).toBe("21 paros");
    expect(formatTierSpan(1, 3)).toBe("1–3 paros");
    expect(formatTierSpan(8, 20)).toBe("8–20 parų");
    expect(formatTierSpan(21, null)).toBe("nuo 21 paros");
  });

  it("dalyvis derinamas su skaičiumi: pakeista 1 taisyklė, pakeistos 3 taisyklės, pakeista 10 taisyklių", () => {
    expect(formatDone(1, CHANGED_FEMININE_FORMS, RULE_FORMS)).toBe("pakeista 1 taisyklė");
    expect(formatDone(3, CHANGED_FEMININE_FORMS, RULE_FORMS)).toBe("pakeistos 3 taisyklės");
    expect(formatDone(10, CHANGED_FEMININE_FORMS, RULE_FORMS)).toBe("pakeista 10 taisyklių");
    expect(formatDone(22, CREATED_FEMININE_FORMS, RULE_FORMS)).toBe("sukurtos 22 taisyklės");
    expect(formatCars(1)).toBe("1 automobilis");
    expect(formatCars(2)).toBe("2 automobiliai");
    expect(formatCars(10)).toBe("10 automobilių");
    expect(formatCars(11)).toBe("11 automobilių");
    expect(formatCars(21)).toBe("21 automobilis");
    expect(formatCars(22)).toBe("22 automobiliai");
    expect(formatCount(1000, ["diena", "dienos", "dienų"])).toBe(`1${NBSP}000 dienų`);
  });
});
