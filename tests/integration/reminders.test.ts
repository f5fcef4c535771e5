// The pickup reminder job (src/core/reminders.ts, server/services/jobRunner.ts) on the real
// server: a restart between runs sends no duplicates (PGlite, same data folder), and two servers
// on one PostgreSQL running the job at the same time queue each reminder once. The job runs every
// 200 ms here (JOB_INTERVAL_MS) instead of every minute.
import { afterAll, describe, expect, it } from "vitest";
import { adminListAll, type Doc, freeCarId, signInAdmin } from "../helpers/api";
import { ApiClient, listItems, listQuery } from "../helpers/http";
import { detectPostgres, TestCluster } from "../helpers/postgresCluster";
import { type RunningServer, removeTempDir, startServer } from "../helpers/server";

const HOUR = 3_600_000;
const FAST_JOB = { JOB_INTERVAL_MS: "200" };
const REMINDER_SUBJECT = /^Primename: automobilio paėmimas/;

type Mail = Doc & { ref: string | null; to: string; message: { subject: string; text: string } };

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Nesulaukta: ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The reminder mails of one reservation in the outbox. */
async function remindersOf(admin: ApiClient, reservationId: string): Promise<Mail[]> {
  const response = await admin.get(
    `/api/admin/mail${listQuery({ range: [0, 99], filter: { ref: `reservation:${reservationId}` } })}`,
  );
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return listItems<Mail>(response.body).filter((m) => REMINDER_SUBJECT.test(m.message.subject));
}

/** Every reminder mail in the outbox, counted per reservation. */
async function reminderCounts(admin: ApiClient): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const mail of await adminListAll<Mail>(admin, "mail")) {
    if (!REMINDER_SUBJECT.test(mail.message.subject)) continue;
    counts.set(String(mail.ref), (counts.get(String(mail.ref)) ?? 0) + 1);
  }
  return counts;
}

const hourFromNow = (hours: number): string => {
  const at = new Date(Date.now() + hours * HOUR);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString();
};

/** Staff reservations through the API: `due` confirmed within 24 h, plus one too far ahead and one not confirmed. */
async function makeReservations(admin: ApiClient, site: ApiClient, due: number) {
  const customers = await adminListAll(admin, "customers");
  const locations = await adminListAll(admin, "locations");
  const customer = customers[0];
  const location = locations[0];
  if (!customer || !location) throw new Error("Demonstraciniuose duomenyse nėra klientų ar vietų");
  const used: string[] = [];
  const create = async (pickupHours: number, status: "confirmed" | "new") => {
    const period = { pickupAt: hourFromNow(pickupHours), returnAt: hourFromNow(pickupHours + 48) };
    const carId = await freeCarId(site, admin, [period], used);
    used.push(carId);
    const response = await admin.post<Doc>("/api/admin/reservations", {
      carId,
      customerId: customer.id,
      ...period,
      pickupLocationId: location.id,
      returnLocationId: location.id,
      status,
    });
    expect(response.status, response.text.slice(0, 400)).toBe(201);
    return response.body.id;
  };
  const dueIds: string[] = [];
  for (let i = 0; i < due; i += 1) dueIds.push(await create(3 + 2 * i, "confirmed"));
  const farId = await create(24 * 4, "confirmed");
  const newId = await create(5, "new");
  return { dueIds, farId, newId, customer };
}

describe("priminimų tarnyba: paleidus iš naujo tas pats priminimas nesiunčiamas antrą kartą (PGlite)", () => {
  let server: RunningServer | null = null;
  afterAll(async () => {
    await server?.stop();
  });

  it("vienas priminimas kiekvienai rezervacijai prieš ir po paleidimo iš naujo", async () => {
    server = await startServer({ demo: true, env: FAST_JOB });
    expect(server.output()).toContain("Darbas „priminimai apie paėmimą“ vykdomas kas 0,2 s");
    let admin = await signInAdmin(server.url);
    const site = new ApiClient(server.url);
    const { dueIds, farId, newId, customer } = await makeReservations(admin, site, 3);

    await until(async () => {
      for (const id of dueIds) if ((await remindersOf(admin, id)).length === 0) return false;
      return true;
    }, "priminimų visoms rezervacijoms");
    const first = await remindersOf(admin, dueIds[0] as string);
    expect(first[0]?.to).toBe(customer.email);
    expect(first[0]?.message.text).toContain("Adresas:");
    expect(first[0]?.message.text).toContain("vairuotojo pažymėjimą");

    // Stopped while the job keeps running every 200 ms, started again on the same data folder.
    await server.restart();
    admin = await signInAdmin(server.url);
    // Several runs of the restarted job (200 ms each).
    await sleep(2000);
    expect(server.output().split("Darbas „priminimai apie paėmimą“ vykdomas kas").length - 1).toBe(2);

    for (const id of dueIds) expect((await remindersOf(admin, id)).length, `rezervacija ${id}`).toBe(1);
    expect(await remindersOf(admin, farId)).toHaveLength(0);
    expect(await remindersOf(admin, newId)).toHaveLength(0);
    // The demo data's own confirmed reservations within 24 h too: never more than one each.
    for (const [ref, count] of await reminderCounts(admin)) expect(count, ref).toBe(1);
  }, 240_000);
});

const found = detectPostgres();

describe.skipIf("reason" in found)("priminimų tarnyba: du serveriai su viena PostgreSQL", () => {
  let cluster: TestCluster | null = null;
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers.reverse()) await server.stop().catch(() => undefined);
    await cluster?.stop().catch(() => undefined);
    if (cluster) removeTempDir(cluster.root);
  });

  it("abu serveriai tikrina kas 200 ms, o kiekvienas priminimas įdedamas į eilę vieną kartą", async () => {
    if ("reason" in found) return;
    cluster = new TestCluster(found.bin, found.runAs);
    await cluster.start();
    const a = await startServer({ demo: true, databaseUrl: cluster.url, env: FAST_JOB });
    servers.push(a);
    const b = await startServer({ databaseUrl: cluster.url, env: FAST_JOB });
    servers.push(b);
    const adminA = await signInAdmin(a.url);
    const adminB = await signInAdmin(b.url);
    // Both jobs run while the reservations appear: each one races the other for every reminder.
    const { dueIds, farId, newId } = await makeReservations(adminA, new ApiClient(a.url), 6);

    await until(async () => {
      for (const id of dueIds) if ((await remindersOf(adminB, id)).length === 0) return false;
      return true;
    }, "priminimų visoms rezervacijoms");
    await sleep(2000);
    for (const id of dueIds) expect((await remindersOf(adminB, id)).length, `rezervacija ${id}`).toBe(1);
    expect(await remindersOf(adminA, farId)).toHaveLength(0);
    expect(await remindersOf(adminA, newId)).toHaveLength(0);
    for (const [ref, count] of await reminderCounts(adminA)) expect(count, ref).toBe(1);
  }, 300_000);
});
