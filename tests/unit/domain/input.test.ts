import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  BODY_NOT_OBJECT_MESSAGE,
  dropExtraPrices,
  INVALID_INPUT_MESSAGE,
  InputError,
  issueFieldErrors,
  parseFields,
  prefixErrors,
  prepareBody,
  RESERVED_KEYS,
  refuseReservedKeys,
  reservedKeyErrors,
  UNKNOWN_FIELD_MESSAGE,
} from "../../../src/domain/input";
import { newRequestDoc, readRequestInput } from "../../../src/domain/inquiry";
import { readWebReservation } from "../../../src/domain/reservationInput";
import { readSiteQuote } from "../../../src/domain/siteQuote";

const thrown = (fn: () => unknown): InputError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error("nebuvo klaidos");
};

describe("prepareBody", () => {
  it("žinomus laukus palieka, o ignoruojamus išmeta", () => {
    expect(prepareBody({ a: 1, total: 99, b: "x" }, ["a", "b"], ["total"])).toEqual({ a: 1, b: "x" });
  });

  it("pažymi nežinomą lauką", () => {
    const error = thrown(() => prepareBody({ a: 1, typo: 2 }, ["a"]));
    expect(error.message).toBe(INVALID_INPUT_MESSAGE);
    expect(error.errors).toEqual({ typo: UNKNOWN_FIELD_MESSAGE });
  });

  it("turinį, kuris nėra objektas, atmeta be laukų klaidų", () => {
    for (const body of [null, [], "tekstas", 5]) {
      const error = thrown(() => prepareBody(body, ["a"]));
      expect(error.message).toBe(BODY_NOT_OBJECT_MESSAGE);
      expect(error.errors).toBeNull();
    }
  });
});

describe("dropExtraPrices", () => {
  it("kainų laukus pašalina tik iš papildomų paslaugų eilučių", () => {
    expect(dropExtraPrices([{ id: "a", quantity: 2, price: 5, total: 10 }, "x"])).toEqual([
      { id: "a", quantity: 2 },
      "x",
    ]);
    expect(dropExtraPrices("ne sąrašas")).toBe("ne sąrašas");
  });
});

describe("issueFieldErrors ir parseFields", () => {
  const schema = z
    .object({ name: z.string({ error: "Įveskite vardą" }), inner: z.object({ n: z.number() }).strict() })
    .strict();

  it("kiekvieną lauką nurodo vieną kartą, o kiekvieną nežinomą raktą – atskirai", () => {
    const parsed = schema.safeParse({ inner: { n: 1, extra: true }, foo: 1 });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(issueFieldErrors(parsed.error)).toEqual({
      name: "Įveskite vardą",
      "inner.extra": UNKNOWN_FIELD_MESSAGE,
      foo: UNKNOWN_FIELD_MESSAGE,
    });
  });

  it("perskaito reikšmes arba meta laukų klaidas, prireikus su priešdėliu", () => {
    expect(parseFields(schema, { name: "Ona", inner: { n: 1 } })).toEqual({ name: "Ona", inner: { n: 1 } });
    expect(thrown(() => parseFields(schema, { inner: { n: 1 } }, "customer")).errors).toEqual({
      "customer.name": "Įveskite vardą",
    });
    expect(prefixErrors({ a: "x" }, "p")).toEqual({ "p.a": "x" });
  });
});

describe("užklausos duomenys", () => {
  const body = {
    type: "contact",
    name: "Ona Onaitienė",
    email: "ona.onaitiene@pavyzdys.lt",
    message: "Ar galima automobilį pasiimti anksčiau?",
  };

  it("perskaito tinkamą užklausą ir išmeta kliento atsiųstus kainų laukus", () => {
    const input = readRequestInput({ ...body, total: 12 });
    expect(input.name).toBe("Ona Onaitienė");
    expect(newRequestDoc(input)).toMatchObject({ status: "new", replies: [], carId: null, phone: null, company: null });
  });

  it("pažymi nežinomą ir trūkstamą lauką", () => {
    expect(thrown(() => readRequestInput({ ...body, surname: "x" })).errors).toEqual({
      surname: UNKNOWN_FIELD_MESSAGE,
    });
    const { message: _message, ...withoutMessage } = body;
    expect(Object.keys(thrown(() => readRequestInput(withoutMessage)).errors ?? {})).toEqual(["message"]);
  });
});

// JSON.parse makes "__proto__" an own key, as the server and Cloud Functions (request.data) see it;
// an object literal would set the prototype instead, so the expected errors are parsed too.
const parsed = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;
const unknownAt = (...fields: string[]): Record<string, string> =>
  Object.fromEntries(fields.map((field) => [field, UNKNOWN_FIELD_MESSAGE]));

