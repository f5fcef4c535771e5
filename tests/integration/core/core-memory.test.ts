// The core's contract (./useCases.contract.ts) on the in-memory store, in every run. The store
// hands out Firestore-style ids (20 letters and digits), as the Firebase backend does, beside
// the demo data's UUIDs.
import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { nextRateWindow } from "../../../src/core/rateLimit";
import { createMemoryStore, type MemoryStore } from "../../../src/core/stores/memoryStore";
import { defineApprovalsContract } from "./approvals.contract";
import { defineCalendarFeedsContract } from "./calendarFeeds.contract";
import { defineCarLocationContract } from "./carLocation.contract";
import { defineDayDeskContract } from "./dayDesk.contract";
import { defineDepositsContract } from "./deposits.contract";
import { defineInvoiceTermsContract } from "./invoiceTerms.contract";
import { defineMaintenanceContract } from "./maintenance.contract";
import { defineNotificationsContract } from "./notifications.contract";
import { definePriceFloorContract } from "./priceFloor.contract";
import { defineRentalChangesContract } from "./rentalChanges.contract";
import { defineRentalDeskContract } from "./rentalDesk.contract";
import { defineRuleFeesContract } from "./ruleFees.contract";
import {
  type CoreStoreHarness,
  defineCoreContract,
  demo,
  demoCoreDocuments,
  NOW,
  writeDocuments,
} from "./useCases.contract";
import { defineVatContract } from "./vat.contract";

const ID_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const firestoreStyleId = (): string =>
  Array.from({ length: 20 }, () => ID_LETTERS[randomInt(ID_LETTERS.length)]).join("");

const openMemory = async () => {
  let store: MemoryStore = createMemoryStore({ newId: firestoreStyleId });
  const harness: CoreStoreHarness = {
    get store() {
      return store;
    },
    async seed() {
      store = createMemoryStore({ newId: firestoreStyleId });
      await writeDocuments(store, demoCoreDocuments(demo));
    },
    close: async () => undefined,
  };
  return harness;
};

definePriceFloorContract("atmintyje (createMemoryStore)", openMemory);

defineRentalDeskContract("atmintyje (createMemoryStore)", openMemory);

defineRentalChangesContract("atmintyje (createMemoryStore)", openMemory);
defineRuleFeesContract("atmintyje (createMemoryStore)", openMemory);
defineDayDeskContract("atmintyje (createMemoryStore)", openMemory);
defineDepositsContract("atmintyje (createMemoryStore)", openMemory);
defineInvoiceTermsContract("atmintyje (createMemoryStore)", openMemory);
defineCarLocationContract("atmintyje (createMemoryStore)", openMemory);

defineNotificationsContract("atmintyje (createMemoryStore)", openMemory, { concurrency: 10 });

defineMaintenanceContract("atmintyje (createMemoryStore)", openMemory, { databaseGuarantee: false, concurrency: 20 });

defineCalendarFeedsContract("atmintyje (createMemoryStore)", openMemory);

defineVatContract("atmintyje (createMemoryStore)", openMemory);

defineApprovalsContract("atmintyje (createMemoryStore)", openMemory);

defineCoreContract("atmintyje (createMemoryStore)", openMemory, {
  concurrency: 50,
  numberingConcurrency: 20,
  idPattern: /^[A-Za-z0-9]{20}$/,
  staffCreation: null,
});

describe("riboto srauto langai (nextRateWindow)", () => {
  it("naudoja fiksuotus laiko langus", () => {
    const limit = { max: 2, windowSeconds: 60 };
    const first = nextRateWindow(null, limit, NOW);
    expect(first).toMatchObject({ count: 1, windowStartMs: NOW.getTime() });
    const second = nextRateWindow({ ...first }, limit, new Date(NOW.getTime() + 1000));
    expect(second?.count).toBe(2);
    expect(nextRateWindow({ ...second }, limit, new Date(NOW.getTime() + 2000))).toBeNull();
    expect(nextRateWindow({ ...second }, limit, new Date(NOW.getTime() + 61_000))?.count).toBe(1);
  });
});
