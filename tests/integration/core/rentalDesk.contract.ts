// The rental desk's use cases (src/core/rentalDesk.ts) on every DocumentStore (memory, PGlite,
// Firestore): core-*.test.ts call defineRentalDeskContract with their harness. A hand-over and a
// return of one demo car, with the private files kept in memory.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS } from "../../../src/core/collections";
import {
  deskInfo,
  handOverReservation,
  mailAgreementForReading,
  markDamageRepaired,
  previewReturn,
  returnReservation,
} from "../../../src/core/rentalDesk";
import { createStaffReservation } from "../../../src/core/reservations";
import { ownAccount, STAFF_NAME_REQUIRED_MESSAGE, setOwnName } from "../../../src/core/staff";
import { memoryFiles } from "../../helpers/memoryFiles";
import { pdfPages, pdfText } from "../../helpers/pdfText";
import { renterDoc } from "./deskFixtures";
import {
  at,
  type CoreStoreHarness,
  car,
  coreRefusal,
  demo,
  inputRefusal,
  NOW,
  type RecordingStore,
  recordingStore,
  testContext,
} from "./useCases.contract";

const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;
const ADMIN = { email: "vadove@ratunuoma.lt", role: "admin" } as const;
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const SIGNATURE = { image: PNG, signerName: "Rūta Žemaitienė" };
/** The demo staff member's display name (server/seed/demoData.ts), printed as the lessor's representative. */
const STAFF_NAME = "Tadas Jankauskas";
/** lt-LT kilometres as the documents print them: "38 017 km" (a space between thousands). */
const kmText = (km: number): string => `${String(km).replace(/\B(?=(\d{3})+(?!\d))/g, " ")} km`;
const SCRATCH = "Įbrėžimas ant kairių priekinių durų";

type Attachment = { filename: string; path?: string; document?: string; content?: string };
const attachmentsOf = (mail: { data: Record<string, unknown> }): Attachment[] =>
  (mail.data.message as { attachments?: Attachment[] }).attachments ?? [];

