// Writes firestore.indexes.json from the data provider's model: one composite index for every
// filter and sort pair the provider can issue (src/backend/firebase/queryPlan.ts), plus
// single-field exemptions for long texts nobody filters or sorts by.
//   npm run firebase:indexes            rewrite the file
//   npm run firebase:indexes -- --check fail when the file is out of date (the unit tests check this too)
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { requiredIndexes } from "../src/backend/firebase/queryPlan";

export const INDEXES_FILE = resolve(import.meta.dirname, "../firestore.indexes.json");

/** Long texts: indexing them costs writes and storage and serves no query. */
const UNINDEXED_FIELDS: readonly [string, string][] = [
  ["cars", "description"],
  ["offers", "body"],
  ["news", "body"],
  ["requests", "message"],
  ["requests", "replies"],
  ["reservations", "contract"],
  ["mail", "message.text"],
  ["mail", "message.html"],
  ["settings", "terms"],
  ["settings", "about"],
  ["settings", "privacy"],
  ["settings", "contractTemplate"],
  ["settings", "emailTemplates"],
  ["publicSettings", "terms"],
  ["publicSettings", "about"],
  ["publicSettings", "privacy"],
  ["clientErrors", "stack"],
  ["auditLog", "changes"],
];

export function indexesDocument() {
  return {
    indexes: requiredIndexes(),
    fieldOverrides: UNINDEXED_FIELDS.map(([collectionGroup, fieldPath]) => ({
      collectionGroup,
      fieldPath,
      indexes: [],
    })),
  };
}

export const indexesText = (): string => `${JSON.stringify(indexesDocument(), null, 2)}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const expected = indexesText();
  if (process.argv.includes("--check")) {
    const current = readFileSync(INDEXES_FILE, "utf8");
    if (current !== expected) {
      console.error("firestore.indexes.json pasenęs: paleiskite „npm run firebase:indexes“");
      process.exit(1);
    }
    console.info(`firestore.indexes.json atitinka modelį (${indexesDocument().indexes.length} indeksai)`);
  } else {
    writeFileSync(INDEXES_FILE, expected);
    console.info(`Įrašyta ${INDEXES_FILE}: ${indexesDocument().indexes.length} sudėtiniai indeksai`);
  }
}
