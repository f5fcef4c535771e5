// The demo company and a real company's starting settings as Firestore documents
// (scripts/firebase-seed.ts: `npm run firebase:seed`).
import { describe, expect, it } from "vitest";
import { baseSettingsDocuments, demoDocuments } from "../../../scripts/firebase-seed";
import { buildDemoData, type DemoData } from "../../../server/seed/demoData";
import { SETTINGS_DOC_ID } from "../../../src/backend/firebase/model";
import { fromStoredDoc } from "../../../src/backend/firebase/storedDoc";
import { settingsSchema } from "../../../src/domain/schemas";

const NOW = new Date("2026-03-10T09:00:00.000Z");
const data: DemoData = buildDemoData(NOW);

describe("demonstraciniai dokumentai", () => {
  it("nustatymai saugomi bendru id, o jų vieša dalis – be šablonų", () => {
    const docs = demoDocuments(data, (iso) => iso);
    const settings = docs.find((d) => d.collection === "settings");
    expect(settings?.id).toBe(SETTINGS_DOC_ID);
    const publicDoc = docs.find((d) => d.collection === "publicSettings")!;
    expect(Object.keys(publicDoc.data).sort()).toEqual([
      "about",
      "bookingRules",
      "company",
      // the tariff's public copy the terms page renders "Kainos ir mokesčiai" from
      "fees",
      "privacy",
      "retention",
      "terms",
      "updatedAt",
    ]);
  });

  it("ne demonstracinei įmonei duoda tinkamus pradinius nustatymus (firebase:seed --base)", () => {
    const [settings, publicSettings] = baseSettingsDocuments((iso) => iso);
    expect(settings?.id).toBe(SETTINGS_DOC_ID);
    const { id: _id, ...record } = fromStoredDoc("settings", SETTINGS_DOC_ID, settings!.data);
    expect(settingsSchema.safeParse({ ...record, createdAt: undefined, updatedAt: undefined }).success).toBe(true);
    expect(publicSettings?.data.terms).toBe(record.terms);
  });
});
