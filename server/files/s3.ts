// FileStorage in an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage…), FILE_STORAGE=s3: every
// server of the site reads and writes the same objects. Keys: <S3_PREFIX>public/<path> and
// <S3_PREFIX>private/<path>. No object is made public (no ACL is set): visitors get the public
// files through GET /files/* of a server, the private ones only through the staff routes.
import { createHash } from "node:crypto";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { S3StorageConfig } from "../config";
import { type FileArea, type FileStorage, isSafeRelative, isTemporaryName, StorageError } from "./storage";

/** An answer meaning "no such object" (GET: NoSuchKey, HEAD: NotFound, or a bare 404). */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

/** Why the bucket cannot be used, in Lithuanian, naming the setting to check. */
function describeFailure(error: unknown, config: S3StorageConfig): string {
  const e = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e?.$metadata?.httpStatusCode;
  if (status === 404 || e?.name === "NoSuchBucket" || e?.name === "NotFound") {
    return `kibiro „${config.bucket}“ nėra (patikrinkite S3_BUCKET)`;
  }
  if (status === 403 || status === 401) {
    return "prieiga neleidžiama (patikrinkite S3_ACCESS_KEY_ID ir S3_SECRET_ACCESS_KEY)";
  }
  const code = e?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ETIMEDOUT") {
    return `saugykla nepasiekiama (${code}; patikrinkite S3_ENDPOINT)`;
  }
  return `${e?.name ?? "klaida"}${status ? ` (HTTP ${status})` : ""}`;
}

export function createS3Storage(config: S3StorageConfig): FileStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: self-hosted S3 servers do not all know the newer
    // trailing checksums; the upload is checked with Content-MD5 instead, and the content by our SHA-256.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;
  const areaPrefix = (area: FileArea) => `${config.prefix}${area}/`;
  const key = (area: FileArea, relative: string): string => {
    if (!isSafeRelative(relative)) throw new StorageError(`Neteisingas failo kelias: ${relative}`);
    return `${areaPrefix(area)}${relative}`;
  };
  const where = `S3 kibire ${config.bucket}${config.endpoint ? ` (${config.endpoint})` : ""}`;
  const failed = (what: string, error: unknown) =>
    new StorageError(`${what} ${where}: ${describeFailure(error, config)}`, { cause: error });

  return {
    kind: "s3",
    description: `${where}${config.prefix ? `, priešdėlis ${config.prefix}` : ""}`,
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        throw failed("Nepavyko pasiekti failų saugyklos", error);
      }
    },
    async put(area, relative, bytes, contentType) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key(area, relative),
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
            ContentMD5: createHash("md5").update(bytes).digest("base64"),
            Metadata: { sha256: createHash("sha256").update(bytes).digest("hex") },
          }),
        );
      } catch (error) {
        if (error instanceof StorageError) throw error;
        throw failed(`Nepavyko įrašyti failo ${area}/${relative}`, error);
      }
    },
    async get(area, relative) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key(area, relative) }));
        if (!answer.Body) return null;
        return await answer.Body.transformToByteArray();
      } catch (error) {
        if (isMissing(error)) return null;
        if (error instanceof StorageError) throw error;
        throw failed(`Nepavyko perskaityti failo ${area}/${relative}`, error);
      }
    },
    async stat(area, relative) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: key(area, relative) }));
        return { size: Number(answer.ContentLength ?? 0), modifiedAt: answer.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        if (error instanceof StorageError) throw error;
        throw failed(`Nepavyko patikrinti failo ${area}/${relative}`, error);
      }
    },
    async list(area) {
      const prefix = areaPrefix(area);
      const out: string[] = [];
      let ContinuationToken: string | undefined;
      try {
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
          for (const object of page.Contents ?? []) {
            const relative = object.Key?.slice(prefix.length) ?? "";
            const name = relative.split("/").pop() ?? "";
            if (relative && isSafeRelative(relative) && !isTemporaryName(name)) out.push(relative);
          }
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      } catch (error) {
        throw failed("Nepavyko išvardyti failų", error);
      }
      return out.sort();
    },
    async remove(area, relative) {
      const Key = key(area, relative);
      try {
        const existed = await client
          .send(new HeadObjectCommand({ Bucket, Key }))
          .then(() => true)
          .catch((error: unknown) => {
            if (isMissing(error)) return false;
            throw error;
          });
        if (existed) await client.send(new DeleteObjectCommand({ Bucket, Key }));
        return existed;
      } catch (error) {
        throw failed(`Nepavyko ištrinti failo ${area}/${relative}`, error);
      }
    },
  };
}
