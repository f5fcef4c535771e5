// The client-error reporter and the error page it feeds.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import ErrorPage from "../../../src/app/ErrorPage";
import {
  CLIENT_ERROR_URL,
  installGlobalErrorReporting,
  isChunkLoadError,
  MAX_REPORTS_PER_PAGE,
  recordClientError,
  reportError,
  resetErrorReporter,
} from "../../../src/app/errorReporter";
import { describeRouteError, pageNotFoundMessage } from "../../../src/app/httpErrors";
import { clientErrorSchema } from "../../../src/domain/schemas";

let sent: { url: string; body: Record<string, unknown> }[];

beforeEach(() => {
  sent = [];
  resetErrorReporter({
    buildId: "build-a",
    transport: (url, body) => sent.push({ url, body: JSON.parse(body) }),
  });
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("recordClientError", () => {
  it("į kliento klaidų žurnalą siunčia clientErrorSchema formos įrašą", () => {
    const error = new Error("Sugedo");
    expect(recordClientError("startup", error)).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(CLIENT_ERROR_URL);
    expect(sent[0]?.body).toMatchObject({ message: "Sugedo", kind: "startup", buildId: "build-a" });
    expect(String(sent[0]?.body.stack)).toContain("Sugedo");
    // The server parses it with this very schema (strict: no unknown fields).
    expect(clientErrorSchema.safeParse(sent[0]?.body).success).toBe(true);
  });

  it("vieno puslapio įkėlimo pranešimų nekartoja ir riboja jų skaičių", () => {
    const same = new Error("Ta pati klaida");
    recordClientError("error", same);
    recordClientError("error", same);
    expect(sent).toHaveLength(1);
    for (let i = 0; i < MAX_REPORTS_PER_PAGE + 5; i += 1) recordClientError("error", new Error(`Klaida ${i}`));
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
  });

  it("ilgus laukus sutrumpina ir niekada nemeta klaidos, net kai ją meta siuntimas", () => {
    recordClientError("error", "x".repeat(5000));
    expect(String(sent[0]?.body.message)).toHaveLength(2000);
    resetErrorReporter({
      transport: () => {
        throw new Error("tinklas");
      },
    });
    expect(() => recordClientError("error", new Error("a"))).not.toThrow();
    expect(() => recordClientError("error", { toString: null })).not.toThrow();
  });

  it("prieš įrašydamas praneša konsolėje lietuviškai", () => {
    reportError("mount", "Klaida montuojant programą", new Error("Nėra #root"));
    expect(console.error).toHaveBeenCalledWith("[nuoma]", "Klaida montuojant programą: Nėra #root", expect.any(Error));
    expect(sent[0]?.body.kind).toBe("mount");
  });
});

describe("visuotinės klaidų tvarkyklės", () => {
  it("įrašo lango klaidas ir neapdorotus atmetimus; dalių klaidos perduodamos perkrovimo tvarkyklei", () => {
    const target = new EventTarget();
    const chunkErrors: unknown[] = [];
    const uninstall = installGlobalErrorReporting({
      buildId: "build-b",
      target: target as unknown as Window,
      onChunkError: (error) => {
        chunkErrors.push(error);
        return true;
      },
    });
    const errorEvent = new Event("error") as Event & { error?: unknown; message?: string };
    errorEvent.error = new Error("Netikėta");
    target.dispatchEvent(errorEvent);
    const rejection = new Event("unhandledrejection") as Event & { reason?: unknown };
    rejection.reason = new Error("Atmesta");
    target.dispatchEvent(rejection);
    const chunk = new Event("unhandledrejection", { cancelable: true }) as Event & { reason?: unknown };
    chunk.reason = new TypeError("Failed to fetch dynamically imported module: /assets/x.js");
    target.dispatchEvent(chunk);

    expect(sent.map((s) => s.body.kind)).toEqual(["error", "unhandledrejection"]);
    expect(sent[0]?.body.buildId).toBe("build-b");
    expect(chunkErrors).toHaveLength(1);
    expect(chunk.defaultPrevented).toBe(true);
    uninstall();
    target.dispatchEvent(errorEvent);
    expect(sent).toHaveLength(2);
  });

  it("atpažįsta pagrindinių naršyklių dalių įkėlimo klaidas", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: x"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: x"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Kažkas kita"))).toBe(false);
  });
});

describe("klaidos puslapis", () => {
  it("404: Page Not Found: {fullPath}, lietuviška antraštė ir aprašymas", () => {
    const details = describeRouteError(
      // What the router makes of a thrown data(..., { status: 404 }) (and what hydration restores).
      {
        status: 404,
        statusText: pageNotFoundMessage("/that/path"),
        internal: false,
        data: { message: "Tokio puslapio nėra." },
      },
      "http://localhost/that/path",
    );
    expect(details).toEqual({
      statusCode: 404,
      statusMessage: "Page Not Found: /that/path",
      description: "Tokio puslapio nėra.",
    });
    const html = renderToStaticMarkup(createElement(ErrorPage, details));
    expect(html).toContain("404");
    expect(html).toContain("Page Not Found: /that/path");
    expect(html).toContain("Puslapis nerastas");
    expect(html).toContain("Tokio puslapio nėra.");
  });

  it("bet kuri kita būsena: Internal Server Error su lietuvišku paaiškinimu, be pačios klaidos teksto", () => {
    const details = describeRouteError(new Error("Duomenų bazė nepasiekiama"), "http://localhost/automobiliai");
    expect(details).toEqual({
      statusCode: 500,
      statusMessage: "Internal Server Error",
      description: "Duomenų bazė nepasiekiama",
    });
    const html = renderToStaticMarkup(createElement(ErrorPage, details));
    expect(html).toContain("500");
    expect(html).toContain("Internal Server Error");
    expect(html).toContain("Įvyko klaida");
    expect(html).toContain("Puslapio parodyti nepavyko dėl klaidos mūsų sistemoje.");
    // The error's own text stays in the log and the client-error record only.
    expect(html).not.toContain("Duomenų bazė nepasiekiama");
  });
});