export function defineRentalDeskContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`Nuomos punktas: išdavimas ir grąžinimas: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: RecordingStore;
    const files = memoryFiles();
    const deps = { files };
    let customerId = "";
    let reservationId = "";
    const location = demo.locations.find((l) => l.doc.active !== false)!;

    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = recordingStore(harness.store);
      // A customer with everything the checks need, and the car's limits set for the test.
      customerId = store.newId(COLLECTIONS.customers);
      const stamp = NOW.toISOString();
      const carDoc = await store.get(COLLECTIONS.cars, car.id);
      await store.transaction(async (tx) => {
        tx.set(COLLECTIONS.customers, customerId, renterDoc("ruta.stalas@example.lt", stamp));
        tx.set(COLLECTIONS.cars, car.id, {
          ...carDoc?.data,
          mileageLimitPerDay: 200,
          deposit: 300,
          minDriverAge: 21,
          minLicenceYears: 2,
        });
      });
      const created = await createStaffReservation(
        testContext(store),
        {
          carId: car.id,
          customerId,
          pickupAt: at(200),
          returnAt: at(203),
          pickupLocationId: location.id,
          returnLocationId: location.id,
          status: "confirmed",
        },
        STAFF,
      );
      reservationId = created.id;
    });
    afterAll(async () => {
      await harness?.close();
    });

    it("prieš išdavimą – nepasirašyta sutartis susipažinti el. paštu, pažymėta kiekviename puslapyje", async () => {
      const sent = await mailAgreementForReading(testContext(store), deps, reservationId, STAFF);
      expect(sent.to).toBe("ruta.stalas@example.lt");
      const mail = await store.get(COLLECTIONS.mail, sent.mailId);
      expect(mail?.data.ref).toBe(`reservation:${reservationId}`);
      expect((mail!.data.message as { subject: string }).subject).toMatch(/^Nuomos sutartis susipažinti/);
      const [attached, ...more] = attachmentsOf(mail!);
      expect(more).toHaveLength(0);
      expect(attached?.filename).toMatch(/^sutartis-.+-susipazinimui\.pdf$/);
      const pages = await pdfPages((await files.get(attached!.path!))!);
      expect(pages.length).toBeGreaterThan(0);
      for (const page of pages) expect(page).toContain("Nepasirašyta – susipažinimui");
      const reservation = await store.get(COLLECTIONS.reservations, reservationId);
      expect(reservation?.data.status).toBe("confirmed");
    });

    it("išduoti be vardo ir pavardės paskyroje negalima: sutartyje nuomotojo atstovas – asmuo, ne el. paštas", async () => {
      const info = await deskInfo(testContext(store), reservationId);
      const nameless = { email: "be.vardo@ratunuoma.lt", role: "staff" } as const;
      const refused = await coreRefusal(
        handOverReservation(
          testContext(store, new Date(at(200, "10:20"))),
          deps,
          reservationId,
          {
            mileage: (info.fleet?.mileage ?? 0) + 10,
            fuel: "1",
            licence: { number: "LT7654321", expiresAt: "2031-01-01" },
            confirmedDamageIds: info.damages.map((d) => d.id),
            signature: SIGNATURE,
            version: info.reservation.version,
          },
          nameless,
        ),
        "precondition",
      );
      expect(refused.message).toBe(STAFF_NAME_REQUIRED_MESSAGE);
      expect((await store.get(COLLECTIONS.reservations, reservationId))?.data.status).toBe("confirmed");
    });

    it("Mano paskyra: darbuotojas pats įrašo vardą ir pavardę; el. pašto adreso vietoj vardo nepriima", async () => {
      const member = { email: "admin@ratunuoma.lt", role: "admin" } as const;
      expect(await ownAccount(testContext(store), member)).toEqual({
        email: member.email,
        name: "Vaida Petrauskienė",
        nameReady: true,
      });
      const refused = await inputRefusal(setOwnName(testContext(store), { name: "admin@ratunuoma.lt" }, member));
      expect(refused.errors).toEqual({ name: "Įveskite vardą ir pavardę, ne el. pašto adresą" });
      expect(await setOwnName(testContext(store), { name: "  Vaida Petrauskienė-Kairė " }, member)).toEqual({
        email: member.email,
        name: "Vaida Petrauskienė-Kairė",
        nameReady: true,
      });
      const [doc] = (await store.query(COLLECTIONS.staff)).filter((d) => d.data.email === member.email);
      expect(doc?.data).toMatchObject({ name: "Vaida Petrauskienė-Kairė", role: "admin", active: true });
      await coreRefusal(ownAccount(testContext(store), { email: "nera@ratunuoma.lt" }), "not-found");
    });

    it("išdavimas prieš paėmimo dieną – atmetamas; paėmimo dieną – vykdoma, aktas, PDF, laiškas", async () => {
      const info = await deskInfo(testContext(store), reservationId);
      const fleetMileage = info.fleet?.mileage ?? 0;
      const body = {
        mileage: fleetMileage + 10,
        fuel: "1",
        licence: { number: "LT7654321", expiresAt: "2031-01-01" },
        confirmedDamageIds: info.damages.map((d) => d.id),
        damages: [{ id: "d1", x: 0.22, y: 0.35, note: SCRATCH, photos: [] }],
        photos: ["desk/priekis.jpg", "desk/kaire-puse.jpg"],
        signature: SIGNATURE,
        version: info.reservation.version,
        deposit: { method: "cash", amount: 300 },
      };
      const early = await coreRefusal(
        handOverReservation(testContext(store), deps, reservationId, body, STAFF),
        "precondition",
      );
      expect(early.message).toMatch(/^Automobilį perduoti galima nuo paėmimo dienos/);
      const missing = await inputRefusal(
        handOverReservation(
          testContext(store, new Date(at(200, "10:30"))),
          deps,
          reservationId,
          { ...body, fuel: null },
          STAFF,
        ),
      );
      expect(missing.errors).toMatchObject({ fuel: "Pasirinkite degalų kiekį" });

      const before = store.commits;
      const saved = await handOverReservation(
        testContext(store, new Date(at(200, "10:30"))),
        deps,
        reservationId,
        body,
        STAFF,
      );
      expect(store.commits).toBe(before + 1);
      expect(saved).toMatchObject({ status: "active", contract: { mileageOut: body.mileage, fuelOut: "1" } });
      const stored = await store.get(COLLECTIONS.reservations, reservationId);
      expect(stored?.data.status).toBe("active");
      const handover = stored?.data.handover as {
        document: string;
        agreementDocument: string;
        signature: { image: string };
      };
      const pdf = await files.get(handover.document);
      expect(new TextDecoder().decode(pdf?.slice(0, 5))).toBe("%PDF-");
      expect(await files.get(handover.signature.image)).not.toBeNull();
      const handoverMail = (await store.query(COLLECTIONS.mail)).find(
        (m) =>
          m.data.ref === `reservation:${reservationId}` &&
          (m.data.message as { subject: string }).subject.startsWith("Automobilio perdavimo aktas"),
      );
      expect(handoverMail).toBeDefined();
      // The e-mail carries both signed PDFs, as the desk's screen says: the agreement and the act.
      const attached = attachmentsOf(handoverMail!);
      expect(attached.map((a) => a.filename)).toEqual([
        expect.stringMatching(/^sutartis-.+\.pdf$/),
        expect.stringMatching(/^perdavimo-aktas-.+\.pdf$/),
      ]);
      const agreementPath = handover.agreementDocument;
      expect(attached.map((a) => a.path)).toEqual([agreementPath, handover.document]);
      expect((handoverMail!.data.message as { text: string }).text).toContain("Degalai: pilnas bakas");

      // The signed agreement is the record of the hand-over: readings, damage, photos, both parties.
      const agreement = await pdfText((await files.get(agreementPath))!);
      expect(agreement).toContain(`Perduodant: rida ${kmText(body.mileage)}, degalų lygis pilnas bakas.`);
      expect(agreement).toContain(`Pažeidimai (pažymėti automobilio schemoje): 1. ${SCRATCH}`);
      // The hand-over's own part (its labels and values are two columns to a text reader).
      const part = agreement.slice(agreement.indexOf("Perdavimo duomenys"));
      for (const label of ["Rida perduodant", "Degalai perduodant", "Kartu perduota", "Nuotraukų"]) {
        expect(part).toContain(label);
      }
      expect(part).toContain(`${kmText(body.mileage)} pilnas bakas`);
      expect(part).toContain("registracijos liudijimas, draudimo liudijimas, raktelis 2");
      expect(part).toContain("Nuotraukos: 1) priekis.jpg; 2) kaire-puse.jpg");
      expect(part).toContain(`Pažeidimai perduodant 1. ${SCRATCH}`);
      expect(agreement).toContain("Pasirašė: Rūta Žemaitienė");
      expect(agreement).toContain(`Nuomotojo atstovas: ${STAFF_NAME}`);
      expect(agreement).not.toContain(STAFF.email);
      expect(agreement).not.toMatch(/Pažeidimai \(pažymėti automobilio schemoje\): nėra/);
      expect(agreement).not.toMatch(/Perduodant: rida _+/);
      expect(agreement).not.toMatch(/Nuomotojas: _+/);
      const act = await pdfText(pdf!);
      expect(act).toContain(`Nuomotojo atstovas: ${STAFF_NAME}`);
      expect(act).toContain(`${kmText(body.mileage)} pilnas bakas`);
      expect(act).not.toContain(STAFF.email);

      // Once handed over, the signed agreement went with the act: no unsigned copy for reading.
      await coreRefusal(mailAgreementForReading(testContext(store), deps, reservationId, STAFF), "precondition");

      // The same hand-over again: the reservation is active now.
      await coreRefusal(
        handOverReservation(
          testContext(store, new Date(at(200, "10:40"))),
          deps,
          reservationId,
          { ...body, version: saved.version },
          STAFF,
        ),
        "precondition",
      );
    });

    it("grąžinimas: viršyta rida, trūkstami degalai, vėlavimas – suma pagal taisykles; pažeidimas registre", async () => {
      const now = new Date(at(203, "16:00"));
      const current = await deskInfo(testContext(store, now), reservationId);
      const out = current.handover?.mileage ?? 0;
      const { days, dailyRate } = current.reservation.quote!;
      const body = {
        mileage: out + 200 * days + 100,
        fuel: "1/2",
        returnedAt: now.toISOString(),
        damages: [{ id: "z1", x: 0.5, y: 0.9, note: "Įskilęs galinis žibintas", photos: [] }],
        signature: SIGNATURE,
      };
      await inputRefusal(
        returnReservation(testContext(store, now), deps, reservationId, { ...body, mileage: out - 1 }, STAFF),
      );
      const preview = await previewReturn(testContext(store, now), reservationId, body, STAFF);
      // 100 km × 0,20 € + 2 quarters × 15 € + one started day (6 h late) × the daily rate
      const expected = Math.round((100 * 0.2 + 2 * 15 + dailyRate) * 100) / 100;
      expect(preview.total).toBe(expected);
      // As the Firebase functions call it: the act travels inline, since the Trigger Email
      // extension cannot read a private Storage path.
      const answer = await returnReservation(
        testContext(store, now),
        { ...deps, inlineMailAttachments: true },
        reservationId,
        body,
        STAFF,
      );
      expect(answer.total).toBe(expected);
      const returnMail = (await store.query(COLLECTIONS.mail)).find(
        (m) =>
          m.data.ref === `reservation:${reservationId}` &&
          (m.data.message as { subject: string }).subject.startsWith("Ačiū"),
      );
      expect(returnMail).toBeDefined();
      const [attached] = (returnMail!.data.message as { attachments: Record<string, string>[] }).attachments;
      expect(attached).not.toHaveProperty("path");
      expect(attached).toMatchObject({ encoding: "base64", contentType: "application/pdf" });
      const kept = await files.get(attached!.document!);
      expect(Buffer.from(attached!.content!, "base64").equals(Buffer.from(kept!))).toBe(true);
      expect(answer.reservation.status).toBe("completed");
      expect(answer.deposit).toEqual({
        held: 300,
        retained: Math.min(300, expected),
        refunded: Math.round((300 - Math.min(300, expected)) * 100) / 100,
      });
      const damages = (await store.query(COLLECTIONS.damages)).filter((d) => d.data.reservationId === reservationId);
      expect(damages).toHaveLength(1);
      expect(damages[0]?.data).toMatchObject({ carId: car.id, status: "open", note: "Įskilęs galinis žibintas" });
      const repaired = await markDamageRepaired(testContext(store, now), damages[0]!.id, ADMIN);
      expect(repaired).toMatchObject({ status: "repaired", repairedBy: ADMIN.email });
      await coreRefusal(markDamageRepaired(testContext(store, now), damages[0]!.id, ADMIN), "precondition");
    });
  });
}
