// The backups' S3-compatible bucket (BACKUP_S3_*, server/config.ts), with the AWS SDK v3:
//   - upload: one PutObject for an archive up to PART_SIZE, a multipart upload in PART_SIZE parts
//     (read from the file one part at a time, never whole in memory) for a bigger one;
//   - verification: the stored object is read back whole (GetObject) and its size and SHA-256
//     compared with the local archive's; an object that does not match is deleted and the upload
//     fails. The SHA-256 is also kept in the object's metadata (x-amz-meta-sha256), so a download
//     for a restore is checked against it;
//   - retention: the newest N of each kind (the second place's copyKeep), pre-migration ones kept;
//   - listing, download to a file (restore, check) and a stream (the back-office's download).
// Errors are thrown in Lithuanian (BackupError); the caller decides whether they are fatal.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { BackupError } from "../../src/core/backup";
import { archiveKindOf, archivesToRemove, type BackupKind } from "../../src/domain/backupSchedule";
import type { S3BackupConfig } from "../config";

/** Archives up to this size go in one request; bigger ones in parts of this size (S3: ≥ 5 MiB). */
export const PART_SIZE = 16 * 1024 * 1024;

export interface S3Object {
  name: string;
  kind: BackupKind;
  key: string;
  size: number;
  modifiedAt: string;
}

export interface S3Backups {
  readonly config: S3BackupConfig;
  /** s3://bucket/key of an archive's name */
  location(name: string): string;
  /** uploads `file` as `name`, reads it back and compares size and SHA-256; returns the location */
  uploadVerified(file: string, name: string): Promise<string>;
  /** removes the oldest archives of `kind` beyond `keep`; returns their names */
  rotate(kind: BackupKind, keep: number | null): Promise<string[]>;
  /** our archives in the bucket (under the prefix) */
  list(): Promise<S3Object[]>;
  /** every object under prefix + `under` (any name, e.g. the WAL mirror's), names relative to the prefix */
  listUnder(under: string): Promise<{ name: string; size: number; modifiedAt: number }[]>;
  /** removes the object `name` (relative to the prefix) */
  remove(name: string): Promise<void>;
  /** the key of a name (prefix + name) */
  keyOf(name: string): string;
  /** downloads an object to `file` and checks it against the SHA-256 in its metadata */
  download(key: string, file: string, bucket?: string): Promise<{ size: number; sha256: string }>;
  /** an archive as a stream, null when there is none */
  open(name: string): Promise<{ size: number; stream: ReadableStream<Uint8Array> } | null>;
  close(): void;
}

const reasonOf = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (code === "ECONNREFUSED") return "serveris nepasiekiamas (ryšys atmestas)";
  if (code === "ENOTFOUND") return "serverio adresas nerastas";
  if (code === "ETIMEDOUT" || error.name === "TimeoutError") return "serveris neatsakė laiku";
  if (error.name === "NoSuchBucket") return "tokio krepšio nėra";
  if (error.name === "AccessDenied" || status === 403) return "prieiga uždrausta (patikrinkite raktus ir teises)";
  if (error.name === "InvalidAccessKeyId" || error.name === "SignatureDoesNotMatch")
    return "neteisingi prieigos raktai";
  return status ? `${error.name} (HTTP ${status})` : error.message || error.name;
};

const isNotFound = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === "NoSuchKey" ||
    error.name === "NotFound" ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

/** SHA-256 and size of a stream's bytes. */
async function digest(stream: AsyncIterable<Uint8Array>): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest("hex") };
}

export const fileDigest = (file: string) => digest(createReadStream(file));

/** s3://bucket/key → its parts; null for anything else. */
export function parseS3Url(text: string): { bucket: string; key: string } | null {
  const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(text.trim());
  return match ? { bucket: match[1] as string, key: match[2] as string } : null;
}

