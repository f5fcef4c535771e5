// @vitest-environment jsdom
// The confirmation mails ("gauta", "patvirtinta") carry what a consumer must be told (Directive
// 2011/83/EU art. 8(7)) whatever template the company saved: the company's name, code and address,
// the price breakdown with the deposit, the cancellation rule from the settings, the terms link and
// the dispute body (VVTAT), in Lithuanian and in English. The core on the in-memory store with the
// demo company; the HTML is read with a real HTML parser (jsdom's DOMParser).
import { describe, expect, it } from "vitest";
import { DEMO_COMPANY } from "../../../server/seed/demoData";
import { COLLECTIONS } from "../../../src/core/collections";
import { recordVerifiedPayment } from "../../../src/core/payments";
import { submitWebReservation } from "../../../src/core/reservations";
import { createMemoryStore } from "../../../src/core/stores/memoryStore";
import { CONSUMER_DISPUTE_BODY } from "../../../src/domain/consumerInfo";
import { formatMoney } from "../../../src/domain/format";
import type { Reservation } from "../../../src/domain/schemas";
import { at, demo, demoCoreDocuments, NOW, reservationInput, testContext, writeDocuments } from "./useCases.contract";

const SITE = "https://nuoma.example";
const later = (m: number) => new Date(NOW.getTime() + m * 60_000);
const activeCars = demo.cars.filter((c) => c.doc.status === "active");

type Message = { subject: string; text: string; html: string };

/** The demo company with templates it saved before the consumer blocks existed, and the given cancellation window. */
async function companyWithOwnTemplates(hours: number) {
  const store = createMemoryStore();
  await writeDocuments(store, demoCoreDocuments(demo));
  const stored = await store.get(COLLECTIONS.settings, demo.settings.id);
  const data = stored!.data as Record<string, unknown>;
  const own = {
    reservationReceived: { subject: "Gavome {{numeris}} (gauta)", body: "Ačiū, {{vardas}}! Netrukus paskambinsime." },
    reservationConfirmed: { subject: "Rezervacija {{numeris}} patvirtinta", body: "Laukiame Jūsų {{paemimas}}." },
  };
  const ownEn = {
    reservationReceived: { subject: "Booking {{numeris}} received", body: "Thank you, {{vardas}}!" },
    reservationConfirmed: { subject: "Booking {{numeris}} confirmed", body: "See you at {{paemimas}}." },
  };
  await store.transaction(async (tx) => {
    tx.set(COLLECTIONS.settings, demo.settings.id, {
      ...data,
      portal: { ...(data.portal as object | undefined), freeCancellationHours: hours },
      emailTemplates: { ...(data.emailTemplates as object), ...own },
      emailTemplatesEn: { ...(data.emailTemplatesEn as object | undefined), ...ownEn },
    });
  });
  const ctx = (now = NOW) => ({ ...testContext(store, now), siteUrl: SITE });
  const mailsOf = async (id: string, to: string): Promise<Message[]> =>
    (await store.query(COLLECTIONS.mail, { where: [{ field: "ref", op: "==", value: `reservation:${id}` }] }))
      .filter((m) => String(m.data.to).toLowerCase() === to)
      .map((m) => m.data.message as Message);
  return { store, ctx, mailsOf };
}

/** A web booking paid online (the confirmation follows), optionally by a customer who reads English. */
async function bookAndPay(
  company: Awaited<ReturnType<typeof companyWithOwnTemplates>>,
  email: string,
  english: boolean,
) {
  const { store, ctx } = company;
  const saved = await submitWebReservation(
    ctx(),
    reservationInput({
      carId: activeCars[english ? 1 : 0]!.id,
      pickupAt: at(60),
      returnAt: at(63),
      customer: { ...(reservationInput().customer as object), email },
    }),
    { onlinePayment: { provider: "stripe", canHoldDeposit: false } },
  );
  const record = (await store.get(COLLECTIONS.reservations, saved.id))!.data as Reservation;
  if (english) {
    const customer = await store.get(COLLECTIONS.customers, record.customerId);
    await store.transaction(async (tx) => {
      tx.set(COLLECTIONS.customers, record.customerId, { ...customer!.data, language: "en" });
    });
  }
  const online = record.payment!.online!;
  await recordVerifiedPayment(ctx(later(5)), {
    provider: "stripe",
    reservationId: saved.id,
    providerPaymentId: `pi_${saved.id}`,
    amountCents: Math.round(online.amount * 100),
    currency: "eur",
    depositHoldCents: 0,
    outcome: "paid",
  });
  return saved;
}

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");
const links = (html: string) =>
  [...parse(html).querySelectorAll("a")].map((a) => ({ href: a.href, text: a.textContent }));
