// A local S3 server for tests (s3rver, in this process, on a free port, objects in a temp folder):
// the settings a server needs for FILE_STORAGE=s3, and a client to look into (or tamper with) the bucket.
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { removeTempDir, tempDir } from "./server";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** FILE_STORAGE=s3 and the S3_* settings for a server (prefix: S3_PREFIX) */
  env(prefix?: string): Record<string, string>;
  client: S3Client;
  keys(prefix?: string): Promise<string[]>;
  object(key: string): Promise<Uint8Array | null>;
  /** Overwrites an object behind the servers' back (a damaged or changed file). */
  overwrite(key: string, bytes: Uint8Array): Promise<void>;
  createBucket(name: string): Promise<void>;
  stop(): Promise<void>;
}

const KEY_ID = "S3RVER";
const SECRET = "S3RVER";

export async function startS3(bucket = "ratai-failai"): Promise<TestS3> {
  const directory = tempDir("s3");
  const server = new S3rver({ port: 0, address: "127.0.0.1", directory, silent: true });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({
    endpoint,
    region: "eu-central-1",
    forcePathStyle: true,
    credentials: { accessKeyId: KEY_ID, secretAccessKey: SECRET },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    env: (prefix = "") => ({
      FILE_STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_REGION: "eu-central-1",
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_PREFIX: prefix,
      S3_FORCE_PATH_STYLE: "1",
    }),
    client,
    async keys(prefix = "") {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async object(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return (await answer.Body?.transformToByteArray()) ?? null;
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async overwrite(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
    },
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    async stop() {
      client.destroy();
      await server.close();
      removeTempDir(directory);
    },
  };
}
