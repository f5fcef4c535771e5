// FileStore on Cloud Storage. Uploads use uploadBytesResumable, whose states (running,
// paused, success, canceled, error) reach staff as they happen; the SDK sends files above
// 256 KB resumably in chunks that double up to 32 MB, and retries for the times set at
// start-up (10 min for uploads, 2 min for other operations). storage/* error codes become
// Lithuanian messages. The type is read from the file's first bytes, as the local server
// does; storage.rules then allow only images up to 10 MB, written by staff.
import {
  deleteObject,
  type FirebaseStorage,
  getDownloadURL,
  ref,
  type StorageError,
  type UploadTaskSnapshot,
  uploadBytesResumable,
} from "firebase/storage";
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
  NOT_AN_IMAGE_MESSAGE,
  type SniffedImage,
  sniffImage,
} from "../../domain/imageUpload";
import { BackendError, type FileStore, type UploadProgress, type UploadState, type UploadTask } from "../port";
import { firebaseErrorInfo, STORAGE_MESSAGES } from "./errors";
import { FILE_FOLDERS } from "./model";
import { storagePath, storageUrl } from "./storageUrl";

export const FILE_MESSAGES = {
  notImage: NOT_AN_IMAGE_MESSAGE,
  tooLarge: FILE_TOO_LARGE_MESSAGE,
  badFolder: `Netinkamas aplankas. Galimi: ${FILE_FOLDERS.join(", ")}`,
  unreadable: "Nepavyko perskaityti failo",
} as const;

export { storageUrl };

const randomName = (): string =>
  typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** Maps the SDK's task state (and a finished task) to the port's five states. */
export function stateOf(snapshot: Pick<UploadTaskSnapshot, "state">): UploadState {
  if (snapshot.state === "paused") return "paused";
  if (snapshot.state === "success") return "success";
  if (snapshot.state === "canceled") return "canceled";
  if (snapshot.state === "error") return "error";
  return "running";
}

async function readHead(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, 64).arrayBuffer());
}

export function createFirebaseFileStore(storage: FirebaseStorage, origin: string, bucket: string): FileStore {
  return {
    upload(file, folder, onProgress) {
      const total = file.size;
      let finished = false;
      let task: ReturnType<typeof uploadBytesResumable> | null = null;
      let canceledEarly = false;
      const emit = (progress: UploadProgress) => {
        try {
          onProgress(progress);
        } catch {
          // A broken progress listener must not break the upload.
        }
      };

      const done = new Promise<string>((resolve, reject) => {
        const fail = (state: "error" | "canceled", message: string, status: number, cause?: unknown) => {
          if (finished) return;
          finished = true;
          emit({ state, bytesTransferred: 0, totalBytes: total, error: message });
          reject(new BackendError(message, status, {}, cause));
        };

        const start = async () => {
          if (!(FILE_FOLDERS as readonly string[]).includes(folder)) {
            fail("error", FILE_MESSAGES.badFolder, 400);
            return;
          }
          if (total > MAX_UPLOAD_BYTES) {
            fail("error", FILE_MESSAGES.tooLarge, 413);
            return;
          }
          let image: SniffedImage | null;
          try {
            image = sniffImage(await readHead(file));
          } catch (error) {
            fail("error", FILE_MESSAGES.unreadable, 400, error);
            return;
          }
          if (!image) {
            fail("error", FILE_MESSAGES.notImage, 415);
            return;
          }
          if (canceledEarly) {
            fail("canceled", STORAGE_MESSAGES["storage/canceled"]!.message, 499);
            return;
          }
          const path = `${folder}/${randomName()}.${image.extension}`;
          task = uploadBytesResumable(ref(storage, path), file, {
            contentType: image.contentType,
            cacheControl: "public, max-age=31536000, immutable",
          });
          task.on(
            "state_changed",
            (snapshot) => {
              if (finished) return;
              emit({
                state: stateOf(snapshot),
                bytesTransferred: snapshot.bytesTransferred,
                totalBytes: snapshot.totalBytes || total,
              });
            },
            (error: StorageError) => {
              const info = firebaseErrorInfo(error);
              fail(info.code === "storage/canceled" ? "canceled" : "error", info.message, info.status, error);
            },
            () => {
              if (finished) return;
              finished = true;
              emit({ state: "success", bytesTransferred: total, totalBytes: total });
              resolve(path);
            },
          );
        };
        emit({ state: "running", bytesTransferred: 0, totalBytes: total });
        void start();
      });

      const handle: UploadTask = {
        pause: () => (task && !finished ? task.pause() : false),
        resume: () => (task && !finished ? task.resume() : false),
        cancel: () => {
          if (finished) return false;
          if (!task) {
            canceledEarly = true;
            return true;
          }
          return task.cancel();
        },
        done,
      };
      return handle;
    },
    async remove(path) {
      if (!path || /^(?:https?:|data:|blob:)/i.test(path)) return;
      try {
        await deleteObject(ref(storage, storagePath(path)));
      } catch (error) {
        const info = firebaseErrorInfo(error);
        // Already gone is what the caller wanted.
        if (info.code === "storage/object-not-found") return;
        throw new BackendError(info.message, info.status, {}, error);
      }
    },
    url: (path) => storageUrl(origin, bucket, path),
    async privateUrl(path) {
      try {
        return await getDownloadURL(ref(storage, storagePath(path)));
      } catch (error) {
        const info = firebaseErrorInfo(error);
        throw new BackendError(info.message, info.status, {}, error);
      }
    },
  };
}
