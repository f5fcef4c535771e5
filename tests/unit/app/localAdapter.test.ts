// The local adapter's HTTP client, SiteApi, SessionApi and FileStore against fake transports.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLocalFileStore, fileUrl, UPLOAD_URL } from "../../../src/backend/local/files";
import { createHttpClient, NETWORK_ERROR_MESSAGE } from "../../../src/backend/local/http";
import { createLocalSessionApi } from "../../../src/backend/local/session";
import { createLocalSiteApi } from "../../../src/backend/local/site";
import { BackendError, type UploadProgress } from "../../../src/backend/port";
import { COUNTRY_LOOKUP_TIMEOUT_MS } from "../../../src/backend/shared/country";
import { IP_COUNTRY_SERVICE_URL } from "../../../src/domain/phoneRules";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function server(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    return handler(String(input), init);
  }) as typeof fetch;
  return { fetchImpl, calls, http: createHttpClient({ fetch: fetchImpl }) };
}

describe("HTTP klientas", () => {
  it("siunčia JSON su sesijos slapuku ir grąžina išnagrinėtą atsakymą", async () => {
    const { http, calls } = server(() => Response.json({ ok: true }));
    expect(await http.post("/api/site/requests", { a: 1 })).toEqual({ ok: true });
    expect(calls[0]?.init.credentials).toBe("same-origin");
    expect(calls[0]?.init.body).toBe('{"a":1}');
    expect((calls[0]!.init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("{ message, errors } paverčia BackendError", async () => {
    const { http } = server(() =>
      Response.json(
        { message: "Patikrinkite pažymėtus laukus", errors: { "customer.phone": "Neteisingas telefono numeris" } },
        { status: 422 },
      ),
    );
    const error = await http.post("/api/site/reservations", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendError);
    expect(error).toMatchObject({
      status: 422,
      message: "Patikrinkite pažymėtus laukus",
      fieldErrors: { "customer.phone": "Neteisingas telefono numeris" },
    });
  });

  it("klaidoms be pranešimo ir tinklo sutrikimams naudoja atsarginius lietuviškus pranešimus", async () => {
    const bare = server(() => new Response("<html>", { status: 502 }));
    await expect(bare.http.get("/api/x")).rejects.toMatchObject({
      status: 502,
      message: "Serverio klaida. Bandykite vėliau.",
    });
    const limited = server(() => new Response("", { status: 429 }));
    await expect(limited.http.get("/api/x")).rejects.toMatchObject({
      message: expect.stringContaining("Per daug bandymų"),
    });
    const offline = server(() => {
      throw new TypeError("Failed to fetch");
    });
    await expect(offline.http.get("/api/x")).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it("praleidžia tuščias užklausos reikšmes", async () => {
    const { http, calls } = server(() => Response.json([]));
    await http.get("/api/site/cars", { query: { category: "verslo", fuel: undefined, seats: 5, transmission: "" } });
    expect(calls[0]?.url).toBe("/api/site/cars?category=verslo&seats=5");
  });
});

describe("SiteApi", () => {
  it("sąrašo atsakymus priima kaip masyvus arba { data }", async () => {
    const { http, fetchImpl } = server((url) =>
      url.startsWith("/api/site/offers") ? Response.json({ data: [{ id: "o1" }] }) : Response.json([{ id: "n1" }]),
    );
    const site = createLocalSiteApi(http, fetchImpl);
    expect(await site.offers()).toEqual([{ id: "o1" }]);
    expect(await site.news()).toEqual([{ id: "n1" }]);
  });

  it("nežinomam automobilio ar naujienos slug grąžina null", async () => {
    const { http, fetchImpl } = server(() => Response.json({ message: "Automobilis nerastas" }, { status: 404 }));
    const site = createLocalSiteApi(http, fetchImpl);
    expect(await site.car("nera")).toBeNull();
    expect(await site.newsItem("nera")).toBeNull();
  });

  it("suvienodina paieškos elementus: automobilis kaip `car` arba įterptas, id kaip `id` arba `car.id`", async () => {
    const quote = { total: 100, perDay: 50, deposit: 200, vat: 17.36 };
    const { http, fetchImpl, calls } = server(() =>
      Response.json([
        { car: { id: "c1", slug: "a" }, quote },
        { id: "c2", slug: "b", quote },
      ]),
    );
    const site = createLocalSiteApi(http, fetchImpl);
    const { data: results, total } = await site.search({
      from: "2026-12-01T08:00:00.000Z",
      to: "2026-12-03T08:00:00.000Z",
    });
    expect(calls[0]?.url).toBe("/api/site/search?from=2026-12-01T08%3A00%3A00.000Z&to=2026-12-03T08%3A00%3A00.000Z");
    expect(total).toBe(2);
    expect(results.map((r) => [r.id, r.car.id, r.car.slug, r.quote.total])).toEqual([
      ["c1", "c1", "a", 100],
      ["c2", "c2", "b", 100],
    ]);
  });

  describe("detectCountry", () => {
    afterEach(() => vi.useRealTimers());

    // The country is asked of our own server (GET /api/site/country), which asks the IP service:
    // the visitor's browser never reaches the third party (issue 27, privacy).
    it("šalį klausia mūsų serverio, ne IP paslaugos", async () => {
      const { http, fetchImpl, calls } = server(() => Response.json({ country: "LT" }));
      expect(await createLocalSiteApi(http, fetchImpl).detectCountry()).toBe("LT");
      expect(calls[0]?.url).toBe("/api/site/country");
      expect(calls.map((call) => call.url)).not.toContain(IP_COUNTRY_SERVICE_URL);
    });

    it("nežinomam adresui, klaidai ar tinklo sutrikimui grąžina null", async () => {
      for (const handler of [
        () => Response.json({ country: null }),
        () => new Response("", { status: 503 }),
        () => {
          throw new TypeError("Failed to fetch");
        },
      ] as Handler[]) {
        const { http, fetchImpl } = server(handler);
        expect(await createLocalSiteApi(http, fetchImpl).detectCountry()).toBeNull();
      }
    });

    it("po trumpo laukimo pasiduoda", async () => {
      vi.useFakeTimers();
      const { http, fetchImpl } = server(
        (_url, init) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener("abort", () => reject(new DOMException("Nutraukta", "AbortError")));
          }),
      );
      const answer = createLocalSiteApi(http, fetchImpl).detectCountry();
      await vi.advanceTimersByTimeAsync(COUNTRY_LOOKUP_TIMEOUT_MS);
      expect(await answer).toBeNull();
    });
  });
});

describe("SessionApi", () => {
  const user = { id: "u1", email: "darbuotojas@example.lt", name: "Darbuotojas", role: "staff" };

  it("me() grąžina null, kai neprisijungta (401), kitaip – naudotoją", async () => {
    let signedIn = false;
    const { http } = server(() =>
      signedIn ? Response.json(user) : Response.json({ message: "Neprisijungta" }, { status: 401 }),
    );
    const session = createLocalSessionApi(http);
    expect(await session.me()).toBeNull();
    signedIn = true;
    expect(await session.me()).toEqual(user);
  });

  it("login perduoda serverio lietuviškus 401 ir 429 pranešimus", async () => {
    const { http } = server(() =>
      Response.json({ message: "Neteisingas el. paštas arba slaptažodis" }, { status: 401 }),
    );
    await expect(createLocalSessionApi(http).login("a@b.lt", "x")).rejects.toMatchObject({
      status: 401,
      message: "Neteisingas el. paštas arba slaptažodis",
    });
  });

  it("kitos me() nesėkmės – klaidos, ne atsijungimas", async () => {
    const { http } = server(() => new Response("", { status: 500 }));
    await expect(createLocalSessionApi(http).me()).rejects.toBeInstanceOf(BackendError);
  });
});

/** Just enough XMLHttpRequest to drive the upload states. */
class FakeXhr extends EventTarget {
  static last: FakeXhr | null = null;
  readonly upload = new EventTarget();
  status = 0;
  responseText = "";
  withCredentials = false;
  method = "";
  url = "";
  body: FormData | null = null;
  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.dispatchEvent(new Event("abort"));
  }
  progress(loaded: number, total: number) {
    const event = Object.assign(new Event("progress"), { loaded, total, lengthComputable: true });
    this.upload.dispatchEvent(event);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.dispatchEvent(new Event("load"));
  }
}

describe("FileStore", () => {
  let states: UploadProgress[];
  const store = () =>
    createLocalFileStore(
      createHttpClient({ fetch: async () => Response.json({}) }),
      () => new FakeXhr() as unknown as XMLHttpRequest,
    );
  const file = () => Object.assign(new Blob(["x".repeat(1000)], { type: "image/png" }), { name: "auto.png" });

  beforeEach(() => {
    states = [];
  });

  it("įkelia multipart {file, folder} rodydamas eigą ir baigiasi sėkmingai su išsaugotu keliu", async () => {
    const task = store().upload(file(), "cars", (p) => states.push(p));
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(["POST", UPLOAD_URL]);
    expect(xhr.body?.get("folder")).toBe("cars");
    expect((xhr.body!.get("file") as File).name).toBe("auto.png");
    xhr.progress(500, 1000);
    xhr.answer(201, { path: "cars/abc.png", url: "/files/cars/abc.png" });
    expect(await task.done).toBe("cars/abc.png");
    expect(states.map((s) => [s.state, s.bytesTransferred])).toEqual([
      ["running", 0],
      ["running", 500],
      ["success", 1000],
    ]);
  });

  it("atšaukimas nutraukia: būsena canceled, lietuviškas pranešimas; sustabdyti ir tęsti negalima", async () => {
    const task = store().upload(file(), "cars", (p) => states.push(p));
    expect(task.pause()).toBe(false);
    expect(task.resume()).toBe(false);
    expect(task.cancel()).toBe(true);
    await expect(task.done).rejects.toMatchObject({ message: "Įkėlimas atšauktas" });
    expect(states.at(-1)).toMatchObject({ state: "canceled", error: "Įkėlimas atšauktas" });
    expect(task.cancel()).toBe(false);
  });

  it("atmestas įkėlimas baigiasi būsena error su serverio pranešimu", async () => {
    const task = store().upload(file(), "cars", (p) => states.push(p));
    FakeXhr.last!.answer(415, { message: "Galima įkelti tik JPEG, PNG, WebP, AVIF arba GIF paveikslėlius" });
    await expect(task.done).rejects.toMatchObject({ status: 415 });
    expect(states.at(-1)).toMatchObject({
      state: "error",
      error: "Galima įkelti tik JPEG, PNG, WebP, AVIF arba GIF paveikslėlius",
    });
  });

  it("url() išsaugotus kelius pateikia po /files/, o URL palieka nepakeistus", () => {
    expect(fileUrl("cars/abc.png")).toBe("/files/cars/abc.png");
    expect(fileUrl("/files/cars/abc.png")).toBe("/files/cars/abc.png");
    expect(fileUrl("https://cdn.example.lt/a.png")).toBe("https://cdn.example.lt/a.png");
  });
});
