// The customer's data rights on every DocumentStore (memory, PGlite, Firestore):
// dataRights-*.test.ts call defineDataRightsContract with their harness. The clock is given, so
// the retention periods are checked on time: what is due goes, what is not yet due (or kept by
// law: an open damage claim, a mail not sent yet) stays; a second run finds nothing; five runs
// at once for one day (five servers) run it once. The erasure is checked on the store too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS, SETTINGS_ID } from "../../../src/core/collections";
import {
  applyRetention,
  ERASURE_CANCEL_REASON,
  EXPORT_LIST_MESSAGE,
  eraseCustomer,
  exportCustomerData,
  RESTORE_ACTOR,
  reapplyErasures,
  recordListExport,
} from "../../../src/core/dataRights";
import type { DocumentStore } from "../../../src/core/ports";
import { ERASED, RETENTION_DEFAULTS } from "../../../src/domain/retention";
import { type CoreStoreHarness, demo, NOW, testContext } from "./useCases.contract";

export { memoryFiles } from "../../helpers/memoryFiles";

import { memoryFiles } from "../../helpers/memoryFiles";

const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

/** Private files in memory, with removal. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const car = demo.cars.find((c) => c.doc.status === "active")!;
const place = demo.locations[0]!;

export function defineDataRightsContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`Asmens duomenų teisės ir saugojimo terminai: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: DocumentStore;
    const files = memoryFiles();
    const ids: Record<string, string> = {};

    async function put(collection: string, key: string, data: Record<string, unknown>, createdAt: string) {
      const id = store.newId(collection);
      ids[key] = id;
      await store.transaction(async (tx) => {
        tx.set(collection, id, { ...data, version: 1, createdAt, updatedAt: createdAt });
      });
      return id;
    }

    const customer = (key: string, createdAt: string, licence = `LT${key}77`) =>
      put(
        COLLECTIONS.customers,
        key,
        {
          type: "private",
          firstName: `Vardas${key}`,
          lastName: `Pavardenis${key}`,
          email: `${key.toLowerCase()}.klientas@pavyzdys.lt`,
          phone: `+3706${String(1000000 + key.charCodeAt(0) * 97 + key.length).slice(0, 7)}`,
          birthDate: "1980-01-01",
          licenceNumber: licence,
          licenceIssuedAt: "2000-01-01",
          notes: "",
          consentAt: null,
        },
        createdAt,
      );

    async function returnedRental(key: string, customerKey: string, returnedDaysAgo: number) {
      const sigOut = `desk/${key}-isdavimas.png`;
      const sigIn = `desk/${key}-grazinimas.png`;
      await files.put(sigOut, PNG, "image/png");
      await files.put(sigIn, PNG, "image/png");
      const signature = (image: string) => ({
        image,
        signedAt: ago(returnedDaysAgo + 3),
        signerName: `Vardas${customerKey} Pavardenis${customerKey}`,
        documentHash: "a".repeat(64),
      });
      const reading = {
        by: "darbuotojas@ratunuoma.lt",
        mileage: 1000,
        fuel: "1",
        damages: [],
        photos: [`desk/${key}-foto.jpg`],
      };
      return put(
        COLLECTIONS.reservations,
        key,
        {
          number: `R-2025-9${String(Object.keys(ids).length).padStart(5, "0")}`,
          carId: car.id,
          customerId: ids[customerKey],
          pickupAt: ago(returnedDaysAgo + 3),
          returnAt: ago(returnedDaysAgo),
          pickupLocationId: place.id,
          returnLocationId: place.id,
          extras: [],
          status: "completed",
          source: "office",
          comment: "",
          notes: "",
          contract: { mileageOut: 1000, mileageIn: 1100, fuelOut: "1", fuelIn: "1", damages: "", text: null },
          cancelReason: "",
          handoverOverrideReason: "",
          handover: {
            ...reading,
            at: ago(returnedDaysAgo + 3),
            signature: signature(sigOut),
            document: `documents/${key}-handover.pdf`,
            licence: { number: `LT${customerKey}77`, expiresAt: "2035-01-01" },
            confirmedDamageIds: [],
          },
          returnAct: {
            ...reading,
            at: ago(returnedDaysAgo),
            returnedAt: ago(returnedDaysAgo),
            signature: signature(sigIn),
            document: `documents/${key}-return.pdf`,
            charges: [],
            total: 0,
            deposit: { held: 0, retained: 0, refunded: 0 },
          },
        },
        ago(returnedDaysAgo + 10),
      );
    }

    const mail = (key: string, to: string, daysAgo: number, state: string) =>
      put(
        COLLECTIONS.mail,
        key,
        {
          to,
          message: { subject: `Laiškas ${key}`, text: `Sveiki, tai laiško ${key} turinys` },
          delivery: { state, attempts: state === "PENDING" ? 0 : 1, error: null, endTime: null },
          ref: null,
        },
        ago(daysAgo),
      );

    const inquiry = (key: string, daysAgo: number) =>
      put(
        COLLECTIONS.requests,
        key,
        {
          type: "contact",
          name: `Užklausėjas ${key}`,
          email: `${key.toLowerCase()}.uzklausa@pavyzdys.lt`,
          phone: null,
          message: "Ar turite laisvų automobilių?",
          carId: null,
          pickupAt: null,
          returnAt: null,
          company: null,
          status: "answered",
          replies: [],
        },
        ago(daysAgo),
      );

    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = harness.store;
      // Old customers: A rented long ago (due), B recently (not due), C has an open claim, D never rented (inactive).
      await customer("A", ago(5 * 365));
      await customer("B", ago(5 * 365));
      await customer("C", ago(5 * 365));
      await customer("D", ago(4 * 365));
      await customer("E", ago(10)); // new, never rented: not inactive yet
      await returnedRental("RA", "A", RETENTION_DEFAULTS.licenceDays + 5);
      await returnedRental("RB", "B", RETENTION_DEFAULTS.licenceDays - 5);
      await returnedRental("RC", "C", RETENTION_DEFAULTS.licenceDays + 100);
      await put(
        COLLECTIONS.damages,
        "DC",
        {
          carId: car.id,
          reservationId: ids.RC,
          x: 0.5,
          y: 0.5,
          note: "Įlenkimas",
          photos: [],
          status: "open",
          foundAt: ago(RETENTION_DEFAULTS.licenceDays + 100),
          repairedAt: null,
          repairedBy: "",
        },
        ago(RETENTION_DEFAULTS.licenceDays + 100),
      );
      await inquiry("Q_OLD", 400);
      await inquiry("Q_NEW", 30);
      await mail("M_OLD", "a.klientas@pavyzdys.lt", RETENTION_DEFAULTS.mailBodyDays + 1, "SUCCESS");
      await mail("M_PENDING", "b.klientas@pavyzdys.lt", RETENTION_DEFAULTS.mailBodyDays + 1, "PENDING");
      await mail("M_NEW", "b.klientas@pavyzdys.lt", 5, "SUCCESS");
    }, 120_000);
    afterAll(async () => {
      await harness?.close();
    });

    const get = async (collection: string, key: string) => (await store.get(collection, ids[key]!))?.data ?? null;
    type Act = { licence: { number: string }; signature: { image: string } };

    it("eksportas turi kliento rezervaciją, parašus ir nuotraukų sąrašą, bet nieko apie kitus", async () => {
      const data = await exportCustomerData(testContext(store), { files }, ids.A!, "admin@ratunuoma.lt");
      expect(data.reservations.map((r) => r.id)).toEqual([ids.RA]);
      expect(data.signatures.map((s) => s.dataUrl)).toEqual([
        expect.stringMatching(/^data:image\/png;base64,/),
        expect.stringMatching(/^data:image\/png;base64,/),
      ]);
      expect(data.photos.map((p) => p.path)).toEqual([`desk/RA-foto.jpg`, `desk/RA-foto.jpg`]);
      expect(data.mails.map((m) => m.id)).toEqual([ids.M_OLD]);
      const text = JSON.stringify(data);
      for (const other of ["B", "C", "D"]) expect(text).not.toContain(`Pavardenis${other}`);
      // Audited: who exported whose data, when – never the data itself.
      const audit = await store.query(COLLECTIONS.auditLog, { where: [{ field: "recordId", op: "==", value: ids.A }] });
      const entry = audit.find((d) => d.data.action === "export");
      expect(entry?.data).toMatchObject({ resource: "customers", actor: "admin@ratunuoma.lt", at: NOW.toISOString() });
      expect(JSON.stringify(entry)).not.toContain("PavardenisA");
    });

    it("sąrašo CSV eksportas įrašomas į žurnalą; nežinomas sąrašas atmetamas", async () => {
      const answer = await recordListExport(
        testContext(store),
        { resource: "customers", count: 42 },
        "darbuotojas@ratunuoma.lt",
      );
      expect(answer).toEqual({ recorded: true, at: NOW.toISOString() });
      const audit = await store.query(COLLECTIONS.auditLog, {
        where: [{ field: "action", op: "==", value: "export" }],
      });
      expect(audit.map((d) => d.data)).toContainEqual(
        expect.objectContaining({ resource: "customers", actor: "darbuotojas@ratunuoma.lt", format: "CSV", count: 42 }),
      );
      await expect(
        recordListExport(testContext(store), { resource: "slaptazodziai", count: 1 }, "darbuotojas@ratunuoma.lt"),
      ).rejects.toMatchObject({ message: EXPORT_LIST_MESSAGE });
    });

    it("laikrodis 400 d. į priekį: niekas neištrinama, žurnale priežastis lietuviškai", async () => {
      const everything = async () => {
        const out: Record<string, unknown> = {};
        for (const c of [COLLECTIONS.requests, COLLECTIONS.mail, COLLECTIONS.customers, COLLECTIONS.reservations]) {
          out[c] = (await store.query(c)).map((d) => [d.id, d.data]).sort();
        }
        return { out, files: files.paths().sort() };
      };
      const before = await everything();
      const errors: string[] = [];
      const ahead = new Date(NOW.getTime() + 400 * DAY);
      const ctx = {
        ...testContext(store, ahead),
        log: { ...testContext(store).log, error: (m: string) => errors.push(m) },
      };
      const run = await applyRetention(ctx, { files }, ahead);
      expect(run.ran).toBe(false);
      expect(run.counts).toBeNull();
      expect(run.refused).toMatch(
        /^Asmens duomenų saugojimo terminai nevykdomi: serverio laikrodis \(\d{4}-\d{2}-\d{2}\) \d+ d\. toliau už naujausią įrašą \(\d{4}-\d{2}-\d{2}\), leidžiama ne daugiau kaip 31 d\. Patikrinkite serverio laiką; niekas neištrinta\.$/,
      );
      expect(errors).toEqual([run.refused]);
      expect(await everything()).toEqual(before);
      expect(await store.get(COLLECTIONS.retentionRuns, run.day)).toBeNull();
    });

    it("penki vienu metu paleisti tos pačios dienos vykdymai – vykdomas vienas", async () => {
      const runs = await Promise.all(
        Array.from({ length: 5 }, () => applyRetention(testContext(store), { files }, NOW)),
      );
      expect(runs.filter((r) => r.ran)).toHaveLength(1);
      const run = runs.find((r) => r.ran)!;
      expect(run.counts).toMatchObject({ signatureFiles: 2 });
      expect(run.counts!.reservationLicences).toBeGreaterThanOrEqual(1);
      expect(run.counts!.inquiriesDeleted).toBeGreaterThanOrEqual(1);
      expect(run.counts!.mailBodies).toBeGreaterThanOrEqual(1);
      expect(run.counts!.customersAnonymised).toBeGreaterThanOrEqual(1);
      const marker = await store.get(COLLECTIONS.retentionRuns, run.day);
      expect(marker?.data).toMatchObject({ status: "done", counts: run.counts });
    });

    it("laiku ištrina tai, kam atėjo terminas, ir palieka tai, kam dar ne", async () => {
      // Licence and signatures: A's rental (due) cleared, B's (not due) and C's (open claim) kept.
      const ra = (await get(COLLECTIONS.reservations, "RA")) as { handover: Act; returnAct: Act };
      expect(ra.handover.licence.number).toBe(ERASED);
      expect(await files.get(ra.handover.signature.image)).toBeNull();
      expect(await files.get(ra.returnAct.signature.image)).toBeNull();
      const rb = (await get(COLLECTIONS.reservations, "RB")) as { handover: Act };
      expect(rb.handover.licence.number).toBe("LTB77");
      expect(await files.get(rb.handover.signature.image)).not.toBeNull();
      const rc = (await get(COLLECTIONS.reservations, "RC")) as { handover: Act };
      expect(rc.handover.licence.number).toBe("LTC77");
      expect(await files.get(rc.handover.signature.image)).not.toBeNull();
      // The customer's own licence fields: A's gone (their only rental was returned long ago), B's kept.
      const a = await get(COLLECTIONS.customers, "A");
      expect(a?.licenceNumber ?? "").toBe("");
      expect((await get(COLLECTIONS.customers, "B"))?.licenceNumber).toBe("LTB77");
      // Inquiries.
      expect(await get(COLLECTIONS.requests, "Q_OLD")).toBeNull();
      expect(await get(COLLECTIONS.requests, "Q_NEW")).not.toBeNull();
      // Mail bodies: the old sent one emptied (subject and recipient kept), the unsent and the new ones whole.
      expect((await get(COLLECTIONS.mail, "M_OLD"))?.message).toEqual({ subject: "Laiškas M_OLD", text: "" });
      expect((await get(COLLECTIONS.mail, "M_OLD"))?.to).toBe("a.klientas@pavyzdys.lt");
      const textOf = async (key: string) =>
        ((await get(COLLECTIONS.mail, key))?.message as { text: string } | undefined)?.text;
      expect(await textOf("M_PENDING")).toBe("Sveiki, tai laiško M_PENDING turinys");
      expect(await textOf("M_NEW")).toBe("Sveiki, tai laiško M_NEW turinys");
      // Inactive customers: D (no reservation for years) anonymised; A and B rented within 3 years; C has a claim; E is new.
      expect((await get(COLLECTIONS.customers, "D"))?.anonymisedAt).toEqual(expect.any(String));
      expect((await get(COLLECTIONS.customers, "D"))?.lastName).toBe("klientas");
      for (const key of ["A", "B", "C", "E"]) {
        expect((await get(COLLECTIONS.customers, key))?.anonymisedAt, key).toBeUndefined();
      }
    });

    it("kitą dieną nieko naujo neištrina (veiksmas pakartojamas)", async () => {
      const next = await applyRetention(testContext(store), { files }, new Date(NOW.getTime() + DAY));
      expect(next.ran).toBe(true);
      expect(next.counts).toEqual({
        reservationLicences: 0,
        signatureFiles: 0,
        customerLicences: 0,
        inquiriesDeleted: 0,
        mailBodies: 0,
        customersAnonymised: 0,
      });
    });

    it("trumpesni terminai nustatymuose taikomi kitą dieną: B pažymėjimas ištrinamas", async () => {
      await store.transaction(async (tx) => {
        const settings = await tx.get(COLLECTIONS.settings, SETTINGS_ID);
        tx.set(COLLECTIONS.settings, SETTINGS_ID, {
          ...(settings?.data ?? {}),
          retention: { ...RETENTION_DEFAULTS, licenceDays: 30 },
        });
      });
      const run = await applyRetention(testContext(store), { files }, new Date(NOW.getTime() + 2 * DAY));
      expect(run.settings.licenceDays).toBe(30);
      expect(run.counts?.reservationLicences).toBe(1);
      const rb = (await get(COLLECTIONS.reservations, "RB")) as { handover: Act };
      expect(rb.handover.licence.number).toBe(ERASED);
    });

    it("ištrynimas su atvira žala palieka aktus ir kontaktus, o kita – nuasmenina", async () => {
      const report = await eraseCustomer(testContext(store), { files }, ids.C!, "admin@ratunuoma.lt");
      expect(report.kept.map((k) => k.kind).sort()).toEqual(["customer", "reservation"]);
      const c = await get(COLLECTIONS.customers, "C");
      expect(c).toMatchObject({ lastName: "PavardenisC", birthDate: null, notes: "" });
      expect(c?.licenceNumber ?? "").toBe("");
      const rc = (await get(COLLECTIONS.reservations, "RC")) as { handover: Act };
      expect(await files.get(rc.handover.signature.image)).not.toBeNull();
    });

    it("ištrynimas be žalos – nuasmenina klientą ir jo laiškus; žurnale tik kiekiai", async () => {
      const report = await eraseCustomer(testContext(store), { files }, ids.A!, "admin@ratunuoma.lt");
      expect(report.kept).toEqual([]);
      expect(report.counts).toMatchObject({ customers: 1, reservations: 1 });
      const a = await get(COLLECTIONS.customers, "A");
      expect(a).toMatchObject({ firstName: "Ištrintas", lastName: "klientas" });
      expect(String(a?.email)).toMatch(/@anonimizuota\.invalid$/);
      const m = await get(COLLECTIONS.mail, "M_OLD");
      expect(JSON.stringify(m)).not.toContain("a.klientas@pavyzdys.lt");
      const audit = await store.query(COLLECTIONS.auditLog, { where: [{ field: "recordId", op: "==", value: ids.A }] });
      const entry = audit.find((d) => d.data.action === "erase");
      expect(entry?.data).toMatchObject({
        actor: "admin@ratunuoma.lt",
        counts: expect.objectContaining({ customers: 1 }),
      });
      expect(JSON.stringify(audit)).not.toContain("PavardenisA");
    });

    // Customer F with a booking ahead: the erasure is refused with its number; once staff cancelled
    // it, the erasure goes through and is written in the ledger (ids and hashes only).
    const ahead = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();
    let backupOfF: { customer: Record<string, unknown>; reservation: Record<string, unknown> } | null = null;

    it("klientas su būsima patvirtinta rezervacija neištrinamas: priežastis su rezervacijos numeriu", async () => {
      await customer("F", ago(30));
      await put(
        COLLECTIONS.reservations,
        "RF",
        {
          number: "R-2026-977777",
          carId: car.id,
          customerId: ids.F,
          pickupAt: ahead(300),
          returnAt: ahead(303),
          pickupLocationId: place.id,
          returnLocationId: place.id,
          extras: [],
          status: "confirmed",
          source: "web",
          comment: "",
          notes: "",
          cancelReason: "",
          handoverOverrideReason: "",
        },
        ago(1),
      );
      const refused = eraseCustomer(testContext(store), { files }, ids.F!, "admin@ratunuoma.lt");
      await expect(refused).rejects.toMatchObject({
        kind: "precondition",
        message: expect.stringContaining("jis turi būsimų rezervacijų (R-2026-977777)"),
      });
      expect((await get(COLLECTIONS.customers, "F"))?.lastName).toBe("PavardenisF");
      expect((await get(COLLECTIONS.reservations, "RF"))?.status).toBe("confirmed");
      expect(await store.get(COLLECTIONS.erasureLedger, ids.F!)).toBeNull();
    });

    it("atšaukus rezervaciją ištrinama; ištrynimų sąraše tik id ir santraukos, be asmens duomenų", async () => {
      backupOfF = {
        customer: { ...((await get(COLLECTIONS.customers, "F")) ?? {}) },
        reservation: { ...((await get(COLLECTIONS.reservations, "RF")) ?? {}) },
      };
      await store.transaction(async (tx) => {
        const r = await tx.get(COLLECTIONS.reservations, ids.RF!);
        tx.set(COLLECTIONS.reservations, ids.RF!, { ...r!.data, status: "cancelled", cancelReason: "Kliento prašymu" });
      });
      await eraseCustomer(testContext(store), { files }, ids.F!, "admin@ratunuoma.lt");
      const entry = (await store.get(COLLECTIONS.erasureLedger, ids.F!))?.data;
      expect(entry).toMatchObject({
        customerId: ids.F,
        emailHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        phoneHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        erasedAt: NOW.toISOString(),
        complete: true,
      });
      const text = JSON.stringify(entry);
      for (const personal of ["VardasF", "PavardenisF", "f.klientas@pavyzdys.lt", String(backupOfF.customer.phone)]) {
        expect(text).not.toContain(personal);
      }
    });

    it("atkūrus ankstesnę būseną ištrintas klientas vėl ištrinamas, jo būsima rezervacija atšaukiama, darbuotojams pranešama", async () => {
      // What a restore of a backup taken before the erasure brings back: F whole, the booking confirmed.
      await store.transaction(async (tx) => {
        tx.set(COLLECTIONS.customers, ids.F!, backupOfF!.customer);
        tx.set(COLLECTIONS.reservations, ids.RF!, backupOfF!.reservation);
      });
      expect((await get(COLLECTIONS.customers, "F"))?.lastName).toBe("PavardenisF");
      const report = await reapplyErasures(testContext(store), { files });
      expect(report.erased).toEqual([ids.F]);
      const f = await get(COLLECTIONS.customers, "F");
      expect(f).toMatchObject({ firstName: "Ištrintas", lastName: "klientas", anonymisedAt: expect.any(String) });
      expect(await get(COLLECTIONS.reservations, "RF")).toMatchObject({
        status: "cancelled",
        cancelReason: ERASURE_CANCEL_REASON,
      });
      const audit = await store.query(COLLECTIONS.auditLog, {
        where: [{ field: "recordId", op: "==", value: ids.RF }],
      });
      expect(audit.map((d) => d.data)).toContainEqual(
        expect.objectContaining({ action: "update", actor: RESTORE_ACTOR, reason: ERASURE_CANCEL_REASON }),
      );
      const mails = await store.query(COLLECTIONS.mail, {
        where: [{ field: "ref", op: "==", value: `customer:${ids.F}` }],
      });
      expect(mails.map((m) => (m.data.message as { subject: string }).subject)).toContainEqual(
        "Atšauktos ištrinto kliento rezervacijos: R-2026-977777",
      );
      // Again: nothing left to do.
      expect((await reapplyErasures(testContext(store), { files })).erased).toEqual([]);
    });
  });
}
