// Uploads in an S3-compatible bucket (FILE_STORAGE=s3, server/files/s3.ts) against a local s3rver:
// an upload is an object under public/, served by GET /files/* with nothing on the server's disk;
// a desk photo is an object under private/, served only to staff; the backup archives the
// bucket's files and a restore writes them back into a bucket; an object changed or removed
// behind the server's back is never served (a Lithuanian error, logged), nor archived as good.
// Wrong settings stop the start with a Lithuanian message naming the setting.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DeleteObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readArchive } from "../../server/backup/archive";
import { listFiles, restoreLocal } from "../../server/backup/local";
import { ConfigError, loadConfig } from "../../server/config";
import { openDb } from "../../server/db/index";
import { migrate } from "../../server/db/migrate";
import { createFileStorage } from "../../server/files/index";
import { signInAdmin, signInStaff } from "../helpers/api";
import { copyDemoTemplate, DEMO_TEMPLATE_KEY } from "../helpers/demoTemplate";
import type { ApiClient } from "../helpers/http";
import { makeJpeg, makePng } from "../helpers/images";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { migratedDataDir } from "../helpers/pgliteTemplate";
import { startS3, type TestS3 } from "../helpers/s3";
import { type RunningServer, removeTempDir, startServer, tempDir } from "../helpers/server";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

function form(bytes: Uint8Array, name: string, type: string, folder: string): FormData {
  const data = new FormData();
  data.set("folder", folder);
  data.set("file", new Blob([Buffer.from(bytes)], { type }), name);
  return data;
}

type Uploaded = { path: string; url: string };

/** POST /api/backup as the signed-in administrator: the archive's bytes into `file`. */
async function downloadBackup(admin: ApiClient, file: string): Promise<void> {
  const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await fetch(new URL("/api/backup", admin.baseUrl), {
    method: "POST",
    headers: { cookie, origin: admin.baseUrl },
  });
  expect(response.status).toBe(200);
  writeFileSync(file, Buffer.from(await response.arrayBuffer()));
}

let s3: TestS3;
let server: RunningServer;
let dataDir: string;
let staff: ApiClient;
const work = tempDir("s3-darbas");

beforeAll(async () => {
  s3 = await startS3("ratai-failai");
  // The demo company, its pictures moved into the bucket (as an operator moving to S3 would).
  dataDir = tempDir("s3-serveris");
  copyDemoTemplate(inject(DEMO_TEMPLATE_KEY), dataDir);
  const pictures = path.join(dataDir, "files");
  for (const relative of await listFiles(pictures)) {
    await s3.overwrite(`public/${relative}`, readFileSync(path.join(pictures, relative)));
  }
  rmSync(pictures, { recursive: true, force: true });
  server = await startServer({ demo: true, dataDir, env: s3.env() });
  staff = await signInStaff(server.url);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) removeTempDir(dataDir);
  removeTempDir(work);
  await s3?.stop();
});

