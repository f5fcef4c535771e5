// The deposit in the ledger (src/domain/deposits.ts through src/core/rentalDesk.ts) on every
// DocumentStore (memory, PGlite, Firestore): taken at the hand-over, applied to the return's
// charges, the rest given back or still owed; the return act's PDF, the ledger's summary and the
// "Neapmokėti likučiai" report say the same figures. Damage up to the car's excess, its repair cost,
// and the damage line of the invoice at the return outside the scope of VAT.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../../src/core/collections";
import { addLedgerEntry, listLedger } from "../../../src/core/payments";
import {
  deskInfo,
  handOverReservation,
  previewReturn,
  returnReservation,
  setDamageRepairCost,
} from "../../../src/core/rentalDesk";
import { reports } from "../../../src/core/reports";
import { createStaffReservation } from "../../../src/core/reservations";
import { OUTSIDE_VAT_NOTE } from "../../../src/domain/invoicingSettings";
import { vilniusDateString } from "../../../src/domain/time";
import { memoryFiles } from "../../helpers/memoryFiles";
import { pdfText } from "../../helpers/pdfText";
import { renterDoc } from "./deskFixtures";
import {
  at,
  type CoreStoreHarness,
  coreRefusal,
  demo,
  inputRefusal,
  NOW,
  type RecordingStore,
  recordingStore,
  testContext,
} from "./useCases.contract";

const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const SIGNATURE = { image: PNG, signerName: "Rūta Žemaitienė" };
/** Ledger entries as [kind, amount, method]; entries of one moment (the return's) in the order of their kind. */
const rowsOf = (entries: { kind: string; amount: number; method: string; at: string }[]) =>
  [...entries]
    .sort((a, b) => a.at.localeCompare(b.at) || a.kind.localeCompare(b.kind))
    .map((e) => [e.kind, e.amount, e.method]);

/** "23,00 €" as the PDF reader sees it (no-break spaces come back as spaces). */
const euro = (amount: number) => `${amount.toFixed(2).replace(".", ",")} €`;

/**
 * A block of "label – value" rows in a PDF's text: read row by row, or (pdftotext) the labels'
 * column first, then the values'.
 */
function expectFields(text: string, rows: [string, string][]): void {
  const interleaved = rows.map(([label, value]) => `${label} ${value}`).join(" ");
  const columns = `${rows.map(([label]) => label).join(" ")} ${rows.map(([, value]) => value).join(" ")}`;
  expect(
    [interleaved, columns].some((form) => text.includes(form)),
    text,
  ).toBe(true);
}

