import type { Readable } from "node:stream";

/** An object's bytes with the length they have, for a store that must know it before the first byte (S3). */
export interface SizedStream {
  stream: Readable;
  size: number;
}

/** What is known of a stored object without reading it. */
export interface ObjectInfo {
  size: number;
  /** The type it was stored with (S3), or the one its key's extension names (the local disk keeps none). */
  contentType: string;
}

/** A stored object, to stream. */
export interface StoredObject extends ObjectInfo {
  body: Readable;
}

/**
 * Where uploads are kept, by key (`2026/12/<random>.png`): the local disk under `<dataDir>/uploads`, or an
 * S3-compatible bucket every process of the site shares. Writing a key that exists replaces it; reading or
 * deleting one that does not is no error (null, nothing done).
 */
export interface Storage {
  /** Where the objects go, for logs: a folder, or an endpoint and bucket. */
  readonly describe: string;
  put(key: string, body: Buffer | SizedStream, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** Lets go of connections (the S3 client's sockets). */
  close(): void;
}

/** An S3-compatible bucket (`PARLEY_STORAGE=s3` and the `PARLEY_S3_*` variables). */
export interface S3StorageConfig {
  kind: "s3";
  /** The service's address; null for AWS's own for the region. Buckets are addressed by path. */
  endpoint: string | null;
  bucket: string;
  region: string;
  /** Null: the AWS SDK's usual sources (`AWS_*` variables, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export type StorageConfig = { kind: "local" } | S3StorageConfig;

/**
 * A key as stored: folders and a name of letters, digits, `.`, `_` and `-`, none empty or starting with a dot
 * (no `..`, no hidden files, nothing absolute). Anything else is a programming error, refused before any I/O.
 */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function checkKey(key: string): string {
  if (!KEY.test(key) || key.length > 1024) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}
