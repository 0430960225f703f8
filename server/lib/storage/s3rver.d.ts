// s3rver 3.7 ships no types; this covers the part the storage tests use (README "Programmatically running").
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  export type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Creates the configured buckets and listens; resolves with the bound address (port 0 → random). */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