async function upload(bytes: Uint8Array, folder: string, name = "nuotrauka.png", type = "image/png") {
  const response = await staff.request<Uploaded>("POST", "/api/admin/files", { body: form(bytes, name, type, folder) });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

describe("FILE_STORAGE=s3: įkėlimai kibire", () => {
  const picture = makePng(40, 30, true);
  const deskPhoto = makeJpeg();
  let publicPath = "";
  let privatePath = "";

  it("serveris praneša, kur failai; demonstraciniai paveikslėliai atiduodami iš kibiro", async () => {
    expect(server.output()).toContain(`Failai saugomi S3 kibire ${s3.bucket}`);
    const served = await fetch(`${server.url}/files/cars/${(await s3.keys("public/cars/"))[0]!.split("/").pop()}`);
    expect(served.status).toBe(200);
  });

  it("įkeltas paveikslėlis – objektas public/…, serverio diske nieko; GET /files grąžina tuos pačius baitus", async () => {
    const uploaded = await upload(picture, "news");
    publicPath = uploaded.path;
    expect(Buffer.from((await s3.object(`public/${publicPath}`)) ?? []).equals(picture)).toBe(true);
    expect(existsSync(path.join(dataDir, "files", publicPath))).toBe(false);
    const served = await fetch(new URL(uploaded.url, server.url));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    // The ETag is the recorded SHA-256: the hash was kept at upload.
    expect(served.headers.get("etag")).toBe(`"${sha256(picture).slice(0, 32)}"`);
    expect(Buffer.from(await served.arrayBuffer()).equals(picture)).toBe(true);
    const again = await fetch(new URL(uploaded.url, server.url), {
      headers: { "if-none-match": served.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  it("privati nuotrauka – objektas private/…, viešai nepasiekiama, darbuotojui atiduodama", async () => {
    const uploaded = await upload(deskPhoto, "desk", "pazeidimas.jpg", "image/jpeg");
    privatePath = uploaded.path;
    expect(privatePath.startsWith("desk/")).toBe(true);
    expect(Buffer.from((await s3.object(`private/${privatePath}`)) ?? []).equals(deskPhoto)).toBe(true);
    expect(await s3.object(`public/${privatePath}`)).toBeNull();
    expect((await fetch(`${server.url}/files/${privatePath}`)).status).toBe(404);
    expect((await fetch(new URL(uploaded.url, server.url))).status).toBe(401);
    const cookie = [...staff.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const asStaff = await fetch(new URL(uploaded.url, server.url), { headers: { cookie } });
    expect(asStaff.status).toBe(200);
    expect(Buffer.from(await asStaff.arrayBuffer()).equals(deskPhoto)).toBe(true);
  });

  it("atsarginė kopija turi kibiro failus; atkūrimas įrašo juos atgal į kibirą su įrašais", async () => {
    const admin = await signInAdmin(server.url);
    const archive = path.join(work, "kopija.tar.gz");
    await downloadBackup(admin, archive);
    const read = await readArchive(archive, null);
    const parts = new Map(read.files.map((file) => [file.name, file.sha256]));
    expect(parts.get(`files/public/${publicPath}`)).toBe(sha256(picture));
    expect(parts.get(`files/private/${privatePath}`)).toBe(sha256(deskPhoto));
    expect([...parts.keys()].filter((name) => name.startsWith("files/public/cars/")).length).toBeGreaterThan(0);

    // Restored into a new database, the files into the bucket under another prefix.
    const target = migratedDataDir("s3-atkurta");
    const storage = createFileStorage({ dataDir: target, fileStorage: loadConfig(s3.env("atkurta")).fileStorage });
    const db = await openDb({ dataDir: target, databaseUrl: null, engine: "pglite" });
    try {
      await migrate(db);
      const result = await restoreLocal(db, target, archive, { storage });
      expect(result.files).toBe(read.files.length);
      expect(Buffer.from((await s3.object(`atkurta/public/${publicPath}`)) ?? []).equals(picture)).toBe(true);
      expect(Buffer.from((await s3.object(`atkurta/private/${privatePath}`)) ?? []).equals(deskPhoto)).toBe(true);
      expect(existsSync(path.join(target, "files"))).toBe(false);
      const records = await db.query<{ path: string; sha256: string }>(
        "SELECT path, sha256 FROM files WHERE path = $1 UNION ALL SELECT path, sha256 FROM private_files WHERE path = $2",
        [publicPath, privatePath],
      );
      expect(records.rows).toEqual([
        { path: publicPath, sha256: sha256(picture) },
        { path: privatePath, sha256: sha256(deskPhoto) },
      ]);
      // A second restore into the same place is refused: the bucket is not empty.
      await expect(restoreLocal(db, target, archive, { storage })).rejects.toThrow(/failų saugykloje yra failų/);
    } finally {
      await db.close();
      removeTempDir(target);
    }
  }, 180_000);

  it("pakeistas objektas neatiduodamas: klaida lietuviškai, žurnale KLAIDA; kopijoje jo nėra, apie jį pranešta", async () => {
    const other = makePng(41, 30, true);
    await s3.overwrite(`public/${publicPath}`, other);
    const served = await fetch(`${server.url}/files/${publicPath}`);
    expect(served.status).toBe(500);
    const body = (await served.json()) as { message: string };
    expect(body.message).toContain("sugadintas");
    expect(nonLithuanianMessages(body)).toEqual([]);
    expect(server.output()).toMatch(new RegExp(`KLAIDA Failas „files/${publicPath}“ sugadintas`));

    await s3.overwrite(`private/${privatePath}`, makeJpeg().subarray(0, 100));
    const privateServed = await staff.request<{ message: string }>("GET", `/api/admin/private/${privatePath}`);
    expect(privateServed.status).toBe(500);
    expect(privateServed.body.message).toContain("sugadintas");

    const admin = await signInAdmin(server.url);
    const archive = path.join(work, "su-sugadintu.tar.gz");
    await downloadBackup(admin, archive);
    const names = (await readArchive(archive, null)).files.map((file) => file.name);
    expect(names).not.toContain(`files/public/${publicPath}`);
    expect(names).not.toContain(`files/private/${privatePath}`);
    expect(server.output()).toMatch(
      new RegExp(`KLAIDA Atsarginė kopija: Failas „files/public/${publicPath}“ sugadintas`),
    );
  }, 60_000);

  it("dingęs objektas: klaida lietuviškai (ne 200 ir ne tušti baitai)", async () => {
    const uploaded = await upload(makePng(12, 12, true), "misc");
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `public/${uploaded.path}` }));
    const served = await fetch(new URL(uploaded.url, server.url));
    expect(served.status).toBe(500);
    expect(((await served.json()) as { message: string }).message).toContain("turinio saugykloje nėra");
  });
});

describe("FILE_STORAGE nustatymai", () => {
  it("trūkstamas ar netinkamas nustatymas – klaida lietuviškai su jo vardu", () => {
    const env = s3.env();
    const without = (name: string) => Object.fromEntries(Object.entries(env).filter(([key]) => key !== name));
    for (const name of ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) {
      expect(() => loadConfig(without(name), [])).toThrow(ConfigError);
      expect(() => loadConfig(without(name), [])).toThrow(name);
    }
    expect(() => loadConfig({ ...env, FILE_STORAGE: "ftp" }, [])).toThrow(/FILE_STORAGE turi būti/);
    expect(() => loadConfig({ ...env, S3_BUCKET: "AB" }, [])).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...env, S3_ENDPOINT: "minio:9000" }, [])).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...env, S3_PREFIX: "../x" }, [])).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ ...env, S3_FORCE_PATH_STYLE: "gal" }, [])).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(loadConfig({ ...env, S3_PREFIX: "svetaine/" }, []).fileStorage).toMatchObject({
      kind: "s3",
      prefix: "svetaine/",
      forcePathStyle: true,
    });
    expect(loadConfig({}, []).fileStorage).toEqual({ kind: "local" });
  });

  it("nesamas kibiras – serveris nepasileidžia, pranešime S3_BUCKET", async () => {
    const started = startServer({ env: { ...s3.env(), S3_BUCKET: "nera-tokio-kibiro" } });
    await expect(started).rejects.toThrow(/kibiro „nera-tokio-kibiro“ nėra \(patikrinkite S3_BUCKET\)/);
  });
});
