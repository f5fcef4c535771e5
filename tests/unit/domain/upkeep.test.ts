// Fleet upkeep warnings (src/domain/upkeep.ts): 30 days ahead for dates, 1 000 km ahead for the
// service mileage, overdue first; and the maintenance block's input.
import { describe, expect, it } from "vitest";
import { fleetSchema } from "../../../src/domain/schemas";
import { maintenanceInputSchema, nextServiceKm, upkeepWarnings } from "../../../src/domain/upkeep";

const TODAY = "2026-03-10";
const base = {
  id: "f1",
  carId: "c1",
  plateNumber: "LRA 123",
  mileage: 50_000,
  insuranceValidTo: null,
  inspectionValidTo: null,
  serviceDueDate: null,
  serviceIntervalKm: null,
  lastServiceMileage: null,
};

describe("upkeepWarnings", () => {
  it("įspėja likus 30 dienų, bet ne 31", () => {
    expect(upkeepWarnings([{ ...base, insuranceValidTo: "2026-04-09" }], TODAY)).toMatchObject([
      {
        kind: "insurance",
        severity: "soon",
        left: 30,
        dueDate: "2026-04-09",
        message: "Draudimas: terminas 2026-04-09 (liko 30 dienų)",
      },
    ]);
    expect(upkeepWarnings([{ ...base, insuranceValidTo: "2026-04-10" }], TODAY)).toEqual([]);
  });

  it("šiandien baigiasi – dar ne pavėluota; vakar baigėsi – pavėluota", () => {
    const [today] = upkeepWarnings([{ ...base, inspectionValidTo: TODAY }], TODAY);
    expect(today).toMatchObject({
      severity: "soon",
      left: 0,
      message: "Techninė apžiūra: terminas baigiasi šiandien (2026-03-10)",
    });
    const [late] = upkeepWarnings([{ ...base, inspectionValidTo: "2026-03-07" }], TODAY);
    expect(late).toMatchObject({
      severity: "overdue",
      left: -3,
      message: "Techninė apžiūra: terminas baigėsi 2026-03-07 (prieš 3 dienas)",
    });
  });

  it("aptarnavimas pagal datą", () => {
    expect(upkeepWarnings([{ ...base, serviceDueDate: "2026-03-11" }], TODAY)).toMatchObject([
      {
        kind: "serviceDate",
        severity: "soon",
        left: 1,
        message: "Techninis aptarnavimas: terminas 2026-03-11 (liko 1 diena)",
      },
    ]);
  });

  it("aptarnavimas pagal ridą: kitas = paskutinis + intervalas; 1 000 km iš anksto; pasiekus – pavėluota", () => {
    const plan = { serviceIntervalKm: 15_000, lastServiceMileage: 36_000 };
    expect(nextServiceKm(plan)).toBe(51_000);
    expect(nextServiceKm({ serviceIntervalKm: 15_000, lastServiceMileage: null })).toBeNull();
    expect(upkeepWarnings([{ ...base, ...plan, mileage: 49_999 }], TODAY)).toEqual([]);
    expect(upkeepWarnings([{ ...base, ...plan, mileage: 50_000 }], TODAY)).toMatchObject([
      {
        kind: "serviceMileage",
        severity: "soon",
        dueKm: 51_000,
        left: 1000,
        message: "Techninis aptarnavimas (rida): ties 51\u00a0000 km (liko 1\u00a0000 km)",
      },
    ]);
    expect(upkeepWarnings([{ ...base, ...plan, mileage: 51_400 }], TODAY)).toMatchObject([
      {
        severity: "overdue",
        left: -400,
        message: "Techninis aptarnavimas (rida): 51\u00a0000 km jau pasiekta (rida 51\u00a0400 km, viršyta 400 km)",
      },
    ]);
  });

  it("pavėluoti pirmi, tada artimiausi; be duomenų – jokių įspėjimų", () => {
    const fleet = [
      { ...base, id: "a", plateNumber: "AAA 001", insuranceValidTo: "2026-03-30" },
      { ...base, id: "b", plateNumber: "BBB 002", inspectionValidTo: "2026-03-01" },
      { ...base, id: "c", plateNumber: "CCC 003", serviceDueDate: "2026-03-12" },
      { ...base, id: "d", plateNumber: "DDD 004" },
    ];
    expect(upkeepWarnings(fleet, TODAY).map((w) => w.fleetId)).toEqual(["b", "c", "a"]);
  });
});

describe("autoparko įrašo priežiūros laukai", () => {
  it("seni dokumentai be naujų laukų nuskaitomi (null)", () => {
    const parsed = fleetSchema.parse({
      carId: "c1aaaaaaaaaaaaaaaaaa",
      plateNumber: "LRA 123",
      vin: "WVWZZZ1JZXW000001",
      mileage: 1,
    });
    expect(parsed).toMatchObject({ serviceDueDate: null, serviceIntervalKm: null, lastServiceMileage: null });
  });
  it("neteisingi skaičiai atmetami", () => {
    const bad = fleetSchema.safeParse({
      carId: "c1aaaaaaaaaaaaaaaaaa",
      plateNumber: "LRA 123",
      vin: "WVWZZZ1JZXW000001",
      mileage: 1,
      serviceIntervalKm: 0,
      lastServiceMileage: -5,
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path.join("."))).toEqual(["serviceIntervalKm", "lastServiceMileage"]);
  });
});

describe("blokavimo įvestis", () => {
  const ok = {
    carId: "c1aaaaaaaaaaaaaaaaaa",
    from: "2026-06-10T09:00:00+03:00",
    to: "2026-06-11T09:00:00+03:00",
    reason: "Padangų keitimas",
  };
  it("laikas sunorminamas į UTC ISO", () => {
    expect(maintenanceInputSchema.parse(ok)).toEqual({
      ...ok,
      from: "2026-06-10T06:00:00.000Z",
      to: "2026-06-11T06:00:00.000Z",
    });
  });
  it("pabaiga ne vėliau už pradžią, be priežasties ir su nežinomu lauku – klaidos lietuviškai", () => {
    const reversed = maintenanceInputSchema.safeParse({ ...ok, to: ok.from });
    expect(reversed.error?.issues[0]).toMatchObject({ path: ["to"], message: "Pabaiga turi būti vėlesnė nei pradžia" });
    const empty = maintenanceInputSchema.safeParse({ ...ok, reason: "  " });
    expect(empty.error?.issues[0]).toMatchObject({ path: ["reason"], message: "Nurodykite priežastį" });
    expect(maintenanceInputSchema.safeParse({ ...ok, price: 1 }).success).toBe(false);
  });
});
