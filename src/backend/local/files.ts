// FileStore on the local server: uploads go to /api/admin/files, files are served publicly
// under /files/; the desk's private folder ("desk") only to staff under /api/admin/private/.
//
// Uploads use XMLHttpRequest because fetch reports no upload progress. Like Firebase Storage,
// a file up to 256 KB goes in one multipart request (it cannot be paused: pause() answers false,
// it is done in a moment); a bigger one is a resumable upload in chunks (256 KB, doubling up to
// 8 MB): pause() aborts the chunk in flight and resume() asks the server how much it has and
// goes on from there. Network failures and server errors are retried for up to 10 minutes.
// cancel() aborts and drops the server's parts -> state "canceled".
import { BackendError, type FileStore, type UploadProgress, type UploadTask } from "../port";
import { fileUrl } from "./fileUrls";
import { errorFromBody, fallbackMessage, type HttpClient } from "./http";

export const UPLOAD_URL = "/api/admin/files";
export { FILES_PREFIX } from "./fileUrls";
/** Files above this size upload in resumable chunks (SPEC section 9). */
export const RESUMABLE_THRESHOLD = 256 * 1024;
export const FIRST_CHUNK_BYTES = 256 * 1024;
/** Below the server's 10 MB body limit for the upload path. */
export const MAX_CHUNK_BYTES = 8 * 1024 * 1024;
/** How long an upload keeps retrying after its last progress (SPEC section 9). */
export const UPLOAD_RETRY_MS = 10 * 60 * 1000;

export const UPLOAD_MESSAGES = {
  canceled: "Įkėlimas atšauktas",
  network: "Nepavyko įkelti failo: nutrūko ryšys su serveriu",
  badAnswer: "Failas įkeltas, bet serveris negrąžino jo adreso",
  retryLimit: "Nepavyko įkelti failo per 10 minučių: ryšys su serveriu neatsikūrė",
} as const;

export { fileUrl, PRIVATE_FILES_PREFIX } from "./fileUrls";

function storedPath(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const record = body as Record<string, unknown>;
  for (const key of ["path", "url", "location"]) {
    if (typeof record[key] === "string" && record[key]) return record[key] as string;
  }
  return null;
}

interface ChunkAnswer {
  status: number;
  body: unknown;
}

const parseBody = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
};

const numberField = (body: unknown, key: string): number | null => {
  if (!body || typeof body !== "object") return null;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Emit = (progress: UploadProgress) => void;

function safeEmitter(onProgress: (p: UploadProgress) => void): Emit {
  return (progress) => {
    try {
      onProgress(progress);
    } catch {
      // A broken progress listener must not break the upload.
    }
  };
}

/** One request: the whole file as multipart. Cannot pause. */
function singleUpload(
  file: Blob & { name?: string },
  folder: string,
  emit: Emit,
  createXhr: () => XMLHttpRequest,
): UploadTask {
  const xhr = createXhr();
  const total = file.size;
  let finished = false;

  const done = new Promise<string>((resolve, reject) => {
    const fail = (state: "error" | "canceled", message: string, status: number, body?: unknown) => {
      if (finished) return;
      finished = true;
      emit({ state, bytesTransferred: 0, totalBytes: total, error: message });
      reject(new BackendError(message, status, {}, body));
    };

    xhr.upload.addEventListener("progress", (event) => {
      if (finished) return;
      emit({
        state: "running",
        bytesTransferred: event.loaded,
        totalBytes: event.lengthComputable ? event.total : total,
      });
    });
    xhr.addEventListener("load", () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = errorFromBody(xhr.status, body);
        fail("error", error.message || fallbackMessage(xhr.status), xhr.status, body);
        return;
      }
      const path = storedPath(body);
      if (!path) {
        fail("error", UPLOAD_MESSAGES.badAnswer, 500, body);
        return;
      }
      finished = true;
      emit({ state: "success", bytesTransferred: total, totalBytes: total });
      resolve(path);
    });
    xhr.addEventListener("error", () => fail("error", UPLOAD_MESSAGES.network, 0));
    xhr.addEventListener("abort", () => fail("canceled", UPLOAD_MESSAGES.canceled, 0));
  });

  const form = new FormData();
  form.append("file", file, file.name ?? "failas");
  form.append("folder", folder);
  xhr.open("POST", UPLOAD_URL);
  xhr.withCredentials = true;
  xhr.setRequestHeader("Accept", "application/json");
  emit({ state: "running", bytesTransferred: 0, totalBytes: total });
  xhr.send(form);

  return {
    pause: () => false,
    resume: () => false,
    cancel: () => {
      if (finished) return false;
      xhr.abort();
      return true;
    },
    done,
  };
}

