import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../../test/s3.ts";
import { createLocalStorage } from "./local.ts";
import { createS3Storage } from "./s3.ts";
import { createStorage, type Storage } from "./index.ts";

/** One suite, run on each backend: the local disk, and a real S3-protocol server over HTTP with signed requests. */
const backends: Array<[string, () => Promise<{ storage: Storage; close: () => Promise<void> }>]> = [
  [
    "the local disk",
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-storage-"));
      return {
        storage: await createStorage({ kind: "local" }, dataDir),
        close: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  ],
  [
    "S3 (s3rver)",
    async () => {
      const s3 = await startTestS3();
      const storage = await createStorage(s3.config, "/nonexistent");
      return {
        storage,
        close: async () => {
          storage.close();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(backends)("storage on %s", (_name, open) => {
  let storage: Storage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(async () => close?.());

  it("puts bytes and a stream, reads them back with their length and type, and heads them", async () => {
    const png = Buffer.from("\x89PNG\r\n\x1a\n not really a png", "latin1");
    await storage.put("2026/12/aaaa.png", png, "image/png");
    const body = "a line of text\n".repeat(1000);
    await storage.put(
      "2026/12/bbbb.bin",
      { stream: Readable.from([Buffer.from(body)]), size: Buffer.byteLength(body) },
      "application/octet-stream",
    );

    const image = await storage.get("2026/12/aaaa.png");
    expect(image).toMatchObject({ size: png.length, contentType: "image/png" });
    const chunks: Buffer[] = [];
    for await (const chunk of image!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(png)).toBe(true);

    const file = await storage.get("2026/12/bbbb.bin");
    expect(file).toMatchObject({ size: Buffer.byteLength(body), contentType: "application/octet-stream" });
    expect(await text(file!.body)).toBe(body);
    expect(await storage.head("2026/12/bbbb.bin")).toEqual({
      size: Buffer.byteLength(body),
      contentType: "application/octet-stream",
    });
  });

  it("replaces an object written again, and deletes (twice is no error)", async () => {
    await storage.put("2026/12/cccc.gif", Buffer.from("GIF89a first"), "image/gif");
    await storage.put("2026/12/cccc.gif", Buffer.from("GIF89a second"), "image/gif");
    expect(await text((await storage.get("2026/12/cccc.gif"))!.body)).toBe("GIF89a second");
    await storage.delete("2026/12/cccc.gif");
    await storage.delete("2026/12/cccc.gif");
    expect(await storage.get("2026/12/cccc.gif")).toBeNull();
    expect(await storage.head("2026/12/cccc.gif")).toBeNull();
  });

  it("answers null for a missing key, and refuses keys that could leave the store", async () => {
    expect(await storage.get("2020/01/missing.png")).toBeNull();
    expect(await storage.head("2020/01/missing.png")).toBeNull();
    expect(await storage.head("2020")).toBeNull();
    for (const key of ["../parley.sqlite", "/etc/passwd", "2026/../../x", ".incoming/x", "a//b", "a\\b", ""]) {
      await expect(storage.get(key), key).rejects.toThrow("Not a storage key");
      await expect(storage.put(key, Buffer.from("x"), "text/plain"), key).rejects.toThrow("Not a storage key");
    }
  });
});

describe("storage backends' own ways", () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3("parley-own");
  });
  afterAll(async () => s3?.close());

  it("keeps the local disk's files at today's paths, `<dataDir>/uploads/<key>`, and nothing half-written", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-storage-"));
    try {
      const storage = createLocalStorage(path.join(dataDir, "uploads"));
      await storage.put("2026/12/dddd.txt", Buffer.from("hello"), "text/plain");
      expect(fs.readFileSync(path.join(dataDir, "uploads", "2026", "12", "dddd.txt"), "utf8")).toBe("hello");
      expect(fs.readdirSync(path.join(dataDir, "uploads", ".incoming"))).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // s3rver parses each request's SigV4 authorization and refuses an unknown key (it does not recompute V4 signatures).
  it("keeps S3 objects' types as stored, and is refused with a key the server does not know", async () => {
    const storage = await createS3Storage(s3.config);
    const forged = await createS3Storage({
      ...s3.config,
      credentials: { accessKeyId: "NOT-A-KEY", secretAccessKey: "S3RVER" },
    });
    try {
      await storage.put("2026/12/eeee.txt", Buffer.from("plain"), "text/plain; charset=utf-8");
      expect(await storage.head("2026/12/eeee.txt")).toEqual({ size: 5, contentType: "text/plain; charset=utf-8" });
      await expect(forged.get("2026/12/eeee.txt")).rejects.toMatchObject({ name: "InvalidAccessKeyId" });
      await expect(forged.put("2026/12/ffff.txt", Buffer.from("x"), "text/plain")).rejects.toThrow();
      expect(await storage.head("2026/12/ffff.txt")).toBeNull();
    } finally {
      storage.close();
      forged.close();
    }
  });
});
