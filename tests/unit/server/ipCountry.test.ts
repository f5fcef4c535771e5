// The phone field's country, asked of ip2c.org by our server (server/services/ipCountry.ts): the
// address goes in the path, answers are kept a day, failures a few minutes, private addresses
// are never sent, and any failure or a slow answer is null.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createIpCountryLookup,
  isPublicAddress,
  SERVER_COUNTRY_LOOKUP_TIMEOUT_MS,
} from "../../../server/services/ipCountry";

function fakeFetch(handler: (url: string, init: RequestInit) => Promise<Response> | Response) {
  const calls: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push(String(input));
    return handler(String(input), init);
  }) as typeof fetch;
  return { fetchImpl, calls };
}

describe("IP šalies paieška serveryje", () => {
  afterEach(() => vi.useRealTimers());

  it("klausia ip2c.org su lankytojo adresu ir atsakymą laiko parą", async () => {
    let now = 0;
    const { fetchImpl, calls } = fakeFetch(() => new Response("1;DE;DEU;Germany"));
    const lookup = createIpCountryLookup({ fetchImpl, now: () => now });
    expect(await lookup.country("84.15.1.2")).toBe("DE");
    expect(await lookup.country("84.15.1.2")).toBe("DE");
    expect(calls).toEqual(["https://ip2c.org/84.15.1.2"]);
    now += 86_400_001;
    await lookup.country("84.15.1.2");
    expect(calls).toHaveLength(2);
  });

  it("vietiniai ir privatūs adresai niekur nesiunčiami", async () => {
    const { fetchImpl, calls } = fakeFetch(() => new Response("1;LT;LTU;Lithuania"));
    const lookup = createIpCountryLookup({ fetchImpl });
    for (const ip of ["127.0.0.1", "::1", "10.1.2.3", "192.168.1.5", "172.20.0.1", "::ffff:127.0.0.1", "nežinomas"]) {
      expect(await lookup.country(ip), ip).toBeNull();
    }
    expect(calls).toEqual([]);
    expect(isPublicAddress("2001:db8::1")).toBe(true);
    expect(isPublicAddress("fd00::1")).toBe(false);
  });

  it("klaida, nežinomas adresas ar tinklo sutrikimas – null", async () => {
    for (const handler of [
      () => new Response("2;ZZ;ZZZ;Reserved"),
      () => new Response("", { status: 503 }),
      () => {
        throw new TypeError("fetch failed");
      },
    ]) {
      const { fetchImpl } = fakeFetch(handler);
      expect(await createIpCountryLookup({ fetchImpl }).country("84.15.1.2")).toBeNull();
    }
  });

  it("lėtas atsakymas nutraukiamas anksčiau nei naršyklė pasiduoda", async () => {
    vi.useFakeTimers();
    const { fetchImpl } = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("Nutraukta", "AbortError")));
        }),
    );
    const answer = createIpCountryLookup({ fetchImpl }).country("84.15.1.2");
    await vi.advanceTimersByTimeAsync(SERVER_COUNTRY_LOOKUP_TIMEOUT_MS);
    expect(await answer).toBeNull();
  });
});
