// The VIES client (src/backend/shared/viesClient.ts) against a local stand-in of the Commission's
// REST service (no internet here): the request as VIES wants it, a registered and an unregistered
// code, VIES or a member state not answering, a timeout; VIES_CHECK off by default; and the core
// asking VIES before a reverse charge (src/core/vies.ts), never when it is off.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createViesClient,
  VIES_CHECK_MESSAGE,
  VIES_REST_URL,
  viesFromEnv,
} from "../../../src/backend/shared/viesClient";
import { COLLECTIONS } from "../../../src/core/collections";
import { getInvoice, issueReservationInvoice } from "../../../src/core/invoices";
import { type DocumentStore, VatRegistryUnavailableError } from "../../../src/core/ports";
import { createMemoryStore } from "../../../src/core/stores/memoryStore";
import { VIES_INVALID_MESSAGE } from "../../../src/core/vies";
import { memoryFiles } from "../../helpers/memoryFiles";
import { coreRefusal, demo, demoCoreDocuments, NOW, testContext, writeDocuments } from "./useCases.contract";

interface Asked {
  contentType: string | undefined;
  body: { countryCode: string; vatNumber: string };
}

/** The stand-in: answers by the VAT number asked, as the published service does. */
function standIn(): { server: Server; asked: Asked[]; url: () => string } {
  const asked: Asked[] = [];
  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => {
      raw += chunk.toString("utf8");
    });
    req.on("end", () => {
      const body = JSON.parse(raw) as Asked["body"];
      asked.push({ contentType: req.headers["content-type"], body });
      const base = {
        countryCode: body.countryCode,
        vatNumber: body.vatNumber,
        requestDate: "2026-03-10T10:00:00.000Z",
      };
      switch (body.vatNumber) {
        case "136695976":
          return answer(res, 200, {
            ...base,
            valid: true,
            name: "Muster Logistik GmbH",
            address: "Friedrichstraße 10, 10117 Berlin",
            userError: "VALID",
          });
        case "129273398":
          return answer(res, 200, { ...base, valid: false, name: "---", address: "---", userError: "INVALID" });
        case "100001919017":
          return answer(res, 200, { ...base, valid: false, userError: "MS_UNAVAILABLE" });
        case "13585627":
          return answer(res, 500, { actionSucceed: false, errorWrappers: [{ error: "SERVICE_UNAVAILABLE" }] });
        case "20774740":
          // Never answers: the client's timeout decides.
          return undefined;
        default:
          return answer(res, 400, { actionSucceed: false, errorWrappers: [{ error: "INVALID_INPUT" }] });
      }
    });
  });
  return {
    server,
    asked,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/check-vat-number`,
  };
}

const vies = standIn();
beforeAll(async () => {
  await new Promise<void>((resolve) => vies.server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  vies.server.closeAllConnections();
  await new Promise<void>((resolve) => vies.server.close(() => resolve()));
});

describe("VIES klientas prieš vietinį pakaitalą", () => {
  it("siunčia POST JSON { countryCode, vatNumber } ir grąžina registruoto kodo duomenis", async () => {
    const client = createViesClient({ url: vies.url() });
    const answer = await client.check({ countryCode: "DE", vatNumber: "136695976" });
    expect(answer).toEqual({
      valid: true,
      name: "Muster Logistik GmbH",
      address: "Friedrichstraße 10, 10117 Berlin",
      requestDate: "2026-03-10",
    });
    expect(vies.asked.at(-1)).toEqual({
      contentType: "application/json",
      body: { countryCode: "DE", vatNumber: "136695976" },
    });
  });

  it("neregistruotas kodas – valid: false; „---“ vietoj pavadinimo – null", async () => {
    const client = createViesClient({ url: vies.url() });
    expect(await client.check({ countryCode: "DE", vatNumber: "129273398" })).toEqual({
      valid: false,
      name: null,
      address: null,
      requestDate: "2026-03-10",
    });
    expect((await client.check({ countryCode: "DE", vatNumber: "X" })).valid).toBe(false);
  });

  it("valstybės registras ar VIES neatsako, laukiama per ilgai – aiški lietuviška klaida", async () => {
    const client = createViesClient({ url: vies.url(), timeoutMs: 300 });
    await expect(client.check({ countryCode: "LT", vatNumber: "100001919017" })).rejects.toThrow(
      "VIES (ES PVM mokėtojų registras) šiuo metu neatsako (MS_UNAVAILABLE)",
    );
    await expect(client.check({ countryCode: "AT", vatNumber: "13585627" })).rejects.toThrow(/SERVICE_UNAVAILABLE/);
    await expect(client.check({ countryCode: "FI", vatNumber: "20774740" })).rejects.toThrow(
      /per ilgai laukta atsakymo/,
    );
    const refused = createViesClient({ url: "http://127.0.0.1:9/check-vat-number" });
    await expect(refused.check({ countryCode: "DE", vatNumber: "136695976" })).rejects.toBeInstanceOf(
      VatRegistryUnavailableError,
    );
  });

  it("VIES_CHECK: numatyta išjungta; on – Komisijos adresas arba VIES_URL; kita reikšmė – klaida", () => {
    expect(viesFromEnv({})).toBeNull();
    expect(viesFromEnv({ VIES_CHECK: "off" })).toBeNull();
    expect(viesFromEnv({ VIES_CHECK: "on" })).not.toBeNull();
    expect(VIES_REST_URL).toBe("https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number");
    expect(() => viesFromEnv({ VIES_CHECK: "gal" })).toThrow(VIES_CHECK_MESSAGE("gal"));
  });
});

describe("branduolys klausia VIES prieš atvirkštinį apmokestinimą", () => {
  const STAFF = { email: "darbuotojas@ratunuoma.lt", role: "staff" } as const;
  const template = demo.reservations.find((r) => r.doc.status === "completed" && r.doc.quote)!;
  const files = memoryFiles();
  let store: DocumentStore;
  let sequence = 0;

  beforeAll(async () => {
    store = createMemoryStore();
    await writeDocuments(store, demoCoreDocuments(demo));
  });

  /** A German company's completed 35-day rental; returns the reservation's id. */
  async function longRental(vatCode: string): Promise<string> {
    const customerId = store.newId(COLLECTIONS.customers);
    const id = store.newId(COLLECTIONS.reservations);
    const stamp = { createdAt: "2026-02-01T08:00:00.000Z", updatedAt: "2026-02-01T08:00:00.000Z" };
    await writeDocuments(store, [
      {
        collection: COLLECTIONS.customers,
        id: customerId,
        data: {
          type: "business",
          firstName: "Hans",
          lastName: "Müller",
          companyName: "Muster Logistik GmbH",
          companyCode: "HRB 86786",
          vatCode,
          country: vatCode.startsWith("LT") ? "LT" : "DE",
          email: `hans${++sequence}@muster.example.de`,
          phone: "+4930123456",
          notes: "",
          ...stamp,
        },
      },
      {
        collection: COLLECTIONS.reservations,
        id,
        data: {
          ...template.doc,
          number: `R-2026-7${String(sequence).padStart(5, "0")}`,
          customerId,
          pickupAt: "2026-02-01T08:00:00.000Z",
          returnAt: "2026-03-08T08:00:00.000Z",
          status: "completed",
          returnAct: null,
          ...stamp,
        },
      },
    ]);
    return id;
  }

  const ctxWith = (on: boolean) => ({
    ...testContext(store, NOW),
    ...(on ? { vatRegistry: createViesClient({ url: vies.url(), timeoutMs: 2000 }) } : {}),
  });

  it("VIES patvirtino – sąskaita su atvirkštiniu apmokestinimu", async () => {
    const issued = await issueReservationInvoice(ctxWith(true), { files }, await longRental("DE136695976"), {}, STAFF);
    const invoice = await getInvoice(ctxWith(true), issued.id);
    expect(invoice.lines.every((line) => line.reverseCharge === true)).toBe(true);
  });

  it("VIES: kodas neregistruotas – atsisakoma su priežastimi", async () => {
    const id = await longRental("DE129273398");
    const error = await coreRefusal(issueReservationInvoice(ctxWith(true), { files }, id, {}, STAFF), "precondition");
    expect(error.message).toBe(VIES_INVALID_MESSAGE("DE129273398"));
  });

  it("VIES neatsako – atsisakoma su aiškiu pranešimu; VIES išjungtas – neklausiama ir neblokuojama", async () => {
    const id = await longRental("DE129273398");
    const down = { ...testContext(store, NOW), vatRegistry: createViesClient({ url: "http://127.0.0.1:9/x" }) };
    const error = await coreRefusal(issueReservationInvoice(down, { files }, id, {}, STAFF), "precondition");
    expect(error.message).toContain("VIES (ES PVM mokėtojų registras) šiuo metu neatsako");
    const askedBefore = vies.asked.length;
    const issued = await issueReservationInvoice(ctxWith(false), { files }, id, {}, STAFF);
    expect(issued.number).toMatch(/^RN-/);
    expect(vies.asked.length).toBe(askedBefore);
  });
});
