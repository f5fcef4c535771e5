// The back-office's server-side operations against the real server and database: each one
// atomic (all or nothing), logged, and refused to those who may not.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminGet, adminListAll, type Doc, signInAdmin, signInStaff, vilniusDaysFromNow } from "../helpers/api";
import { ApiClient, listItems, listQuery } from "../helpers/http";
import { makePng } from "../helpers/images";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer;
let staff: ApiClient;
let admin: ApiClient;

beforeAll(async () => {
  server = await startServer({ demo: true });
  staff = await signInStaff(server.url);
  admin = await signInAdmin(server.url);
});
afterAll(async () => {
  await server?.stop();
});

/** Bytes of a buffer as a request body. */
const part = (bytes: Buffer, start: number, end?: number) => new Blob([new Uint8Array(bytes.subarray(start, end))]);

type Request = Doc & { status: string; email: string; replies: { subject: string; by: string }[] };
type Mail = Doc & { to: string; ref: string | null; message: { subject: string; text: string } };
type Price = Doc & {
  carId: string | null;
  category: string | null;
  season: unknown;
  tiers: { dailyRate: number }[];
  updatedAt: string;
};
type Car = Doc & { category: string; sortOrder: number; slug: string; status: string };

describe("atsakymas į užklausą", () => {
  it("laiškas į siuntimo eilę, atsakymas įrašomas, būsena „atsakyta“ – vienu veiksmu", async () => {
    const created = await new ApiClient(server.url).post<{ id: string }>("/api/site/requests", {
      type: "contact",
      name: "Rūta Rūtaitė",
      email: "ruta.rutaite@pavyzdys.lt",
      message: "Ar galima paimti automobilį sekmadienį?",
    });
    expect(created.status).toBe(201);
    const id = created.body.id;

    const answer = await staff.post<{ request: Request; mailId: string }>(`/api/admin/actions/requests/${id}/reply`, {
      subject: "Re: Jūsų užklausa",
      body: "Sveiki, Rūta,\n\ntaip, sekmadieniais dirbame nuo 9 iki 15 val.",
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.request.status).toBe("answered");

    const stored = await adminGet<Request>(staff, "requests", id);
    expect(stored.status).toBe("answered");
    expect(stored.replies.at(-1)).toMatchObject({ subject: "Re: Jūsų užklausa", by: "darbuotojas@ratunuoma.lt" });
    const mail = await adminGet<Mail>(staff, "mail", answer.body.mailId);
    expect(mail).toMatchObject({ to: "ruta.rutaite@pavyzdys.lt", ref: `request:${id}` });
    expect(mail.message.text).toContain("sekmadieniais dirbame");
  });

  it("tuščias atsakymas atmetamas lietuviškai, ir nei laiško, nei pakeitimo nėra", async () => {
    const [request] = await adminListAll<Request>(staff, "requests");
    const mailsBefore = (await adminListAll<Mail>(staff, "mail")).length;
    const answer = await staff.post(`/api/admin/actions/requests/${request!.id}/reply`, { subject: " ", body: "" });
    expect(answer.status).toBe(422);
    expect(nonLithuanianMessages(answer.body)).toEqual([]);
    expect((await adminListAll<Mail>(staff, "mail")).length).toBe(mailsBefore);
    expect((await adminGet<Request>(staff, "requests", request!.id)).updatedAt).toBe(request!.updatedAt);
  });

  it("nežinoma užklausa -> 404, be sesijos -> 401", async () => {
    const missing = await staff.post("/api/admin/actions/requests/00000000-0000-4000-8000-000000000000/reply", {
      subject: "Tema",
      body: "Tekstas",
    });
    expect(missing.status).toBe(404);
    const anonymous = await new ApiClient(server.url).post(
      "/api/admin/actions/requests/00000000-0000-4000-8000-000000000000/reply",
      { subject: "Tema", body: "Tekstas" },
    );
    expect(anonymous.status).toBe(401);
  });
});

describe("kainų atnaujinimas", () => {
  const change = { kind: "percent", value: 10, step: 0.01 };

  it("peržiūra, tada visos klasės kainos pakeičiamos vienu kartu ir įrašomos į žurnalą", async () => {
    const scope = { category: "ekonominė", carIds: [], season: "all" };
    const preview = await staff.post<{ plan: { key: string; updatedAt: string | null; newTiers: unknown[] }[] }>(
      "/api/admin/actions/prices/preview",
      { change, scope },
    );
    expect(preview.status, preview.text).toBe(200);
    const plan = preview.body.plan;
    expect(plan.length).toBeGreaterThan(0);
    const before = new Map((await adminListAll<Price>(staff, "prices")).map((p) => [p.id, p]));

    const expected = Object.fromEntries(plan.map((rule) => [rule.key, rule.updatedAt]));
    const applied = await staff.post<{ updated: number; batchId: string }>("/api/admin/actions/prices/apply", {
      change,
      scope,
      expected,
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.updated).toBe(plan.length);

    for (const rule of plan) {
      const old = before.get(rule.key)!;
      const now = await adminGet<Price>(staff, "prices", rule.key);
      now.tiers.forEach((tier, index) => {
        expect(tier.dailyRate).toBeCloseTo(Math.round(old.tiers[index]!.dailyRate * 110) / 100, 2);
      });
    }
    const history = await staff.get<{ id: string; actor: string; rules: number }[]>(
      "/api/admin/actions/prices/history",
    );
    expect(history.body[0]).toMatchObject({ actor: "darbuotojas@ratunuoma.lt", rules: plan.length });
    const log = await admin.get(
      `/api/admin/audit-log${listQuery({ filter: { action: "price-update", recordId: applied.body.batchId } })}`,
    );
    expect(listItems(log.body)).toHaveLength(1);
  });

  it("pasenusi peržiūra atmetama (409) ir nieko nekeičia", async () => {
    const scope = { category: "verslo", carIds: [], season: "all" };
    const preview = await staff.post<{ plan: { key: string; updatedAt: string | null }[] }>(
      "/api/admin/actions/prices/preview",
      { change, scope },
    );
    const expected = Object.fromEntries(preview.body.plan.map((rule) => [rule.key, rule.updatedAt]));
    // Someone edits one of the rules after the preview.
    const first = await adminGet<Price>(staff, "prices", preview.body.plan[0]!.key);
    const edited = await staff.put(`/api/admin/prices/${first.id}`, {
      carId: first.carId,
      category: first.category,
      season: first.season,
      tiers: first.tiers,
    });
    expect(edited.status, edited.text).toBe(200);
    const snapshot = await adminListAll<Price>(staff, "prices");

    const applied = await staff.post("/api/admin/actions/prices/apply", { change, scope, expected });
    expect(applied.status).toBe(409);
    expect(nonLithuanianMessages(applied.body)).toEqual([]);
    expect(await adminListAll<Price>(staff, "prices")).toEqual(snapshot);
  });

  it("pasirinktam automobiliui be savų kainų sukuriamos jo kainos pagal klasę", async () => {
    const prices = await adminListAll<Price>(staff, "prices");
    const cars = await adminListAll<Car>(staff, "cars");
    const car = cars.find(
      (c) => !prices.some((p) => p.carId === c.id) && prices.some((p) => p.category === c.category),
    );
    expect(car, "demo duomenyse turi būti automobilis be savų kainų").toBeDefined();
    const scope = { category: null, carIds: [car!.id], season: "year-round" };
    const preview = await staff.post<{ plan: { key: string; updatedAt: string | null; priceId: string | null }[] }>(
      "/api/admin/actions/prices/preview",
      { change: { kind: "amount", value: 5, step: 1 }, scope },
    );
    expect(preview.body.plan.length).toBeGreaterThan(0);
    expect(preview.body.plan.every((rule) => rule.priceId === null)).toBe(true);
    const expected = Object.fromEntries(preview.body.plan.map((rule) => [rule.key, rule.updatedAt]));
    const applied = await staff.post<{ created: number }>("/api/admin/actions/prices/apply", {
      change: { kind: "amount", value: 5, step: 1 },
      scope,
      expected,
    });
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body.created).toBe(preview.body.plan.length);
    const own = (await adminListAll<Price>(staff, "prices")).filter((p) => p.carId === car!.id);
    expect(own).toHaveLength(preview.body.plan.length);
  });

  it("neteisingas pokytis -> 422 lietuviškai", async () => {
    const response = await staff.post("/api/admin/actions/prices/preview", {
      change: { kind: "percent", value: 0, step: 0.3 },
      scope: { category: "ekonominė", carIds: [], season: "all" },
    });
    expect(response.status).toBe(422);
    expect(nonLithuanianMessages(response.body)).toEqual([]);
  });
});

describe("rūšiavimas", () => {
  it("visa tvarka išsaugoma vienu kartu ir ją rodo viešasis katalogas", async () => {
    const site = new ApiClient(server.url);
    const publicBefore = listItems<Car>((await site.get("/api/site/cars")).body);
    const reversed = [...publicBefore].reverse().map((car) => car.id);
    const saved = await staff.post<{ changed: string[] }>("/api/admin/actions/sorting", {
      resource: "cars",
      ids: reversed,
    });
    expect(saved.status, saved.text).toBe(200);
    const publicAfter = listItems<Car>((await site.get("/api/site/cars")).body);
    expect(publicAfter.map((car) => car.id)).toEqual(reversed);
  });

  it("nežinomas įrašas -> 409 ir tvarka nepakinta", async () => {
    const site = new ApiClient(server.url);
    const before = listItems<Car>((await site.get("/api/site/cars")).body).map((car) => car.id);
    const saved = await staff.post("/api/admin/actions/sorting", {
      resource: "cars",
      ids: [...before].reverse().concat("00000000-0000-4000-8000-000000000000"),
    });
    expect(saved.status).toBe(409);
    expect(nonLithuanianMessages(saved.body)).toEqual([]);
    expect(listItems<Car>((await site.get("/api/site/cars")).body).map((car) => car.id)).toEqual(before);
  });

  it("akcijų tvarka", async () => {
    const offers = await adminListAll<Doc & { sortOrder: number }>(staff, "offers");
    const ids = offers.map((offer) => offer.id).reverse();
    const saved = await staff.post("/api/admin/actions/sorting", { resource: "offers", ids });
    expect(saved.status, saved.text).toBe(200);
    for (const [index, id] of ids.entries()) {
      expect((await adminGet<Doc & { sortOrder: number }>(staff, "offers", id)).sortOrder).toBe(index * 10);
    }
  });
});

describe("kaina ir užimtumas rezervacijos formai", () => {
  it("serveris apskaičiuoja kainą ir praneša apie persidengiančią rezervaciją", async () => {
    const reservations = await adminListAll<
      Doc & { carId: string; status: string; pickupAt: string; returnAt: string; number: string }
    >(staff, "reservations");
    const taken = reservations.find((r) => r.status === "confirmed" && Date.parse(r.pickupAt) > Date.now())!;
    const busy = await staff.post<{ available: boolean; conflicts: { number: string }[]; quote: { total: number } }>(
      "/api/admin/actions/quote",
      { carId: taken.carId, pickupAt: taken.pickupAt, returnAt: taken.returnAt, extras: [] },
    );
    expect(busy.status, busy.text).toBe(200);
    expect(busy.body.available).toBe(false);
    expect(busy.body.conflicts.map((c) => c.number)).toContain(taken.number);
    expect(busy.body.quote.total).toBeGreaterThan(0);

    const itself = await staff.post<{ available: boolean }>("/api/admin/actions/quote", {
      carId: taken.carId,
      pickupAt: taken.pickupAt,
      returnAt: taken.returnAt,
      reservationId: taken.id,
    });
    expect(itself.body.available).toBe(true);

    const backwards = await staff.post("/api/admin/actions/quote", {
      carId: taken.carId,
      pickupAt: vilniusDaysFromNow(5, "10:00"),
      returnAt: vilniusDaysFromNow(4, "10:00"),
    });
    expect(backwards.status).toBe(422);
    expect(nonLithuanianMessages(backwards.body)).toEqual([]);
  });
});

describe("naujienų tekstas valomas serveryje", () => {
  it("skriptai, įvykių atributai ir javascript: nuorodos pašalinami kuriant ir keičiant", async () => {
    const dirty =
      '<p>Sveiki<script>alert(1)</script><img src=x onerror="alert(1)"> <a href="javascript:alert(1)">čia</a> ' +
      '<a href="https://ratunuoma.lt" onclick="x()">svetainė</a></p><iframe src="https://blogis.lt"></iframe>';
    const created = await staff.post<Doc & { body: string }>("/api/admin/news", {
      title: "Valymo bandymas",
      slug: `valymo-bandymas-${Date.now()}`,
      excerpt: "",
      body: dirty,
      status: "draft",
    });
    expect(created.status, created.text).toBe(201);
    for (const body of [
      created.body.body,
      (await adminGet<Doc & { body: string }>(staff, "news", created.body.id)).body,
    ]) {
      expect(body).not.toMatch(/script|onerror|onclick|javascript:|iframe|<img/i);
      expect(body).toContain('<a href="https://ratunuoma.lt">svetainė</a>');
      expect(body).toContain("Sveiki");
    }
    const updated = await staff.put<Doc & { body: string }>(`/api/admin/news/${created.body.id}`, {
      title: "Valymo bandymas",
      slug: created.body.slug,
      body: '<h2 onmouseover="x">Antraštė</h2><p style="color:red">Tekstas</p>',
      status: "draft",
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.body).toBe("<h2>Antraštė</h2><p>Tekstas</p>");
  });

  it("akcijos tekstas irgi valomas; sugadintas JSON vis tiek gauna 400", async () => {
    const [offer] = await adminListAll<Doc & { body: string }>(staff, "offers");
    const { id, createdAt, updatedAt, ...rest } = offer!;
    const updated = await staff.put<Doc & { body: string }>(`/api/admin/offers/${id}`, {
      ...rest,
      body: "<p>Akcija<script>x</script></p>",
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.body).toBe("<p>Akcija</p>");
    const broken = await staff.request("POST", "/api/admin/news", {
      body: "{nebaigtas",
      headers: { "content-type": "application/json" },
    });
    expect(broken.status).toBe(400);
  });
});

describe("tęsiamas failo įkėlimas", () => {
  const chunked = async (client: ApiClient, bytes: Buffer, pieces: number[]) => {
    const start = await client.post<{ uploadId: string }>("/api/admin/files?uploadType=resumable", {
      folder: "cars",
      size: bytes.length,
      name: "didele.png",
    });
    expect(start.status, start.text).toBe(201);
    return { id: start.body.uploadId, pieces };
  };

  it("dalimis, su pertrauka: serveris praneša, kur tęsti, o galutinis failas sveikas", async () => {
    const png = makePng(420, 320, true);
    expect(png.length).toBeGreaterThan(256 * 1024);
    const { id } = await chunked(staff, png, []);
    const first = await staff.request<{ offset: number }>("PUT", `/api/admin/files?upload=${id}&offset=0`, {
      body: part(png, 0, 256 * 1024),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body.offset).toBe(256 * 1024);
    // "paused": the client asks where to resume
    const status = await staff.get<{ offset: number; size: number }>(`/api/admin/files?upload=${id}`);
    expect(status.body).toEqual({ offset: 256 * 1024, size: png.length });
    // a chunk at the wrong offset is refused with the right one
    const wrong = await staff.request<{ offset: number }>("PUT", `/api/admin/files?upload=${id}&offset=0`, {
      body: part(png, 0, 10),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.offset).toBe(256 * 1024);
    const last = await staff.request<{ path: string; url: string }>(
      "PUT",
      `/api/admin/files?upload=${id}&offset=${256 * 1024}`,
      { body: part(png, 256 * 1024), headers: { "content-type": "application/octet-stream" } },
    );
    expect(last.status, last.text).toBe(201);
    const served = await fetch(`${server.url}${last.body.url}`);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it("ne paveikslėlis atmetamas jau nuo pirmos dalies; atšauktas įkėlimas dingsta; svetimas nerandamas", async () => {
    const text = Buffer.from("tai ne paveikslėlis ".repeat(20_000));
    const { id } = await chunked(staff, text, []);
    const refused = await staff.request("PUT", `/api/admin/files?upload=${id}&offset=0`, {
      body: part(text, 0, 1000),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(refused.status).toBe(415);
    expect(nonLithuanianMessages(refused.body)).toEqual([]);

    const png = makePng(420, 320, true);
    const second = await chunked(staff, png, []);
    expect((await admin.get(`/api/admin/files?upload=${second.id}`)).status).toBe(404);
    expect((await staff.delete(`/api/admin/files?upload=${second.id}`)).status).toBe(200);
    expect((await staff.get(`/api/admin/files?upload=${second.id}`)).status).toBe(404);
  });
});

describe("rolės", () => {
  it("darbuotojas negali keisti nustatymų ir darbuotojų paskyrų, administratorius gali", async () => {
    const settings = listItems<Doc>((await staff.get("/api/admin/settings")).body)[0]!;
    const { id, createdAt, updatedAt, ...doc } = settings;
    expect((await staff.put(`/api/admin/settings/${id}`, doc)).status).toBe(403);
    expect((await staff.get("/api/admin/staff")).status).toBe(403);
    const create = await staff.post("/api/admin/staff", {
      email: "naujas@ratunuoma.lt",
      name: "Naujas Darbuotojas",
      role: "admin",
      password: "LabaiSlaptas123",
    });
    expect(create.status).toBe(403);
    expect(nonLithuanianMessages(create.body)).toEqual([]);
    expect((await admin.put(`/api/admin/settings/${id}`, doc)).status).toBe(200);
  });

  it("nustatymų tekstai su HTML valomi, paprastas tekstas lieka koks buvo", async () => {
    const settings = listItems<Doc & { terms: string; about: string }>(
      (await admin.get("/api/admin/settings")).body,
    )[0]!;
    const { id, createdAt, updatedAt, ...doc } = settings;
    const saved = await admin.put<Doc & { terms: string; about: string }>(`/api/admin/settings/${id}`, {
      ...doc,
      terms: "1. Nuoma & sąlygos\n\nNuomininkas < 21 m. moka papildomai.",
      about: "<p>Apie mus<script>alert(1)</script></p>",
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.terms).toBe("1. Nuoma & sąlygos\n\nNuomininkas < 21 m. moka papildomai.");
    expect(saved.body.about).toBe("<p>Apie mus</p>");
  });
});
