// Every staff-only resource and method is refused without a session (401), and
// the admin-only writes are refused to a staff member (403).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_TABLES, SETTINGS_ID } from "../../server/db/types";
import { ADMIN_RESOURCES } from "../../src/domain/schemas";
import { adminListAll, signInAdmin, signInStaff } from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

const RESOURCES = [
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
  "settings",
  "staff",
  "mail",
  "client-errors",
  "audit-log",
  "damages",
] as const;
const SOME_ID = "3f2b8c1e-5a47-4d0e-9b6a-2c8e1f4d7a90";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ demo: true });
});
afterAll(async () => {
  await server?.stop();
});

describe("be sesijos", () => {
  it("lentelė apima kiekvieną administravimo resursą", () => {
    for (const resource of Object.keys(ADMIN_RESOURCES)) expect(RESOURCES).toContain(resource);
    for (const resource of Object.keys(DOCUMENT_TABLES)) expect(RESOURCES).toContain(resource);
  });

  const cases = RESOURCES.flatMap((resource) => [
    ["GET", `/api/admin/${resource}`],
    ["GET", `/api/admin/${resource}/${SOME_ID}`],
    ["POST", `/api/admin/${resource}`],
    ["PUT", `/api/admin/${resource}/${SOME_ID}`],
    ["DELETE", `/api/admin/${resource}/${SOME_ID}`],
  ]);
  cases.push(["POST", "/api/admin/files"], ["GET", `/api/admin/settings/${SETTINGS_ID}`]);

  it(`${cases.length} užklausų be sesijos -> 401 lietuviškai`, async () => {
    const anonymous = new ApiClient(server.url);
    const failures: string[] = [];
    for (const [method, path] of cases as [string, string][]) {
      const response = await anonymous.request(
        method,
        path,
        method === "GET" || method === "DELETE" ? {} : { json: { name: "x" } },
      );
      if (response.status !== 401)
        failures.push(`${method} ${path}: ${response.status} ${response.text.slice(0, 120)}`);
      else if (nonLithuanianMessages(response.body).length > 0) {
        failures.push(`${method} ${path}: ne lietuviškas pranešimas ${response.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("pasibaigusi ar suklastota sesija -> 401", async () => {
    const forged = new ApiClient(server.url);
    const admin = await signInAdmin(server.url);
    for (const name of admin.cookies.keys()) forged.cookies.set(name, "suklastota-reiksme");
    const response = await forged.get("/api/admin/cars");
    expect(response.status).toBe(401);
  });
});

describe("darbuotojo (ne administratoriaus) sesija", () => {
  it("gali dirbti su automobiliais, bet ne su personalu ar nustatymais", async () => {
    const staff = await signInStaff(server.url);
    expect((await staff.get("/api/admin/cars")).status).toBe(200);

    const admin = await signInAdmin(server.url);
    const staffBefore = await adminListAll(admin, "staff");
    const someone = staffBefore[0];
    const settings = await admin.get<Record<string, unknown>>(`/api/admin/settings/${SETTINGS_ID}`);
    expect(settings.status).toBe(200);

    const writes: [string, string, unknown][] = [
      [
        "POST",
        "/api/admin/staff",
        { email: "naujas@ratunuoma.lt", name: "Naujas", role: "admin", password: "labai-slaptas-1" },
      ],
      ["PUT", `/api/admin/staff/${someone!.id}`, { ...someone, role: "admin" }],
      ["DELETE", `/api/admin/staff/${someone!.id}`, undefined],
      ["PUT", `/api/admin/settings/${SETTINGS_ID}`, settings.body],
      ["POST", "/api/admin/settings", settings.body],
      ["DELETE", `/api/admin/settings/${SETTINGS_ID}`, undefined],
    ];
    const failures: string[] = [];
    for (const [method, path, json] of writes) {
      const response = await staff.request(method, path, json === undefined ? {} : { json });
      if (response.status !== 403)
        failures.push(`${method} ${path}: ${response.status} ${response.text.slice(0, 160)}`);
      else if (nonLithuanianMessages(response.body).length > 0) failures.push(`${method} ${path}: ${response.text}`);
    }
    expect(failures).toEqual([]);
    // nothing changed
    expect(await adminListAll(admin, "staff")).toEqual(staffBefore);

    // Colleagues' accounts are not for staff to browse; their own record is.
    const list = await staff.get("/api/admin/staff");
    expect(list.status).toBe(403);
    expect(nonLithuanianMessages(list.body)).toEqual([]);
    const ownId = (await staff.get<{ id: string }>("/api/auth/me")).body.id;
    const own = await staff.get<{ email: string }>(`/api/admin/staff/${ownId}`);
    expect(own.status).toBe(200);
    expect(own.body.email).toBe("darbuotojas@ratunuoma.lt");
    const colleague = staffBefore.find((account) => account.id !== ownId);
    expect((await staff.get(`/api/admin/staff/${colleague!.id}`)).status).toBe(403);
    const after = await admin.get<Record<string, unknown>>(`/api/admin/settings/${SETTINGS_ID}`);
    expect(after.body).toEqual(settings.body);
  });
});

describe("laiškai iš įmonės adreso", () => {
  const mail = (ref: string | null, attachments: { filename: string; path: string }[] = []) => ({
    to: "klientas@pavyzdys.lt",
    message: {
      subject: "Dėl jūsų rezervacijos",
      text: "Laba diena, siunčiame dokumentą.",
      ...(attachments.length > 0 ? { attachments } : {}),
    },
    ref,
  });

  it("darbuotojas laisvo laiško parašyti negali (403); administratorius – tik su savo rezervacijos dokumentais", async () => {
    const staff = await signInStaff(server.url);
    const admin = await signInAdmin(server.url);
    const before = await adminListAll(admin, "mail");

    const byStaff = await staff.post("/api/admin/mail", mail(null));
    expect(byStaff.status).toBe(403);
    expect(nonLithuanianMessages(byStaff.body)).toEqual([]);

    const reservations = await adminListAll<{ id: string }>(admin, "reservations");
    const [own, other] = reservations;
    const foreign = await admin.post<{ errors?: Record<string, string> }>(
      "/api/admin/mail",
      mail(`reservation:${own!.id}`, [
        { filename: "sutartis.pdf", path: `documents/${other!.id}-agreement-0123abcd.pdf` },
      ]),
    );
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors?.["message.attachments"]).toMatch(/tik tos rezervacijos dokumentus/);
    const anyFile = await admin.post("/api/admin/mail", mail(null, [{ filename: "foto.png", path: "desk/kita.png" }]));
    expect(anyFile.status).toBe(422);
    expect((await adminListAll(admin, "mail")).length).toBe(before.length);

    const plain = await admin.post("/api/admin/mail", mail(`reservation:${own!.id}`));
    expect(plain.status).toBe(201);
  });
});
