// An unexpected failure answers a browser's page request with a Lithuanian 500 page and an
// API call with JSON; neither carries the error's own text (that goes to the log only).
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorResponse } from "../../../server/app";
import { log } from "../../../server/log";

function appThatFails() {
  const app = new Hono();
  app.get("*", () => {
    throw new Error("connect ECONNREFUSED 10.0.0.5:5432 slaptas vidinis tekstas");
  });
  app.onError((error, c) => errorResponse(error, c));
  return app;
}

describe("serverio 500 atsakymas", () => {
  // Restored also when an assertion fails: the unit files share one module graph (vitest.config.ts).
  afterEach(() => vi.restoreAllMocks());

  it("naršyklės puslapio užklausai – lietuviškas HTML puslapis be klaidos teksto", async () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const response = await appThatFails().request("/kontaktai", { headers: { accept: "text/html,*/*;q=0.8" } });
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain('lang="lt"');
    expect(html).toContain("Internal Server Error");
    expect(html).toContain("Puslapio parodyti nepavyko dėl klaidos mūsų sistemoje.");
    expect(html).not.toContain("ECONNREFUSED");
    // The log keeps the real error.
    expect(String(logged.mock.calls[0]?.[1])).toContain("ECONNREFUSED");
  });

  it("API užklausai – JSON su lietuvišku pranešimu", async () => {
    vi.spyOn(log, "error").mockImplementation(() => undefined);
    const response = await appThatFails().request("/api/cars", { headers: { accept: "text/html" } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: "Serverio klaida" });
  });
});
