import { describe, expect, it } from "vitest";
import {
  addDaysToDateString,
  daysBetweenDateStrings,
  isDateString,
  toDate,
  vilniusDateString,
  vilniusLocalToInstant,
  vilniusOffsetMs,
  vilniusParts,
  vilniusTimeString,
  vilniusWallClockMs,
} from "../../../src/domain/time";

const HOUR = 3_600_000;

describe("vilniusParts", () => {
  it("žiemos laiką skaito kaip UTC+2", () => {
    expect(vilniusParts(new Date("2026-01-15T22:30:00Z"))).toEqual({
      year: 2026,
      month: 1,
      day: 16,
      hour: 0,
      minute: 30,
      second: 0,
    });
  });

  it("vasaros laiką skaito kaip UTC+3", () => {
    expect(vilniusParts("2026-07-01T21:05:09Z")).toEqual({
      year: 2026,
      month: 7,
      day: 2,
      hour: 0,
      minute: 5,
      second: 9,
    });
  });

  it("vidurnaktį skaito kaip 0 valandą, niekada ne 24", () => {
    expect(vilniusParts("2026-11-20T22:00:00Z").hour).toBe(0);
  });

  it("atmeta reikšmę, kuri nėra laiko momentas", () => {
    expect(() => vilniusParts("vakar")).toThrow(RangeError);
    expect(() => toDate(Number.NaN)).toThrow("Neteisinga data ir laikas");
  });
});

describe("poslinkiai ir laikrodžio laikas", () => {
  it("žino poslinkius prieš abu 2026 m. laiko keitimus ir po jų", () => {
    expect(vilniusOffsetMs("2026-03-29T00:59:00Z")).toBe(2 * HOUR);
    expect(vilniusOffsetMs("2026-03-29T01:00:00Z")).toBe(3 * HOUR);
    expect(vilniusOffsetMs("2026-10-25T00:59:00Z")).toBe(3 * HOUR);
    expect(vilniusOffsetMs("2026-10-25T01:00:00Z")).toBe(2 * HOUR);
  });

  it("per pavasarinį keitimą nuo 10:00 iki 10:00 laikrodis skaičiuoja 24 valandas, nors praeina tik 23", () => {
    const a = vilniusLocalToInstant("2026-03-28", "10:00");
    const b = vilniusLocalToInstant("2026-03-29", "10:00");
    expect(b.getTime() - a.getTime()).toBe(23 * HOUR);
    expect(vilniusWallClockMs(b) - vilniusWallClockMs(a)).toBe(24 * HOUR);
  });
});

describe("vilniusLocalToInstant", () => {
  it("verčia žiemos ir vasaros vietinį laiką", () => {
    expect(vilniusLocalToInstant("2026-11-21", "10:00").toISOString()).toBe("2026-11-21T08:00:00.000Z");
    expect(vilniusLocalToInstant("2026-07-01", "10:00").toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(vilniusLocalToInstant("2026-07-01").toISOString()).toBe("2026-06-30T21:00:00.000Z");
    expect(vilniusLocalToInstant("2026-07-01", "23:59:30").toISOString()).toBe("2026-07-01T20:59:30.000Z");
  });

  it("pavasarį praleistos valandos laiką perkelia valanda vėliau", () => {
    expect(vilniusLocalToInstant("2026-03-29", "02:59").toISOString()).toBe("2026-03-29T00:59:00.000Z");
    // 03:30 does not exist on 2026-03-29; it becomes 04:30 EEST.
    const gap = vilniusLocalToInstant("2026-03-29", "03:30");
    expect(gap.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(vilniusTimeString(gap)).toBe("04:30");
    expect(vilniusLocalToInstant("2026-03-29", "04:00").toISOString()).toBe("2026-03-29T01:00:00.000Z");
  });

  it("rudenį du kartus pasitaikantį laiką ima pirmąjį", () => {
    // 03:30 happens at 00:30Z (EEST) and again at 01:30Z (EET).
    expect(vilniusLocalToInstant("2026-10-25", "03:30").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(vilniusLocalToInstant("2026-10-25", "04:00").toISOString()).toBe("2026-10-25T02:00:00.000Z");
  });

  it("kiekvienas abiejų laiko keitimo dienų pusvalandis, paverstas pirmyn ir atgal, nepakinta", () => {
    for (const date of ["2026-03-29", "2026-10-25", "2028-02-29"]) {
      for (let m = 0; m < 24 * 60; m += 30) {
        const time = `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
        const instant = vilniusLocalToInstant(date, time);
        if (date === "2026-03-29" && time.startsWith("03:")) continue; // the gap
        expect(vilniusDateString(instant)).toBe(date);
        expect(vilniusTimeString(instant)).toBe(time);
      }
    }
  });

  it("atmeta neįmanomas datas ir laikus", () => {
    expect(() => vilniusLocalToInstant("2026-02-29", "10:00")).toThrow(RangeError);
    expect(() => vilniusLocalToInstant("2026-13-01", "10:00")).toThrow(RangeError);
    expect(() => vilniusLocalToInstant("2026-11-21", "24:00")).toThrow(RangeError);
    expect(() => vilniusLocalToInstant("2026-11-21", "9:00")).toThrow(RangeError);
    expect(() => vilniusLocalToInstant("21.11.2026", "10:00")).toThrow(RangeError);
  });
});

describe("kalendorinių datų eilutės", () => {
  it("pateikia laiko momento datą Vilniuje", () => {
    expect(vilniusDateString("2026-11-20T22:00:00Z")).toBe("2026-11-21");
    expect(vilniusDateString("2026-11-20T21:59:59Z")).toBe("2026-11-20");
  });

  it("prideda dienas per mėnesių pabaigas ir keliamųjų metų vasario 29 d.", () => {
    expect(addDaysToDateString("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDaysToDateString("2028-02-29", 1)).toBe("2028-03-01");
    expect(addDaysToDateString("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDaysToDateString("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDaysToDateString("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDaysToDateString("2026-03-28", 2)).toBe("2026-03-30");
  });

  it("skaičiuoja dienas tarp datų", () => {
    expect(daysBetweenDateStrings("2028-02-28", "2028-03-01")).toBe(2);
    expect(daysBetweenDateStrings("2027-02-28", "2027-03-01")).toBe(1);
    expect(daysBetweenDateStrings("2026-10-24", "2026-10-26")).toBe(2);
  });

  it("tikrina datų eilutes", () => {
    expect(isDateString("2028-02-29")).toBe(true);
    expect(isDateString("2027-02-29")).toBe(false);
    expect(isDateString("2026-1-1")).toBe(false);
  });
});
