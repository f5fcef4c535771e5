// VAT codes and foreign companies over HTTP (the local server, PGlite): "NOTAVAT" is refused on the
// customer card and in the business inquiry with a Lithuanian message; a German company (country,
// register code, VAT code) is accepted by both, where the inquiry used to answer 422.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminGet, type Doc, inquiryBody, signInStaff } from "../helpers/api";
import { ApiClient } from "../helpers/http";
import { type RunningServer, startServer } from "../helpers/server";

const NOT_A_VAT_CODE =
  "„NOTAVAT“ nėra PVM mokėtojo kodas: jis prasideda ES valstybės kodu (pvz., LT, DE, PL) ir turi jos nustatytą skaitmenų skaičių";

let server: RunningServer;
let staff: ApiClient;
let site: ApiClient;

beforeAll(async () => {
  server = await startServer({ demo: true });
  staff = await signInStaff(server.url);
  site = new ApiClient(server.url);
});
afterAll(async () => {
  await server?.stop();
});

const germanCard = {
  type: "business",
  firstName: "Hans",
  lastName: "Müller",
  companyName: "Muster Logistik GmbH",
  companyCode: "HRB 86786",
  vatCode: "DE 136 695 976",
  country: "DE",
  email: "hans.mueller@muster.example.de",
  phone: "+4930123456",
  notes: "",
};

describe("kliento kortelė: PVM mokėtojo kodas ir šalis", () => {
  it("„NOTAVAT“ -> 422 su lietuvišku pranešimu prie PVM kodo", async () => {
    const response = await staff.post<{ errors: Record<string, string> }>("/api/admin/customers", {
      ...germanCard,
      vatCode: "NOTAVAT",
    });
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors).toEqual({ vatCode: NOT_A_VAT_CODE });
  });

  it("pakeistas kontrolinis skaitmuo ir kitos šalies kodas -> 422", async () => {
    const altered = await staff.post<{ errors: Record<string, string> }>("/api/admin/customers", {
      ...germanCard,
      vatCode: "DE136695978",
    });
    expect(altered.status).toBe(422);
    expect(altered.body.errors.vatCode).toBe(
      "PVM mokėtojo kodas DE136695978 neteisingas: nesutampa kontrolinis skaitmuo",
    );
    const otherCountry = await staff.post<{ errors: Record<string, string> }>("/api/admin/customers", {
      ...germanCard,
      country: "LT",
    });
    expect(otherCountry.status).toBe(422);
    expect(otherCountry.body.errors.vatCode).toContain("kliento šalis – LT");
  });

  it("Vokietijos įmonė su šalimi, registro kodu ir PVM kodu išsaugoma", async () => {
    const created = await staff.post<Doc>("/api/admin/customers", germanCard);
    expect(created.status, created.text).toBe(201);
    const stored = await adminGet(staff, "customers", created.body.id);
    expect(stored).toMatchObject({ country: "DE", companyCode: "HRB 86786", companyName: "Muster Logistik GmbH" });
  });
});

describe("verslo užklausa iš svetainės: užsienio įmonės", () => {
  const business = (company: Record<string, unknown>) =>
    inquiryBody({
      type: "business",
      name: "Hans Müller",
      email: "hans@muster.example.de",
      message: "Mums reikia dviejų automobilių trims mėnesiams.",
      company,
    });

  it("„NOTAVAT“ -> 422 su lietuvišku pranešimu", async () => {
    const response = await site.post<{ errors: Record<string, string> }>(
      "/api/site/requests",
      business({ name: "Muster Logistik GmbH", code: "HRB 86786", vatCode: "NOTAVAT", country: "DE" }),
    );
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors).toEqual({ "company.vatCode": NOT_A_VAT_CODE });
  });

  it("Vokietijos įmonė priimama (anksčiau – 422), šalis ir kodai išsaugomi", async () => {
    const response = await site.post<{ id: string }>(
      "/api/site/requests",
      business({ name: "Muster Logistik GmbH", code: "HRB 86786", vatCode: "DE136695976", country: "DE" }),
    );
    expect(response.status, response.text).toBe(201);
    const stored = await adminGet(staff, "requests", response.body.id);
    expect(stored.company).toEqual({
      name: "Muster Logistik GmbH",
      code: "HRB 86786",
      vatCode: "DE136695976",
      country: "DE",
    });
  });

  it("Lietuvos įmonei taisyklės lieka: kodas 7–9 skaitmenys, PVM kodas su kontroliniu skaitmeniu", async () => {
    const response = await site.post<{ errors: Record<string, string> }>(
      "/api/site/requests",
      business({ name: "UAB Ratai", code: "HRB 86786", vatCode: "LT123456789" }),
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      "company.code": "Įmonės kodas turi būti 7–9 skaitmenys",
      "company.vatCode": "Netinkamas LT PVM mokėtojo kodo formatas: turi būti LT ir 9 arba 12 skaitmenų",
    });
  });
});
