// The adapter is chosen at run time: the same build, given Firebase settings in the
// environment, tells the browser to use Firebase. No rebuild.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../helpers/http";
import { type RunningServer, startServer } from "../helpers/server";

const FIREBASE_ENV = {
  FIREBASE_API_KEY: "AIzaSyTestasTestasTestasTestas123456",
  FIREBASE_AUTH_DOMAIN: "ratai-testas.firebaseapp.com",
  FIREBASE_PROJECT_ID: "ratai-testas",
  FIREBASE_STORAGE_BUCKET: "ratai-testas.appspot.com",
  FIREBASE_MESSAGING_SENDER_ID: "123456789012",
  FIREBASE_APP_ID: "1:123456789012:web:abcdef123456",
  FIREBASE_DATABASE_URL: "https://ratai-testas-default-rtdb.europe-west1.firebasedatabase.app",
};

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: FIREBASE_ENV });
});
afterAll(async () => {
  await server?.stop();
});

describe("GET /runtime-config.json", () => {
  it("su FIREBASE_* kintamaisiais renkasi Firebase adapterį ir perduoda konfigūraciją", async () => {
    const response = await new ApiClient(server.url).get<{
      backend: string;
      firebase: Record<string, string>;
    }>("/runtime-config.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control") ?? "").toMatch(/no-cache|no-store|max-age=0/);
    expect(response.body.backend).toBe("firebase");
    expect(response.body.firebase).toEqual(
      expect.objectContaining({
        apiKey: FIREBASE_ENV.FIREBASE_API_KEY,
        authDomain: FIREBASE_ENV.FIREBASE_AUTH_DOMAIN,
        projectId: FIREBASE_ENV.FIREBASE_PROJECT_ID,
        storageBucket: FIREBASE_ENV.FIREBASE_STORAGE_BUCKET,
        messagingSenderId: FIREBASE_ENV.FIREBASE_MESSAGING_SENDER_ID,
        appId: FIREBASE_ENV.FIREBASE_APP_ID,
        databaseURL: FIREBASE_ENV.FIREBASE_DATABASE_URL,
      }),
    );
  });
});
