import { HttpError } from "react-admin";
import { describe, expect, it } from "vitest";
import {
  addMark,
  chargeOverrides,
  firstStepWithErrors,
  HANDOVER_STEP_FIELDS,
  type HandoverDraft,
  handoverBody,
  handoverStepProblems,
  parseAmount,
  parseMileage,
  RETURN_STEP_FIELDS,
  type ReturnDraft,
  refusalOf,
  returnStepProblems,
  signerDiffers,
} from "../../../src/admin/desk/deskModel";
import { BackendError } from "../../../src/backend/port";

const handoverDraft = (patch: Partial<HandoverDraft> = {}): HandoverDraft => ({
  licenceNumber: "LT1234567",
  licenceExpiresAt: "2030-01-31",
  mileage: "12 345",
  fuel: "3/4",
  marks: [],
  confirmedDamageIds: [],
  photos: [],
  uploading: false,
  signerName: "Jonas Jonaitis",
  renterName: "Jonas Jonaitis",
  signerConfirmed: false,
  signature: "data:image/png;base64,iVBORw0KGgo=",
  statusReason: "",
  ...patch,
});

const returnDraft = (patch: Partial<ReturnDraft> = {}): ReturnDraft => ({
  mileage: "13000",
  fuel: "1/2",
  returnedAt: "2026-11-25T10:30",
  returnedAtNow: false,
  marks: [],
  photos: [],
  uploading: false,
  cleaning: false,
  damageAmount: "",
  edits: {},
  signerName: "Jonas Jonaitis",
  renterName: "Jonas Jonaitis",
  signerConfirmed: false,
  signature: "data:image/png;base64,iVBORw0KGgo=",
  ...patch,
});

