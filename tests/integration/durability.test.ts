// Nothing acknowledged is lost: stop the server (SIGTERM), start it again on the same
// data folder, and every write is still there; the demo seed does not run twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminGet,
  adminTotal,
  type Doc,
  freeCarId,
  inquiryBody,
  publicCatalogue,
  reservationBody,
  signInAdmin,
  vilniusDaysFromNow,
} from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { type RunningServer, startServer } from "../helpers/server";

const RESOURCES = ["cars", "customers", "reservations", "requests", "mail", "news", "offers", "locations", "staff"];

let server: RunningServer;
beforeAll(async () => {
  // A real process: SIGTERM, then a new process on the same data folder.
  server = await startServer({ demo: true, process: true });
});
afterAll(async () => {
  await server?.stop();
});

async function totals(admin: ApiClient): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const resource of RESOURCES) counts[resource] = await adminTotal(admin, resource);
  return counts;
}

describe("patvarumas", () => {
  it("po perkrovimo tame pačiame DATA_DIR viskas išlieka, demo duomenys neįkeliami dar kartą", async () => {
    const site = new ApiClient(server.url);
    let admin = await signInAdmin(server.url);
    const { locations } = await publicCatalogue(site);
    const period = { pickupAt: vilniusDaysFromNow(33, "10:00"), returnAt: vilniusDaysFromNow(35, "10:00") };
    const carId = await freeCarId(site, admin, [period]);

    const reservation = await site.post<{ id: string; number: string; quote: unknown }>(
      "/api/site/reservations",
      reservationBody({ carId, locationId: locations[0]!.id, ...period }),
    );
    expect(reservation.status, reservation.text).toBe(201);
    const inquiry = await site.post<{ id: string }>(
      "/api/site/requests",
      inquiryBody({ message: "Ar išliksiu po perkrovimo?" }),
    );
    expect(inquiry.status, inquiry.text).toBe(201);
    const car = await adminGet<Doc & { description: string }>(admin, "cars", carId);
    const edited = await admin.put(`/api/admin/cars/${carId}`, { ...car, description: "Aprašymas po redagavimo." });
    expect(edited.status, edited.text).toBe(200);

    const before = await totals(admin);
    const storedReservation = await adminGet(admin, "reservations", reservation.body.id);
    const storedInquiry = await adminGet(admin, "requests", inquiry.body.id);

    await server.restart();

    // the session lives in the database, so it survives the restart too
    const sameSession = await admin.get("/api/auth/me");
    expect(sameSession.status).toBe(200);

    admin = await signInAdmin(server.url);
    expect(await totals(admin)).toEqual(before);
    expect(await adminGet(admin, "reservations", reservation.body.id)).toEqual(storedReservation);
    expect(await adminGet(admin, "requests", inquiry.body.id)).toEqual(storedInquiry);
    expect((await adminGet<Doc & { description: string }>(admin, "cars", carId)).description).toBe(
      "Aprašymas po redagavimo.",
    );

    // the reservation still blocks its car after the restart
    const again = await site.post(
      "/api/site/reservations",
      reservationBody({ carId, locationId: locations[0]!.id, ...period }),
    );
    expect(again.status).toBe(409);
  });
});
