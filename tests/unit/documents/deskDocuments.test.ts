// The desk's PDFs: rendered for real with pdf-lib and read back with unpdf (pdf.js).
import { extractText, extractTextItems, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { buildDemoData } from "../../../server/seed/demoData";
import { type DeskDocumentInput, deskDocumentHash, renderDeskDocument } from "../../../src/documents/deskDocuments";
import type { Damage, HandoverAct, ReturnAct } from "../../../src/domain/schemas";
import { makePng } from "../../helpers/images";

const demo = buildDemoData(new Date("2026-11-20T10:00:00.000Z"));
const withId = <T>(record: { id: string; doc: T }) => ({ ...record.doc, id: record.id });

function inputFor(kind: DeskDocumentInput["kind"], customerType: "private" | "business"): DeskDocumentInput {
  const customerRecord = demo.customers.find((c) =>
    customerType === "business" ? c.doc.type === "business" && c.doc.companyName : c.doc.type === "private",
  );
  if (!customerRecord) throw new Error(`demo has no ${customerType} customer`);
  const reservationRecord =
    demo.reservations.find((r) => r.doc.customerId === customerRecord.id) ?? demo.reservations[0];
  if (!reservationRecord) throw new Error("demo has no reservation");
  const carRecord = demo.cars.find((c) => c.id === reservationRecord.doc.carId);
  if (!carRecord) throw new Error("demo reservation's car is missing");
  const fleet = demo.fleet.find((f) => f.doc.carId === carRecord.id)?.doc ?? null;
  const handover: HandoverAct = {
    at: "2026-11-21T08:05:00.000Z",
    by: "darbuotojas@ratunuoma.lt",
    mileage: 12345,
    fuel: "1",
    damages: [{ id: "m1", x: 0.2, y: 0.15, note: "Įbrėžimas ant priekinio buferio", photos: [] }],
    photos: ["desk/a.jpg"],
    signature: {
      image: "desk/sig.png",
      signedAt: "2026-11-21T08:06:00.000Z",
      signerName: "Jonas",
      documentHash: "0".repeat(64),
    },
    document: "documents/h.pdf",
    licence: { number: "LT1234567", expiresAt: "2030-05-01" },
    confirmedDamageIds: [],
  };
  const reservation = { ...withId(reservationRecord), contract: { ...reservationRecord.doc.contract, text: null } };
  const registerDamage: Damage = {
    carId: carRecord.id,
    reservationId: null,
    x: 0.8,
    y: 0.85,
    note: "Įlenkimas galinėse duryse (ąčęėįšųūž ĄČĘĖĮŠŲŪŽ)",
    photos: [],
    status: "open",
    foundAt: "2026-10-01T10:00:00.000Z",
    repairedAt: null,
    repairedBy: "",
  };
  const base = {
    kind,
    settings: demo.settings.doc,
    reservation,
    customer: { ...withId(customerRecord), address: "Ąžuolyno g. 5 (ąčęėįšųūž ĄČĘĖĮŠŲŪŽ), Vilnius" },
    car: withId(carRecord),
    fleet,
    locations: demo.locations.map(withId),
    extras: demo.extras.map(withId),
    damages: [registerDamage],
  };
  if (kind === "agreement") return { ...base, act: null };
  const { signature: _s, document: _d, ...handoverAct } = handover;
  if (kind === "handover") return { ...base, act: handoverAct };
  const returnAct: Omit<ReturnAct, "signature" | "document"> = {
    at: "2026-11-25T09:00:00.000Z",
    by: "darbuotojas@ratunuoma.lt",
    mileage: 13345,
    fuel: "1/2",
    damages: [{ id: "m2", x: 0.5, y: 0.5, note: "Skilęs stogo bagažinės laikiklis", photos: [] }],
    photos: [],
    returnedAt: "2026-11-25T08:55:00.000Z",
    charges: [
      { kind: "mileage", amount: 24, rule: "120 km virš 880 km × 0,20 €", computed: 24, overrideReason: "" },
      { kind: "fuel", amount: 35, rule: "1/2 bako trūksta × 70,00 €", computed: 35, overrideReason: "" },
    ],
    total: 59,
    deposit: { held: 300, retained: 59, refunded: 241 },
  };
  return { ...base, reservation: { ...reservation, handover }, act: returnAct };
}

async function pagesOf(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: false });
  // pdf.js reads the non-breaking spaces of lt-LT numbers back as ordinary ones, or not: one form.
  return text.map((page) => page.replace(/\u00a0/g, " "));
}