describe("nuomos punkto vedlio taisyklės", () => {
  it("rida: sveikas km skaičius, tarpai leidžiami, tuščia ir trupmena atmetamos", () => {
    expect(parseMileage("12 345")).toEqual({ value: 12345, error: null });
    expect(parseMileage("12\u00a0345")).toEqual({ value: 12345, error: null });
    expect(parseMileage("").error).toBe("Įveskite ridą");
    expect(parseMileage("12,5").error).toBe("Rida – sveikasis kilometrų skaičius");
    expect(parseMileage("-3").error).toBe("Rida – sveikasis kilometrų skaičius");
  });

  it("sumos: kablelis arba taškas, ne daugiau 2 skaitmenų po kablelio", () => {
    expect(parseAmount("12,50")).toBe(12.5);
    expect(parseAmount("12.5 €")).toBe(12.5);
    expect(parseAmount("1,234")).toBeNull();
    expect(parseAmount("abc")).toBeNull();
  });

  it("perdavimo patikra: pažymėjimo numeris ir galiojimo data privalomi, anksti – priežastis", () => {
    const context = { openDamageIds: [], early: false };
    expect(handoverStepProblems(0, handoverDraft(), context)).toEqual({});
    expect(handoverStepProblems(0, handoverDraft({ licenceNumber: " ", licenceExpiresAt: "" }), context)).toEqual({
      "licence.number": "Įveskite vairuotojo pažymėjimo numerį",
      "licence.expiresAt": "Įveskite pažymėjimo galiojimo datą",
    });
    expect(handoverStepProblems(0, handoverDraft(), { ...context, early: true })).toEqual({
      statusReason: "Nurodykite, kodėl perduodama anksčiau paėmimo dienos",
    });
  });

  it("rodmenys privalomi: rida ir degalai", () => {
    const context = { openDamageIds: [], early: false };
    expect(handoverStepProblems(1, handoverDraft({ mileage: "", fuel: null }), context)).toEqual({
      mileage: "Įveskite ridą",
      fuel: "Pasirinkite degalų kiekį",
    });
  });

  it("pažeidimai: kiekviena žyma aprašyta, ankstesni patvirtinti, nuotraukos įkeltos", () => {
    const marks = addMark([], 0.25, 1.4, "m1");
    expect(marks).toEqual([{ id: "m1", x: 0.25, y: 1, note: "", photos: [] }]);
    const problems = handoverStepProblems(2, handoverDraft({ marks, confirmedDamageIds: ["a"], uploading: true }), {
      openDamageIds: ["a", "b"],
      early: false,
    });
    expect(problems).toEqual({
      "damages.0.note": "Aprašykite pažeidimą",
      confirmedDamageIds: "Su klientu patvirtinkite visus ankstesnius pažeidimus (liko 1)",
      photos: "Palaukite, kol įsikels nuotraukos",
    });
  });

  it("parašas: be parašo ir vardo toliau neinama", () => {
    expect(
      handoverStepProblems(3, handoverDraft({ signature: null, signerName: "" }), { openDamageIds: [], early: false }),
    ).toEqual({
      "signature.signerName": "Įveskite pasirašančiojo vardą ir pavardę",
      "signature.image": "Klientas turi pasirašyti",
    });
  });

  it("pasirašo kitas nei nuomininkas – vedlys prašo patvirtinti; tas pats vardas kitomis raidžių dydžiais – ne", () => {
    const context = { openDamageIds: [], early: false };
    expect(handoverStepProblems(3, handoverDraft({ signerName: "  jonas   JONAITIS " }), context)).toEqual({});
    expect(handoverStepProblems(3, handoverDraft({ signerName: "Petras Petraitis" }), context)).toEqual({
      "signature.signerName":
        "Pasirašo ne nuomininkas (Jonas Jonaitis): patvirtinkite, kad pasirašo kitas asmuo, arba pataisykite vardą",
    });
    expect(
      handoverStepProblems(3, handoverDraft({ signerName: "Petras Petraitis", signerConfirmed: true }), context),
    ).toEqual({});
    const computed = {};
    expect(
      returnStepProblems(3, returnDraft({ signerName: "Petras Petraitis" }), { handoverMileage: 1, computed }),
    ).toEqual({
      "signature.signerName":
        "Pasirašo ne nuomininkas (Jonas Jonaitis): patvirtinkite, kad pasirašo kitas asmuo, arba pataisykite vardą",
    });
    expect(signerDiffers("Jonas Jonaitis", "")).toBe(false);
  });

  it("perdavimo užklausa: apkarpyti tekstai, versija, priežastis tik anksti", () => {
    const marks = [{ id: "m1", x: 0.5, y: 0.5, note: " įbrėžimas ", photos: [] }];
    const body = handoverBody(handoverDraft({ marks, photos: ["desk/a.jpg"] }), 3, false);
    expect(body).toEqual({
      mileage: 12345,
      fuel: "3/4",
      licence: { number: "LT1234567", expiresAt: "2030-01-31" },
      damages: [{ id: "m1", x: 0.5, y: 0.5, note: "įbrėžimas", photos: [] }],
      photos: ["desk/a.jpg"],
      confirmedDamageIds: [],
      signature: { image: "data:image/png;base64,iVBORw0KGgo=", signerName: "Jonas Jonaitis" },
      version: 3,
    });
    expect(handoverBody(handoverDraft({ statusReason: " sutarta " }), undefined, true).statusReason).toBe("sutarta");
  });

  it("serverio atsisakymai: lauko klaidos abiejų posistemių formomis ir jų žingsnis", () => {
    const local = refusalOf(
      new HttpError("Patikrinkite laukus", 422, {
        message: "Patikrinkite laukus",
        errors: { licence: { expiresAt: "Pažymėjimas nebegalioja" }, mileage: ["Įveskite ridą (km)"] },
      }),
    );
    expect(local).toEqual({
      message: "Patikrinkite laukus",
      fields: { "licence.expiresAt": "Pažymėjimas nebegalioja", mileage: "Įveskite ridą (km)" },
    });
    expect(firstStepWithErrors(local.fields, HANDOVER_STEP_FIELDS)).toBe(0);
    const firebase = refusalOf(new BackendError("Per anksti", 409, { "signature.image": "Blogas parašas" }));
    expect(firebase.fields).toEqual({ "signature.image": "Blogas parašas" });
    expect(firstStepWithErrors(firebase.fields, HANDOVER_STEP_FIELDS)).toBe(3);
    expect(firstStepWithErrors({}, HANDOVER_STEP_FIELDS)).toBeNull();
    expect(firstStepWithErrors({ "overrides.fuel.reason": "x" }, RETURN_STEP_FIELDS)).toBe(2);
    expect(refusalOf(null).message).toBe("Veiksmo atlikti nepavyko. Bandykite dar kartą.");
  });

  it("grąžinimo rida ne mažesnė nei perdavimo", () => {
    const context = { handoverMileage: 13500, computed: {} };
    expect(returnStepProblems(0, returnDraft(), context)).toEqual({
      mileage: "Grąžinimo rida negali būti mažesnė nei išdavimo (13\u00a0500 km)",
    });
    expect(returnStepProblems(0, returnDraft({ mileage: "13500" }), context)).toEqual({});
  });

  it("administratoriaus pakeitimai: tik pakeistos sumos, su priežastimi", () => {
    const computed = { fuel: 30, late: 45 };
    expect(
      chargeOverrides(
        {
          fuel: { amount: "30,00", reason: "" },
          late: { amount: "20", reason: " klientas įspėjo " },
          cleaning: { amount: "", reason: "x" },
        },
        computed,
      ),
    ).toEqual({ overrides: [{ kind: "late", amount: 20, reason: "klientas įspėjo" }], errors: {} });
    expect(chargeOverrides({ late: { amount: "20", reason: "" } }, computed).errors).toEqual({
      "overrides.late.reason": "Nurodykite, kodėl keičiama suma",
    });
    expect(chargeOverrides({ late: { amount: "2x", reason: "y" } }, computed).errors).toEqual({
      "overrides.late.amount": "Įveskite sumą eurais, pvz. 12,50",
    });
    expect(
      returnStepProblems(2, returnDraft({ damageAmount: "abc" }), { handoverMileage: null, computed }).damageAmount,
    ).toBe("Įveskite sumą eurais, pvz. 120,00");
  });
});
