// The local FileStore's resumable upload (files above 256 KB): chunks that double in size,
// a real pause (the chunk in flight is aborted) and resume from the offset the server reports,
// cancel that drops the server's parts, and errors in Lithuanian.
import { beforeEach, describe, expect, it } from "vitest";
import {
  createLocalFileStore,
  FIRST_CHUNK_BYTES,
  RESUMABLE_THRESHOLD,
  UPLOAD_URL,
} from "../../../src/backend/local/files";
import type { HttpClient, RequestOptions } from "../../../src/backend/local/http";
import { BackendError, type UploadProgress } from "../../../src/backend/port";

class FakeXhr extends EventTarget {
  static all: FakeXhr[] = [];
  readonly upload = new EventTarget();
  status = 0;
  responseText = "";
  withCredentials = false;
  method = "";
  url = "";
  body: Blob | null = null;
  aborted = false;
  constructor() {
    super();
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: Blob) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event("abort"));
  }
  progress(loaded: number) {
    this.upload.dispatchEvent(Object.assign(new Event("progress"), { loaded, total: this.body?.size ?? 0 }));
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.dispatchEvent(new Event("load"));
  }
}

/** An HttpClient that records calls and answers from a script. */
function fakeHttp(serverOffset: () => number) {
  const calls: { method: string; path: string; options?: RequestOptions }[] = [];
  const http: HttpClient = {
    async request<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
      calls.push({ method, path, ...(options ? { options } : {}) });
      if (method === "POST") return { uploadId: "11111111-1111-4111-8111-111111111111", offset: 0 } as T;
      if (method === "GET") return { offset: serverOffset(), size: 0 } as T;
      return {} as T;
    },
    get(path, options) {
      return this.request("GET", path, options);
    },
    post(path, body, options) {
      return this.request("POST", path, { ...options, body });
    },
    delete(path, options) {
      return this.request("DELETE", path, options);
    },
  };
  return { http, calls };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const bigFile = (size: number) =>
  Object.assign(new Blob([new Uint8Array(size)], { type: "image/png" }), { name: "didele.png" });

describe("tęsiamas įkėlimas", () => {
  let states: UploadProgress[];
  let received: number;

  beforeEach(() => {
    FakeXhr.all = [];
    states = [];
    received = 0;
  });

  const start = (size: number) => {
    const { http, calls } = fakeHttp(() => received);
    const store = createLocalFileStore(http, () => new FakeXhr() as unknown as XMLHttpRequest);
    const task = store.upload(bigFile(size), "cars", (p) => states.push(p));
    return { task, calls };
  };

  it("siunčia 256 KB dalis, paskui dvigubai didesnes, ir baigiasi sėkmingai su išsaugotu keliu", async () => {
    const size = RESUMABLE_THRESHOLD * 4;
    const { task, calls } = start(size);
    await tick();
    expect(calls[0]).toMatchObject({
      method: "POST",
      path: UPLOAD_URL,
      options: { query: { uploadType: "resumable" } },
    });
    const first = FakeXhr.all[0]!;
    expect(first.method).toBe("PUT");
    expect(first.url).toContain("offset=0");
    expect(first.body?.size).toBe(FIRST_CHUNK_BYTES);
    first.progress(1000);
    expect(states.at(-1)).toMatchObject({ state: "running", bytesTransferred: 1000, totalBytes: size });
    first.answer(200, { offset: FIRST_CHUNK_BYTES, size });
    await tick();
    const second = FakeXhr.all[1]!;
    expect(second.url).toContain(`offset=${FIRST_CHUNK_BYTES}`);
    expect(second.body?.size).toBe(FIRST_CHUNK_BYTES * 2);
    second.answer(200, { offset: FIRST_CHUNK_BYTES * 3, size });
    await tick();
    const third = FakeXhr.all[2]!;
    expect(third.body?.size).toBe(size - FIRST_CHUNK_BYTES * 3);
    third.answer(201, { path: "cars/x.png", url: "/files/cars/x.png" });
    await expect(task.done).resolves.toBe("cars/x.png");
    expect(states.at(-1)).toMatchObject({ state: "success", bytesTransferred: size });
  });

  it("tikrai sustoja ir tęsia nuo poslinkio, kurį nurodo serveris", async () => {
    const size = RESUMABLE_THRESHOLD * 3;
    const { task, calls } = start(size);
    await tick();
    FakeXhr.all[0]!.answer(200, { offset: FIRST_CHUNK_BYTES, size });
    await tick();
    const inFlight = FakeXhr.all[1]!;
    inFlight.progress(5000);
    expect(task.pause()).toBe(true);
    expect(inFlight.aborted).toBe(true);
    expect(states.at(-1)).toMatchObject({ state: "paused", bytesTransferred: FIRST_CHUNK_BYTES });
    expect(task.pause()).toBe(false);
    await tick();
    expect(FakeXhr.all).toHaveLength(2); // nothing is sent while paused

    received = FIRST_CHUNK_BYTES;
    expect(task.resume()).toBe(true);
    expect(states.at(-1)).toMatchObject({ state: "running" });
    await tick();
    await tick();
    expect(calls.some((c) => c.method === "GET" && c.options?.query?.upload)).toBe(true);
    const resumed = FakeXhr.all[2]!;
    expect(resumed.url).toContain(`offset=${FIRST_CHUNK_BYTES}`);
    resumed.answer(201, { path: "cars/y.png", url: "/files/cars/y.png" });
    await expect(task.done).resolves.toBe("cars/y.png");
  });

  it("atšaukimas nutraukia siuntimą, pašalina serverio dalis ir baigiasi būsena canceled su lietuvišku pranešimu", async () => {
    const { task, calls } = start(RESUMABLE_THRESHOLD * 2);
    await tick();
    expect(task.cancel()).toBe(true);
    await expect(task.done).rejects.toMatchObject({ message: "Įkėlimas atšauktas" });
    expect(states.at(-1)).toMatchObject({ state: "canceled" });
    await tick();
    expect(calls.at(-1)).toMatchObject({ method: "DELETE", options: { query: { upload: expect.any(String) } } });
    expect(task.cancel()).toBe(false);
    expect(task.resume()).toBe(false);
  });

  it("atmesta dalis baigiasi būsena error su serverio pranešimu", async () => {
    const { task } = start(RESUMABLE_THRESHOLD * 2);
    await tick();
    FakeXhr.all[0]!.answer(415, { message: "Galima įkelti tik JPEG, PNG, WebP, AVIF arba GIF paveikslėlius" });
    await expect(task.done).rejects.toBeInstanceOf(BackendError);
    expect(states.at(-1)).toMatchObject({
      state: "error",
      error: "Galima įkelti tik JPEG, PNG, WebP, AVIF arba GIF paveikslėlius",
    });
  });

  it("maži failai vis tiek siunčiami viena užklausa, kurios sustabdyti negalima", () => {
    const { task } = start(RESUMABLE_THRESHOLD);
    expect(FakeXhr.all[0]?.method).toBe("POST");
    expect(task.pause()).toBe(false);
  });
});
