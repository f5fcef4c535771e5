import { describe, expect, it } from "vitest";
import { handoverMail, returnMail } from "../../../src/domain/deskMails";
import type { Charge } from "../../../src/domain/schemas";
import { EMPTY_COMPANY, settingsFromDoc } from "../../../src/domain/settings";

const base = {
  settings: settingsFromDoc({ company: { ...EMPTY_COMPANY, name: "UAB Ratai", brand: "Ratų nuoma" } }),
  reservation: { id: "r1", number: "R-2026-000123", returnAt: "2026-12-05T08:00:00Z" },
  customer: { firstName: "Jonas", lastName: "Jonaitis", email: "jonas@pavyzdys.lt", language: "lt" as const },
  car: { make: "Škoda", model: "Octavia" },
  plateNumber: "ABC 123",
  location: { name: "Vilniaus oro uostas" },
};

describe("nuomos punkto laiškai", () => {
  it("išdavimo aktas: kam, apie ką, rodmenys lt-LT formatu", () => {
    const mail = handoverMail({ ...base, act: { at: "2026-12-01T08:05:00Z", mileage: 45120, fuel: "3/4" } });
    expect(mail.to).toBe("jonas@pavyzdys.lt");
    expect(mail.ref).toBe("reservation:r1");
    expect(mail.message.subject).toContain("R-2026-000123");
    expect(mail.message.text).toContain("Škoda Octavia (ABC 123)");
    expect(mail.message.text).toContain("45\u00a0120 km");
    expect(mail.message.text).toContain("2026-12-05 10:00, Vilniaus oro uostas");
  });

  it("grąžinimas: padėka, mokesčiai su taisyklėmis, galutinė suma ir užstatas", () => {
    const charges: Charge[] = [
      { kind: "mileage", amount: 24, computed: 24, rule: "120 km virš 600 km × 0,20\u00a0€/km", overrideReason: "" },
      { kind: "fuel", amount: 0, computed: 0, rule: "Degalų netrūksta", overrideReason: "" },
      { kind: "damage", amount: 450, computed: 300, rule: "Nauji pažeidimai", overrideReason: "Sąmata" },
    ];
    const mail = returnMail({
      ...base,
      act: { returnedAt: "2026-12-05T09:30:00Z", mileage: 45840, fuel: "1" },
      charges,
      total: 474,
      deposit: { held: 300, retained: 300, refunded: 0 },
    });
    expect(mail.message.subject).toContain("R-2026-000123");
    expect(mail.message.text).toContain("Viršyta rida: 24,00\u00a0€ – 120 km virš 600 km × 0,20\u00a0€/km");
    expect(mail.message.text).not.toContain("Trūkstami degalai");
    expect(mail.message.text).toContain("pakeista iš 300,00\u00a0€: Sąmata");
    expect(mail.message.text).toContain("474,00\u00a0€");
  });
});
