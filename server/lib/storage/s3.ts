import type * as S3Sdk from "@aws-sdk/client-s3";
import type * as S3Uploads from "@aws-sdk/lib-storage";
import type { S3Client } from "@aws-sdk/client-s3";
import { optionalModule } from "../optional-module";

/** The AWS SDK is loaded when the S3 driver is first built, so local-disk deployments never load it. */
const s3Sdk = optionalModule<typeof S3Sdk>("@aws-sdk/client-s3");
const s3Uploads = optionalModule<typeof S3Uploads>("@aws-sdk/lib-storage");
import { Readable, Transform, pipeline } from "node:stream";
import { BLOB_KEY_PATTERN, BlobNotFoundError, assertBlobKey, assertListPrefix, type BlobStorage } from "./types";

export type S3StorageOptions = {
  bucket: string;
  /** S3-compatible endpoint (MinIO, R2, s3rver…); unset for AWS itself. */
  endpoint?: string;
  region: string;
  /** Both or neither: when unset, the SDK's default chain (env, instance role…) supplies credentials. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (`endpoint/bucket/key`); defaults to true when `endpoint` is set, as most non-AWS need. */
  forcePathStyle?: boolean;
  /** Multipart part size; memory per put is at most partSize × queueSize. Default 5 MiB (S3's minimum). */
  partSize?: number;
  queueSize?: number;
  /** A ready client (tests, shared connection pool); the connection options above are then ignored. */
  client?: S3Client;
};

const DEFAULT_PART_SIZE = 5 * 1024 * 1024;
const DEFAULT_QUEUE_SIZE = 4;

/**
 * Blob storage on S3 or an S3-compatible service. Puts stream through a multipart upload (bounded memory,
 * aborted on error so no partial object appears); a move is copy + delete, so it is limited to 5 GB objects.
 */
export function createS3Storage(options: S3StorageOptions): BlobStorage {
  const client = options.client ?? buildClient(options);
  const Bucket = options.bucket;

  return {
    async put(key, body) {
      assertBlobKey(key);
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          callback(null, chunk);
        },
      });
      // A source error destroys `counter`, which fails the upload; the upload then aborts its multipart parts.
      let sourceError: unknown;
      body.once("error", (err: unknown) => {
        sourceError = err;
      });
      pipeline(body, counter, () => undefined);
      const upload = new (s3Uploads().Upload)({
        client,
        params: { Bucket, Key: key, Body: counter, ContentType: "application/octet-stream" },
        partSize: options.partSize ?? DEFAULT_PART_SIZE,
        queueSize: options.queueSize ?? DEFAULT_QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        counter.destroy();
        if (!body.destroyed) body.destroy();
        // The source's own error is the root cause (e.g. the client aborted), not the abort that followed it.
        throw sourceError ?? err;
      }
      return { bytes };
    },

    async get(key) {
      assertBlobKey(key);
      try {
        const { Body } = await client.send(new (s3Sdk().GetObjectCommand)({ Bucket, Key: key }));
        if (!(Body instanceof Readable)) throw new Error("S3 returned a non-stream body");
        return Body;
      } catch (err) {
        if (isNotFound(err)) throw new BlobNotFoundError(key);
        throw err;
      }
    },

    async delete(key) {
      assertBlobKey(key);
      // S3 answers 204 for a missing key too, which is exactly the idempotence we promise.
      await client.send(new (s3Sdk().DeleteObjectCommand)({ Bucket, Key: key }));
    },

    async move(fromKey, toKey) {
      assertBlobKey(fromKey);
      assertBlobKey(toKey);
      try {
        // Keys are `(staging|restore|blobs)/<hex>`: nothing in them needs URL-encoding in CopySource.
        await client.send(new (s3Sdk().CopyObjectCommand)({ Bucket, Key: toKey, CopySource: `${Bucket}/${fromKey}` }));
      } catch (err) {
        if (isNotFound(err)) throw new BlobNotFoundError(fromKey);
        throw err;
      }
      await client.send(new (s3Sdk().DeleteObjectCommand)({ Bucket, Key: fromKey }));
    },

    async *list(prefix) {
      assertListPrefix(prefix);
      // Pages of up to 1000 keys: a large bucket is never listed into one array.
      for await (const page of s3Sdk().paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          if (!object.Key || !BLOB_KEY_PATTERN.test(object.Key)) continue;
          yield { key: object.Key, lastModified: object.LastModified ?? new Date(0) };
        }
      }
    },

    async exists(key) {
      assertBlobKey(key);
      try {
        await client.send(new (s3Sdk().HeadObjectCommand)({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
  };
}

function buildClient(options: S3StorageOptions): S3Client {
  const { accessKeyId, secretAccessKey } = options;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error("S3 storage: accessKeyId and secretAccessKey must be set together");
  }
  return new (s3Sdk().S3Client)({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // NOTE: newer SDKs add CRC trailers (aws-chunked bodies) by default, which many S3-compatible servers
    // store verbatim or reject. Our blobs carry their own authentication (file-crypto), so only send and
    // check checksums where an operation requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** NoSuchKey (GET, COPY) and NotFound (HEAD has no body, so only the status tells). */
function isNotFound(err: unknown): boolean {
  if (!(err instanceof s3Sdk().S3ServiceException)) return false;
  return err.name === "NoSuchKey" || err.name === "NotFound";
}
