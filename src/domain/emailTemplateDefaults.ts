// The e-mail templates a company starts with, in Lithuanian and in English. Plain data with no
// imports: the settings schema (./schemas.ts) fills a template missing from an older settings
// document with these, and the settings page resets to them. Placeholders: ./notifications.ts.

export const EMAIL_TEMPLATE_KEYS = [
  "reservationReceived",
  "reservationConfirmed",
  "reservationChanged",
  "reservationCancelled",
  "pickupReminder",
  "returnThanks",
  "handoverAct",
  "requestReply",
  "invoiceIssued",
  "creditNoteIssued",
] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];

export interface EmailTemplate {
  subject: string;
  body: string;
}
export type EmailTemplateSet = Record<EmailTemplateKey, EmailTemplate>;

const WHAT_TO_BRING_LT =
  "Atvykdami turėkite vairuotojo pažymėjimą, asmens dokumentą (pasą arba asmens tapatybės kortelę) ir mokėjimo kortelę užstatui.";
const WHAT_TO_BRING_EN =
  "Please bring your driving licence, an identity document (passport or ID card) and a payment card for the deposit.";

/**
 * Lithuanian. The first two keep the older single-brace placeholders ({number}, {name}…), which
 * still work, so the demo data and saved settings render the same as before.
 */
