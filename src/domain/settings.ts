// The settings document as both backends read it: a store without one (a fresh install
// before the admin saved the settings) or with an older one still works; booking rules and
// e-mail templates fall back to defaults, missing texts are empty.
import { floorOfSettings } from "./priceFloor";
import { bookingRulesSchema, type Settings } from "./schemas";

export const EMPTY_COMPANY: Settings["company"] = {
  name: "",
  brand: "",
  companyCode: "",
  vatCode: "",
  address: "",
  phones: [],
  emails: [],
  hours: "",
};

/** The e-mail templates until the company saves its own (settings page); the demo data uses them too. */
export const DEFAULT_EMAIL_TEMPLATES: Settings["emailTemplates"] = {
  reservationReceived: {
    subject: "Rezervacija {number} gauta",
    // "Laba diena," and a new sentence: a nominative full name is no Lithuanian greeting.
    body: `Laba diena,

Dėkojame, gavome Jūsų rezervaciją {number}.

Automobilis: {car}
Paėmimas: {pickup}
Grąžinimas: {return}
Iš viso (su PVM): {total}

Netrukus susisieksime ir rezervaciją patvirtinsime. Atvykdami turėkite asmens dokumentą, vairuotojo pažymėjimą ir mokėjimo kortelę užstatui.

Pagarbiai
{company}`,
  },
  requestReply: {
    subject: "Re: {subject}",
    body: `Laba diena,

{body}

Pagarbiai
{company}`,
  },
};

/** The settings from the stored document (`{}` when there is none). */
export function settingsFromDoc(
  doc: Partial<Settings>,
  defaultTemplates: Settings["emailTemplates"] = DEFAULT_EMAIL_TEMPLATES,
): Settings {
  const rules = bookingRulesSchema.safeParse(doc.bookingRules ?? {});
  return {
    company: { ...EMPTY_COMPANY, ...(doc.company ?? {}) },
    bookingRules: rules.success ? rules.data : bookingRulesSchema.parse({}),
    terms: doc.terms ?? "",
    about: doc.about ?? "",
    privacy: doc.privacy ?? "",
    contractTemplate: doc.contractTemplate ?? "",
    minDailyRate: floorOfSettings(doc),
    emailTemplates: {
      reservationReceived: doc.emailTemplates?.reservationReceived ?? defaultTemplates.reservationReceived,
      requestReply: doc.emailTemplates?.requestReply ?? defaultTemplates.requestReply,
    },
  };
}