export function defineDepositsContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`Užstatas mokėjimų žurnale: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: RecordingStore;
    const files = memoryFiles();
    const deps = { files };
    let customerId = "";
    // The second published car: the desk's own contract changes the first one.
    const car = demo.cars.filter((c) => c.doc.status === "active")[1]!;
    const location = demo.locations.find((l) => l.doc.active !== false)!;

    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = recordingStore(harness.store);
      customerId = store.newId(COLLECTIONS.customers);
      const stamp = NOW.toISOString();
      const carDoc = await store.get(COLLECTIONS.cars, car.id);
      await store.transaction(async (tx) => {
        tx.set(COLLECTIONS.customers, customerId, renterDoc("ruta.uzstatas@example.lt", stamp));
        // Deposit 250 €, excess (savarankiška rizika) 500 €, no mileage limit.
        tx.set(COLLECTIONS.cars, car.id, {
          ...carDoc?.data,
          mileageLimitPerDay: null,
          deposit: 250,
          excess: 500,
          minDriverAge: 21,
          minLicenceYears: 2,
        });
      });
    });
    afterAll(async () => {
      await harness?.close();
    });

    /** A confirmed reservation of days offset…offset+3, its rental paid in cash. */
    async function paidReservation(offset: number) {
      const created = await createStaffReservation(
        testContext(store),
        {
          carId: car.id,
          customerId,
          pickupAt: at(offset),
          returnAt: at(offset + 3),
          pickupLocationId: location.id,
          returnLocationId: location.id,
          status: "confirmed",
        },
        STAFF,
      );
      const total = (created as { quote: { total: number } }).quote.total;
      await addLedgerEntry(testContext(store), created.id, { amount: total, method: "cash", kind: "rental" }, STAFF);
      return { id: created.id, total };
    }

    async function handOver(id: string, offset: number, deposit: Record<string, unknown> | undefined) {
      const info = await deskInfo(testContext(store), id);
      return handOverReservation(
        testContext(store, new Date(at(offset, "10:30"))),
        deps,
        id,
        {
          mileage: (info.fleet?.mileage ?? 0) + 10,
          fuel: "1",
          licence: { number: "LT7654321", expiresAt: "2031-01-01" },
          confirmedDamageIds: info.damages.map((d) => d.id),
          signature: SIGNATURE,
          version: info.reservation.version,
          ...(deposit ? { deposit } : {}),
        },
        STAFF,
      );
    }

    /** Returned on time, full, with only the damage charged (`damageAmount`). */
    async function giveBack(id: string, offset: number, damageAmount: number, damages: unknown[] = []) {
      const now = new Date(at(offset + 3, "09:30"));
      const info = await deskInfo(testContext(store, now), id);
      const body = {
        mileage: (info.handover?.mileage ?? 0) + 120,
        fuel: "1",
        returnedAt: now.toISOString(),
        damages,
        damageAmount,
        signature: SIGNATURE,
      };
      const preview = await previewReturn(testContext(store, now), id, body, STAFF);
      const answer = await returnReservation(testContext(store, now), deps, id, body, STAFF);
      return { preview, answer, now };
    }

    const unpaidRows = async (offset: number) =>
      (
        await reports(testContext(store, new Date(at(offset + 3, "12:00"))), {
          from: vilniusDateString(at(offset)),
          to: vilniusDateString(at(offset + 3)),
        })
      ).unpaid.rows;

    it("užstatas 250 €, mokesčiai 273 €: įskaityta 250 €, liko 23 € – žurnale, akte ir ataskaitoje", async () => {
      const { id, total } = await paidReservation(300);
      const missing = await inputRefusal(handOver(id, 300, { method: "cash", amount: 0 }));
      expect(missing.errors).toMatchObject({ "deposit.amount": "Įveskite užstato sumą eurais (daugiau nei 0 €)" });
      const noHold = await inputRefusal(handOver(id, 300, { method: "online" }));
      expect(noHold.errors?.["deposit.method"]).toMatch(/^Užstatas internetu nerezervuotas/);

      const active = await handOver(id, 300, { method: "cash", amount: 250 });
      expect(active.handover?.deposit).toEqual({ method: "cash", amount: 250, reference: "" });
      const held = await listLedger(testContext(store), id);
      expect(held.entries.map((e) => [e.kind, e.amount, e.method])).toEqual([
        ["rental", total, "cash"],
        ["deposit-held", 250, "cash"],
      ]);
      expect(held.summary).toEqual({ total, paid: total, due: 0, deposit: { amount: 250, state: "held" } });
      // A held deposit is no debt: the active rental is not in "Neapmokėti likučiai".
      expect((await store.get(COLLECTIONS.reservations, id))?.data.payment).toMatchObject({
        paid: total,
        due: 0,
        depositState: "held",
      });
      const handoverAct = await pdfText((await files.get(active.handover!.document))!);
      expect(handoverAct).toContain("Nuotraukų Užstatas");
      expect(handoverAct).toContain("250,00 € (grynaisiais)");

      const { preview, answer } = await giveBack(id, 300, 273);
      expect(preview).toMatchObject({ total: 273, deposit: { held: 250, retained: 250, refunded: 0 }, balanceDue: 23 });
      expect(answer).toMatchObject({ total: 273, deposit: { held: 250, retained: 250, refunded: 0 }, balanceDue: 23 });

      const ledger = await listLedger(testContext(store), id);
      expect(ledger.entries.map((e) => [e.kind, e.amount])).toEqual([
        ["rental", total],
        ["deposit-held", 250],
        ["deposit-applied", 250],
      ]);
      expect(ledger.summary).toEqual({
        total: total + 273,
        paid: total + 250,
        due: 23,
        deposit: { amount: 0, state: "applied" },
      });
      const stored = await store.get(COLLECTIONS.reservations, id);
      expect(stored?.data.payment).toMatchObject({ paid: total + 250, due: 23, depositState: "applied" });
      expect(stored?.data.returnAct).toMatchObject({ due: 23 });

      const act = await pdfText((await files.get(answer.reservation.returnAct!.document))!);
      expectFields(act, [
        ["Užstatas paimtas", euro(250)],
        ["Išskaičiuota", `${euro(250)} (užstatas įskaitytas į mokesčius)`],
        ["Grąžinama", euro(0)],
        ["Liko sumokėti", euro(23)],
      ]);

      const rows = (await unpaidRows(300)).filter((r) => r.id === id);
      expect(rows).toEqual([expect.objectContaining({ total: total + 273, paid: total + 250, due: 23 })]);
    });

    it("mokesčiai 100 € iš 250 € užstato: 150 € grąžinama, nieko neliko", async () => {
      const { id, total } = await paidReservation(310);
      await handOver(id, 310, { method: "card", amount: 250, reference: "kvitas 17" });
      const { answer } = await giveBack(id, 310, 100);
      expect(answer.deposit).toEqual({ held: 250, retained: 100, refunded: 150 });
      expect(answer.balanceDue).toBe(0);
      const ledger = await listLedger(testContext(store), id);
      expect(rowsOf(ledger.entries)).toEqual([
        ["rental", total, "cash"],
        ["deposit-held", 250, "card"],
        ["deposit-applied", 100, "card"],
        ["deposit-released", 150, "card"],
      ]);
      expect(ledger.summary).toMatchObject({ paid: total + 100, due: 0, deposit: { amount: 0, state: "applied" } });
      const act = await pdfText((await files.get(answer.reservation.returnAct!.document))!);
      expectFields(act, [
        ["Užstatas paimtas", euro(250)],
        ["Išskaičiuota", `${euro(100)} (užstatas įskaitytas į mokesčius)`],
        ["Grąžinama", euro(150)],
        ["Liko sumokėti", euro(0)],
      ]);
      expect((await unpaidRows(310)).map((r) => r.id)).not.toContain(id);
    });

    it("užstatas nepaimtas: nieko neįskaitoma ir negrąžinama, mokesčiai lieka mokėti visi", async () => {
      const { id, total } = await paidReservation(320);
      const active = await handOver(id, 320, { method: "none" });
      expect(active.handover?.deposit).toMatchObject({ method: "none", amount: 0 });
      const { answer } = await giveBack(id, 320, 100);
      expect(answer.deposit).toEqual({ held: 0, retained: 0, refunded: 0 });
      expect(answer.balanceDue).toBe(100);
      const ledger = await listLedger(testContext(store), id);
      expect(ledger.entries.map((e) => e.kind)).toEqual(["rental"]);
      expect(ledger.summary).toEqual({
        total: total + 100,
        paid: total,
        due: 100,
        deposit: { amount: 0, state: "none" },
      });
      const act = await pdfText((await files.get(answer.reservation.returnAct!.document))!);
      expectFields(act, [
        ["Užstatas", "nepaimtas – neįskaitomas ir negrąžinamas"],
        ["Liko sumokėti", euro(100)],
      ]);
      const rows = (await unpaidRows(320)).filter((r) => r.id === id);
      expect(rows).toEqual([expect.objectContaining({ due: 100 })]);
    });

    it("internetu rezervuotas užstatas: perduodant antro neimama, grąžinant įskaitoma ir grąžinama", async () => {
      const { id, total } = await paidReservation(330);
      // As the provider's verified callback writes it (recordVerifiedPayment, Stripe manual capture).
      await store.transaction(async (tx) => {
        tx.set(COLLECTIONS.payments, store.newId(COLLECTIONS.payments), {
          reservationId: id,
          amount: 250,
          currency: "EUR",
          method: "online",
          kind: "deposit-held",
          reference: "Užstatas rezervuotas kortelėje (pi_test)",
          who: "provider",
          at: NOW.toISOString(),
          provider: "stripe",
          providerPaymentId: "pi_test",
          createdAt: NOW.toISOString(),
          updatedAt: NOW.toISOString(),
        });
      });
      const twice = await inputRefusal(handOver(id, 330, { method: "cash", amount: 250 }));
      expect(twice.errors?.["deposit.method"]).toBe(
        "Užstatas 250,00\u00a0€ jau rezervuotas kortelėje internetu – antro imti nereikia",
      );
      const active = await handOver(id, 330, { method: "online" });
      expect(active.handover?.deposit).toMatchObject({ method: "online", amount: 250 });
      const { answer } = await giveBack(id, 330, 40);
      expect(answer.deposit).toEqual({ held: 250, retained: 40, refunded: 210 });
      const ledger = await listLedger(testContext(store), id);
      expect(rowsOf(ledger.entries.filter((e) => e.kind.startsWith("deposit")))).toEqual([
        ["deposit-held", 250, "online"],
        ["deposit-applied", 40, "online"],
        ["deposit-released", 210, "online"],
      ]);
      expect(ledger.summary).toMatchObject({ total: total + 40, due: 0 });
    });

    it("žala iki savarankiškos rizikos (500 €), ne užstato; daugiau – apribojama; remonto kaina išsaugoma", async () => {
      const { id } = await paidReservation(340);
      await handOver(id, 340, { method: "cash", amount: 250 });
      const now = new Date(at(343, "09:30"));
      const info = await deskInfo(testContext(store, now), id);
      const base = {
        mileage: (info.handover?.mileage ?? 0) + 50,
        fuel: "1",
        returnedAt: now.toISOString(),
      };
      const above = await previewReturn(testContext(store, now), id, { ...base, damageAmount: 650 }, STAFF);
      const capped = above.charges.find((c) => c.kind === "damage");
      expect(capped).toMatchObject({ amount: 500, computed: 500 });
      expect(capped?.rule).toBe(
        "Nauji pažeidimai įvertinti 650,00\u00a0€; nuomininkas atlygina ne daugiau nei savarankišką riziką (franšizę) 500,00\u00a0€",
      );
      const overByStaff = await coreRefusal(
        previewReturn(
          testContext(store, now),
          id,
          { ...base, damageAmount: 650, overrides: [{ kind: "damage", amount: 650, reason: "sąmata" }] },
          STAFF,
        ),
        "forbidden",
      );
      expect(overByStaff.message).toBe("Apskaičiuotas sumas keisti gali tik administratorius");

      const { answer } = await giveBack(id, 340, 400, [
        { id: "r1", x: 0.8, y: 0.2, note: "Įlenktas priekinis sparnas", photos: [], repairCost: 420 },
      ]);
      expect(answer.charges.find((c) => c.kind === "damage")).toMatchObject({ amount: 400, computed: 400 });
      expect(answer.total).toBe(400);
      expect(answer.deposit).toEqual({ held: 250, retained: 250, refunded: 0 });
      expect(answer.balanceDue).toBe(150);
      const damage = (await store.query(COLLECTIONS.damages)).find((d) => d.data.reservationId === id)!;
      expect(damage.data).toMatchObject({ note: "Įlenktas priekinis sparnas", repairCost: 420, status: "open" });

      // The register: the real cost once the repair is known.
      const updated = await setDamageRepairCost(testContext(store), damage.id, STAFF, { repairCost: 465.5 });
      expect(updated.repairCost).toBe(465.5);
      expect((await store.get(COLLECTIONS.damages, damage.id))?.data.repairCost).toBe(465.5);
      const wrong = await inputRefusal(setDamageRepairCost(testContext(store), damage.id, STAFF, { repairCost: -5 }));
      expect(wrong.errors).toEqual({ repairCost: "Įveskite remonto kainą eurais (pvz., 420,00) arba palikite tuščią" });

      // The invoice at the return: damage compensation outside the scope of VAT by default.
      const [invoice] = (await store.query(COLLECTIONS.invoices)).filter((d) =>
        (d.data.reservationIds as string[]).includes(id),
      );
      expect(invoice).toBeDefined();
      const lines = invoice!.data.lines as {
        description: string;
        total: number;
        vat: number;
        vatRate: number;
        net: number;
        vatNote?: string;
      }[];
      const damageLine = lines.find((l) => l.description.startsWith("Pažeidimai"));
      expect(damageLine).toMatchObject({ total: 400, net: 400, vat: 0, vatRate: 0, vatNote: OUTSIDE_VAT_NOTE });
      const rental = lines[0]!;
      expect(rental.vatRate).toBeGreaterThan(0);
      expect(rental.vat).toBeGreaterThan(0);
      const totals = invoice!.data.totals as { net: number; vat: number; total: number };
      const cents = (pick: (l: (typeof lines)[number]) => number) =>
        lines.reduce((sum, l) => sum + Math.round(pick(l) * 100), 0) / 100;
      expect(totals).toEqual({ net: cents((l) => l.net), vat: cents((l) => l.vat), total: cents((l) => l.total) });
      expect(totals.vat).toBe(cents((l) => (l === damageLine ? 0 : l.vat)));
    });
  });
}
