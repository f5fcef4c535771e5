// The rental desk's documents and private files on the real server (PGlite in a temp folder):
// private uploads to "desk", staff-only reading, and the reservation's PDFs read back with pdf.js.
import { existsSync } from "node:fs";
import path from "node:path";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminListAll, type Doc, signInStaff } from "../helpers/api";
import type { ApiClient } from "../helpers/http";
import { makePng } from "../helpers/images";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer;
let staff: ApiClient;

beforeAll(async () => {
  server = await startServer({ demo: true });
  staff = await signInStaff(server.url);
});
afterAll(async () => {
  await server?.stop();
});

/** A GET with the client's session, the body as bytes. */
async function getBytes(client: ApiClient | null, pathname: string): Promise<{ response: Response; bytes: Buffer }> {
  const headers: Record<string, string> = {};
  if (client && client.cookies.size > 0) {
    headers.cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  const response = await fetch(new URL(pathname, server.url), { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

function deskForm(bytes: Uint8Array, name: string, type: string): FormData {
  const data = new FormData();
  data.set("folder", "desk");
  data.set("file", new Blob([Buffer.from(bytes)], { type }), name);
  return data;
}

describe("privatūs failai (desk)", () => {
  it("įkėlimas į desk: saugomas privačiai, darbuotojas jį skaito, anonimas – 401, /files – 404", async () => {
    const png = makePng(120, 40);
    const uploaded = await staff.request<{ path: string; url: string }>("POST", "/api/admin/files", {
      body: deskForm(png, "parasas.png", "image/png"),
    });
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(uploaded.body.path).toMatch(/^desk\/[0-9a-f-]+\.png$/);
    expect(uploaded.body.url).toBe(`/api/admin/private/${uploaded.body.path}`);

    const asStaff = await getBytes(staff, uploaded.body.url);
    expect(asStaff.response.status).toBe(200);
    expect(asStaff.response.headers.get("content-type")).toBe("image/png");
    expect(asStaff.response.headers.get("cache-control")).toContain("private");
    expect(asStaff.bytes.equals(Buffer.from(png))).toBe(true);

    const anonymous = await getBytes(null, uploaded.body.url);
    expect(anonymous.response.status).toBe(401);
    expect(nonLithuanianMessages(JSON.parse(anonymous.bytes.toString("utf8")))).toEqual([]);

    const publicPath = await getBytes(null, `/files/${uploaded.body.path}`);
    expect(publicPath.response.status).toBe(404);
    const publicAsStaff = await getBytes(staff, `/files/${uploaded.body.path}`);
    expect(publicAsStaff.response.status).toBe(404);

    // On disk under DATA_DIR/private, never under DATA_DIR/files.
    expect(existsSync(path.join(server.dataDir, "private", uploaded.body.path))).toBe(true);
    expect(existsSync(path.join(server.dataDir, "files", uploaded.body.path))).toBe(false);
  });

  it("tęsiamas įkėlimas į desk taip pat privatus", async () => {
    const png = makePng(700, 500, true);
    expect(png.length).toBeGreaterThan(256 * 1024);
    const started = await staff.post<{ uploadId: string }>("/api/admin/files?uploadType=resumable", {
      folder: "desk",
      size: png.length,
      name: "nuotrauka.png",
    });
    expect(started.status, started.text).toBe(201);
    const half = Math.floor(png.length / 2);
    const first = await staff.request("PUT", `/api/admin/files?upload=${started.body.uploadId}&offset=0`, {
      body: new Uint8Array(png.subarray(0, half)),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(first.status, first.text).toBe(200);
    const last = await staff.request<{ path: string; url: string }>(
      "PUT",
      `/api/admin/files?upload=${started.body.uploadId}&offset=${half}`,
      { body: new Uint8Array(png.subarray(half)), headers: { "content-type": "application/octet-stream" } },
    );
    expect(last.status, last.text).toBe(201);
    expect(last.body.path.startsWith("desk/")).toBe(true);
    const read = await getBytes(staff, last.body.url);
    expect(read.response.status).toBe(200);
    expect(read.bytes.equals(Buffer.from(png))).toBe(true);
    expect((await getBytes(null, `/files/${last.body.path}`)).response.status).toBe(404);
  });

  it("neleistini keliai ir nesami failai -> 404", async () => {
    for (const bad of [
      "/api/admin/private/desk/nera.png",
      "/api/admin/private/cars/x.png",
      "/api/admin/private/desk/..%2F..%2Fapp.db",
      "/api/admin/private/documents/x.exe",
    ]) {
      const { response } = await getBytes(staff, bad);
      expect(response.status, bad).toBe(404);
    }
  });
});

describe("rezervacijos dokumentai", () => {
  it("sutarties PDF: application/pdf, %PDF, lietuviškos raidės ir puslapiai", async () => {
    const reservations = await adminListAll<Doc & { status: string; number: string }>(staff, "reservations");
    const reservation = reservations.find((r) => r.status === "confirmed") ?? reservations[0];
    if (!reservation) throw new Error("demo has no reservations");
    const { response, bytes } = await getBytes(
      staff,
      `/api/admin/reservations/${reservation.id}/documents/agreement.pdf`,
    );
    expect(response.status, bytes.toString("utf8").slice(0, 200)).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`sutartis-${reservation.number}.pdf`);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text, totalPages } = await extractText(pdf, { mergePages: true });
    expect(text).toContain("NUOMOS SUTARTIS");
    expect(text).toContain(reservation.number);
    expect(text).toMatch(/[ąčęėįšųūž]/);
    expect(text).toMatch(/[ĄČĘĖĮŠŲŪŽ]/);
    expect(text).toContain(`Puslapis 1 iš ${totalPages}`);
    expect(text).toContain(`Puslapis ${totalPages} iš ${totalPages}`);
  });

  it("neišduoto automobilio perdavimo ir grąžinimo aktai -> 404 lietuviškai", async () => {
    const reservations = await adminListAll<Doc & { status: string; handover: unknown; returnAct: unknown }>(
      staff,
      "reservations",
    );
    const reservation = reservations.find((r) => !r.handover && !r.returnAct);
    if (!reservation) throw new Error("demo has no reservation without acts");
    for (const kind of ["handover", "return"]) {
      const answer = await staff.get<{ message: string }>(
        `/api/admin/reservations/${reservation.id}/documents/${kind}.pdf`,
      );
      expect(answer.status, kind).toBe(404);
      expect(answer.body.message).toMatch(/aktas dar nesudarytas/);
      expect(nonLithuanianMessages(answer.body)).toEqual([]);
    }
    const unknownKind = await staff.get(`/api/admin/reservations/${reservation.id}/documents/saskaita.pdf`);
    expect(unknownKind.status).toBe(404);
    expect(nonLithuanianMessages(unknownKind.body)).toEqual([]);
    const missing = await staff.get(
      "/api/admin/reservations/00000000-0000-4000-8000-000000000999/documents/agreement.pdf",
    );
    expect(missing.status).toBe(404);
    expect(nonLithuanianMessages(missing.body)).toEqual([]);
  });

  it("be prisijungimo -> 401", async () => {
    const reservations = await adminListAll(staff, "reservations");
    const { response } = await getBytes(null, `/api/admin/reservations/${reservations[0]?.id}/documents/agreement.pdf`);
    expect(response.status).toBe(401);
  });
});
