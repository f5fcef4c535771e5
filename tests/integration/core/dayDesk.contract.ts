// The desk's day (issue 26, part 6) and the audit log's before/after (part 8) on every
// DocumentStore (memory, PGlite, Firestore): overdue returns and pick-ups from the core's clock,
// the confirmation of a booking staff save as confirmed, the hand-over that fills in the
// customer card, and an edit's changed fields in the audit entry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditDirectWrite } from "../../../src/core/auditLog";
import { COLLECTIONS } from "../../../src/core/collections";
import { deskInfo, handOverReservation } from "../../../src/core/rentalDesk";
import { todayDesk } from "../../../src/core/reports";
import { createStaffReservation, updateStaffReservation } from "../../../src/core/reservations";
import { updateStaffRecord } from "../../../src/core/staffRecords";
import { overdueText } from "../../../src/domain/overdue";
import { memoryFiles } from "../../helpers/memoryFiles";
import {
  at,
  type CoreStoreHarness,
  car,
  demo,
  inputRefusal,
  NOW,
  type RecordingStore,
  recordingStore,
  testContext,
} from "./useCases.contract";

/** An active demo car with nothing booked for a month around NOW (the first one is, too). */
const otherCar = demo.cars.find((c) => c.id === "99321f9c-aea5-549f-ba11-26026d25be40")!;
const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