/** A resumable upload in chunks that really pauses and resumes. */
function resumableUpload(
  file: Blob & { name?: string },
  folder: string,
  emit: Emit,
  http: HttpClient,
  createXhr: () => XMLHttpRequest,
): UploadTask {
  const total = file.size;
  let state: "running" | "paused" | "finished" = "running";
  let offset = 0;
  let chunkSize = FIRST_CHUNK_BYTES;
  let uploadId: string | null = null;
  let current: XMLHttpRequest | null = null;
  /** bumps on every pause/cancel so a stale loop stops */
  let generation = 0;
  let lastProgressAt = Date.now();
  let settle: { resolve: (path: string) => void; reject: (error: BackendError) => void } | null = null;
  const done = new Promise<string>((resolve, reject) => {
    settle = { resolve, reject };
  });

  // A function, so TypeScript does not narrow `state` across the awaits of the loop below.
  const isFinished = () => state === "finished";
  const finish = (outcome: { path: string } | { state: "error" | "canceled"; error: BackendError }) => {
    if (state === "finished") return;
    state = "finished";
    if ("path" in outcome) {
      emit({ state: "success", bytesTransferred: total, totalBytes: total });
      settle?.resolve(outcome.path);
    } else {
      emit({ state: outcome.state, bytesTransferred: offset, totalBytes: total, error: outcome.error.message });
      settle?.reject(outcome.error);
    }
  };

  const sendChunk = (id: string, from: number, to: number): Promise<ChunkAnswer | "aborted" | "network"> =>
    new Promise((resolve) => {
      const xhr = createXhr();
      current = xhr;
      xhr.upload.addEventListener("progress", (event) => {
        if (state !== "running" || current !== xhr) return;
        emit({ state: "running", bytesTransferred: Math.min(total, from + event.loaded), totalBytes: total });
      });
      xhr.addEventListener("load", () => resolve({ status: xhr.status, body: parseBody(xhr.responseText) }));
      xhr.addEventListener("error", () => resolve("network"));
      xhr.addEventListener("abort", () => resolve("aborted"));
      xhr.open("PUT", `${UPLOAD_URL}?upload=${encodeURIComponent(id)}&offset=${from}`);
      xhr.withCredentials = true;
      xhr.setRequestHeader("Accept", "application/json");
      xhr.setRequestHeader("Content-Type", "application/octet-stream");
      xhr.send(file.slice(from, to));
    });

  /** Waits before a retry; false when the retry window is over or the upload was paused/canceled. */
  const backoff = async (attempt: number, run: number): Promise<boolean> => {
    if (Date.now() - lastProgressAt > UPLOAD_RETRY_MS) {
      finish({ state: "error", error: new BackendError(UPLOAD_MESSAGES.retryLimit, 0) });
      return false;
    }
    await sleep(Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5)));
    return run === generation && state === "running";
  };

  const pump = async (run: number): Promise<void> => {
    let attempt = 0;
    while (run === generation && state === "running") {
      try {
        if (uploadId === null) {
          const started = await http.request<{ uploadId: string }>("POST", UPLOAD_URL, {
            query: { uploadType: "resumable" },
            body: { folder, size: total, name: file.name ?? "" },
          });
          if (run !== generation && isFinished()) {
            // Canceled while starting: drop the new session at once.
            http.delete(UPLOAD_URL, { query: { upload: started.uploadId } }).catch(() => undefined);
            return;
          }
          uploadId = started.uploadId;
          continue;
        }
        if (attempt > 0) {
          // After a failure the server says how much it really has.
          const status = await http.get<{ offset: number }>(UPLOAD_URL, { query: { upload: uploadId } });
          offset = status.offset;
        }
      } catch (error) {
        const failure = error instanceof BackendError ? error : new BackendError(UPLOAD_MESSAGES.network, 0);
        if (failure.status !== 0 && failure.status < 500) {
          finish({ state: "error", error: failure });
          return;
        }
        attempt += 1;
        if (!(await backoff(attempt, run))) return;
        continue;
      }

      const to = Math.min(total, offset + chunkSize);
      const answer = await sendChunk(uploadId, offset, to);
      if (run !== generation || state !== "running") return;
      if (answer === "aborted") return;
      if (answer === "network" || answer.status >= 500 || answer.status === 0) {
        attempt += 1;
        if (!(await backoff(attempt, run))) return;
        continue;
      }
      attempt = 0;
      if (answer.status === 201) {
        const path = storedPath(answer.body);
        if (path) finish({ path });
        else finish({ state: "error", error: new BackendError(UPLOAD_MESSAGES.badAnswer, 500, {}, answer.body) });
        return;
      }
      const serverOffset = numberField(answer.body, "offset");
      if ((answer.status === 200 || answer.status === 409) && serverOffset !== null) {
        offset = serverOffset;
        lastProgressAt = Date.now();
        if (answer.status === 200) chunkSize = Math.min(chunkSize * 2, MAX_CHUNK_BYTES);
        // 409: the server still writes an earlier part (a pause cut it off); give it a moment.
        else await sleep(250);
        if (run !== generation || state !== "running") return;
        emit({ state: "running", bytesTransferred: offset, totalBytes: total });
        continue;
      }
      finish({ state: "error", error: errorFromBody(answer.status, answer.body) });
      return;
    }
  };

  emit({ state: "running", bytesTransferred: 0, totalBytes: total });
  void pump(generation);

  return {
    pause: () => {
      if (state !== "running") return false;
      state = "paused";
      generation += 1;
      current?.abort();
      emit({ state: "paused", bytesTransferred: offset, totalBytes: total });
      return true;
    },
    resume: () => {
      if (state !== "paused") return false;
      state = "running";
      generation += 1;
      lastProgressAt = Date.now();
      emit({ state: "running", bytesTransferred: offset, totalBytes: total });
      // attempt 1: ask the server where to go on
      const run = generation;
      void (async () => {
        if (uploadId !== null) {
          try {
            const status = await http.get<{ offset: number }>(UPLOAD_URL, { query: { upload: uploadId } });
            if (run === generation) offset = status.offset;
          } catch (error) {
            if (error instanceof BackendError && error.status === 404) {
              // The server dropped the parts (restart, expiry): start over.
              uploadId = null;
              offset = 0;
            }
          }
        }
        await pump(run);
      })();
      return true;
    },
    cancel: () => {
      if (state === "finished") return false;
      generation += 1;
      current?.abort();
      const id = uploadId;
      finish({ state: "canceled", error: new BackendError(UPLOAD_MESSAGES.canceled, 0) });
      if (id) {
        http.delete(UPLOAD_URL, { query: { upload: id } }).catch(() => {
          // The server removes unfinished parts after a day anyway.
        });
      }
      return true;
    },
    done,
  };
}

export function createLocalFileStore(
  http: HttpClient,
  createXhr: () => XMLHttpRequest = () => new XMLHttpRequest(),
): FileStore {
  return {
    upload(file, folder, onProgress) {
      const emit = safeEmitter(onProgress);
      return file.size > RESUMABLE_THRESHOLD
        ? resumableUpload(file, folder, emit, http, createXhr)
        : singleUpload(file, folder, emit, createXhr);
    },
    async remove(path) {
      await http.delete(UPLOAD_URL, { query: { path } });
    },
    url: fileUrl,
    privateUrl: async (path) => fileUrl(path),
  };
}
