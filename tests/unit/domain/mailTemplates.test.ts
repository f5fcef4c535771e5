import { describe, expect, it } from "vitest";
import {
  escapeHtml,
  fillTemplate,
  pendingMailDoc,
  priceLines,
  type ReservationMailContext,
  requestNotificationMail,
  reservationMails,
  textToHtml,
} from "../../../src/domain/mailTemplates";
import type { Quote } from "../../../src/domain/schemas";
import { DEFAULT_EMAIL_TEMPLATES } from "../../../src/domain/settings";

const NBSP = "\u00a0";

const quote: Quote = {
  days: 3,
  dailyRate: 40,
  perDay: 40,
  base: 120,
  extras: 15,
  extrasLines: [{ extraId: "e1", name: "Vaikiška kėdutė", quantity: 1, unitPrice: 5, chargedPer: "day", amount: 15 }],
  delivery: 0,
  discount: 10,
  offerId: null,
  total: 125,
  vat: 21.69,
  net: 103.31,
  vatRate: 0.21,
  deposit: 300,
  currency: "EUR",
};

describe("laiškų pagalbinės funkcijos", () => {
  it("ekranuoja HTML", () => {
    expect(escapeHtml(`<a href="x">Jonas & 'Ona'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Jonas &amp; &#39;Ona&#39;&lt;/a&gt;",
    );
  });

  it("užpildo žinomus žymenis, o nežinomus palieka", () => {
    expect(fillTemplate("Sveiki, {name}! {unknown}", { name: "Ona" })).toBe("Sveiki, Ona! {unknown}");
  });

  it("tekstą paverčia pastraipomis ir eilučių lūžiais", () => {
    const html = textToHtml("Pirma <eilutė>\nantra\n\nKita pastraipa", "<p>priedas</p>");
    expect(html).toContain("<p>Pirma &lt;eilutė&gt;<br>antra</p>\n<p>Kita pastraipa</p>\n<p>priedas</p>");
    expect(html.startsWith('<!doctype html><html lang="lt">')).toBe(true);
  });

  it("kainos išklotinę pateikia lietuviškai", () => {
    expect(priceLines(quote)).toEqual([
      ["Nuoma, 3 paros", `120,00${NBSP}€`],
      ["Vaikiška kėdutė × 1", `15,00${NBSP}€`],
      ["Nuolaida", `−10,00${NBSP}€`],
      ["Iš viso su PVM", `125,00${NBSP}€`],
      ["iš jų PVM (21 %)", `21,69${NBSP}€`],
      ["Užstatas (grąžinamas)", `300,00${NBSP}€`],
    ]);
  });

  it("sukuria laukiantį siuntimo eilės dokumentą", () => {
    expect(pendingMailDoc({ to: "ona@pavyzdys.lt", subject: "Tema", text: "Tekstas" })).toMatchObject({
      to: "ona@pavyzdys.lt",
      message: { subject: "Tema", text: "Tekstas" },
      delivery: { state: "PENDING", attempts: 0 },
      ref: null,
    });
  });
});

describe("reservationMails", () => {
  const ctx = (emails: string[]): ReservationMailContext => ({
    reservationId: "r1",
    settings: {
      company: {
        name: "UAB Nuoma",
        brand: "Nuoma",
        emails,
      } as unknown as ReservationMailContext["settings"]["company"],
      emailTemplates: {
        ...DEFAULT_EMAIL_TEMPLATES,
        reservationReceived: { subject: "Rezervacija {number}", body: "Sveiki, {name}!\n\n{car}, {total}. {company}" },
        requestReply: { subject: "", body: "" },
      },
    },
    number: "R-2026-000001",
    car: { make: "Toyota", model: "Corolla" },
    customer: { firstName: "Ona", lastName: "Onaitienė", email: "ona@pavyzdys.lt", phone: "+37061234567" },
    pickupAt: "2026-11-22T08:00:00.000Z",
    returnAt: "2026-11-25T08:00:00.000Z",
    pickupLocation: { name: "Vilniaus oro uostas" },
    returnLocation: { name: "Kaunas" },
    quote,
    comment: "Atvyksiu anksčiau",
  });

  it("parašo patvirtinimą klientui ir pranešimą darbuotojams", () => {
    const [customer, staff, ...rest] = reservationMails(ctx(["info@nuoma.lt"]));
    expect(rest).toEqual([]);
    expect(customer).toMatchObject({
      to: "ona@pavyzdys.lt",
      replyTo: "info@nuoma.lt",
      subject: "Rezervacija R-2026-000001",
      ref: "reservation:r1",
    });
    expect(customer?.text).toContain(
      `Sveiki, Ona Onaitienė!\n\nToyota Corolla, 125,00${NBSP}€. Nuoma\n\nKainos išklotinė:`,
    );
    expect(customer?.html).toContain("<p><strong>Kainos išklotinė</strong></p><table");
    expect(staff).toMatchObject({
      to: "info@nuoma.lt",
      replyTo: "ona@pavyzdys.lt",
      subject: "Nauja rezervacija R-2026-000001: Toyota Corolla",
    });
    expect(staff?.text).toContain(
      "Paėmimas: 2026-11-22 10:00, Vilniaus oro uostas\nGrąžinimas: 2026-11-25 10:00, Kaunas\nKomentaras: Atvyksiu anksčiau",
    );
  });

  it("kai įmonė neturi adreso, parašo tik patvirtinimą", () => {
    const mails = reservationMails(ctx([]));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.replyTo).toBeUndefined();
  });
});

describe("requestNotificationMail", () => {
  it("įmonei surašo užklausos duomenis", () => {
    const mail = requestNotificationMail(
      {
        type: "business",
        name: "Ona",
        email: "ona@pavyzdys.lt",
        message: "Reikia trijų automobilių.",
        company: { name: "UAB Pavyzdys", code: "123456789" },
      } as Parameters<typeof requestNotificationMail>[0],
      "q1",
      "info@nuoma.lt",
    );
    expect(mail).toMatchObject({ to: "info@nuoma.lt", replyTo: "ona@pavyzdys.lt", ref: "request:q1" });
    expect(mail.text).toContain(
      "Vardas: Ona\nEl. paštas: ona@pavyzdys.lt\nĮmonė: UAB Pavyzdys\nĮmonės kodas: 123456789\n\nReikia trijų automobilių.",
    );
    expect(mail.text).not.toContain("Telefonas");
  });
});

describe("numatytieji laiškų šablonai", () => {
  it("sveikina „Laba diena,“, o sakinys prasideda didžiąja raide; vardininko vardas nesveikinamas", () => {
    for (const template of Object.values(DEFAULT_EMAIL_TEMPLATES)) {
      expect(template.body.startsWith("Laba diena,\n\n")).toBe(true);
      expect(template.body).not.toContain("{name}");
    }
    expect(DEFAULT_EMAIL_TEMPLATES.reservationReceived.body).toContain("Dėkojame, gavome Jūsų rezervaciją {number}.");
  });
});
