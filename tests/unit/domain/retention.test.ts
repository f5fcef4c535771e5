// The pure part of the data rights (src/domain/retention.ts): the periods and their defaults, the
// cut-off instants, the person's identifying values and how they are scrubbed, and the privacy
// page's sentences.
import { describe, expect, it } from "vitest";
import {
  containsMatch,
  ERASED_MARK,
  erasedEmail,
  needleMatcher,
  personNeedles,
  phoneForms,
  RETENTION_DEFAULTS,
  retentionCutoffs,
  retentionOf,
  retentionPolicyLines,
  retentionSettingsSchema,
  scrubValue,
} from "../../../src/domain/retention";
import { email } from "../../../src/domain/schemas";

describe("saugojimo terminai", () => {
  it("be nustatymų – numatytieji; sugadinta reikšmė – jos numatytoji", () => {
    expect(retentionOf({})).toEqual(RETENTION_DEFAULTS);
    expect(retentionOf({ retention: { licenceDays: 30, inquiryMonths: "x", mailBodyDays: -1 } })).toEqual({
      ...RETENTION_DEFAULTS,
      licenceDays: 30,
    });
  });

  it("schema atmeta netinkamus skaičius lietuviškai", () => {
    const result = retentionSettingsSchema.safeParse({ licenceDays: 0, inquiryMonths: 1.5 });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain("Dienų skaičius: ne mažiau kaip 1");
    expect(messages).toContain("Turi būti sveikas skaičius");
  });

  it("ribos skaičiuojamos nuo dabar: dienos, kalendoriniai mėnesiai ir metai", () => {
    const now = new Date("2026-03-31T10:00:00.000Z");
    const cut = retentionCutoffs(
      { licenceDays: 90, inquiryMonths: 1, mailBodyDays: 30, inactiveCustomerYears: 3 },
      now,
    );
    expect(cut.licence).toBe("2025-12-31T10:00:00.000Z");
    expect(cut.inquiries).toBe("2026-02-28T10:00:00.000Z");
    expect(cut.mailBodies).toBe("2026-03-01T10:00:00.000Z");
    expect(cut.inactiveCustomers).toBe("2023-03-31T10:00:00.000Z");
  });

  it("privatumo politikos sakiniai su teisingomis formomis", () => {
    const lines = retentionPolicyLines({
      licenceDays: 1,
      inquiryMonths: 12,
      mailBodyDays: 1000,
      inactiveCustomerYears: 1,
    });
    expect(lines[0]).toContain("praėjus 1 dieną po automobilio grąžinimo");
    expect(lines[1]).toContain("praėjus 12 mėnesių");
    expect(lines[2]).toContain("praėjus 1\u00a0000 dienų");
    expect(lines[3]).toContain("1 metus neturėjo");
  });
});

describe("asmens duomenų paieška tekstuose", () => {
  const person = personNeedles({
    firstName: "Jonas",
    lastName: "Jonaitis",
    email: "jonas@pavyzdys.lt",
    phone: "+37061234567",
    licenceNumber: "LT123",
  });

  it("telefonas visomis formomis", () => {
    expect(phoneForms("+37061234567")).toEqual(
      expect.arrayContaining(["+37061234567", "37061234567", "861234567", "61234567", "+370 612 34567"]),
    );
  });

  it("randa el. paštą, telefoną ir vardą su pavarde; trumpų reikšmių neima", () => {
    const strong = needleMatcher(person.strong);
    expect(containsMatch({ a: ["skambino 8 612 34567"] }, strong)).toBe(true);
    expect(containsMatch({ a: ["skambino 8 699 99999"] }, strong)).toBe(false);
    expect(containsMatch({ a: ["skambino 861234567"] }, strong)).toBe(true);
    expect(containsMatch("JONAS@pavyzdys.lt", strong)).toBe(true);
    expect(containsMatch("Jonas Jonaitis atvyko", strong)).toBe(true);
    expect(person.strong).toContain("LT123");
    expect(personNeedles({ licenceNumber: "AB1" }).strong).toEqual([]);
  });

  it("vardai keičiami tik kaip atskiri žodžiai; raktai lieka", () => {
    const names = needleMatcher(person.names, true);
    const out = scrubValue({ note: "Jonas ir Jonaitienė", Jonas: 1 }, [names]);
    expect(out).toEqual({ note: `${ERASED_MARK} ir Jonaitienė`, Jonas: 1 });
  });

  it("ištrinto kliento adresas – galiojantis, bet nepristatomas (.invalid)", () => {
    const address = erasedEmail("AbC-123_xyz");
    expect(address).toBe("istrinta-abc123xyz@anonimizuota.invalid");
    expect(email.safeParse(address).success).toBe(true);
  });
});
