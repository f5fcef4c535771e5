// The privacy policy names every recipient the browser or the server sends personal data to
// (issue 27, privacy): a server configured with an SMTP server and Paysera answers the public
// settings with those processors; the privacy page rendered from that answer names the mail
// server's host, Paysera and the IP-to-country lookup (which this server asks itself: the
// visitor's browser reaches no third party, and the CSP allows no such origin); the page's
// periods and backups come from the settings. The country lookup fails gracefully offline.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicSettings } from "../../src/domain/publicCatalog";
import PrivacyPage from "../../src/site/info/PrivacyPage";
import { SiteRouteProvider, staticLocation } from "../../src/site/lib/siteRouter";
import { ApiClient } from "../helpers/http";
import { type RunningServer, startServer } from "../helpers/server";
import { type TinySmtp, tinySmtp } from "../helpers/smtp";

const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("privatumo politika išvardija gavėjus pagal serverio konfigūraciją", () => {
  let server: RunningServer;
  let smtp: TinySmtp;

  beforeAll(async () => {
    smtp = tinySmtp();
    await smtp.start();
    server = await startServer({
      demo: true,
      env: {
        SMTP_URL: `smtp://localhost:${smtp.port}`,
        PAYSERA_PROJECT_ID: "123456",
        PAYSERA_PASSWORD: "slaptas-paysera-slaptazodis",
        PAYSERA_PAY_URL: "http://127.0.0.1:9/paysera/pay/",
      },
    });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it("nustatymų atsakyme – šios konfigūracijos tvarkytojai; puslapyje – kiekvienas gavėjas", async () => {
    const answer = await new ApiClient(server.url).get<PublicSettings>("/api/site/settings");
    expect(answer.status).toBe(200);
    const settings = answer.body;
    expect(settings.processors).toEqual({
      backend: "server",
      mailHost: "localhost",
      payment: "paysera",
      fileStorageHost: null,
      backupStorageHost: null,
      ipLookup: "server",
    });
    const route = {
      location: staticLocation(`${server.url}/privatumo-politika`),
      params: {},
      settings,
      pageData: null,
    };
    const html = renderToStaticMarkup(
      createElement(
        SiteRouteProvider,
        { route } as Parameters<typeof SiteRouteProvider>[0],
        createElement(PrivacyPage),
      ),
    );
    const page = text(html);
    expect(page).toContain("Kam perduodami duomenys");
    expect(page).toContain("El. pašto siuntimo serveris localhost");
    expect(page).toContain("Paysera LT, UAB (mokėjimai internetu)");
    expect(page).toContain("ip2c.org (IP adreso šalies nustatymo paslauga)");
    expect(page).toContain("užklausą siunčia mūsų serveris, Jūsų naršyklė su šia paslauga nesusisiekia");
    expect(page).not.toContain("Stripe");
    expect(page).not.toContain("Google");
    // The data collected names the personal code; periods and backups from the settings.
    expect(page).toContain("asmens kodas");
    expect(page).toContain("praėjus 90 dienų po automobilio grąžinimo");
    expect(page).toContain("praėjus 12 mėnesių nuo jų gavimo");
    expect(page).toContain("3 metus neturėjo");
    expect(page).toContain(
      "Valandinių kopijų laikoma ne daugiau kaip 24, dienos kopijų – ne daugiau kaip 14; senesnės ištrinamos automatiškai.",
    );
    expect(page).toContain("(ne ilgiau kaip 14 dienų); atkūrus kopiją, visi po jos padaryti ištrynimai pakartojami");
    // No promise the code does not keep (the old demo text's).
    expect(page).not.toContain("Neįvykusių rezervacijų");
    expect(settings.privacy).not.toContain("Neįvykusių rezervacijų");
    expect(settings.privacy).not.toContain("Europos ekonominės erdvės ribų neperduodame");
  });

  it("šalies paieška per mūsų serverį: be interneto ir vietiniam adresui – null, naršyklei IP paslauga neleidžiama", async () => {
    const response = await fetch(`${server.url}/api/site/country`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toEqual({ country: null });
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get("content-security-policy") ?? "").not.toContain("ip2c.org");
  });
});
