// The settings document as both backends read it, whatever state the store is in.
import { describe, expect, it } from "vitest";
import { BACKUP_DEFAULTS } from "../../../src/domain/backupSchedule";
import { TRANSFER_DEFAULTS } from "../../../src/domain/carTransferText";
import { DEFAULT_EMAIL_TEMPLATES_EN } from "../../../src/domain/emailTemplateDefaults";
import { INVOICING_DEFAULTS } from "../../../src/domain/invoices";
import { MAIL_RETRY_DAYS_DEFAULT } from "../../../src/domain/mailQueue";
import { RETENTION_DEFAULTS } from "../../../src/domain/retention";
import {
  bookingRulesSchema,
  DESK_DEFAULTS,
  PAYMENT_DEFAULTS,
  PORTAL_DEFAULTS,
  type Settings,
} from "../../../src/domain/schemas";
import { DEFAULT_EMAIL_TEMPLATES, EMPTY_COMPANY, settingsFromDoc } from "../../../src/domain/settings";
import { tariffSchema } from "../../../src/domain/tariff";

const TEMPLATES: Settings["emailTemplates"] = {
  ...DEFAULT_EMAIL_TEMPLATES,
  reservationReceived: { subject: "Rezervacija {number} gauta", body: "Sveiki, {name}" },
  requestReply: { subject: "Atsakymas", body: "{body}" },
};

describe("settingsFromDoc", () => {
  it("veikia be nustatymų dokumento: numatytosios taisyklės ir šablonai, tušti tekstai", () => {
    expect(settingsFromDoc({}, TEMPLATES)).toEqual({
      company: EMPTY_COMPANY,
      bookingRules: bookingRulesSchema.parse({}),
      terms: "",
      about: "",
      privacy: "",
      contractTemplate: "",
      minDailyRate: 1,
      emailTemplates: TEMPLATES,
      emailTemplatesEn: DEFAULT_EMAIL_TEMPLATES_EN,
      reminderHours: 24,
      mailRetryDays: MAIL_RETRY_DAYS_DEFAULT,
      tariff: tariffSchema.parse({}),
      payments: { ...PAYMENT_DEFAULTS },
      portal: { ...PORTAL_DEFAULTS },
      invoicing: { ...INVOICING_DEFAULTS },
      backups: { ...BACKUP_DEFAULTS },
      retention: { ...RETENTION_DEFAULTS },
      transfers: { ...TRANSFER_DEFAULTS },
    });
  });

  it("nuomos punkto tarifai: senesniame dokumente – numatytieji, išsaugoti – tokie, kokie išsaugoti", () => {
    // The desk's rates moved into the tariff (settings.tariff); an older document's settings.desk is read into it.
    expect(settingsFromDoc({}, TEMPLATES).tariff).toMatchObject({
      extraKmRate: DESK_DEFAULTS.extraKmRate,
      fuelPerQuarter: DESK_DEFAULTS.fuelChargePerQuarter,
      cleaningFee: DESK_DEFAULTS.cleaningFee,
    });
    expect(DESK_DEFAULTS).toEqual({ extraKmRate: 0.2, fuelChargePerQuarter: 15, cleaningFee: 30 });
    const own = { extraKmRate: 0.35, fuelChargePerQuarter: 20, cleaningFee: 45 };
    expect(settingsFromDoc({ desk: own }, TEMPLATES).tariff).toMatchObject({
      extraKmRate: 0.35,
      fuelPerQuarter: 20,
      cleaningFee: 45,
    });
    expect(settingsFromDoc({ desk: { cleaningFee: 50 } as Settings["desk"] }, TEMPLATES).tariff).toMatchObject({
      extraKmRate: 0.2,
      fuelPerQuarter: 15,
      cleaningFee: 50,
    });
    // A saved tariff wins over the old rates.
    const tariff = tariffSchema.parse({ extraKmRate: 0.12, cleaningFee: 25 });
    expect(settingsFromDoc({ desk: own, tariff }, TEMPLATES).tariff).toEqual(tariff);
  });

  it("išlaiko tai, kas išsaugota, ir papildo tai, ko trūksta senesniame dokumente", () => {
    const ownReply = { subject: "Re: {subject}", body: "Laba diena,\n{body}" };
    const settings = settingsFromDoc(
      {
        company: { name: "UAB Ratai", emails: ["info@ratai.lt"] } as Settings["company"],
        bookingRules: bookingRulesSchema.parse({ minDays: 2 }),
        terms: "Sąlygos",
        emailTemplates: { requestReply: ownReply } as Settings["emailTemplates"],
      },
      TEMPLATES,
    );
    expect(settings.company).toEqual({ ...EMPTY_COMPANY, name: "UAB Ratai", emails: ["info@ratai.lt"] });
    expect(settings.bookingRules.minDays).toBe(2);
    expect(settings.terms).toBe("Sąlygos");
    expect(settings.emailTemplates).toEqual({ ...TEMPLATES, requestReply: ownReply });
    expect(settings.emailTemplatesEn).toEqual(DEFAULT_EMAIL_TEMPLATES_EN);
    expect(settings.reminderHours).toBe(24);
  });

  it("senesnio dokumento šablonas „returnAct“ (joks laiškas jo nenaudojo) atmetamas, likę šablonai lieka", () => {
    const ownThanks = { subject: "Ačiū, {{vardas}}", body: "Suma: {{suma}}" };
    const stored = {
      emailTemplates: {
        ...TEMPLATES,
        returnThanks: ownThanks,
        returnAct: { subject: "Grąžinimo aktas", body: "Aktas priede" },
      } as Settings["emailTemplates"],
    };
    const settings = settingsFromDoc(stored, TEMPLATES);
    expect(settings.emailTemplates).toEqual({ ...TEMPLATES, returnThanks: ownThanks });
    expect(Object.keys(settings.emailTemplates)).not.toContain("returnAct");
  });

  it("be savų šablonų įmonės laiškams naudojami numatytieji lietuviški tekstai", () => {
    const settings = settingsFromDoc({});
    expect(settings.emailTemplates).toEqual(DEFAULT_EMAIL_TEMPLATES);
    expect(settings.emailTemplates.reservationReceived.subject).toBe("Rezervacija {number} gauta");
    expect(settings.emailTemplates.reservationReceived.body).toContain("{number}");
    expect(settings.emailTemplates.reservationReceived.body).toContain("{total}");
    expect(settings.emailTemplates.requestReply.body).toContain("{body}");
  });

  it("kai išsaugotos rezervavimo taisyklės sugadintos, naudoja numatytąsias", () => {
    const broken = { bookingRules: { minDays: -3 } as unknown as Settings["bookingRules"] };
    expect(settingsFromDoc(broken, TEMPLATES).bookingRules).toEqual(bookingRulesSchema.parse({}));
  });
});
