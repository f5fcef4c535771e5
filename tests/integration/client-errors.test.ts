// A bare server (no demo data): no default accounts, `npm run create-admin` makes
// the first admin, and errors the browser reports land in a log that admin reads.
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminListAll, type Doc, signIn } from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { REPO_ROOT, type RunningServer, removeTempDir, startServer, tempDir } from "../helpers/server";

const FIRST_ADMIN = { email: "vadove@imone.lt", password: "Tikrai-slaptas-2026" };

let server: RunningServer;
let createAdminOutput = "";
let dataDir: string;
beforeAll(async () => {
  dataDir = tempDir("tuscia");
  // the CLI opens the same PGlite folder, so it runs before the server starts
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "server/cli/create-admin.ts", "--email", FIRST_ADMIN.email, "--name", "Vida Vadovė"],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_PASSWORD: FIRST_ADMIN.password },
      encoding: "utf8",
      timeout: 90_000,
    },
  );
  createAdminOutput = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) throw new Error(`create-admin baigėsi kodu ${result.status}:\n${createAdminOutput}`);
  server = await startServer({ dataDir });
});
afterAll(async () => {
  await server?.stop();
  if (dataDir) removeTempDir(dataDir);
});

describe("serveris be demonstracinių duomenų", () => {
  it("numatytųjų paskyrų nėra; demo slaptažodžiai netinka", async () => {
    const anonymous = new ApiClient(server.url);
    for (const account of [
      { email: "admin@ratunuoma.lt", password: "DemoAdmin2026!" },
      { email: "darbuotojas@ratunuoma.lt", password: "DemoStaff2026!" },
      { email: "admin@example.com", password: "admin" },
    ]) {
      expect((await anonymous.post("/api/auth/login", account)).status, account.email).toBe(401);
    }
    const cars = await anonymous.get("/api/site/cars");
    expect(cars.status).toBe(200);
    const settings = await anonymous.get("/api/site/settings");
    expect(settings.status).toBe(200);
  });

  it("npm run create-admin sukurtas administratorius prisijungia", async () => {
    expect(createAdminOutput).toMatch(/[ąčęėįšųūž]/i);
    const admin = await signIn(server.url, FIRST_ADMIN);
    const me = await admin.get<{ email: string; role: string }>("/api/auth/me");
    expect(me.body).toEqual(expect.objectContaining({ email: FIRST_ADMIN.email, role: "admin" }));
  });
});

describe("kliento klaidų žurnalas", () => {
  it("POST /api/client-errors išsaugoma ir matoma administratoriui", async () => {
    const anonymous = new ApiClient(server.url);
    const message = `Nepavyko įkelti modulio ${Date.now()}`;
    const response = await anonymous.post("/api/client-errors", {
      message,
      stack: "Error: Nepavyko įkelti modulio\n    at main.tsx:10:5",
      kind: "startup",
      url: `${server.url}/automobiliai`,
      userAgent: "Testas/1.0",
      buildId: "test",
    });
    expect([200, 201, 202, 204]).toContain(response.status);
    expect(response.headers.getSetCookie()).toEqual([]);

    const admin = await signIn(server.url, FIRST_ADMIN);
    const logged = await adminListAll<Doc & { message: string; kind: string; url: string }>(admin, "client-errors");
    expect(logged.find((entry) => entry.message === message)).toEqual(
      expect.objectContaining({ message, kind: "startup", url: `${server.url}/automobiliai` }),
    );
  });

  it("daug klaidų iš karto: priimama arba ribojama (429), serveris nelūžta", async () => {
    const client = new ApiClient(server.url);
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        client.post("/api/client-errors", { message: `klaida ${i}`, kind: "error", url: "/" }),
      ),
    ).then((all) => all.map((r) => r.status));
    expect(statuses.filter((s) => ![200, 201, 202, 204, 429].includes(s))).toEqual([]);
    expect((await client.get("/api/health")).status).toBe(200);
  });
});
