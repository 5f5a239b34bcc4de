import type { Readable } from "node:stream";
import { checkKey, type S3StorageConfig, type SizedStream, type Storage } from "./storage.ts";

/**
 * Objects in an S3-compatible bucket, addressed by path (`<endpoint>/<bucket>/<key>`) so any endpoint works (MinIO,
 * Ceph, Garage, R2, AWS). Checksums only where an operation requires one: the SDK's newer default (a CRC trailer on
 * every upload) is not understood by every S3-compatible server. The AWS SDK loads here, only when configured (the
 * server's bundle leaves it in node_modules).
 */
export async function createS3Storage(config: S3StorageConfig): Promise<Storage> {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } =
    await import("@aws-sdk/client-s3");
  const notFound = (error: unknown) => error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
  const client = new S3Client({
    region: config.region,
    forcePathStyle: true,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;

  return {
    describe: `${config.endpoint ?? `s3 (${config.region})`}/${config.bucket}`,

    async put(key: string, body: Buffer | SizedStream, contentType: string): Promise<void> {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          ContentType: contentType,
          ...(Buffer.isBuffer(body)
            ? { Body: body, ContentLength: body.length }
            : { Body: body.stream, ContentLength: body.size }),
        }),
      );
    },

    async get(key: string) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    async head(key: string) {
      try {
        const object = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: object.ContentLength ?? 0, contentType: object.ContentType ?? "application/octet-stream" };
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },

    async delete(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },

    close() {
      client.destroy();
    },
  };
}
