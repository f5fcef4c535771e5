// The local FileStore as the app starts it: file addresses at once, the upload code (files.ts:
// chunks, retries, progress) only when staff first upload or delete a file. The public site
// shows pictures and never uploads, so it never loads that code.
import type { FileStore, UploadProgress, UploadTask } from "../port";
import { fileUrl } from "./fileUrls";
import type { HttpClient } from "./http";

type StartUpload = (onProgress: (progress: UploadProgress) => void) => UploadTask;

export function createDeferredFileStore(
  http: HttpClient,
  load: () => Promise<Pick<typeof import("./files"), "createLocalFileStore">> = () => import("./files"),
): FileStore {
  let store: Promise<FileStore> | null = null;
  const loaded = () => {
    store ??= load().then((module) => module.createLocalFileStore(http));
    return store;
  };
  return {
    upload(file, folder, onProgress) {
      return deferredUpload(
        loaded().then((real) => (progress) => real.upload(file, folder, progress)),
        onProgress,
      );
    },
    async remove(path) {
      await (await loaded()).remove(path);
    },
    url: fileUrl,
    privateUrl: async (path) => fileUrl(path),
  };
}

/**
 * An UploadTask whose upload starts once its code has loaded. Before that there is nothing to
 * pause (pause and resume answer false); a cancel is kept and cancels the upload the moment it
 * starts, so it ends as every cancelled upload does (state "canceled", done rejects).
 */
export function deferredUpload(
  start: Promise<StartUpload>,
  onProgress: (progress: UploadProgress) => void,
): UploadTask {
  let task: UploadTask | null = null;
  let cancelled = false;
  const done = start.then((begin) => {
    task = begin(onProgress);
    if (cancelled) task.cancel();
    return task.done;
  });
  return {
    pause: () => task?.pause() ?? false,
    resume: () => task?.resume() ?? false,
    cancel() {
      if (task) return task.cancel();
      cancelled = true;
      return true;
    },
    done,
  };
}