export const DEFAULT_EMAIL_TEMPLATES_LT: EmailTemplateSet = {
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

Jūsų rezervacija internete (peržiūrėti, pakeisti, atšaukti): {{nuoroda}}

Pagarbiai
{company}`,
  },
  reservationConfirmed: {
    subject: "Rezervacija {{numeris}} patvirtinta",
    body: `Laba diena,

Jūsų rezervacija {{numeris}} patvirtinta.

Automobilis: {{automobilis}}
Paėmimas: {{paemimas}}
Adresas: {{adresas}}
Grąžinimas: {{grazinimas}}
Iš viso (su PVM): {{suma}}

${WHAT_TO_BRING_LT}

Jūsų rezervacija internete (peržiūrėti, pakeisti, atšaukti): {{nuoroda}}

Pagarbiai
{{imone}}`,
  },
  reservationChanged: {
    subject: "Rezervacija {{numeris}} pakeista",
    body: `Laba diena,

Jūsų rezervacija {{numeris}} pakeista:
{{pakeitimai}}

Dabar:
Automobilis: {{automobilis}}
Paėmimas: {{paemimas}}
Grąžinimas: {{grazinimas}}
Iš viso (su PVM): {{suma}}

Jei turite klausimų, atsakykite į šį laišką.

Jūsų rezervacija internete (peržiūrėti, pakeisti, atšaukti): {{nuoroda}}

Pagarbiai
{{imone}}`,
  },
  reservationCancelled: {
    subject: "Rezervacija {{numeris}} atšaukta",
    body: `Laba diena,

Jūsų rezervacija {{numeris}} ({{automobilis}}, {{paemimas}}) atšaukta.

Priežastis: {{priezastis}}

Jei tai klaida arba norite rezervuoti iš naujo, atsakykite į šį laišką.

Jūsų rezervacija internete (peržiūrėti, pakeisti, atšaukti): {{nuoroda}}

Pagarbiai
{{imone}}`,
  },
  pickupReminder: {
    subject: "Primename: automobilio paėmimas {{paemimo_laikas}}",
    body: `Laba diena,

Primename, kad rezervacijos {{numeris}} automobilį {{automobilis}} paimsite {{paemimo_laikas}}.

Vieta: {{vieta}}
Adresas: {{adresas}}
Darbo laikas: {{darbo_laikas}}

${WHAT_TO_BRING_LT}

Jūsų rezervacija internete (peržiūrėti, pakeisti, atšaukti): {{nuoroda}}

Iki pasimatymo!
{{imone}}`,
  },
  returnThanks: {
    subject: "Ačiū, kad grąžinote automobilį – rezervacija {{numeris}}",
    body: `Laba diena,

dėkojame, kad naudojotės mūsų paslaugomis. Automobilį {{automobilis}} priėmėme {{laikas}} (rida {{rida}}, degalai {{degalai}}). Pasirašytą grąžinimo aktą rasite priede.

{{mokesciai}}

Galutinė suma: {{suma}}
Užstatas: {{uzstatas}}
Dar mokėtina: {{moketina}}

Laukiame Jūsų vėl!

Jūsų rezervacija internete (peržiūrėti, pakeisti, atšaukti): {{nuoroda}}

Pagarbiai
{{imone}}`,
  },
  handoverAct: {
    subject: "Automobilio perdavimo aktas – rezervacija {{numeris}}",
    body: `Laba diena,

perdavėme Jums automobilį pagal rezervaciją {{numeris}}. Pasirašytą nuomos sutartį ir perdavimo aktą rasite priede.

Automobilis: {{automobilis}}
Perduota: {{laikas}}
Rida: {{rida}}
Degalai: {{degalai}}
Grąžinti: {{grazinimas}}

Geros kelionės!

Jūsų rezervacija internete (peržiūrėti, pakeisti, atšaukti): {{nuoroda}}

Pagarbiai
{{imone}}`,
  },
  requestReply: {
    subject: "Re: {subject}",
    body: `Laba diena,

{body}

Pagarbiai
{company}`,
  },
  invoiceIssued: {
    subject: "{{saskaitos_pavadinimas}} {{saskaita}}",
    body: `Laba diena,

siunčiame sąskaitą {{saskaita}} ({{saskaitos_data}}) už automobilio nuomą (rezervacija {{numeris}}).

Suma: {{suma}} ({{suma_zodziais}}).

Sąskaita pridėta prie šio laiško (PDF).

Pagarbiai
{{imone}}`,
  },
  creditNoteIssued: {
    subject: "{{saskaitos_pavadinimas}} {{saskaita}}",
    body: `Laba diena,

siunčiame kreditinę sąskaitą {{saskaita}} ({{saskaitos_data}}), kuria koreguojama sąskaita {{koreguojama_saskaita}} (rezervacija {{numeris}}).

Suma: {{suma}} ({{suma_zodziais}}).

Kreditinė sąskaita pridėta prie šio laiško (PDF).

Pagarbiai
{{imone}}`,
  },
};

export const DEFAULT_EMAIL_TEMPLATES_EN: EmailTemplateSet = {
  reservationReceived: {
    subject: "Reservation {{numeris}} received",
    body: `Hello {{vardas}},

Thank you, we have received your reservation {{numeris}}.

Car: {{automobilis}}
Pick-up: {{paemimas}}
Return: {{grazinimas}}
Total (incl. VAT): {{suma}}

We will contact you shortly to confirm it. ${WHAT_TO_BRING_EN}

Your booking online (view, change, cancel): {{nuoroda}}

Kind regards,
{{imone}}`,
  },
  reservationConfirmed: {
    subject: "Reservation {{numeris}} confirmed",
    body: `Hello {{vardas}},

Your reservation {{numeris}} is confirmed.

Car: {{automobilis}}
Pick-up: {{paemimas}}
Address: {{adresas}}
Return: {{grazinimas}}
Total (incl. VAT): {{suma}}

${WHAT_TO_BRING_EN}

Your booking online (view, change, cancel): {{nuoroda}}

Kind regards,
{{imone}}`,
  },
  reservationChanged: {
    subject: "Reservation {{numeris}} changed",
    body: `Hello {{vardas}},

Your reservation {{numeris}} has been changed:
{{pakeitimai}}

Now:
Car: {{automobilis}}
Pick-up: {{paemimas}}
Return: {{grazinimas}}
Total (incl. VAT): {{suma}}

If you have any questions, just reply to this e-mail.

Your booking online (view, change, cancel): {{nuoroda}}

Kind regards,
{{imone}}`,
  },
  reservationCancelled: {
    subject: "Reservation {{numeris}} cancelled",
    body: `Hello {{vardas}},

Your reservation {{numeris}} ({{automobilis}}, {{paemimas}}) has been cancelled.

Reason: {{priezastis}}

If this is a mistake or you would like to book again, just reply to this e-mail.

Your booking online (view, change, cancel): {{nuoroda}}

Kind regards,
{{imone}}`,
  },
  pickupReminder: {
    subject: "Reminder: your car pick-up on {{paemimo_laikas}}",
    body: `Hello {{vardas}},

This is a reminder that you will pick up {{automobilis}} (reservation {{numeris}}) on {{paemimo_laikas}}.

Place: {{vieta}}
Address: {{adresas}}
Opening hours: {{darbo_laikas}}

${WHAT_TO_BRING_EN}

Your booking online (view, change, cancel): {{nuoroda}}

See you soon!
{{imone}}`,
  },
  returnThanks: {
    subject: "Thank you for returning the car – reservation {{numeris}}",
    body: `Hello {{vardas}},

thank you for renting with us. We received {{automobilis}} on {{laikas}} (mileage {{rida}}, fuel {{degalai}}). The signed return act is attached.

{{mokesciai}}

Final amount: {{suma}}
Deposit: {{uzstatas}}
Still to pay: {{moketina}}

We hope to see you again!

Your booking online (view, change, cancel): {{nuoroda}}

Kind regards,
{{imone}}`,
  },
  handoverAct: {
    subject: "Vehicle hand-over act – reservation {{numeris}}",
    body: `Hello {{vardas}},

we have handed over the car for reservation {{numeris}}. The signed rental agreement and the hand-over act are attached.

Car: {{automobilis}}
Handed over: {{laikas}}
Mileage: {{rida}}
Fuel: {{degalai}}
Return by: {{grazinimas}}

Have a good trip!

Your booking online (view, change, cancel): {{nuoroda}}

Kind regards,
{{imone}}`,
  },
  requestReply: {
    subject: "Re: {subject}",
    body: `Hello,

{body}

Kind regards,
{company}`,
  },
  invoiceIssued: {
    subject: "{{saskaitos_pavadinimas}} {{saskaita}}",
    body: `Hello {{vardas}},

please find attached invoice {{saskaita}} of {{saskaitos_data}} for your car rental (reservation {{numeris}}).

Amount: {{suma}}

The invoice is attached to this e-mail (PDF).

Kind regards,
{{imone}}`,
  },
  creditNoteIssued: {
    subject: "{{saskaitos_pavadinimas}} {{saskaita}}",
    body: `Hello {{vardas}},

please find attached credit note {{saskaita}} of {{saskaitos_data}}, which corrects invoice {{koreguojama_saskaita}} (reservation {{numeris}}).

Amount: {{suma}}

The credit note is attached to this e-mail (PDF).

Kind regards,
{{imone}}`,
  },
};