const bodyText = (html: string) => parse(html).body.textContent ?? "";

describe("patvirtinimo laiškų vartotojo informacija", () => {
  it("lietuviškai: įrašytas įmonės šablonas vis tiek gauna įmonės duomenis, išklotinę, užstatą, atšaukimą, sąlygas ir VVTAT", async () => {
    const company = await companyWithOwnTemplates(36);
    const email = "vartotojas.lt@example.lt";
    const saved = await bookAndPay(company, email, false);
    const mails = await company.mailsOf(saved.id, email);
    const received = mails.find((m) => m.subject.includes("(gauta)"));
    const confirmed = mails.find((m) => m.subject.endsWith("patvirtinta"));
    if (!received || !confirmed) throw new Error(`Laiškų nėra: ${mails.map((m) => m.subject).join(", ")}`);
    expect(received.text).toContain("Ačiū, ");
    expect(confirmed.text).toContain("Laukiame Jūsų ");
    for (const mail of [received, confirmed]) {
      for (const text of [mail.text, bodyText(mail.html)]) {
        expect(text).toContain(DEMO_COMPANY.name);
        expect(text).toContain(`Įmonės kodas ${DEMO_COMPANY.companyCode}`);
        expect(text).toContain(`Adresas: ${DEMO_COMPANY.address}`);
        expect(text).toContain(`Iš viso su PVM`);
        expect(text).toContain(formatMoney(saved.quote.total));
        expect(text).toContain(`Užstatas (grąžinamas)`);
        expect(text).toContain(formatMoney(saved.quote.deposit));
        // The window from the settings (36 h, not the default 48 h), with the booking's own deadline.
        expect(text).toContain("(36 val. iki paėmimo)");
        expect(text).toContain(`${SITE}/salygos`);
        expect(text).toContain(`${CONSUMER_DISPUTE_BODY.name} (VVTAT), Vilniaus g. 25, Vilnius`);
      }
      expect(links(mail.html)).toEqual(
        expect.arrayContaining([
          { href: `${SITE}/salygos`, text: `${SITE}/salygos` },
          { href: "https://www.vvtat.lt/", text: "www.vvtat.lt" },
        ]),
      );
      expect(parse(mail.html).documentElement.lang).toBe("lt");
    }
  });

  it("angliškai: tas pats blokas anglų kalba", async () => {
    const company = await companyWithOwnTemplates(48);
    const email = "consumer.en@example.com";
    const saved = await bookAndPay(company, email, true);
    const confirmed = (await company.mailsOf(saved.id, email)).find((m) => m.subject.endsWith("confirmed"));
    if (!confirmed) throw new Error("Patvirtinimo laiško nėra");
    expect(confirmed.text).toContain("See you at ");
    expect(confirmed.text).toContain(`Company code ${DEMO_COMPANY.companyCode}`);
    expect(confirmed.text).toContain(`Address: ${DEMO_COMPANY.address}`);
    expect(confirmed.text).toContain(formatMoney(saved.quote.deposit));
    expect(confirmed.text).toContain("(48 hours before pick-up)");
    expect(confirmed.text).toContain(`Rental terms: ${SITE}/salygos`);
    expect(confirmed.text).toContain("State Consumer Rights Protection Authority of Lithuania");
    expect(parse(confirmed.html).documentElement.lang).toBe("en");
  });
});
