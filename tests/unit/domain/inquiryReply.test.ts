// Staff's reply to an inquiry, as both backends write it: the input, the mail and the
// answered inquiry.
import { describe, expect, it } from "vitest";
import { answeredRequest, replyInputSchema, replyMail } from "../../../src/domain/inquiry";
import { requestSchema } from "../../../src/domain/schemas";

const inquiry = {
  ...requestSchema.parse({
    type: "long-term",
    name: "Jonas Jonaitis",
    email: "jonas@pavyzdys.lt",
    message: "Norėčiau išsinuomoti automobilį trims mėnesiams.",
    replies: [{ at: "2026-03-01T08:00:00.000Z", by: "admin@ratai.lt", subject: "Ačiū", body: "Gavome." }],
  }),
  id: "00000000-0000-4000-8000-000000000001",
  createdAt: "2026-02-28T08:00:00.000Z",
  updatedAt: "2026-03-01T08:00:00.000Z",
};

describe("replyInputSchema", () => {
  it("temos ir teksto kraštuose pašalina tarpus ir reikalauja abiejų", () => {
    expect(replyInputSchema.parse({ subject: "  Pasiūlymas ", body: " Siūlome... " })).toEqual({
      subject: "Pasiūlymas",
      body: "Siūlome...",
    });
    const empty = replyInputSchema.safeParse({ subject: " ", body: "" });
    expect(empty.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["subject", "Įrašykite temą"],
      ["body", "Įrašykite atsakymą"],
    ]);
    expect(replyInputSchema.safeParse({ subject: "A", body: "B", to: "x@y.lt" }).success).toBe(false);
  });
});

describe("replyMail", () => {
  const input = { subject: "Pasiūlymas", body: "Sveiki,\nsiūlome <geriausią> kainą." };

  it("siunčiamas užklausos autoriui, atsakymas – įmonei, susietas su užklausa", () => {
    expect(replyMail(inquiry.id, inquiry, "info@ratai.lt", input)).toEqual({
      to: "jonas@pavyzdys.lt",
      replyTo: "info@ratai.lt",
      subject: "Pasiūlymas",
      text: input.body,
      html: expect.stringContaining("&lt;geriausią&gt;"),
      ref: `request:${inquiry.id}`,
    });
  });

  it("be atsakymo adreso, kai įmonė jo neturi", () => {
    expect(replyMail(inquiry.id, inquiry, undefined, input)).not.toHaveProperty("replyTo");
  });
});

describe("answeredRequest", () => {
  it("prideda atsakymą, pažymi užklausą atsakyta, o id ir laikus palieka saugyklai", () => {
    const next = answeredRequest(
      inquiry,
      { subject: "Pasiūlymas", body: "Siūlome..." },
      "vadybininke@ratai.lt",
      new Date("2026-03-10T09:00:00.000Z"),
    );
    expect(next.status).toBe("answered");
    expect(next.replies).toEqual([
      ...inquiry.replies,
      { at: "2026-03-10T09:00:00.000Z", by: "vadybininke@ratai.lt", subject: "Pasiūlymas", body: "Siūlome..." },
    ]);
    expect(next.message).toBe(inquiry.message);
    expect(next).not.toHaveProperty("id");
    expect(next).not.toHaveProperty("createdAt");
    expect(next).not.toHaveProperty("updatedAt");
  });
});
