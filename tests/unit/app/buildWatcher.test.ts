// The new-build watcher itself, driven by fake timers, a fake fetch and an in-memory
// sessionStorage (DESIGN section 6, SPEC section 9).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type BuildWatcherOptions,
  createBuildWatcher,
  DEFAULT_BUILD_CHECK_INTERVAL_MS,
  MANIFEST_CHECK_DELAY_MS,
  RELOAD_MARKER_KEY,
  RELOAD_THROTTLE_MS,
  ROUTE_CHANGE_WAIT_MS,
} from "../../../src/app/buildWatcher";

const BUILD = "build-a";

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

interface FakeServer {
  latestId: string;
  /** ms the latest.json answer takes */
  latestDelay: number;
  manifestStatus: number;
  requests: string[];
}

function fakeFetch(server: FakeServer): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = String(input);
    server.requests.push(url);
    if (url.startsWith("/builds/meta/")) {
      if (server.manifestStatus !== 200) return new Response("{}", { status: server.manifestStatus });
      return Response.json({ id: BUILD, timestamp: 1 });
    }
    if (url.startsWith("/builds/latest.json?")) {
      if (server.latestDelay > 0) await new Promise((resolve) => setTimeout(resolve, server.latestDelay));
      return Response.json({ id: server.latestId, timestamp: 2 });
    }
    return new Response("nerasta", { status: 404 });
  }) as typeof fetch;
}

