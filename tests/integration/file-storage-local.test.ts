// Uploads on the local disk (the default storage) keep their size and SHA-256 (migration 013):
// a file changed or removed on disk behind the server's back is never served (a Lithuanian
// error, logged as an error) and is reported by the backup instead of being archived as good.
// Rows written before the hashes (old data) get theirs computed on the first read.
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readArchive } from "../../server/backup/archive";
import { openDb } from "../../server/db/index";
import { signInAdmin, signInStaff } from "../helpers/api";
import { copyDemoTemplate, DEMO_TEMPLATE_KEY } from "../helpers/demoTemplate";
import type { ApiClient } from "../helpers/http";
import { makeJpeg, makePng } from "../helpers/images";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, removeTempDir, startServer, tempDir } from "../helpers/server";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

type Uploaded = { path: string; url: string };

let server: RunningServer;
let dataDir: string;
let staff: ApiClient;
let oldPicture = "";
const work = tempDir("vietiniai-failai");

beforeAll(async () => {
  dataDir = tempDir("vietinis-serveris");
  copyDemoTemplate(inject(DEMO_TEMPLATE_KEY), dataDir);
  // Old data: the demo pictures' rows as they were before migration 013 kept hashes.
  const db = await openDb({ dataDir, databaseUrl: null, engine: "pglite" });
  try {
    await db.query("UPDATE files SET sha256 = NULL");
    oldPicture = (await db.query<{ path: string }>("SELECT path FROM files ORDER BY path LIMIT 1")).rows[0]!.path;
  } finally {
    await db.close();
  }
  server = await startServer({ demo: true, dataDir });
  staff = await signInStaff(server.url);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) removeTempDir(dataDir);
  removeTempDir(work);
});

async function upload(bytes: Uint8Array, folder: string, name: string, type: string): Promise<Uploaded> {
  const data = new FormData();
  data.set("folder", folder);
  data.set("file", new Blob([Buffer.from(bytes)], { type }), name);
  const response = await staff.request<Uploaded>("POST", "/api/admin/files", { body: data });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const cookieOf = (client: ApiClient) => [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

describe("vietinis diskas: dydis ir SHA-256 tikrinami", () => {
  it("senas įrašas be kontrolinės sumos: ji apskaičiuojama pirmą kartą skaitant ir vėliau tikrinama", async () => {
    const onDisk = readFileSync(path.join(dataDir, "files", oldPicture));
    const served = await fetch(`${server.url}/files/${oldPicture}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("etag")).toBe(`"${sha256(onDisk).slice(0, 32)}"`);
    expect(server.output()).toContain(`Failo files/${oldPicture} kontrolinė suma apskaičiuota ir įrašyta`);
    // Kept: the same size, other bytes are now caught.
    const changed = Buffer.from(onDisk);
    changed[changed.length - 2] = changed[changed.length - 2] === 32 ? 10 : 32;
    writeFileSync(path.join(dataDir, "files", oldPicture), changed);
    const again = await fetch(`${server.url}/files/${oldPicture}`);
    expect(again.status).toBe(500);
    writeFileSync(path.join(dataDir, "files", oldPicture), onDisk);
    expect((await fetch(`${server.url}/files/${oldPicture}`)).status).toBe(200);
  });

  it("diske pakeistas failas neatiduodamas: 500 lietuviškai, ne baitai; žurnale KLAIDA", async () => {
    const picture = makePng(30, 20, true);
    const uploaded = await upload(picture, "offers", "akcija.png", "image/png");
    expect(Buffer.from(await (await fetch(new URL(uploaded.url, server.url))).arrayBuffer()).equals(picture)).toBe(
      true,
    );
    const tampered = Buffer.from(picture);
    tampered[tampered.length - 20] = (tampered[tampered.length - 20] as number) ^ 0xff;
    writeFileSync(path.join(dataDir, "files", uploaded.path), tampered);
    const served = await fetch(new URL(uploaded.url, server.url));
    expect(served.status).toBe(500);
    expect(served.headers.get("content-type")).toContain("application/json");
    const body = (await served.json()) as { message: string };
    expect(body.message).toBe(
      `Failas „files/${uploaded.path}“ sugadintas: jo turinys nesutampa su įrašytu dydžiu ir kontroline suma (SHA-256), todėl neatiduodamas. Atkurkite jį iš atsarginės kopijos.`,
    );
    expect(nonLithuanianMessages(body)).toEqual([]);
    expect(server.output()).toMatch(new RegExp(`KLAIDA Failas „files/${uploaded.path}“ sugadintas`));
    // A shorter file (cut off) too.
    writeFileSync(path.join(dataDir, "files", uploaded.path), picture.subarray(0, 50));
    expect((await fetch(new URL(uploaded.url, server.url))).status).toBe(500);
  });

  it("diske dingęs failas: 500 lietuviškai", async () => {
    const uploaded = await upload(makePng(9, 9, true), "misc", "x.png", "image/png");
    rmSync(path.join(dataDir, "files", uploaded.path));
    const served = await fetch(new URL(uploaded.url, server.url));
    expect(served.status).toBe(500);
    expect(((await served.json()) as { message: string }).message).toContain("turinio saugykloje nėra");
  });

  it("pakeista privati nuotrauka darbuotojui neatiduodama; atsarginė kopija jos neįtraukia ir praneša", async () => {
    const photo = makeJpeg();
    const uploaded = await upload(photo, "desk", "pazeidimas.jpg", "image/jpeg");
    const good = await fetch(new URL(uploaded.url, server.url), { headers: { cookie: cookieOf(staff) } });
    expect(Buffer.from(await good.arrayBuffer()).equals(photo)).toBe(true);
    writeFileSync(path.join(dataDir, "private", uploaded.path), Buffer.concat([photo, Buffer.from([0])]));
    const served = await staff.request<{ message: string }>("GET", uploaded.url);
    expect(served.status).toBe(500);
    expect(served.body.message).toContain(`Failas „private/${uploaded.path}“ sugadintas`);

    const admin = await signInAdmin(server.url);
    const response = await fetch(`${server.url}/api/backup`, {
      method: "POST",
      headers: { cookie: cookieOf(admin), origin: server.url },
    });
    expect(response.status).toBe(200);
    const archive = path.join(work, "kopija.tar.gz");
    writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
    const files = (await readArchive(archive, null)).files;
    const names = files.map((file) => file.name);
    expect(names).not.toContain(`files/private/${uploaded.path}`);
    // The good ones are there, with the hashes of their records.
    const kept = files.find((file) => file.name === `files/public/${oldPicture}`);
    expect(kept?.sha256).toBe(sha256(readFileSync(path.join(dataDir, "files", oldPicture))));
    expect(server.output()).toMatch(
      new RegExp(`KLAIDA Atsarginė kopija: Failas „files/private/${uploaded.path}“ sugadintas`),
    );
  }, 60_000);
});
