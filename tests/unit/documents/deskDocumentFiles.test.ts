// Downloading a reservation's documents over the core's ports: the memory store and the local
// private files (DATA_DIR/private in a temp folder).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, describe, expect, it } from "vitest";
import { buildDemoData } from "../../../server/seed/demoData";
import { createLocalPrivateFiles, privateFileLocation } from "../../../server/services/privateFiles";
import { COLLECTIONS, SETTINGS_ID } from "../../../src/core/collections";
import { DOCUMENT_MESSAGES, deskDocumentFile } from "../../../src/core/deskDocumentFiles";
import { createMemoryStore } from "../../../src/core/stores/memoryStore";
import type { HandoverAct } from "../../../src/domain/schemas";

const dataDir = mkdtempSync(path.join(tmpdir(), "desk-docs-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const files = createLocalPrivateFiles(dataDir);

const demo = buildDemoData(new Date("2026-11-20T10:00:00.000Z"));
const store = createMemoryStore();
const reservation = demo.reservations.find((r) => r.doc.status === "confirmed");
if (!reservation) throw new Error("demo has no confirmed reservation");
const signedPdf = new TextEncoder().encode("%PDF-1.7\n% pasirašytas perdavimo aktas\n");
const handover: HandoverAct = {
  at: "2026-11-21T08:05:00.000Z",
  by: "darbuotojas@ratunuoma.lt",
  mileage: 12345,
  fuel: "1",
  damages: [],
  photos: [],
  signature: {
    image: "desk/sig.png",
    signedAt: "2026-11-21T08:06:00.000Z",
    signerName: "Jonas",
    documentHash: "a".repeat(64),
  },
  document: "documents/perdavimas-1.pdf",
  agreementDocument: "documents/sutartis-1.pdf",
  licence: { number: "LT1", expiresAt: "2030-01-01" },
  confirmedDamageIds: [],
};

await store.transaction(async (tx) => {
  tx.set(COLLECTIONS.settings, SETTINGS_ID, demo.settings.doc as unknown as Record<string, unknown>);
  for (const kind of ["customers", "cars", "fleet", "locations", "extras"] as const) {
    for (const record of demo[kind])
      tx.set(COLLECTIONS[kind], record.id, record.doc as unknown as Record<string, unknown>);
  }
  tx.set(COLLECTIONS.reservations, reservation.id, { ...reservation.doc } as unknown as Record<string, unknown>);
  tx.set(COLLECTIONS.reservations, "su-aktu", { ...reservation.doc, status: "active", handover } as unknown as Record<
    string,
    unknown
  >);
});
await files.put(handover.document, signedPdf, "application/pdf");
const signedAgreement = new TextEncoder().encode("%PDF-1.7\n% pasirašyta sutartis\n");
await files.put("documents/sutartis-1.pdf", signedAgreement, "application/pdf");

describe("rezervacijos dokumentų atsisiuntimas", () => {
  it("nepasirašyta sutartis sudaroma dabar iš esamų duomenų", async () => {
    const file = await deskDocumentFile(store, files, reservation.id, "agreement");
    expect(file.signed).toBe(false);
    expect(file.fileName).toBe(`sutartis-${reservation.doc.number}.pdf`);
    const { text } = await extractText(await getDocumentProxy(file.bytes), { mergePages: true });
    expect(text).toContain(reservation.doc.number);
    expect(text).toContain("Puslapis 1 iš");
  });

  it("pasirašytas aktas grąžinamas toks, koks išsaugotas", async () => {
    const file = await deskDocumentFile(store, files, "su-aktu", "handover");
    expect(file.signed).toBe(true);
    expect(Buffer.from(file.bytes).equals(Buffer.from(signedPdf))).toBe(true);
  });

  it("po perdavimo sutartis – pasirašyta, išsaugota kopija", async () => {
    const file = await deskDocumentFile(store, files, "su-aktu", "agreement");
    expect(file.signed).toBe(true);
    expect(Buffer.from(file.bytes).equals(Buffer.from(signedAgreement))).toBe(true);
  });

  it("nesudarytas aktas, nežinoma rūšis ir nesama rezervacija -> not-found lietuviškai", async () => {
    await expect(deskDocumentFile(store, files, reservation.id, "handover")).rejects.toMatchObject({
      kind: "not-found",
      message: DOCUMENT_MESSAGES.handover,
    });
    await expect(deskDocumentFile(store, files, "su-aktu", "return")).rejects.toMatchObject({
      kind: "not-found",
      message: DOCUMENT_MESSAGES.return,
    });
    await expect(deskDocumentFile(store, files, reservation.id, "invoice")).rejects.toMatchObject({
      kind: "not-found",
    });
    await expect(deskDocumentFile(store, files, "nera", "agreement")).rejects.toMatchObject({
      message: DOCUMENT_MESSAGES.reservation,
    });
  });
});

describe("vietiniai privatūs failai", () => {
  it("įrašomi vieną kartą: tie patys baitai – gerai, kiti – atmetama", async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    await files.put("desk/vienas.png", bytes, "image/png");
    await files.put("desk/vienas.png", bytes, "image/png");
    await expect(files.put("desk/vienas.png", new Uint8Array([9]), "image/png")).rejects.toThrow(/nekeičiamas/);
    expect(await files.get("desk/vienas.png")).toEqual(bytes);
  });

  it("neleistini keliai ir tipai atmetami, nesamas failas – null", async () => {
    for (const bad of ["cars/x.png", "desk/../x.png", "desk/a/b.png", "/etc/passwd", "documents/x.exe"]) {
      await expect(files.put(bad, new Uint8Array([1]), "image/png"), bad).rejects.toThrow(/Neteisingas/);
      expect(await files.get(bad)).toBeNull();
    }
    await expect(files.put("documents/x.pdf", new Uint8Array([1]), "image/png")).rejects.toThrow(/tipas/);
    expect(await files.get("desk/nera.png")).toBeNull();
    expect(privateFileLocation(dataDir, "desk/a.png")).toBe(path.join(dataDir, "private", "desk", "a.png"));
  });
});

describe("privačių failų adresai naršyklėje (vietinis serveris)", () => {
  it("desk/ ir documents/ – per darbuotojų maršrutą, kiti – /files/", async () => {
    const { fileUrl } = await import("../../../src/backend/local/files");
    expect(fileUrl("desk/a.png")).toBe("/api/admin/private/desk/a.png");
    expect(fileUrl("documents/b.pdf")).toBe("/api/admin/private/documents/b.pdf");
    expect(fileUrl("cars/c.webp")).toBe("/files/cars/c.webp");
    expect(fileUrl("/files/cars/c.webp")).toBe("/files/cars/c.webp");
  });
});
