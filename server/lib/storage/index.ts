import { createLocalStorage, type LocalStorageOptions } from "./local";
import { createS3Storage, type S3StorageOptions } from "./s3";
import type { BlobStorage } from "./types";

export {
  BLOB_KEY_PATTERN,
  BlobNotFoundError,
  InvalidBlobKeyError,
  assertBlobKey,
  newBlobKey,
  type BlobKeyPrefix,
  type BlobStorage,
} from "./types";
export { removeStaleTempFiles } from "./local";
export type { LocalStorageOptions, S3StorageOptions };

/** The shape of `config.storage`: STORAGE_DRIVER picks the driver, the rest are that driver's options. */
export type StorageConfig = ({ driver: "local" } & LocalStorageOptions) | ({ driver: "s3" } & S3StorageOptions);

/**
 * Builds the configured blob storage. Callers depend only on BlobStorage, so the same upload and download
 * code (and the same contract tests) run against the local disk and S3.
 */
export function createStorage(config: StorageConfig): BlobStorage {
  switch (config.driver) {
    case "local":
      return createLocalStorage(config);
    case "s3":
      return createS3Storage(config);
  }
}