export function createS3Backups(config: S3BackupConfig): S3Backups {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Plain requests every S3-compatible service understands (no aws-chunked bodies, no CRC32 trailers).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 300_000 },
  });
  const keyOf = (name: string) => `${config.prefix}${name}`;
  const location = (name: string) => `s3://${config.bucket}/${keyOf(name)}`;
  const bucketText = `S3 krepšys ${config.bucket}${config.endpoint ? ` (${config.endpoint})` : ""}`;
  const fail = (what: string, error: unknown): never => {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${bucketText}: ${what}: ${reasonOf(error)}`);
  };

  async function put(file: string, key: string, size: number, sha256: string): Promise<void> {
    const metadata = { sha256 };
    if (size <= PART_SIZE) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: "application/gzip",
          Metadata: metadata,
        }),
      );
      return;
    }
    const created = await client.send(
      new CreateMultipartUploadCommand({
        Bucket: config.bucket,
        Key: key,
        ContentType: "application/gzip",
        Metadata: metadata,
      }),
    );
    const uploadId = created.UploadId as string;
    const handle = await open(file, "r");
    try {
      const parts: { ETag: string; PartNumber: number }[] = [];
      const buffer = Buffer.alloc(PART_SIZE);
      for (let offset = 0, number = 1; offset < size; offset += PART_SIZE, number++) {
        const { bytesRead } = await handle.read(buffer, 0, Math.min(PART_SIZE, size - offset), offset);
        const answer = await client.send(
          new UploadPartCommand({
            Bucket: config.bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber: number,
            Body: buffer.subarray(0, bytesRead),
            ContentLength: bytesRead,
          }),
        );
        parts.push({ ETag: answer.ETag as string, PartNumber: number });
      }
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: config.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: config.bucket, Key: key, UploadId: uploadId }))
        .catch(() => undefined);
      throw error;
    } finally {
      await handle.close();
    }
  }

  async function readBack(key: string, bucket = config.bucket) {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    if (!answer.Body) throw new BackupError("objektas be turinio");
    return { answer, body: answer.Body as Readable };
  }

  async function list(): Promise<S3Object[]> {
    const out: S3Object[] = [];
    let token: string | undefined;
    try {
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: config.bucket,
            Prefix: config.prefix || undefined,
            ContinuationToken: token,
          }),
        );
        for (const item of page.Contents ?? []) {
          const key = item.Key ?? "";
          const name = key.slice(config.prefix.length);
          const kind = archiveKindOf(name);
          if (!kind) continue;
          out.push({
            name,
            kind,
            key,
            size: item.Size ?? 0,
            modifiedAt: (item.LastModified ?? new Date(0)).toISOString(),
          });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (error) {
      fail("sąrašo gauti nepavyko", error);
    }
    return out;
  }

  return {
    config,
    location,
    async uploadVerified(file, name) {
      const key = keyOf(name);
      const local = await fileDigest(file);
      try {
        await put(file, key, local.size, local.sha256);
      } catch (error) {
        fail("įkelti nepavyko", error);
      }
      let stored: { size: number; sha256: string };
      try {
        stored = await digest((await readBack(key)).body);
      } catch (error) {
        return fail("įkeltos kopijos perskaityti nepavyko", error);
      }
      if (stored.size !== local.size || stored.sha256 !== local.sha256) {
        await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key })).catch(() => undefined);
        throw new BackupError(
          `${bucketText}: įkelta kopija nesutampa su originalu (${stored.size} B, SHA-256 ${stored.sha256.slice(0, 12)}…; originalo ${local.size} B, ${local.sha256.slice(0, 12)}…), ji pašalinta`,
        );
      }
      return location(name);
    },
    async rotate(kind, keep) {
      if (keep === null) return [];
      const removed = archivesToRemove(
        (await list()).map((o) => o.name),
        keep,
        kind,
      );
      for (const name of removed) {
        try {
          await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(name) }));
        } catch (error) {
          fail(`senos kopijos ${name} pašalinti nepavyko`, error);
        }
      }
      return removed;
    },
    list,
    async listUnder(under) {
      const out: { name: string; size: number; modifiedAt: number }[] = [];
      let token: string | undefined;
      try {
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: config.bucket, Prefix: keyOf(under), ContinuationToken: token }),
          );
          for (const item of page.Contents ?? []) {
            out.push({
              name: (item.Key ?? "").slice(config.prefix.length),
              size: item.Size ?? 0,
              modifiedAt: (item.LastModified ?? new Date(0)).getTime(),
            });
          }
          token = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (token);
      } catch (error) {
        fail("sąrašo gauti nepavyko", error);
      }
      return out;
    },
    async remove(name) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(name) }));
      } catch (error) {
        fail(`objekto ${name} pašalinti nepavyko`, error);
      }
    },
    keyOf,
    async download(key, file, bucket = config.bucket) {
      const temporary = `${file}.tmp-${process.pid}-${Date.now()}`;
      try {
        const { answer, body } = await readBack(key, bucket);
        const hash = createHash("sha256");
        let size = 0;
        const counting = async function* (source: AsyncIterable<Uint8Array>) {
          for await (const chunk of source) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        };
        await pipeline(body, counting, createWriteStream(temporary));
        const sha256 = hash.digest("hex");
        const expected = answer.Metadata?.sha256;
        if (expected && expected !== sha256) {
          throw new BackupError(
            `${bucketText}: atsisiųsta kopija nesutampa su įkeltąja (SHA-256 ${sha256.slice(0, 12)}…, turėjo būti ${expected.slice(0, 12)}…)`,
          );
        }
        if (answer.ContentLength !== undefined && answer.ContentLength !== size) {
          throw new BackupError(`${bucketText}: atsisiųsta ${size} B iš ${answer.ContentLength} B`);
        }
        await rename(temporary, file);
        return { size, sha256 };
      } catch (error) {
        await rm(temporary, { force: true });
        if (isNotFound(error)) throw new BackupError(`${bucketText}: kopijos s3://${bucket}/${key} nėra`);
        return fail(`kopijos s3://${bucket}/${key} atsisiųsti nepavyko`, error);
      }
    },
    async open(name) {
      try {
        const { answer, body } = await readBack(keyOf(name));
        return { size: answer.ContentLength ?? 0, stream: Readable.toWeb(body) as ReadableStream<Uint8Array> };
      } catch (error) {
        if (isNotFound(error)) return null;
        return fail(`kopijos ${name} atsisiųsti nepavyko`, error);
      }
    },
    close() {
      client.destroy();
    },
  };
}
