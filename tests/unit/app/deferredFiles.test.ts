import { describe, expect, it } from "vitest";
import { createDeferredFileStore } from "../../../src/backend/local/deferredFiles";
import type { HttpClient } from "../../../src/backend/local/http";
import type { FileStore, UploadProgress, UploadTask } from "../../../src/backend/port";

/** A real-looking store: records what it was asked, each upload ends when told. */
function fakeModule() {
  const calls: string[] = [];
  const finish: Array<(path: string | Error) => void> = [];
  let loads = 0;
  const createLocalFileStore = (): FileStore => ({
    upload(file, folder, onProgress) {
      calls.push(`upload ${folder}`);
      onProgress({ state: "running", bytesTransferred: 0, totalBytes: file.size } as UploadProgress);
      let settle: (path: string | Error) => void = () => undefined;
      const done = new Promise<string>((resolve, reject) => {
        settle = (value) => (value instanceof Error ? reject(value) : resolve(value));
      });
      finish.push(settle);
      const task: UploadTask = {
        pause: () => {
          calls.push("pause");
          return true;
        },
        resume: () => {
          calls.push("resume");
          return true;
        },
        cancel: () => {
          calls.push("cancel");
          settle(new Error("Įkėlimas atšauktas"));
          return true;
        },
        done,
      };
      return task;
    },
    remove: async (path) => {
      calls.push(`remove ${path}`);
    },
    url: (path) => path,
    privateUrl: async (path) => path,
  });
  const load = async () => {
    loads += 1;
    return { createLocalFileStore };
  };
  return { calls, finish, load, loads: () => loads };
}

const http = {} as HttpClient;
const blob = () => new Blob(["abc"], { type: "image/png" });

describe("failų saugykla, kurios įkėlimo kodas įkeliamas tik prireikus", () => {
  it("adresus duoda neįkėlusi įkėlimo kodo", async () => {
    const module = fakeModule();
    const store = createDeferredFileStore(http, module.load);
    expect(store.url("cars/a.webp")).toBe("/files/cars/a.webp");
    expect(store.url("desk/x.jpg")).toBe("/api/admin/private/desk/x.jpg");
    expect(await store.privateUrl("documents/a.pdf")).toBe("/api/admin/private/documents/a.pdf");
    expect(module.loads()).toBe(0);
  });

  it("įkėlimas prasideda, kai kodas įkeltas, ir baigiasi tikrosios užduoties rezultatu", async () => {
    const module = fakeModule();
    const store = createDeferredFileStore(http, module.load);
    const states: UploadProgress[] = [];
    const task = store.upload(blob(), "cars", (progress) => states.push(progress));
    // Nothing to pause before the upload has started.
    expect(task.pause()).toBe(false);
    await expect.poll(() => module.calls).toEqual(["upload cars"]);
    expect(states.map((state) => state.state)).toEqual(["running"]);
    expect(task.pause()).toBe(true);
    expect(task.resume()).toBe(true);
    module.finish[0]?.("/files/cars/abc.png");
    await expect(task.done).resolves.toBe("/files/cars/abc.png");
    await store.remove("/files/cars/abc.png");
    expect(module.calls).toEqual(["upload cars", "pause", "resume", "remove /files/cars/abc.png"]);
    expect(module.loads()).toBe(1);
  });

  it("atšaukus dar neprasidėjusį įkėlimą, jis atšaukiamas vos prasidėjęs", async () => {
    const module = fakeModule();
    const store = createDeferredFileStore(http, module.load);
    const task = store.upload(blob(), "cars", () => undefined);
    expect(task.cancel()).toBe(true);
    await expect(task.done).rejects.toThrow("Įkėlimas atšauktas");
    expect(module.calls).toEqual(["upload cars", "cancel"]);
  });
});
