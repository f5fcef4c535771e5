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
  UNKNOWN_FIELD_MESSAGE,
} from "../../../src/domain/input";
import { newRequestDoc, readRequestInput } from "../../../src/domain/inquiry";

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
