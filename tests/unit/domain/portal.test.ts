// "Mano rezervacija" pure rules: the token's hash (plain SHA-256, checked against Node's), its
// expiry, the free cancellation window, and the link every customer mail carries.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cancellationTerms, changeRefusal, lateCancellationMessage, mapUrlOf } from "../../../src/domain/portal";
import {
  issuePortalLink,
  newPortalToken,
  PORTAL_TOKEN_PATTERN,
  portalLinkExpiry,
  portalTokenHash,
  sha256Hex,
  withPortalLinkText,
} from "../../../src/domain/portalToken";

const node = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("portalToken", () => {
  it("SHA-256 sutampa su Node realizacija (tuščias, trumpi, ilgi, UTF-8, blokų ribos)", () => {
    const samples = ["", "abc", "ąčęėįšųūž", "a".repeat(55), "b".repeat(56), "c".repeat(64), "d".repeat(1000)];
    for (const text of samples) expect(sha256Hex(text)).toBe(node(text));
    for (let i = 0; i < 20; i++) {
      const token = newPortalToken();
      expect(sha256Hex(token)).toBe(node(token));
    }
  });

  it("žetonas – 256 bitų base64url, kiekvienas kitas; netinkamas žetonas neturi maišos", () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newPortalToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(PORTAL_TOKEN_PATTERN);
    expect(portalTokenHash("trumpas")).toBeNull();
    expect(portalTokenHash("../".repeat(15))).toBeNull();
  });

  it("nuoroda: adresas su žetonu, saugoma tik maiša, galioja 30 d. po grąžinimo", () => {
    const link = issuePortalLink("https://nuoma.lt/", "res-1", "2026-12-01T10:00:00.000Z");
    const token = link.url.split("/").pop() ?? "";
    expect(link.url).toBe(`https://nuoma.lt/mano-rezervacija/${token}`);
    expect(link.tokenHash).toBe(node(token));
    expect(JSON.stringify(link.doc)).not.toContain(token);
    expect(link.doc.expiresAt).toBe("2026-12-31T10:00:00.000Z");
    expect(portalLinkExpiry("2026-12-01T10:00:00.000Z").toISOString()).toBe("2026-12-31T10:00:00.000Z");
  });

  it("laiške be {{nuoroda}} nuoroda pridedama, su ja – nekartojama", () => {
    const url = "https://nuoma.lt/mano-rezervacija/x";
    expect(withPortalLinkText("Laba diena", url, "lt")).toBe(
      `Laba diena\n\nJūsų rezervacija internete (peržiūrėti, pakeisti, atšaukti, dokumentai): ${url}`,
    );
    expect(withPortalLinkText(`Nuoroda: ${url}`, url, "lt")).toBe(`Nuoroda: ${url}`);
    expect(withPortalLinkText("Hello", url, "en")).toContain("Your booking online");
    expect(withPortalLinkText("Be nuorodos", undefined, "lt")).toBe("Be nuorodos");
  });
});

describe("portal", () => {
  const portal = { freeCancellationHours: 48, changesNeedApproval: false };
  const pickupAt = "2026-12-10T08:00:00.000Z";

  it("nemokamas atšaukimas iki 48 val. prieš paėmimą, vėliau – ne, paėmus – uždaryta", () => {
    const inside = cancellationTerms({ status: "confirmed", pickupAt }, portal, new Date("2026-12-08T08:00:00.000Z"));
    expect(inside).toMatchObject({ open: true, free: true, freeUntil: "2026-12-08T08:00:00.000Z", hours: 48 });
    const late = cancellationTerms({ status: "new", pickupAt }, portal, new Date("2026-12-08T08:00:01.000Z"));
    expect(late).toMatchObject({ open: true, free: false });
    expect(lateCancellationMessage(late, "+370 600 00000")).toBe(
      "Nemokamai atšaukti buvo galima iki 2026-12-08 10:00 (48 val. iki paėmimo). Dabar atšaukimui taikomi nuomos sąlygų mokesčiai – paskambinkite mums +370 600 00000, ir rezervaciją atšauksime.",
    );
    expect(cancellationTerms({ status: "active", pickupAt }, portal, new Date("2026-12-01T00:00:00Z")).open).toBe(
      false,
    );
    expect(cancellationTerms({ status: "cancelled", pickupAt }, portal, new Date("2026-12-01T00:00:00Z")).free).toBe(
      false,
    );
  });

  it("keisti galima tik naują ar patvirtintą iki paėmimo", () => {
    expect(changeRefusal({ status: "confirmed", pickupAt }, new Date("2026-12-01T00:00:00Z"))).toBeNull();
    expect(changeRefusal({ status: "completed", pickupAt }, new Date("2026-12-01T00:00:00Z"))).toMatch(/užbaigta/);
    expect(changeRefusal({ status: "new", pickupAt }, new Date("2026-12-10T09:00:00Z"))).toMatch(/paimtas/);
  });

  it("žemėlapio nuoroda pagal adresą", () => {
    expect(mapUrlOf({ address: "Gedimino pr. 1", city: "Vilnius" })).toBe(
      "https://www.google.com/maps/search/?api=1&query=Gedimino%20pr.%201%2C%20Vilnius",
    );
  });
});