describe("__proto__ ir constructor raktai", () => {
  it("JSON.parse sukuria nuosavą __proto__ raktą (tai, ką gauna abu serveriai)", () => {
    const body = parsed('{"__proto__": {"isAdmin": true}}');
    expect(Object.keys(body)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it("reservedKeyErrors randa raktus viršuje, įdėtus objektuose ir sąrašuose", () => {
    const body = parsed(
      '{"a": 1, "__proto__": {}, "customer": {"constructor": 1, "name": "Ona"}, "extras": [{"id": "x"}, {"prototype": {}}]}',
    );
    const errors = reservedKeyErrors(body);
    expect(Object.keys(errors).sort()).toEqual(["__proto__", "customer.constructor", "extras.1.prototype"]);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(errors))).toEqual(
      unknownAt("__proto__", "customer.constructor", "extras.1.prototype"),
    );
    expect(reservedKeyErrors(parsed('{"customer": {"__proto__": 1}}'), "data")).toEqual(
      unknownAt("data.customer.__proto__"),
    );
  });

  it("be rezervuotų raktų klaidų nėra, net labai giliai įdėtame kūne", () => {
    expect(reservedKeyErrors({ a: [1, { b: "constructor" }], c: null })).toEqual({});
    const deep = `${"[".repeat(50_000)}${"]".repeat(50_000)}`;
    expect(reservedKeyErrors(JSON.parse(deep))).toEqual({});
    expect(RESERVED_KEYS).toEqual(expect.arrayContaining(["__proto__", "constructor"]));
  });

  it("prepareBody atmeta __proto__ ir constructor kaip nežinomus laukus, net jei laukas ignoruojamas", () => {
    for (const key of ["__proto__", "constructor"]) {
      const error = thrown(() => prepareBody(parsed(`{"a": 1, "${key}": {"status": "confirmed"}}`), ["a", key], [key]));
      expect(error.message).toBe(INVALID_INPUT_MESSAGE);
      expect(error.errors).toEqual(unknownAt(key));
      const nested = thrown(() => prepareBody(parsed(`{"a": {"${key}": {}}}`), ["a"]));
      expect(nested.errors).toEqual(unknownAt(`a.${key}`));
    }
  });

  it("parseFields atmeta raktą su priešdėliu ir nepraleidžia jo per .strict() schemą", () => {
    const schema = z.object({ inner: z.object({ n: z.number() }).strict() }).strict();
    expect(thrown(() => parseFields(schema, parsed('{"inner": {"n": 1, "__proto__": {}}}'))).errors).toEqual(
      unknownAt("inner.__proto__"),
    );
    expect(thrown(() => parseFields(schema, parsed('{"inner": {"n": 1}, "constructor": 1}'), "data")).errors).toEqual(
      unknownAt("data.constructor"),
    );
  });

  it("issueFieldErrors išsaugo __proto__ kaip lauką, o ne prototipą", () => {
    const errors = issueFieldErrors({
      issues: [{ code: "unrecognized_keys", path: [], message: "x", keys: ["__proto__"] }],
    });
    expect(Object.keys(errors)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });

  it("branduolio skaitytuvai (vietinis serveris ir Cloud Functions) raktą atmeta 422 lauko klaida", () => {
    const inquiry = { type: "contact", name: "Ona", email: "ona@pavyzdys.lt", message: "Sveiki" };
    const withKey = (value: object, key: string, at?: string) => {
      const text = JSON.stringify(value);
      if (!at) return parsed(`${text.slice(0, -1)}, "${key}": {"status": "confirmed"}}`);
      return parsed(text.replace(`"${at}":{`, `"${at}":{"${key}": {},`));
    };
    for (const key of ["__proto__", "constructor"]) {
      expect(thrown(() => readRequestInput(withKey(inquiry, key))).errors).toEqual(unknownAt(key));
      const reservation = { carId: "a", customer: { firstName: "Ona" } };
      expect(thrown(() => readWebReservation(withKey(reservation, key, "customer"))).errors).toEqual(
        unknownAt(`customer.${key}`),
      );
      const quote = parsed(`{"carId": "a", "extras": [{"id": "x", "quantity": 1, "${key}": {}}]}`);
      expect(thrown(() => readSiteQuote(quote)).errors).toEqual(unknownAt(`extras.0.${key}`));
      expect(() => refuseReservedKeys(quote)).toThrow(InputError);
    }
  });
});
