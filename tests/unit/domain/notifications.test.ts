// The customer's automatic e-mails: placeholders, missing values, language, which mail a staff
// edit calls for, and when a pickup reminder is due.
import { describe, expect, it } from "vitest";
import { DEFAULT_EMAIL_TEMPLATES_EN, DEFAULT_EMAIL_TEMPLATES_LT } from "../../../src/domain/emailTemplateDefaults";
import { formatMoney } from "../../../src/domain/format";
import {
  changeNoticeOf,
  demoNoticeContext,
  mailLanguageOf,
  type NoticeContext,
  reminderDue,
  reminderId,
  renderTemplate,
  reservationNoticeMail,
  templateFor,
  unknownPlaceholders,
} from "../../../src/domain/notifications";
import { settingsFromDoc } from "../../../src/domain/settings";

const settings = settingsFromDoc({
  company: { name: "UAB Ratai", brand: "Ratai", emails: ["info@ratai.lt"] } as never,
});

const context = (overrides: Partial<NoticeContext> = {}): NoticeContext => ({
  reservationId: "res-1",
  settings,
  reservation: {
    number: "R-2026-000042",
    pickupAt: "2026-11-21T08:00:00.000Z",
    returnAt: "2026-11-24T08:00:00.000Z",
    quote: { total: 1234.5, deposit: 300 },
    cancelReason: "Klientas persigalvojo",
  },
  customer: { firstName: "Ona", lastName: "Onaitienė", email: "ona@pavyzdys.lt" },
  car: { make: "Toyota", model: "Corolla" },
  pickupLocation: { name: "Vilniaus biuras", address: "Gedimino pr. 1, Vilnius", hours: "I–V 8–20" },
  returnLocation: { name: "Kauno biuras", address: "Laisvės al. 2, Kaunas" },
  ...overrides,
});

describe("renderTemplate", () => {
  it("pakeičia {{žymes}} (ir su tarpais skliaustuose)", () => {
    expect(renderTemplate("Sveiki, {{vardas}}! {{ numeris }}", { vardas: "Ona", numeris: "R-1" })).toBe(
      "Sveiki, Ona! R-1",
    );
  });
  it("supranta senąsias {žymes}", () => {
    expect(renderTemplate("{name}: {number}, {total}", { vardas: "Ona", numeris: "R-1", suma: "10,00 €" })).toBe(
      "Ona: R-1, 10,00 €",
    );
  });
  it("žinoma žymė be reikšmės tampa tuščia, nežinoma lieka kaip parašyta", () => {
    expect(renderTemplate("[{{priezastis}}] {{nezinoma}} {kita}", {})).toBe("[] {{nezinoma}} {kita}");
    expect(unknownPlaceholders("{{vardas}} {{vardass}} {{ suma }} {{x.y}}")).toEqual(["{{vardass}}", "{{x.y}}"]);
  });
  it("numatytuosiuose šablonuose nėra nežinomų žymių", () => {
    for (const set of [DEFAULT_EMAIL_TEMPLATES_LT, DEFAULT_EMAIL_TEMPLATES_EN]) {
      for (const t of Object.values(set)) expect(unknownPlaceholders(t.subject + t.body)).toEqual([]);
    }
  });
});

describe("kalba", () => {
  it("kliento kalba: anglų tik kai nurodyta, kitaip lietuvių", () => {
    expect(mailLanguageOf({ language: "en" })).toBe("en");
    expect(mailLanguageOf({ language: "lt" })).toBe("lt");
    expect(mailLanguageOf({})).toBe("lt");
    expect(mailLanguageOf(null)).toBe("lt");
  });
  it("anglų šablonai be nustatymų – numatytieji angliški", () => {
    expect(templateFor({ emailTemplates: settings.emailTemplates }, "pickupReminder", "en")).toEqual(
      DEFAULT_EMAIL_TEMPLATES_EN.pickupReminder,
    );
  });
  it("patvirtinimo laiškas lietuviškai ir angliškai", () => {
    const lt = reservationNoticeMail("reservationConfirmed", context());
    expect(lt.subject).toBe("Rezervacija R-2026-000042 patvirtinta");
    expect(lt.text).toContain("Automobilis: Toyota Corolla");
    expect(lt.text).toContain("Paėmimas: 2026-11-21 10:00, Vilniaus biuras");
    expect(lt.text).toContain(`Iš viso (su PVM): ${formatMoney(1234.5)}`);
    expect(lt.to).toBe("ona@pavyzdys.lt");
    expect(lt.replyTo).toBe("info@ratai.lt");
    expect(lt.ref).toBe("reservation:res-1");
    expect(lt.html).toContain('<html lang="lt">');
    const en = reservationNoticeMail(
      "reservationConfirmed",
      context({ customer: { ...context().customer, language: "en" } }),
    );
    expect(en.subject).toBe("Reservation R-2026-000042 confirmed");
    expect(en.text).toContain("Hello Ona Onaitienė,");
    expect(en.html).toContain('<html lang="en">');
  });
  it("atšaukimo laiškas su priežastimi; priminimas su adresu, darbo laiku ir ką atsivežti", () => {
    expect(reservationNoticeMail("reservationCancelled", context()).text).toContain(
      "Priežastis: Klientas persigalvojo",
    );
    const reminder = reservationNoticeMail("pickupReminder", context()).text;
    expect(reminder).toContain("Adresas: Gedimino pr. 1, Vilnius");
    expect(reminder).toContain("Darbo laikas: I–V 8–20");
    expect(reminder).toContain("vairuotojo pažymėjimą");
  });
  it("įmonės savas šablonas naudojamas vietoj numatytojo", () => {
    const own = settingsFromDoc({
      ...settings,
      emailTemplates: { ...settings.emailTemplates, returnThanks: { subject: "Ačiū, {{vardas}}", body: "{{suma}}" } },
    });
    const mail = reservationNoticeMail(
      "returnThanks",
      context({ settings: own, final: { total: 99, deposit: { held: 300, retained: 0, refunded: 300 } } }),
    );
    expect(mail.subject).toBe("Ačiū, Ona Onaitienė");
    expect(mail.text).toBe(formatMoney(99));
  });
  it("peržiūros demonstracinė rezervacija užpildo visas žymes", () => {
    const mail = reservationNoticeMail("pickupReminder", demoNoticeContext(settings, "lt"));
    expect(mail.text).not.toMatch(/\{\{|\}\}/);
  });
});

