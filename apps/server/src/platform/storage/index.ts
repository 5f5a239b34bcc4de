import path from "node:path";
import { createLocalStorage } from "./local.ts";
import { createS3Storage } from "./s3.ts";
import type { Storage, StorageConfig } from "./storage.ts";

export type { S3StorageConfig, Storage, StorageConfig, StoredObject } from "./storage.ts";

/**
 * The configured storage: the local disk (`<dataDir>/uploads`, the default) or an S3-compatible bucket (the AWS SDK
 * loads only then).
 */
export async function createStorage(config: StorageConfig | undefined, dataDir: string): Promise<Storage> {
  if (config?.kind !== "s3") return createLocalStorage(path.join(dataDir, "uploads"));
  return createS3Storage(config);
}