function setup(overrides: Partial<BuildWatcherOptions> = {}, server: Partial<FakeServer> = {}) {
  const state: FakeServer = { latestId: BUILD, latestDelay: 0, manifestStatus: 200, requests: [], ...server };
  const storage = new MemoryStorage();
  const reloads: string[] = [];
  const watcher = createBuildWatcher({
    buildId: BUILD,
    fetch: fakeFetch(state),
    storage,
    now: () => Date.now(),
    reload: (url) => reloads.push(url),
    currentUrl: () => "http://localhost/automobiliai",
    document: null,
    ...overrides,
  });
  return { watcher, state, storage, reloads };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-11-21T10:00:00Z") });
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("konstantos", () => {
  it("atitinka SPEC 9 skyrių", () => {
    expect(RELOAD_THROTTLE_MS).toBe(10_000);
    expect(MANIFEST_CHECK_DELAY_MS).toBe(1_000);
    expect(ROUTE_CHANGE_WAIT_MS).toBe(100);
  });
});

describe("paleidimas", () => {
  it("manifestą skaito praėjus 1 000 ms nuo paleidimo, tada latest.json su laiko žyma užklausoje", async () => {
    const { watcher, state } = setup();
    watcher.start();
    await vi.advanceTimersByTimeAsync(MANIFEST_CHECK_DELAY_MS - 1);
    expect(state.requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.requests[0]).toBe(`/builds/meta/${BUILD}.json`);
    expect(state.requests[1]).toMatch(/^\/builds\/latest\.json\?\d{13}$/);
    expect(watcher.manifest).toEqual({ id: BUILD, timestamp: 1 });
    expect(watcher.outdated).toBe(false);
    watcher.stop();
  });

  it("apie nepavykusį manifesto gavimą tik praneša konsolėje ir vis tiek tikrina naujus surinkimus", async () => {
    const { watcher, state } = setup({}, { manifestStatus: 404, latestId: "build-b" });
    watcher.start();
    await vi.advanceTimersByTimeAsync(MANIFEST_CHECK_DELAY_MS);
    expect(console.warn).toHaveBeenCalledWith("[nuoma]", expect.stringContaining("Nepavyko gauti versijos manifesto"));
    expect(watcher.manifest).toBeNull();
    expect(state.requests.some((url) => url.startsWith("/builds/latest.json?"))).toBe(true);
    expect(watcher.outdated).toBe(true);
    watcher.stop();
  });

  it("pagal nutylėjimą tikrina kas 60 minučių arba nustatytu intervalu", async () => {
    const byDefault = setup();
    byDefault.watcher.start();
    await vi.advanceTimersByTimeAsync(MANIFEST_CHECK_DELAY_MS);
    const latestCalls = () => byDefault.state.requests.filter((url) => url.startsWith("/builds/latest.json")).length;
    expect(latestCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(DEFAULT_BUILD_CHECK_INTERVAL_MS - 1);
    expect(latestCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(latestCalls()).toBe(2);
    byDefault.watcher.stop();

    const configured = setup({ checkIntervalMs: 5 * 60_000 });
    configured.watcher.start();
    await vi.advanceTimersByTimeAsync(MANIFEST_CHECK_DELAY_MS + 15 * 60_000);
    expect(configured.state.requests.filter((url) => url.startsWith("/builds/latest.json")).length).toBe(4);
    configured.watcher.stop();
  });

  it("tikrina, kai kortelė vėl tampa matoma", async () => {
    const listeners = new Map<string, () => void>();
    const doc = {
      visibilityState: "hidden" as DocumentVisibilityState,
      addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
      removeEventListener: (type: string) => listeners.delete(type),
    };
    const { watcher, state } = setup({ document: doc as unknown as Document }, { latestId: "build-b" });
    watcher.start();
    await vi.advanceTimersByTimeAsync(MANIFEST_CHECK_DELAY_MS + 2 * 60_000);
    const before = state.requests.length;
    doc.visibilityState = "visible";
    listeners.get("visibilitychange")?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.requests.length).toBe(before + 1);
    watcher.stop();
    expect(listeners.has("visibilitychange")).toBe(false);
  });
});

describe("perėjimai tarp puslapių", () => {
  it("nieko nedaro, kol surinkimas naujausias", async () => {
    const { watcher, reloads } = setup();
    await watcher.check();
    expect(await watcher.beforeNavigate("http://localhost/akcijos")).toBe(false);
    expect(reloads).toEqual([]);
  });

  it("pastebėjus naują surinkimą, kitą perėjimą paverčia pilnu tikslo puslapio įkėlimu", async () => {
    const { watcher, reloads, storage } = setup({}, { latestId: "build-b" });
    expect(await watcher.check()).toBe(true);
    expect(reloads).toEqual([]);
    expect(await watcher.beforeNavigate("http://localhost/akcijos")).toBe(true);
    expect(reloads).toEqual(["http://localhost/akcijos"]);
    const marker = JSON.parse(storage.getItem(RELOAD_MARKER_KEY) ?? "{}");
    expect(marker.at).toBe(Date.now());
  });

  it("palaukia vykstančio patikrinimo, kuris atsako per 100 ms", async () => {
    const { watcher, reloads } = setup({}, { latestId: "build-b", latestDelay: 60 });
    void watcher.check();
    const decision = watcher.beforeNavigate("http://localhost/kontaktai");
    await vi.advanceTimersByTimeAsync(60);
    expect(await decision).toBe(true);
    expect(reloads).toEqual(["http://localhost/kontaktai"]);
  });

  it("lėto patikrinimo laukia ne ilgiau kaip 100 ms, tada pereina įprastai", async () => {
    const { watcher, reloads } = setup({}, { latestId: "build-b", latestDelay: 500 });
    void watcher.check();
    let settled = false;
    const decision = watcher.beforeNavigate("http://localhost/kontaktai").then((value) => {
      settled = true;
      return value;
    });
    await vi.advanceTimersByTimeAsync(ROUTE_CHANGE_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    expect(await decision).toBe(false);
    expect(reloads).toEqual([]);
    // The slow answer still marks the page outdated for the navigation after.
    await vi.advanceTimersByTimeAsync(500);
    expect(watcher.outdated).toBe(true);
  });
});

describe("perkrovimų ribojimas", () => {
  it("praleidžia perkrovimą, jei nuo ankstesnio praėjo mažiau nei 10 000 ms, vėliau leidžia", async () => {
    const { watcher, reloads, storage } = setup({}, { latestId: "build-b" });
    storage.setItem(RELOAD_MARKER_KEY, JSON.stringify({ at: Date.now() - (RELOAD_THROTTLE_MS - 1) }));
    await watcher.check();
    expect(await watcher.beforeNavigate("http://localhost/a")).toBe(false);
    expect(reloads).toEqual([]);
    expect(console.warn).toHaveBeenCalledWith("[nuoma]", expect.stringContaining("Puslapis neperkraunamas"));
    await vi.advanceTimersByTimeAsync(1);
    expect(await watcher.beforeNavigate("http://localhost/b")).toBe(true);
    expect(reloads).toEqual(["http://localhost/b"]);
  });

  it("be sessionStorage visai neperkrauna (nėra žymos – nėra apsaugos nuo ciklo)", async () => {
    const { watcher, reloads } = setup({ storage: null }, { latestId: "build-b" });
    await watcher.check();
    expect(await watcher.beforeNavigate("http://localhost/a")).toBe(false);
    expect(watcher.onChunkError(new Error("Failed to fetch dynamically imported module"))).toBe(false);
    expect(reloads).toEqual([]);
  });

  it("sugadintą žymą traktuoja kaip jos nebuvimą", async () => {
    const { watcher, reloads, storage } = setup({}, { latestId: "build-b" });
    storage.setItem(RELOAD_MARKER_KEY, "{not json");
    await watcher.check();
    expect(await watcher.beforeNavigate("http://localhost/a")).toBe(true);
    expect(reloads).toEqual(["http://localhost/a"]);
  });
});

describe("dalių (chunk) įkėlimo klaidos", () => {
  it("perkrauna dabartinį puslapį, ribojant ta pačia žyma", async () => {
    const { watcher, reloads, storage } = setup();
    const error = new TypeError("Failed to fetch dynamically imported module: /assets/CarsPage-abc.js");
    expect(watcher.onChunkError(error)).toBe(true);
    expect(reloads).toEqual(["http://localhost/automobiliai"]);
    expect(JSON.parse(storage.getItem(RELOAD_MARKER_KEY) ?? "{}").reason).toBe("chunk");

    // The reloaded page fails again at once: no second reload within 10 s.
    const next = createBuildWatcher({
      buildId: BUILD,
      storage,
      reload: (url) => reloads.push(url),
      currentUrl: () => "http://localhost/automobiliai",
      document: null,
      fetch: fakeFetch({ latestId: BUILD, latestDelay: 0, manifestStatus: 200, requests: [] }),
    });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(next.onChunkError(error)).toBe(false);
    expect(reloads).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RELOAD_THROTTLE_MS);
    expect(next.onChunkError(error)).toBe(true);
    expect(reloads).toHaveLength(2);
  });
});