const base = {
  status: "confirmed" as const,
  pickupAt: "2026-11-21T08:00:00.000Z",
  returnAt: "2026-11-24T08:00:00.000Z",
  carId: "car-1",
  pickupLocationId: "loc-1",
  returnLocationId: "loc-1",
};

describe("changeNoticeOf", () => {
  it("patvirtinta, atšaukta", () => {
    expect(changeNoticeOf({ ...base, status: "new" }, base)?.kind).toBe("reservationConfirmed");
    expect(changeNoticeOf(base, { ...base, status: "cancelled" })?.kind).toBe("reservationCancelled");
  });
  it("pakeistos datos, automobilis ar vieta naujos ar patvirtintos rezervacijos", () => {
    expect(changeNoticeOf(base, { ...base, returnAt: "2026-11-25T08:00:00.000Z" })).toEqual({
      kind: "reservationChanged",
      fields: ["dates"],
    });
    expect(changeNoticeOf(base, { ...base, carId: "car-2", returnLocationId: "loc-2" })?.fields).toEqual([
      "car",
      "returnPlace",
    ]);
    expect(changeNoticeOf({ ...base, status: "new" }, { ...base, status: "new", pickupLocationId: "x" })?.kind).toBe(
      "reservationChanged",
    );
  });
  it("be laiško: tas pats laikas kitu užrašu, kitos būsenos, aktyvi rezervacija", () => {
    expect(changeNoticeOf(base, { ...base, pickupAt: "2026-11-21T10:00:00+02:00" })).toBeNull();
    expect(changeNoticeOf(base, { ...base, status: "active" })).toBeNull();
    expect(changeNoticeOf({ ...base, status: "active" }, { ...base, status: "active", carId: "c" })).toBeNull();
  });
});

describe("reminderDue", () => {
  const now = new Date("2026-11-20T08:00:00.000Z");
  it("patvirtinta, paėmimas ateityje ir ne toliau nei nustatytas valandų skaičius", () => {
    expect(reminderDue({ status: "confirmed", pickupAt: "2026-11-21T08:00:00.000Z" }, now, 24)).toBe(true);
    expect(reminderDue({ status: "confirmed", pickupAt: "2026-11-21T08:00:01.000Z" }, now, 24)).toBe(false);
    expect(reminderDue({ status: "confirmed", pickupAt: "2026-11-20T09:00:00.000Z" }, now, 24)).toBe(true);
    expect(reminderDue({ status: "confirmed", pickupAt: "2026-11-22T07:00:00.000Z" }, now, 48)).toBe(true);
  });
  it("ne: praėjęs paėmimas, nepatvirtinta ar atšaukta", () => {
    expect(reminderDue({ status: "confirmed", pickupAt: "2026-11-20T08:00:00.000Z" }, now, 24)).toBe(false);
    expect(reminderDue({ status: "new", pickupAt: "2026-11-20T12:00:00.000Z" }, now, 24)).toBe(false);
    expect(reminderDue({ status: "cancelled", pickupAt: "2026-11-20T12:00:00.000Z" }, now, 24)).toBe(false);
  });
  it("žymė priklauso nuo paėmimo laiko: perkeltam paėmimui – naujas priminimas", () => {
    expect(reminderId("r1", "2026-11-21T08:00:00.000Z")).toBe(reminderId("r1", "2026-11-21T10:00:00+02:00"));
    expect(reminderId("r1", "2026-11-21T08:00:00.000Z")).not.toBe(reminderId("r1", "2026-11-21T09:00:00.000Z"));
  });
});
