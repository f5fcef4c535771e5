// Uploads: staff only, images only (type sniffed from the bytes), a size limit,
// served publicly under /files/.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_OPEN_UPLOADS_PER_USER,
  removeStaleUploads,
  TOO_MANY_UPLOADS_MESSAGE,
  UPLOAD_TTL_MS,
} from "../../server/routes/files";
import { signInStaff } from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { makeJpeg, makePng } from "../helpers/images";
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

function form(bytes: Uint8Array, name: string, type: string, folder = "cars"): FormData {
  const data = new FormData();
  data.set("folder", folder);
  data.set("file", new Blob([Buffer.from(bytes)], { type }), name);
  return data;
}

type Uploaded = { path: string; url: string };

describe("POST /api/admin/files", () => {
  it.each([
    ["PNG", makePng(64, 48), "nuotrauka.png", "image/png"],
    ["JPEG", makeJpeg(), "nuotrauka.jpg", "image/jpeg"],
  ] as const)("%s -> 201 {path,url}; GET url grąžina tą patį failą", async (_kind, bytes, name, type) => {
    const response = await staff.request<Uploaded>("POST", "/api/admin/files", { body: form(bytes, name, type) });
    expect(response.status, response.text).toBe(201);
    expect(response.body.path).toEqual(expect.any(String));
    expect(response.body.url).toEqual(expect.any(String));
    const url = new URL(response.body.url, server.url);
    expect(url.pathname.startsWith("/files/")).toBe(true);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe(type);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it("turinio tipas nustatomas iš baitų, ne iš pavadinimo: PNG pavadintas .jpg saugomas kaip PNG", async () => {
    const bytes = makePng(8, 8);
    const response = await staff.request<Uploaded>("POST", "/api/admin/files", {
      body: form(bytes, "apgaule.jpg", "image/jpeg"),
    });
    expect(response.status, response.text).toBe(201);
    const served = await fetch(new URL(response.body.url, server.url));
    expect(served.headers.get("content-type")).toBe("image/png");
  });

  it("tekstas pervadintas .png -> 415 lietuviškai", async () => {
    const bytes = new TextEncoder().encode("Tai ne paveikslėlis, o tekstas.\n".repeat(20));
    const response = await staff.request("POST", "/api/admin/files", {
      body: form(bytes, "paveikslelis.png", "image/png"),
    });
    expect(response.status, response.text).toBe(415);
    expect(nonLithuanianMessages(response.body)).toEqual([]);
  });

  it("HTML ar SVG su skriptu -> 415", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await staff.request("POST", "/api/admin/files", { body: form(svg, "logo.svg", "image/svg+xml") });
    expect(response.status).toBe(415);
  });

  it("per didelis failas -> 413 lietuviškai", async () => {
    // a real PNG header followed by 30 MB: above any sensible image limit
    const big = Buffer.concat([makePng(4, 4), Buffer.alloc(30 * 1024 * 1024, 7)]);
    const response = await staff.request("POST", "/api/admin/files", { body: form(big, "didelis.png", "image/png") });
    expect(response.status, response.text.slice(0, 200)).toBe(413);
    expect(nonLithuanianMessages(response.body)).toEqual([]);
  });

  it("be failo -> 400/422", async () => {
    const data = new FormData();
    data.set("folder", "cars");
    const response = await staff.request("POST", "/api/admin/files", { body: data });
    expect([400, 422]).toContain(response.status);
    expect(nonLithuanianMessages(response.body)).toEqual([]);
  });

  it("katalogas su ../ neleidžiamas", async () => {
    const response = await staff.request<Uploaded>("POST", "/api/admin/files", {
      body: form(makePng(4, 4), "x.png", "image/png", "../../etc"),
    });
    if (response.status === 201) expect(response.body.path).not.toContain("..");
    else expect([400, 422]).toContain(response.status);
  });

  it("anonimas -> 401", async () => {
    const anonymous = new ApiClient(server.url);
    const response = await anonymous.request("POST", "/api/admin/files", {
      body: form(makePng(4, 4), "x.png", "image/png"),
    });
    expect(response.status).toBe(401);
  });

  it("nežinomas failas -> 404", async () => {
    const response = await fetch(new URL("/files/cars/tokio-nera.png", server.url));
    expect(response.status).toBe(404);
    const traversal = await fetch(new URL("/files/..%2F..%2Fpackage.json", server.url));
    expect([400, 404]).toContain(traversal.status);
  });
});

describe("tęsiami įkėlimai: riba ir valymas", () => {
  it(`ne daugiau kaip ${MAX_OPEN_UPLOADS_PER_USER} nebaigtų vienam darbuotojui; atšaukus galima vėl; seni išvalomi per valandą`, async () => {
    const member = await signInStaff(server.url);
    const start = () =>
      member.post<{ uploadId: string; message?: string }>("/api/admin/files?uploadType=resumable", {
        folder: "desk",
        size: 1024,
        name: "nuotrauka.jpg",
      });
    const started: string[] = [];
    for (let i = 0; i < MAX_OPEN_UPLOADS_PER_USER; i++) {
      const response = await start();
      expect(response.status, response.text).toBe(201);
      started.push(response.body.uploadId);
    }
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TOO_MANY_UPLOADS_MESSAGE);
    expect(nonLithuanianMessages(refused.body)).toEqual([]);

    expect((await member.delete(`/api/admin/files?upload=${started.pop()}`)).status).toBe(200);
    const again = await start();
    expect(again.status).toBe(201);
    started.push(again.body.uploadId);

    // an hour later, untouched: all of them gone (the hourly job and the next start clean them)
    expect(await removeStaleUploads(server.dataDir, Date.now() + UPLOAD_TTL_MS + 60_000)).toBe(2 * started.length);
    for (const id of started) expect((await member.get(`/api/admin/files?upload=${id}`)).status).toBe(404);
    expect((await start()).status).toBe(201);
  });
});
