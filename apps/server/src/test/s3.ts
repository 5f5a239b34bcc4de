import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3StorageConfig } from "../platform/storage/index.ts";

/** s3rver's own account: it checks every request's signature against this key. */
const S3RVER_KEY = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface TestS3 {
  /** The storage settings that reach it (path-style, signed). */
  config: S3StorageConfig;
  /** The folder s3rver keeps the bucket's objects in. */
  directory: string;
  close(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on 127.0.0.1 at a free port, with an empty bucket in a temporary folder. */
export async function startTestS3(bucket = "parley-test"): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "parley-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    config: {
      kind: "s3",
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: "us-east-1",
      credentials: S3RVER_KEY,
    },
    directory,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
