// The customer's automatic e-mails and the pickup reminders on every DocumentStore (memory,
// PGlite, Firestore): core-*.test.ts call defineNotificationsContract with their harness. A staff
// edit queues its mail in the same transaction; the reminder job queues each reminder once, however
// many runs overlap; "send again" queues a copy.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../../src/core/collections";
import { resendMail } from "../../../src/core/mailResend";
import { queueDueReminders } from "../../../src/core/reminders";
import { createStaffReservation, updateStaffReservation } from "../../../src/core/reservations";
import { reminderId } from "../../../src/domain/notifications";
import { at, type CoreStoreHarness, demo, type RecordingStore, recordingStore, testContext } from "./useCases.contract";

const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;
const activeCars = demo.cars.filter((c) => c.doc.status === "active");
const place = demo.locations.find((l) => l.doc.active !== false)!;
const HOUR = 3_600_000;

type MailData = {
  to: string;
  message: { subject: string; text: string };
  ref: string | null;
  delivery: { state: string };
};

export function defineNotificationsContract(
  name: string,
  open: () => Promise<CoreStoreHarness>,
  options: { concurrency: number },
): void {
  describe(`Automatiniai laiškai ir priminimai: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: RecordingStore;
    const ctx = (now?: Date) => testContext(store, now);
    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = recordingStore(harness.store);
    });
    afterAll(async () => {
      await harness?.close();
    });

    const mailsOf = async (reservationId: string) =>
      (
        await store.query(COLLECTIONS.mail, {
          where: [{ field: "ref", op: "==", value: `reservation:${reservationId}` }],
        })
      )
        .map((doc) => doc.data as MailData)
        .sort((a, b) => a.message.subject.localeCompare(b.message.subject));

    const reserve = async (carIndex: number, day: number, customerId: string, status = "new") =>
      (
        await createStaffReservation(
          ctx(),
          {
            carId: activeCars[carIndex]!.id,
            customerId,
            pickupAt: at(day),
            returnAt: at(day + 3),
            pickupLocationId: place.id,
            returnLocationId: place.id,
            status,
          },
          STAFF,
        )
      ).record;

    it("patvirtinimas, pakeitimas ir atšaukimas įdeda laišką klientui toje pačioje operacijoje", async () => {
      const customer = demo.customers[0]!;
      const r = await reserve(0, 90, customer.id);
      expect(await mailsOf(r.id)).toHaveLength(0);

      const before = store.commits;
      await updateStaffReservation(ctx(), r.id, { status: "confirmed" }, STAFF);
      expect(store.commits - before).toBe(1);
      let mails = await mailsOf(r.id);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.to).toBe(customer.doc.email);
      expect(mails[0]?.message.subject).toBe(`Rezervacija ${r.number} patvirtinta`);
      expect(mails[0]?.delivery.state).toBe("PENDING");

      await updateStaffReservation(ctx(), r.id, { returnAt: at(94) }, STAFF);
      mails = await mailsOf(r.id);
      const changed = mails.find((m) => m.message.subject.endsWith("pakeista"));
      expect(changed?.message.text).toContain("Laikas:");

      await updateStaffReservation(ctx(), r.id, { notes: "Tik pastaba" }, STAFF);
      expect(await mailsOf(r.id)).toHaveLength(2);

      await updateStaffReservation(ctx(), r.id, { status: "cancelled", statusReason: "Automobilis sugedo" }, STAFF);
      const cancelled = (await mailsOf(r.id)).find((m) => m.message.subject.endsWith("atšaukta"));
      expect(cancelled?.message.text).toContain("Priežastis: Automobilis sugedo");
    });

    it("anglakalbiam klientui – angliškas laiškas", async () => {
      const customer = demo.customers[1]!;
      await store.transaction(async (tx) => {
        const found = await tx.get(COLLECTIONS.customers, customer.id);
        tx.set(COLLECTIONS.customers, customer.id, { ...found?.data, language: "en" });
      });
      const r = await reserve(1, 100, customer.id);
      await updateStaffReservation(ctx(), r.id, { status: "confirmed" }, STAFF);
      const [mail] = await mailsOf(r.id);
      expect(mail?.message.subject).toBe(`Reservation ${r.number} confirmed`);
      expect(mail?.message.text).toContain(`Hello ${customer.doc.firstName}`);
    });

    it("priminimas įdedamas vieną kartą, kad ir kiek paleidimų vyktų vienu metu", async () => {
      const customer = demo.customers[2]!;
      const r = await reserve(2, 120, customer.id, "confirmed");
      const now = new Date(Date.parse(r.pickupAt) - 5 * HOUR);

      const early = await queueDueReminders(ctx(new Date(Date.parse(r.pickupAt) - 30 * HOUR)));
      expect(early.queued.map((q) => q.reservationId)).not.toContain(r.id);

      const runs = await Promise.all(Array.from({ length: options.concurrency }, () => queueDueReminders(ctx(now))));
      const queued = runs.flatMap((run) => run.queued).filter((q) => q.reservationId === r.id);
      expect(queued).toHaveLength(1);
      await queueDueReminders(ctx(new Date(now.getTime() + HOUR)));

      const reminders = (await mailsOf(r.id)).filter((m) => m.message.subject.startsWith("Primename"));
      expect(reminders).toHaveLength(1);
      expect(reminders[0]?.message.text).toContain(place.doc.address);
      const marker = await store.get(COLLECTIONS.reminders, reminderId(r.id, r.pickupAt));
      expect(marker?.data.mailId).toBe(queued[0]?.mailId);

      // A pickup moved later gets a reminder of its own.
      const moved = await updateStaffReservation(ctx(), r.id, { pickupAt: at(121), returnAt: at(124) }, STAFF);
      const later = await queueDueReminders(ctx(new Date(Date.parse(moved.pickupAt) - 2 * HOUR)));
      expect(later.queued.filter((q) => q.reservationId === r.id)).toHaveLength(1);
      expect((await mailsOf(r.id)).filter((m) => m.message.subject.startsWith("Primename"))).toHaveLength(2);
    });

    it("„Siųsti dar kartą“ įdeda laiško kopiją ir įrašo į auditą", async () => {
      const customer = demo.customers[0]!;
      const r = await reserve(3, 140, customer.id);
      await updateStaffReservation(ctx(), r.id, { status: "confirmed" }, STAFF);
      const [original] = await store.query(COLLECTIONS.mail, {
        where: [{ field: "ref", op: "==", value: `reservation:${r.id}` }],
      });
      const copy = await resendMail(ctx(), original!.id, STAFF.email);
      expect(copy.id).not.toBe(original!.id);
      const mails = await mailsOf(r.id);
      expect(mails).toHaveLength(2);
      expect(mails[0]?.message).toEqual(mails[1]?.message);
      const audit = await store.query(COLLECTIONS.auditLog, {
        where: [{ field: "recordId", op: "==", value: copy.id }],
      });
      expect(audit[0]?.data).toMatchObject({ action: "create", resource: "mail", resentFrom: original!.id });
    });
  });
}
