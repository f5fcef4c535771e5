// A rental under way (src/core/rentalChanges.ts) on every DocumentStore (memory, PGlite, Firestore):
// core-*.test.ts call defineRentalChangesContract with their harness. One demo car is handed over,
// then: the reservation form refuses its car, times and price; the car is swapped (the first car
// free for the site's search at once, the second held, an act each, the audit entry); the rental is
// extended (the new return time, the price quoted again, the addendum PDF e-mailed, the ledger's
// due), refused where the car is taken (a reservation, a block, the turnaround buffer); and the
// return at the end counts the kilometres of both cars.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS, SETTINGS_ID } from "../../../src/core/collections";
import { deskDocumentFile } from "../../../src/core/deskDocumentFiles";
import { createMaintenance } from "../../../src/core/maintenance";
import { addLedgerEntry, listLedger } from "../../../src/core/payments";
import { checkQuote } from "../../../src/core/quoteCheck";
import { extendRental, previewCarSwap, previewRentalExtension, swapCar } from "../../../src/core/rentalChanges";
import { deskInfo, handOverReservation, previewReturn, returnReservation } from "../../../src/core/rentalDesk";
import { carIsFree, createStaffReservation, updateStaffReservation } from "../../../src/core/reservations";
import { searchCars } from "../../../src/core/search";
import { formatDateTime, formatMoney } from "../../../src/domain/format";
import { ACTIVE_RENTAL_MESSAGES, EXTENSION_CAR_TAKEN, SWAP_CAR_TAKEN } from "../../../src/domain/rentalChanges";
import type { Reservation } from "../../../src/domain/schemas";
import { memoryFiles } from "../../helpers/memoryFiles";
import { pdfText } from "../../helpers/pdfText";
import { renterDoc } from "./deskFixtures";
import {
  at,
  type CoreStoreHarness,
  car,
  coreRefusal,
  demo,
  inputRefusal,
  type RecordingStore,
  recordingStore,
  testContext,
} from "./useCases.contract";

const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const SIGNATURE = { image: PNG, signerName: "Rūta Žemaitienė" };
/** The text a PDF reader gives back: no non-breaking spaces. */
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, " ");
const money = (amount: number): string => plain(formatMoney(amount));
const when = (iso: string): string => plain(formatDateTime(iso));

type Attachment = { filename: string; path?: string };
const attachmentsOf = (mail: { data: Record<string, unknown> }): Attachment[] =>
  (mail.data.message as { attachments?: Attachment[] }).attachments ?? [];

const activeCars = demo.cars.filter((c) => c.doc.status === "active");
/** the car the customer gets instead, and a third one for the refusals */
const second = activeCars.find((c) => c.id !== car.id)!;
const third = activeCars.find((c) => c.id !== car.id && c.id !== second.id)!;

