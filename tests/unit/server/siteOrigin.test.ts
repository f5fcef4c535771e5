// The payment provider's return and callback addresses never come from the request's Host header
// outside the demo: a forged Host would send the customer (and the callback) to another site.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { siteOrigin } from "../../../server/payments/siteCheckout";

async function originFor(config: { publicUrl: string | null; demo: boolean; port: number }, host: string) {
  const app = new Hono();
  app.get("/", (c) => c.text(siteOrigin(c, config)));
  const response = await app.request("http://piktavalis.example/", { headers: { host } });
  return response.text();
}

describe("svetainės adresas mokėjimams", () => {
  it("su PUBLIC_URL – visada jis", async () => {
    expect(await originFor({ publicUrl: "https://nuoma.lt", demo: false, port: 3000 }, "piktavalis.example")).toBe(
      "https://nuoma.lt",
    );
  });
  it("be PUBLIC_URL ne demonstracijoje – serverio vietinis adresas, ne Host antraštė", async () => {
    const origin = await originFor({ publicUrl: null, demo: false, port: 3100 }, "piktavalis.example");
    expect(origin).toBe("http://localhost:3100");
  });
  it("demonstracijoje be PUBLIC_URL – užklausos adresas", async () => {
    expect(await originFor({ publicUrl: null, demo: true, port: 3000 }, "piktavalis.example")).toBe(
      "http://piktavalis.example",
    );
  });
});
