// FileStore on the local server: uploads go to POST /api/admin/files (multipart), files
// are served publicly under /files/.
//
// Uploads use XMLHttpRequest because fetch reports no upload progress. One XHR cannot be
// paused and resumed, so pause() and resume() answer false (the port allows that); the
// "paused" state never occurs on this adapter. cancel() aborts -> state "canceled".
import { BackendError, type FileStore, type UploadProgress, type UploadTask } from "../port";
import { errorFromBody, fallbackMessage, type HttpClient } from "./http";

export const UPLOAD_URL = "/api/admin/files";
export const FILES_PREFIX = "/files/";

export const UPLOAD_MESSAGES = {
  canceled: "Įkėlimas atšauktas",
  network: "Nepavyko įkelti failo: nutrūko ryšys su serveriu",
  badAnswer: "Failas įkeltas, bet serveris negrąžino jo adreso",
} as const;

/** A URL an <img> can load: absolute URLs and /paths stay, storage paths get /files/. */
export function fileUrl(path: string): string {
  if (!path) return "";
  if (/^(?:https?:|data:|blob:)/i.test(path) || path.startsWith("/")) return path;
  return `${FILES_PREFIX}${path.replace(/^\/+/, "")}`;
}

function storedPath(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const record = body as Record<string, unknown>;
  for (const key of ["path", "url", "location"]) {
    if (typeof record[key] === "string" && record[key]) return record[key] as string;
  }
  return null;
}

export function createLocalFileStore(
  http: HttpClient,
  createXhr: () => XMLHttpRequest = () => new XMLHttpRequest(),
): FileStore {
  return {
    upload(file, folder, onProgress) {
      const xhr = createXhr();
      const total = file.size;
      let finished = false;
      const emit = (progress: UploadProgress) => {
        try {
          onProgress(progress);
        } catch {
          // A broken progress listener must not break the upload.
        }
      };

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
          let body: unknown = null;
          try {
            body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
          } catch {
            body = xhr.responseText;
          }
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

      const task: UploadTask = {
        pause: () => false,
        resume: () => false,
        cancel: () => {
          if (finished) return false;
          xhr.abort();
          return true;
        },
        done,
      };
      return task;
    },
    async remove(path) {
      await http.delete(UPLOAD_URL, { query: { path } });
    },
    url: fileUrl,
  };
}