export function defineRentalChangesContract(name: string, open: () => Promise<CoreStoreHarness>): void {
  describe(`Vykdoma nuoma: automobilio keitimas ir pratęsimas: ${name}`, () => {
    let harness: CoreStoreHarness | undefined;
    let store: RecordingStore;
    const files = memoryFiles();
    const deps = { files };
    let customerId = "";
    let reservationId = "";
    let firstOut = 0;
    const location = demo.locations.find((l) => l.doc.active !== false)!;
    const SWAP_AT = new Date(at(251, "12:00"));
    const ctx = (now: Date = SWAP_AT) => testContext(store, now);
    const read = async () => (await store.get(COLLECTIONS.reservations, reservationId))!.data as unknown as Reservation;
    const fleetMileage = async (carId: string) =>
      Number((await store.query(COLLECTIONS.fleet)).find((f) => f.data.carId === carId)?.data.mileage ?? 0);

    beforeAll(async () => {
      harness = await open();
      await harness.seed();
      store = recordingStore(harness.store);
      customerId = store.newId(COLLECTIONS.customers);
      const stamp = new Date(at(0)).toISOString();
      const firstDoc = await store.get(COLLECTIONS.cars, car.id);
      const secondDoc = await store.get(COLLECTIONS.cars, second.id);
      await store.transaction(async (tx) => {
        tx.set(COLLECTIONS.customers, customerId, renterDoc("ruta.keitimas@example.lt", stamp));
        const limits = { deposit: 300, minDriverAge: 21, minLicenceYears: 2 };
        tx.set(COLLECTIONS.cars, car.id, { ...firstDoc?.data, ...limits, mileageLimitPerDay: 200 });
        // The last car's limit counts at the return: 100 km a day.
        tx.set(COLLECTIONS.cars, second.id, { ...secondDoc?.data, ...limits, mileageLimitPerDay: 100 });
      });
      const created = await createStaffReservation(
        ctx(new Date(at(0))),
        {
          carId: car.id,
          customerId,
          pickupAt: at(250),
          returnAt: at(253),
          pickupLocationId: location.id,
          returnLocationId: location.id,
          status: "confirmed",
        },
        STAFF,
      );
      reservationId = created.id;
      const info = await deskInfo(ctx(), reservationId);
      firstOut = (info.fleet?.mileage ?? 0) + 10;
      await handOverReservation(
        ctx(new Date(at(250, "10:15"))),
        deps,
        reservationId,
        {
          mileage: firstOut,
          fuel: "1",
          licence: { number: "LT7654321", expiresAt: "2031-01-01" },
          confirmedDamageIds: info.damages.map((d) => d.id),
          signature: SIGNATURE,
          version: info.reservation.version,
        },
        STAFF,
      );
    });
    afterAll(async () => {
      await harness?.close();
    });

    it("vykdomos nuomos automobilio, paėmimo, grąžinimo ir kainos formoje keisti negalima; pastabas – galima", async () => {
      const current = await read();
      const version = (current as { version?: number }).version;
      const refused = async (changes: Record<string, unknown>) =>
        (
          await coreRefusal(
            updateStaffReservation(ctx(), reservationId, { ...changes, version }, STAFF),
            "precondition",
          )
        ).message;
      expect(await refused({ carId: second.id })).toBe(ACTIVE_RENTAL_MESSAGES.car);
      expect(ACTIVE_RENTAL_MESSAGES.car).toContain("„Keisti automobilį“");
      expect(await refused({ pickupAt: at(250, "08:00") })).toBe(ACTIVE_RENTAL_MESSAGES.pickupAt);
      expect(await refused({ returnAt: at(255) })).toBe(ACTIVE_RENTAL_MESSAGES.returnAt);
      expect(ACTIVE_RENTAL_MESSAGES.returnAt).toContain("„Pratęsti nuomą“");
      const otherPlace = demo.locations.find((l) => l.doc.active !== false && l.id !== location.id);
      if (otherPlace) expect(await refused({ returnLocationId: otherPlace.id })).toBe(ACTIVE_RENTAL_MESSAGES.price);
      // Nothing moved; the notes may still change.
      const after = await read();
      expect([after.carId, after.pickupAt, after.returnAt, after.quote?.total]).toEqual([
        car.id,
        current.pickupAt,
        current.returnAt,
        current.quote?.total,
      ]);
      const noted = await updateStaffReservation(ctx(), reservationId, { notes: "Klientas skambino", version }, STAFF);
      expect(noted.notes).toBe("Klientas skambino");
    });

    it("keitimas: pirmasis automobilis iš karto laisvas viešoje paieškoje, antrasis užimtas, po aktą kiekvienam, audito įrašas", async () => {
      const search = { from: at(251, "16:00"), to: at(252, "16:00") };
      const foundBefore = (await searchCars(ctx(), search)).data.map((r) => r.car.id);
      expect(foundBefore).not.toContain(car.id);
      expect(foundBefore).toContain(second.id);

      const preview = await previewCarSwap(ctx(), reservationId, { toCarId: second.id });
      expect(preview.out?.mileage).toBe(firstOut);
      expect(preview.cars.find((c) => c.id === second.id)?.free).toBe(true);
      expect(preview.selected).toMatchObject({ carId: second.id, free: true });
      const secondMileage = await fleetMileage(second.id);
      expect(preview.selected?.fleetMileage).toBe(secondMileage);

      // Readings are checked: the first car cannot come back with less than it left with.
      const refusedReadings = await inputRefusal(
        swapCar(
          ctx(),
          deps,
          reservationId,
          {
            toCarId: second.id,
            returnMileage: firstOut - 1,
            returnFuel: "1/2",
            handoverMileage: secondMileage,
            handoverFuel: "1",
            price: "keep",
          },
          STAFF,
        ),
      );
      expect(Object.keys(refusedReadings.errors ?? {})).toEqual(["returnMileage"]);

      // The replacement stands at another place than the first car: the swap happens there.
      const placeOf = async (carId: string) => (await store.get(COLLECTIONS.cars, carId))?.data.locationId;
      const firstPlace = await placeOf(car.id);
      const swapPlace = demo.locations.find((l) => l.id !== firstPlace)!.id;
      await store.transaction(async (tx) => {
        const doc = await tx.get(COLLECTIONS.cars, second.id);
        tx.set(COLLECTIONS.cars, second.id, { ...doc!.data, locationId: swapPlace });
      });

      const before = await read();
      const info = await deskInfo(ctx(), reservationId);
      const outcome = await swapCar(
        ctx(),
        deps,
        reservationId,
        {
          toCarId: second.id,
          returnMileage: firstOut + 300,
          returnFuel: "3/4",
          damages: [{ id: "k1", x: 0.3, y: 0.2, note: "Įlenktas priekinis buferis", photos: [] }],
          handoverMileage: secondMileage + 5,
          handoverFuel: "1",
          price: "keep",
          reason: "Užsidegė variklio lemputė",
          version: info.reservation.version,
        },
        STAFF,
      );
      expect(outcome.reservation).toMatchObject({ carId: second.id, status: "active", previousCarIds: [car.id] });
      expect(outcome.reservation.quote?.total).toBe(before.quote?.total);
      expect(outcome.swap).toMatchObject({
        at: SWAP_AT.toISOString(),
        fromCarId: car.id,
        toCarId: second.id,
        out: { mileage: firstOut, fuel: "1" },
        returned: { mileage: firstOut + 300, fuel: "3/4" },
        handedOver: { mileage: secondMileage + 5, fuel: "1" },
        price: "kept",
      });

      // The first car is left where the swap happened.
      expect(await placeOf(car.id)).toBe(swapPlace);

      // The public search sees the first car free at once, the second taken.
      const foundAfter = (await searchCars(ctx(), search)).data.map((r) => r.car.id);
      expect(foundAfter).toContain(car.id);
      expect(foundAfter).not.toContain(second.id);
      // The first car is still held over its part of the rental, the second from the swap.
      expect(await carIsFree(store, car.id, { pickupAt: at(250, "12:00"), returnAt: at(251, "10:00") }, 0)).toBe(false);
      expect(await carIsFree(store, car.id, { pickupAt: at(251, "13:00"), returnAt: at(252, "13:00") }, 0)).toBe(true);
      expect(await carIsFree(store, second.id, { pickupAt: at(252), returnAt: at(252, "12:00") }, 0)).toBe(false);
      expect(await carIsFree(store, second.id, { pickupAt: at(250, "12:00"), returnAt: at(251, "10:00") }, 0)).toBe(
        true,
      );

      // One act per car, each the desk's own document with the swap's readings.
      const returned = await deskDocumentFile(store, files, reservationId, "swap-1-return");
      const handed = await deskDocumentFile(store, files, reservationId, "swap-1-handover");
      const returnText = await pdfText(returned.bytes);
      const handoverText = await pdfText(handed.bytes);
      expect(returnText).toContain("AUTOMOBILIO GRĄŽINIMO AKTAS");
      expect(returnText).toContain("automobilio keitimas");
      expect(returnText).toContain(`${car.doc.make} ${car.doc.model}`);
      expect(returnText).toContain("Įlenktas priekinis buferis");
      expect(returnText).toContain("nuvažiuota 300 km");
      expect(handoverText).toContain("AUTOMOBILIO PERDAVIMO AKTAS");
      expect(handoverText).toContain(`${second.doc.make} ${second.doc.model}`);
      expect(handoverText).toContain("Užsidegė variklio lemputė");
      expect(returned.fileName).toMatch(/^keitimo-grazinimo-aktas-1-R-\d{4}-\d{6}\.pdf$/);

      // The new damage is in the first car's register; both odometers moved.
      const damages = (await store.query(COLLECTIONS.damages)).filter((d) => d.data.reservationId === reservationId);
      expect(damages.map((d) => [d.data.carId, d.data.note])).toEqual([[car.id, "Įlenktas priekinis buferis"]]);
      expect(await fleetMileage(car.id)).toBe(firstOut + 300);
      expect(await fleetMileage(second.id)).toBe(secondMileage + 5);

      // The audit entry and the customer's e-mail with both acts.
      const audit = (await store.query(COLLECTIONS.auditLog)).filter(
        (e) => e.data.recordId === reservationId && e.data.desk === "carSwap",
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]?.data).toMatchObject({
        actor: STAFF.email,
        fromCarId: car.id,
        toCarId: second.id,
        price: "kept",
      });
      const mail = await store.get(COLLECTIONS.mail, outcome.mailId!);
      expect(attachmentsOf(mail!).map((a) => a.path)).toEqual([
        outcome.swap.returnDocument,
        outcome.swap.handoverDocument,
      ]);
      expect((mail!.data.message as { subject: string }).subject).toMatch(/^Automobilis pakeistas/);
    });

    it("keitimas į užimtą ar remontuojamą automobilį atmetamas (409)", async () => {
      // the third car is booked from tomorrow
      await createStaffReservation(
        ctx(),
        {
          carId: third.id,
          customerId,
          pickupAt: at(252, "12:00"),
          returnAt: at(254),
          pickupLocationId: location.id,
          returnLocationId: location.id,
          status: "confirmed",
        },
        STAFF,
      );
      const info = await deskInfo(ctx(), reservationId);
      const preview = await previewCarSwap(ctx(), reservationId, { toCarId: third.id });
      expect(preview.selected?.free).toBe(false);
      expect(preview.selected?.conflicts.length).toBeGreaterThan(0);
      const refused = await coreRefusal(
        swapCar(
          ctx(),
          deps,
          reservationId,
          {
            toCarId: third.id,
            returnMileage: info.current!.mileage + 1,
            returnFuel: "1",
            handoverMileage: await fleetMileage(third.id),
            handoverFuel: "1",
            price: "keep",
            version: info.reservation.version,
          },
          STAFF,
        ),
        "conflict",
      );
      expect(refused.message).toBe(SWAP_CAR_TAKEN);
      expect((await read()).carId).toBe(second.id);
    });

    it("pratęsimas: naujas grąžinimo laikas, kaina perskaičiuota, priedas PDF el. paštu, mokėtina suma pagal naują kainą", async () => {
      const now = new Date(at(252, "09:00"));
      await addLedgerEntry(ctx(now), reservationId, { amount: 100, method: "cash", kind: "rental" }, STAFF);
      const before = await read();
      const refusedEarlier = await inputRefusal(
        previewRentalExtension(ctx(now), reservationId, { returnAt: at(252, "18:00") }),
      );
      expect(Object.keys(refusedEarlier.errors ?? {})).toEqual(["returnAt"]);

      const preview = await previewRentalExtension(ctx(now), reservationId, { returnAt: at(255) });
      expect(preview.available).toBe(true);
      expect(preview.quote.days).toBe(5);
      expect(preview.previousQuote.total).toBe(before.quote!.total);
      expect(preview.difference).toBe(Math.round((preview.quote.total - before.quote!.total) * 100) / 100);
      expect(preview.difference).toBeGreaterThan(0);
      // The price kept through the swap stays agreed; only the added days are priced, at what the
      // second car's tariff adds for them.
      const tariff = async (returnAt: string) =>
        (
          await checkQuote(ctx(now), {
            carId: second.id,
            pickupAt: before.pickupAt,
            returnAt,
            pickupLocationId: location.id,
            returnLocationId: location.id,
          })
        ).quote!.total;
      const added = (await tariff(at(255))) - (await tariff(before.returnAt));
      expect(preview.quote.total).toBeCloseTo(before.quote!.total + added, 2);
      expect(preview.quote.deposit).toBe(before.quote!.deposit);

      const info = await deskInfo(ctx(now), reservationId);
      const outcome = await extendRental(
        ctx(now),
        deps,
        reservationId,
        { returnAt: at(255), version: info.reservation.version },
        STAFF,
      );
      const saved = await read();
      expect(saved.returnAt).toBe(at(255));
      expect(saved.pickupAt).toBe(before.pickupAt);
      expect(saved.quote?.total).toBe(preview.quote.total);
      expect(saved.quote?.days).toBe(5);
      expect(outcome.extension).toMatchObject({ number: 1, previousReturnAt: before.returnAt, returnAt: at(255) });

      // The ledger's due follows the new price (100 € paid).
      const ledger = await listLedger(ctx(now), reservationId);
      expect(ledger.summary.due).toBe(Math.round((preview.quote.total - 100) * 100) / 100);
      expect(saved.payment?.due).toBe(ledger.summary.due);
      expect(outcome.due).toBe(ledger.summary.due);

      // The addendum, e-mailed: its numbers as a PDF reader sees them.
      const mail = await store.get(COLLECTIONS.mail, outcome.mailId!);
      expect(mail?.data.to).toBe("ruta.keitimas@example.lt");
      expect((mail!.data.message as { subject: string }).subject).toBe(`Nuoma pratęsta – rezervacija ${saved.number}`);
      const [attached] = attachmentsOf(mail!);
      expect(attached?.filename).toBe(`sutarties-priedas-1-${saved.number}.pdf`);
      expect(attached?.path).toBe(outcome.extension.document);
      const text = await pdfText((await files.get(attached!.path!))!);
      expect(text).toContain("NUOMOS SUTARTIES PRIEDAS NR. 1");
      expect(text).toContain(`prie nuomos sutarties Nr. ${saved.number}`);
      expect(text).toContain(`Grąžinimo laikas ${when(before.returnAt)} ${when(at(255))}`);
      expect(text).toContain(`Kaina su PVM ${money(before.quote!.total)} ${money(preview.quote.total)}`);
      expect(text).toContain(`Kainos skirtumas +${money(preview.difference)}`);
      expect(text).toContain(`Mokėtina po pakeitimo ${money(ledger.summary.due)}`);
      const audit = (await store.query(COLLECTIONS.auditLog)).filter(
        (e) => e.data.recordId === reservationId && e.data.desk === "extension",
      );
      expect(audit.map((e) => [e.data.fromReturnAt, e.data.toReturnAt, e.data.toTotal])).toEqual([
        [before.returnAt, at(255), preview.quote.total],
      ]);
      const download = await deskDocumentFile(store, files, reservationId, "addendum-1");
      expect(download.fileName).toBe(`sutarties-priedas-1-${saved.number}.pdf`);
    });

    it("pratęsimas atmetamas, kai automobilis užimtas: kita rezervacija, remontas, tarpas tarp nuomų", async () => {
      const now = new Date(at(252, "10:00"));
      const version = async () => (await deskInfo(ctx(now), reservationId)).reservation.version;
      await createStaffReservation(
        ctx(now),
        {
          carId: second.id,
          customerId,
          pickupAt: at(258),
          returnAt: at(259),
          pickupLocationId: location.id,
          returnLocationId: location.id,
          status: "confirmed",
        },
        STAFF,
      );
      const taken = await coreRefusal(
        extendRental(ctx(now), deps, reservationId, { returnAt: at(258, "12:00"), version: await version() }, STAFF),
        "conflict",
      );
      expect(taken.message).toBe(EXTENSION_CAR_TAKEN);
      expect((await previewRentalExtension(ctx(now), reservationId, { returnAt: at(258, "12:00") })).available).toBe(
        false,
      );

      await createMaintenance(
        ctx(now),
        { carId: second.id, from: at(256), to: at(257), reason: "Padangų keitimas" },
        STAFF,
      );
      await coreRefusal(
        extendRental(ctx(now), deps, reservationId, { returnAt: at(256, "12:00"), version: await version() }, STAFF),
        "conflict",
      );

      // A 120-minute turnaround: a return at 09:00 before the 10:00 block clashes.
      const settings = await store.get(COLLECTIONS.settings, SETTINGS_ID);
      const rules = (settings?.data.bookingRules ?? {}) as Record<string, unknown>;
      await store.transaction(async (tx) => {
        tx.set(COLLECTIONS.settings, SETTINGS_ID, {
          ...settings?.data,
          bookingRules: { ...rules, turnaroundMinutes: 120 },
        });
      });
      await coreRefusal(
        extendRental(ctx(now), deps, reservationId, { returnAt: at(256, "09:00"), version: await version() }, STAFF),
        "conflict",
      );
      await store.transaction(async (tx) => {
        tx.set(COLLECTIONS.settings, SETTINGS_ID, {
          ...settings?.data,
          bookingRules: { ...rules, turnaroundMinutes: 0 },
        });
      });
      expect((await read()).returnAt).toBe(at(255));
      expect((await read()).extensions).toHaveLength(1);
    });

    it("grąžinimas pabaigoje matuoja antrąjį automobilį, o viršyta rida skaičiuojama iš abiejų automobilių", async () => {
      const now = new Date(at(255, "09:00"));
      const info = await deskInfo(ctx(now), reservationId);
      expect(info.car?.id).toBe(second.id);
      expect(info.current?.mileage).toBe((await read()).carSwaps![0]!.handedOver.mileage);
      expect(info.earlier).toEqual({ km: 300, missingQuarters: 1, cars: 1 });
      const start = info.current!.mileage;
      const body = {
        mileage: start + 400,
        fuel: "1",
        returnedAt: now.toISOString(),
        damages: [],
        signature: SIGNATURE,
      };
      const preview = await previewReturn(ctx(now), reservationId, body, STAFF);
      const mileage = preview.charges.find((c) => c.kind === "mileage")!;
      // 300 km with the first car + 400 km with the second = 700 km; 5 days × 100 km = 500 km: 200 km over.
      expect(mileage.amount).toBe(Math.round(200 * info.rates.extraKmRate * 100) / 100);
      expect(plain(mileage.rule)).toContain("iš jų 300 km ankstesniu automobiliu");
      // The first car came back a quarter short; the second full.
      const fuel = preview.charges.find((c) => c.kind === "fuel")!;
      expect(fuel.amount).toBe(info.rates.fuelPerQuarter);
      const answer = await returnReservation(ctx(now), deps, reservationId, body, STAFF);
      expect(answer.reservation.status).toBe("completed");
      expect(answer.reservation.contract.mileageIn).toBe(start + 400);
      expect(await carIsFree(store, second.id, { pickupAt: at(255, "12:00"), returnAt: at(255, "20:00") }, 0)).toBe(
        true,
      );
    });

    it("perduota anksčiau nei užsakyta: keitimas įrašomas tikru laiku, grąžinti galima iš karto", async () => {
      const [early, replacement] = activeCars.filter((c) => ![car.id, second.id, third.id].includes(c.id));
      const booked = await createStaffReservation(
        ctx(new Date(at(0))),
        {
          carId: early!.id,
          customerId,
          pickupAt: at(260, "16:00"),
          returnAt: at(262, "16:00"),
          pickupLocationId: location.id,
          returnLocationId: location.id,
          status: "confirmed",
        },
        STAFF,
      );
      const handoverAt = new Date(at(260, "15:12"));
      const info = await deskInfo(ctx(handoverAt), booked.id);
      const out = (info.fleet?.mileage ?? 0) + 5;
      await handOverReservation(
        ctx(handoverAt),
        deps,
        booked.id,
        {
          mileage: out,
          fuel: "1",
          licence: { number: "LT7654321", expiresAt: "2031-01-01" },
          confirmedDamageIds: info.damages.map((d) => d.id),
          signature: SIGNATURE,
          version: info.reservation.version,
        },
        STAFF,
      );
      const swapAt = new Date(at(260, "15:14"));
      const swapped = await swapCar(
        ctx(swapAt),
        deps,
        booked.id,
        {
          toCarId: replacement!.id,
          returnMileage: out + 3,
          returnFuel: "1",
          handoverMileage: await fleetMileage(replacement!.id),
          handoverFuel: "1",
          price: "keep",
          version: (await deskInfo(ctx(swapAt), booked.id)).reservation.version,
        },
        STAFF,
      );
      expect(swapped.swap.at).toBe(swapAt.toISOString());

      const returnAt = new Date(at(260, "15:20"));
      const returned = await returnReservation(
        ctx(returnAt),
        deps,
        booked.id,
        {
          mileage: (await fleetMileage(replacement!.id)) + 2,
          fuel: "1",
          returnedAt: returnAt.toISOString(),
          damages: [],
          signature: SIGNATURE,
          version: swapped.reservation.version,
        },
        STAFF,
      );
      expect(returned.reservation.status).toBe("completed");
    });
  });
}