const LETTERS = "ąčęėįšųūž ĄČĘĖĮŠŲŪŽ";
const signature = {
  png: new Uint8Array(makePng(300, 100)),
  signedAt: "2026-11-21T08:06:00.000Z",
  signerName: "Jonas Žemaitis",
};

describe("stalo dokumentai PDF", () => {
  it.each(["agreement", "handover", "return"] as const)(
    "%s: PDF su lietuviškomis raidėmis ir puslapių numeriais",
    async (kind) => {
      const bytes = await renderDeskDocument({ ...inputFor(kind, "private"), signature });
      expect(Buffer.from(bytes.slice(0, 5)).toString("latin1")).toBe("%PDF-");
      const pages = await pagesOf(bytes);
      const all = pages.join("\n");
      expect(all).toContain(LETTERS);
      pages.forEach((page, index) => {
        expect(page).toContain(`Puslapis ${index + 1} iš ${pages.length}`);
      });
      expect(all).toContain("Jonas Žemaitis");
      expect(all).toContain(deskDocumentHash(inputFor(kind, "private")));
      expect(all).toMatch(/2026-11-21 10:06 \(Vilniaus laiku\)/);
    },
  );

  it("privataus kliento sutartyje nėra tuščių įmonės eilučių, verslo kliento – yra", async () => {
    const privateText = (await pagesOf(await renderDeskDocument(inputFor("agreement", "private")))).join("\n");
    expect(privateText).toContain("Nuomininkas:");
    expect(privateText).not.toMatch(/Įmonė:/);
    expect(privateText).toContain("Puslapis 1 iš");
    const business = inputFor("agreement", "business");
    const businessText = (await pagesOf(await renderDeskDocument(business))).join("\n");
    expect(businessText).toContain(`Įmonė: ${business.customer.companyName}`);
  });

  it("sutartis iš redaguoto teksto, kai jis išsaugotas", async () => {
    const input = inputFor("agreement", "private");
    input.reservation.contract.text = "NUOMOS SUTARTIS\n\nĮmonė: —, įmonės kodas —\nRedaguotas sąlygų tekstas – čia.";
    const text = (await pagesOf(await renderDeskDocument(input))).join("\n");
    expect(text).toContain("Redaguotas sąlygų tekstas – čia.");
    expect(text).not.toContain("Įmonė:");
  });

  it("perdavimo aktas: rida, degalai, pažymėjimas ir pažeidimai", async () => {
    const text = (await pagesOf(await renderDeskDocument(inputFor("handover", "private")))).join("\n");
    expect(text).toContain("12 345 km");
    expect(text).toContain("pilnas bakas");
    expect(text).toContain("LT1234567, galioja iki 2030-05-01");
    expect(text).toContain("Įbrėžimas ant priekinio buferio");
  });

  it("grąžinimo aktas: mokesčiai su taisyklėmis, suma ir užstatas", async () => {
    const text = (await pagesOf(await renderDeskDocument(inputFor("return", "private")))).join("\n");
    expect(text).toContain("120 km virš 880 km × 0,20 €");
    expect(text).toMatch(/Iš viso\s+59,00\s€/);
    expect(text).toMatch(/Grąžinama\s+241,00\s€/);
    expect(text).toMatch(/Išskaičiuota\s+59,00\s€/);
    expect(text).toContain("13 345 km (nuvažiuota 1 000 km)");
  });

  it("schema ir pažeidimų sąrašas tame pačiame puslapyje, net kai sąrašas ilgas", async () => {
    const input = inputFor("handover", "private");
    const act = input.act as Omit<HandoverAct, "signature" | "document">;
    act.damages = Array.from({ length: 40 }, (_, i) => ({
      id: `m${i}`,
      x: 0.1 + (i % 5) * 0.2,
      y: 0.05 + Math.floor(i / 5) * 0.11,
      note: `Pažeidimas Nr. ${i + 1}: įbrėžimas, kurio aprašymas pakankamai ilgas, kad užimtų dvi eilutes sąraše`,
      photos: [],
    }));
    const pdf = await getDocumentProxy(new Uint8Array(await renderDeskDocument(input)));
    const { items } = await extractTextItems(pdf);
    let pagesWithLines = 0;
    for (const pageItems of items) {
      const notes = pageItems.filter((item) => item.str.includes("Pažeidimas Nr."));
      if (notes.length === 0) continue;
      pagesWithLines += 1;
      // Every damage line's number on this page is drawn as a mark inside the diagram (the left
      // column, x < 56 + 110 pt); the register's damage is mark 1, so "Pažeidimas Nr. n" is mark n + 1.
      const marks = new Set(
        pageItems
          .filter((item) => item.x < 56 + 102)
          .flatMap((item) => item.str.split(/\s+/))
          .filter((word) => /^\d+$/.test(word)),
      );
      for (const note of notes) {
        const n = Number(/Nr\. (\d+)/.exec(note.str)?.[1]);
        expect(marks.has(String(n + 1)), `žyma ${n + 1} schemoje`).toBe(true);
      }
    }
    expect(pagesWithLines).toBeGreaterThan(1);
  });

  it("santrauka nepriklauso nuo parašo ir keičiasi pasikeitus turiniui", () => {
    const input = inputFor("handover", "private");
    const hash = deskDocumentHash(input);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(deskDocumentHash({ ...input, signature })).toBe(hash);
    const act = input.act as Omit<HandoverAct, "signature" | "document">;
    expect(deskDocumentHash({ ...input, act: { ...act, mileage: act.mileage + 1 } })).not.toBe(hash);
  });

  it("sutartis, taisyta prieš perdavimą: perdavimo rodmenys įrašomi į tuščias vietas; atstovas – vardu", async () => {
    const input = inputFor("handover", "private");
    const act = { ...(input.act as Omit<HandoverAct, "signature" | "document">), byName: "Tadas Jankauskas" };
    const edited = [
      "NUOMOS SUTARTIS",
      "Perduodant: rida ______ km, degalų lygis ______.",
      "Pažeidimai (pažymėti automobilio schemoje): nėra",
      "Nuomotojas: ______________________________",
      "(vardas, pavardė, parašas)",
    ].join("\n");
    const agreement: DeskDocumentInput = {
      ...input,
      kind: "agreement",
      reservation: { ...input.reservation, contract: { ...input.reservation.contract, text: edited, damages: "" } },
      act,
    };
    const text = (await pagesOf(await renderDeskDocument({ ...agreement, signature }))).join("\n").replace(/\s+/g, " ");
    expect(text).toContain("Perduodant: rida 12 345 km, degalų lygis pilnas bakas.");
    expect(text).toContain("Pažeidimai (pažymėti automobilio schemoje): 1. Įlenkimas galinėse duryse");
    expect(text).toContain("Įbrėžimas ant priekinio buferio");
    expect(text).toContain("Nuomotojo atstovas: Tadas Jankauskas");
    expect(text).not.toContain("darbuotojas@ratunuoma.lt");
    expect(text).not.toMatch(/_{3,}/);
  });

  it("sutartis susipažinti: „Nepasirašyta – susipažinimui“ kiekviename puslapyje, kita santrauka", async () => {
    const input = inputFor("agreement", "private");
    const pages = await pagesOf(await renderDeskDocument({ ...input, forReading: true }));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain("Nepasirašyta – susipažinimui");
    const plain = await pagesOf(await renderDeskDocument(input));
    for (const page of plain) expect(page).not.toContain("Nepasirašyta");
    expect(deskDocumentHash({ ...input, forReading: true })).not.toBe(deskDocumentHash(input));
  });
});
