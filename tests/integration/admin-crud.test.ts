// The admin API speaks ra-data-simple-rest exactly: list with sort/range/filter and
// Content-Range, getMany through the id filter, get one, create, update, delete.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminListAll, adminTotal, type Doc, signInAdmin } from "../helpers/api";
import { type ApiClient, contentRangeTotal, listItems, listQuery } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

type Car = Doc & {
  make: string;
  model: string;
  year: number;
  category: string;
  slug: string;
  sortOrder: number;
  status: string;
};

let server: RunningServer;
let admin: ApiClient;
let allCars: Car[];

beforeAll(async () => {
  server = await startServer({ demo: true });
  admin = await signInAdmin(server.url);
  allCars = await adminListAll<Car>(admin, "cars");
});
afterAll(async () => {
  await server?.stop();
});

describe("sąrašas (getList)", () => {
  it("range grąžina puslapį ir Content-Range", async () => {
    const response = await admin.get(
      `/api/admin/cars${listQuery({ sort: ["year", "DESC"], range: [0, 4], filter: {} })}`,
    );
    expect(response.status).toBe(200);
    const page = listItems<Car>(response.body);
    expect(page).toHaveLength(5);
    expect(response.headers.get("content-range")).toBe(`cars 0-4/${allCars.length}`);
    const years = page.map((car) => car.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(Math.max(...allCars.map((car) => car.year))).toBe(years[0]);

    const second = await admin.get(`/api/admin/cars${listQuery({ sort: ["year", "DESC"], range: [5, 9] })}`);
    expect(second.headers.get("content-range")).toBe(`cars 5-9/${allCars.length}`);
    const ids = new Set([...page, ...listItems<Car>(second.body)].map((car) => car.id));
    expect(ids.size).toBe(10);
  });

  it("rikiuoja abiem kryptimis pagal skaitinį lauką", async () => {
    for (const order of ["ASC", "DESC"] as const) {
      const response = await admin.get(`/api/admin/cars${listQuery({ sort: ["sortOrder", order], range: [0, 999] })}`);
      const values = listItems<Car>(response.body).map((car) => car.sortOrder);
      expect(values).toEqual([...values].sort((a, b) => (order === "ASC" ? a - b : b - a)));
    }
  });

  it("filtruoja pagal lauką; Content-Range rodo filtruotą kiekį", async () => {
    const category = allCars[0]!.category;
    const expected = allCars.filter((car) => car.category === category);
    const response = await admin.get(`/api/admin/cars${listQuery({ range: [0, 99], filter: { category } })}`);
    expect(response.status).toBe(200);
    expect(contentRangeTotal(response)).toBe(expected.length);
    expect(new Set(listItems<Car>(response.body).map((car) => car.id))).toEqual(new Set(expected.map((car) => car.id)));
  });

  it("getMany: filtras {id: [...]}", async () => {
    const wanted = [allCars[2]!.id, allCars[7]!.id, allCars[11]!.id];
    const response = await admin.get(`/api/admin/cars${listQuery({ filter: { id: wanted } })}`);
    expect(response.status).toBe(200);
    expect(new Set(listItems<Car>(response.body).map((car) => car.id))).toEqual(new Set(wanted));
  });

  it("getManyReference: filtras pagal carId", async () => {
    const reservations = await adminListAll<Doc & { carId: string }>(admin, "reservations");
    const carId = reservations[0]!.carId;
    const response = await admin.get(`/api/admin/reservations${listQuery({ range: [0, 999], filter: { carId } })}`);
    expect(response.status).toBe(200);
    const items = listItems<Doc & { carId: string }>(response.body);
    expect(items.length).toBe(reservations.filter((r) => r.carId === carId).length);
    expect(items.every((r) => r.carId === carId)).toBe(true);
  });

  it("netinkami sort/range/filter parametrai -> 400 lietuviškai, ne 500", async () => {
    for (const query of ["?range=[0,", "?sort=nesąmonė", "?filter={blogas", '?sort=["id","IŠ_ŠONO"]']) {
      const response = await admin.get(`/api/admin/cars${query}`);
      expect([400, 422], query).toContain(response.status);
      expect(nonLithuanianMessages(response.body), query).toEqual([]);
    }
  });

  it("kiekvienas resursas turi sąrašą su Content-Range", async () => {
    for (const resource of [
      "cars",
      "fleet",
      "prices",
      "offers",
      "news",
      "customers",
      "requests",
      "reservations",
      "locations",
      "extras",
      "staff",
      "mail",
      "client-errors",
      "audit-log",
    ]) {
      const total = await adminTotal(admin, resource);
      expect(total, resource).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("įrašas: gauti, sukurti, atnaujinti, ištrinti", () => {
  it("getOne; nežinomas id -> 404; netinkamas id -> 400/404", async () => {
    const car = allCars[0]!;
    const response = await admin.get<Car>(`/api/admin/cars/${car.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(car);
    const missing = await admin.get("/api/admin/cars/3f2b8c1e-5a47-4d0e-9b6a-2c8e1f4d7a90");
    expect(missing.status).toBe(404);
    expect(nonLithuanianMessages(missing.body)).toEqual([]);
    const bad = await admin.get("/api/admin/cars/ne-id");
    expect([400, 404]).toContain(bad.status);
  });

  it("sukūrimas (201) -> atnaujinimas -> ištrynimas", async () => {
    const before = await adminTotal(admin, "locations");
    const created = await admin.post<Doc & { name: string }>("/api/admin/locations", {
      name: "Klaipėdos uostas",
      address: "Naujoji Uosto g. 8, Klaipėda",
      city: "Klaipėda",
      deliveryFee: 25,
      hours: "I–VII 8:00–20:00",
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.id).toEqual(expect.any(String));
    expect(created.body.name).toBe("Klaipėdos uostas");
    expect(await adminTotal(admin, "locations")).toBe(before + 1);
    const id = created.body.id;

    const fetched = await admin.get<Doc & { deliveryFee: number }>(`/api/admin/locations/${id}`);
    expect(fetched.body.deliveryFee).toBe(25);

    const updated = await admin.put<Doc & { deliveryFee: number; name: string }>(`/api/admin/locations/${id}`, {
      ...fetched.body,
      deliveryFee: 30,
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.id).toBe(id);
    expect(updated.body.deliveryFee).toBe(30);
    expect((await admin.get<{ deliveryFee: number }>(`/api/admin/locations/${id}`)).body.deliveryFee).toBe(30);

    const removed = await admin.delete<Doc>(`/api/admin/locations/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.id).toBe(id);
    expect((await admin.get(`/api/admin/locations/${id}`)).status).toBe(404);
    expect(await adminTotal(admin, "locations")).toBe(before);
  });

  it("automobilio redagavimas matomas viešame API", async () => {
    const car = allCars.find((c) => c.status === "active")!;
    const response = await admin.put<Car>(`/api/admin/cars/${car.id}`, { ...car, model: `${car.model} Plus` });
    expect(response.status, response.text).toBe(200);
    const site = await fetch(`${server.url}/api/site/cars/${car.slug}`);
    expect(((await site.json()) as Car).model).toBe(`${car.model} Plus`);
    await admin.put(`/api/admin/cars/${car.id}`, car);
  });

  it("zod klaidos -> 422 su lietuviškais laukų pranešimais", async () => {
    const before = (await admin.get<Car>(`/api/admin/cars/${allCars[0]!.id}`)).body;
    const cases: [string, string, unknown][] = [
      ["POST", "/api/admin/locations", { address: "Gatvė 1", city: "Vilnius" }],
      ["POST", "/api/admin/cars", { ...allCars[0], id: undefined, slug: "Netinkamas Slug!" }],
      ["PUT", `/api/admin/cars/${allCars[0]!.id}`, { ...before, seats: "penkios" }],
      ["POST", "/api/admin/extras", { name: "Vaikiška kėdutė", price: -5, chargedPer: "day" }],
    ];
    for (const [method, path, json] of cases) {
      const response = await admin.request<{ message: string; errors?: Record<string, string> }>(method, path, {
        json,
      });
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(422);
      expect(Object.keys(response.body.errors ?? {}).length, `${method} ${path}: errors`).toBeGreaterThan(0);
      expect(nonLithuanianMessages(response.body), `${method} ${path}`).toEqual([]);
    }
    expect((await admin.get<Car>(`/api/admin/cars/${allCars[0]!.id}`)).body).toEqual(before);
  });

  it("dublikuotas slug -> 409 arba 422 lietuviškai", async () => {
    const {
      id: _id,
      createdAt: _c,
      updatedAt: _u,
      ...copy
    } = allCars[0] as Car & { createdAt?: string; updatedAt?: string };
    const response = await admin.post("/api/admin/cars", copy);
    expect([409, 422]).toContain(response.status);
    expect(nonLithuanianMessages(response.body)).toEqual([]);
  });
});