export function defineDayDeskContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`Diena prie stalo ir veiksmų žurnalas: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: RecordingStore;
    const location = demo.locations.find((l) => l.doc.active !== false)!;
    let cardless = "";

    const addCustomer = async (fields: Record<string, unknown>): Promise<string> => {
      const id = store.newId(COLLECTIONS.customers);
      const stamp = NOW.toISOString();
      await store.transaction(async (tx) => {
        tx.set(COLLECTIONS.customers, id, {
          type: "private",
          firstName: "Aistė",
          lastName: "Vėlyvoji",
          phone: "+37061234599",
          notes: "",
          consentAt: null,
          version: 1,
          createdAt: stamp,
          updatedAt: stamp,
          ...fields,
        });
      });
      return id;
    };
    const book = (customerId: string, from: string, to: string, status: string, now: Date = NOW, carId = car.id) =>
      createStaffReservation(
        testContext(store, now),
        {
          carId,
          customerId,
          pickupAt: from,
          returnAt: to,
          pickupLocationId: location.id,
          returnLocationId: location.id,
          status,
        },
        STAFF,
      );
    const mailsOf = async (reservationId: string) =>
      (await store.query(COLLECTIONS.mail)).filter((m) => m.data.ref === `reservation:${reservationId}`);
    const auditOf = async (recordId: string) =>
      (await store.query(COLLECTIONS.auditLog, { where: [{ field: "recordId", op: "==", value: recordId }] })).map(
        (doc) => doc.data,
      );

    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = recordingStore(harness.store);
      cardless = await addCustomer({ email: "aiste.velyvoji@example.lt" });
    });
    afterAll(async () => {
      await harness?.close();
    });

    it("suvestinė: vakar negrąžintas ir šįryt nepaimtas automobilis – vėluoja, sąrašo viršuje", async () => {
      const earlier = new Date(at(-10));
      // Picked up three days ago, due back yesterday at 10:00, still out.
      const out = await book(cardless, at(-3), at(-1), "confirmed", earlier);
      await updateStaffReservation(
        testContext(store, new Date(at(-3, "10:30"))),
        out.id,
        { status: "active", version: 1 },
        STAFF,
      );
      // Confirmed for this morning 08:00, not handed over (NOW is 11:00 in Vilnius).
      const notTaken = await book(cardless, at(0, "08:00"), at(2, "08:00"), "confirmed", earlier);
      // Later today: not late yet.
      const later = await book(cardless, at(0, "16:00"), at(1, "16:00"), "new", earlier, otherCar.id);

      const rows = await todayDesk(testContext(store));
      const late = rows.find((r) => r.id === out.id);
      expect(late).toMatchObject({ kind: "return", status: "active", lateMinutes: 25 * 60 });
      expect(overdueText("return", late!.lateMinutes)).toBe("Vėluoja grąžinti 1 d. 1 val.");
      const pickup = rows.find((r) => r.id === notTaken.id);
      expect(pickup).toMatchObject({ kind: "pickup", lateMinutes: 3 * 60 });
      expect(overdueText("pickup", pickup!.lateMinutes)).toBe("Vėluoja paimti 3 val.");
      expect(rows.find((r) => r.id === later.id)).toMatchObject({ kind: "pickup", lateMinutes: 0 });
      // Overdue first, the latest first.
      const firstOnTime = rows.findIndex((r) => r.lateMinutes === 0);
      const lastLate = rows.map((r) => r.lateMinutes > 0).lastIndexOf(true);
      expect(lastLate).toBeLessThan(firstOnTime === -1 ? rows.length : firstOnTime);
      expect(rows.indexOf(late!)).toBeLessThan(rows.indexOf(pickup!));
      // Each reservation once.
      expect(rows.filter((r) => r.id === out.id)).toHaveLength(1);

      // Whatever the clock says: two hours and a quarter after this morning's pickup time.
      const soon = await todayDesk(testContext(store, new Date(at(0, "10:15"))));
      expect(overdueText("pickup", soon.find((r) => r.id === notTaken.id)!.lateMinutes)).toBe(
        "Vėluoja paimti 2 val. 15 min.",
      );
    });

    it("darbuotojo rezervacija, iškart patvirtinta – klientui lygiai vienas patvirtinimo laiškas", async () => {
      const customer = await addCustomer({ email: "patvirtinta@example.lt", birthDate: "1990-01-01" });
      const confirmed = await book(customer, at(200), at(203), "confirmed");
      const mails = await mailsOf(confirmed.id);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.data.to).toBe("patvirtinta@example.lt");

      // The same template as a booking confirmed later (new → confirmed).
      const fresh = await book(customer, at(210), at(213), "new");
      expect(await mailsOf(fresh.id)).toHaveLength(0);
      await updateStaffReservation(testContext(store), fresh.id, { status: "confirmed", version: 1 }, STAFF);
      const later = await mailsOf(fresh.id);
      expect(later).toHaveLength(1);
      const subject = (mail: { data: Record<string, unknown> }) => (mail.data.message as { subject: string }).subject;
      expect(subject(mails[0]!).replace(confirmed.number, "#")).toBe(subject(later[0]!).replace(fresh.number, "#"));
    });

    it("perdavimas: trūkstama gimimo data ir pažymėjimo duomenys įvedami vedlyje ir patenka į kliento kortelę", async () => {
      const customer = await addCustomer({ email: "be.datu@example.lt" });
      const booked = await book(customer, at(220), at(222), "confirmed");
      const info = await deskInfo(testContext(store), booked.id);
      const body = {
        mileage: (info.fleet?.mileage ?? 0) + 5,
        fuel: "1",
        licence: { number: "LT1112223", expiresAt: "2032-06-30" },
        confirmedDamageIds: info.damages.map((d) => d.id),
        signature: { image: PNG, signerName: "Aistė Vėlyvoji" },
        version: info.reservation.version,
      };
      const onTheDay = new Date(at(220, "10:30"));
      const refused = await inputRefusal(
        handOverReservation(testContext(store, onTheDay), { files: memoryFiles() }, booked.id, body, STAFF),
      );
      expect(Object.keys(refused.errors ?? {}).sort()).toEqual(["customer.birthDate", "customer.licenceIssuedAt"]);

      const tooYoung = await inputRefusal(
        handOverReservation(
          testContext(store, onTheDay),
          { files: memoryFiles() },
          booked.id,
          { ...body, customer: { birthDate: "2010-01-01", licenceIssuedAt: "2015-01-01" } },
          STAFF,
        ),
      );
      expect(tooYoung.errors?.["customer.birthDate"]).toMatch(
        /^Šiam automobiliui vairuotojui turi būti ne mažiau kaip/,
      );

      const saved = await handOverReservation(
        testContext(store, onTheDay),
        { files: memoryFiles() },
        booked.id,
        { ...body, customer: { birthDate: "1985-07-14", licenceIssuedAt: "2004-09-01" } },
        STAFF,
      );
      expect(saved.status).toBe("active");
      const card = await store.get(COLLECTIONS.customers, customer);
      expect(card?.data).toMatchObject({
        birthDate: "1985-07-14",
        licenceIssuedAt: "2004-09-01",
        licenceNumber: "LT1112223",
        licenceExpiresAt: "2032-06-30",
      });
      const entry = (await auditOf(customer)).find((e) => e.action === "update");
      expect(entry).toMatchObject({
        resource: "customers",
        actor: STAFF.email,
        changes: {
          birthDate: { before: null, after: "1985-07-14" },
          licenceNumber: { after: "LT1112223" },
          licenceExpiresAt: { after: "2032-06-30" },
        },
      });
    });

    it("žurnalas: redagavimo įraše – pakeisti laukai prieš ir po, be kitų laukų", async () => {
      const customer = await addCustomer({ email: "keiciamas@example.lt" });
      await updateStaffRecord(
        testContext(store),
        "customers",
        customer,
        { phone: "+37069999999", version: 1 },
        STAFF.email,
      );
      const entry = (await auditOf(customer)).find((e) => e.action === "update");
      expect(entry).toMatchObject({ resource: "customers", actor: STAFF.email });
      expect(entry?.changes).toEqual({ phone: { before: "+37061234599", after: "+37069999999" } });

      const booked = await book(customer, at(230), at(232), "new");
      await updateStaffReservation(testContext(store), booked.id, { notes: "Vaikiška kėdutė", version: 1 }, STAFF);
      const edit = (await auditOf(booked.id)).find((e) => e.action === "update");
      expect(edit?.changes).toEqual({ notes: { before: "", after: "Vaikiška kėdutė" } });
    });

    it("tiesioginis įrašymas (Firebase trigeris): kas, kada ir pakeisti laukai; be pakeitimų – nieko", async () => {
      const id = store.newId(COLLECTIONS.cars);
      const before = {
        make: "Toyota",
        model: "Yaris",
        deposit: 300,
        passwordHash: "x",
        updatedAt: "2026-01-01T00:00:00Z",
      };
      const after = { ...before, deposit: 350, passwordHash: "y", updatedAt: "2026-03-10T09:00:00Z" };
      const write = { resource: "cars", recordId: id, actor: STAFF.email };
      expect(await auditDirectWrite(testContext(store), { ...write, before, after })).toBe(true);
      expect(
        await auditDirectWrite(testContext(store), {
          ...write,
          before: after,
          after: { ...after, updatedAt: NOW.toISOString() },
        }),
      ).toBe(false);
      expect(await auditDirectWrite(testContext(store), { ...write, before: null, after })).toBe(true);
      const entries = await auditOf(id);
      expect(entries).toHaveLength(2);
      const update = entries.find((e) => e.action === "update");
      expect(update).toMatchObject({ resource: "cars", actor: STAFF.email, at: NOW.toISOString() });
      // The secret's value never reaches the log.
      expect(update?.changes).toEqual({
        deposit: { before: 300, after: 350 },
        passwordHash: { before: "••••", after: "••••" },
      });
      expect(entries.find((e) => e.action === "create")?.changes).toBeUndefined();
    });
  });
}
