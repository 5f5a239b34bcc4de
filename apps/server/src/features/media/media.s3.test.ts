import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Media as MediaRecord } from "@parley/contracts";
import { createS3Storage } from "../../platform/storage/s3.ts";
import type { Storage } from "../../platform/storage/index.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  makeMembersOnly,
  membersMayView,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { startTestS3, type TestS3 } from "../../test/s3.ts";
import { BOUNDARY, multipart, PNG, uploadMedia } from "../../test/uploads.ts";

type Cast = "member" | "other" | "moderator";

/*
 * Uploads kept in an S3-compatible bucket (`PARLEY_STORAGE=s3`): a real S3-protocol server (s3rver) on a random
 * port, reached over HTTP with signed requests, both by the app and by the test, which looks in the bucket itself.
 */
describe.each(engines)("media in an S3 bucket on %s", (engine) => {
  let s3: TestS3;
  let bucket: Storage;
  let f: ContentFixture<Cast>;

  beforeAll(async () => {
    s3 = await startTestS3();
    bucket = await createS3Storage(s3.config);
    f = await createContentFixture(
      engine,
      {
        member: { name: "Bucket Member", role: "member" },
        other: { name: "Bucket Other", role: "member" },
        moderator: { name: "Bucket Moderator", role: "moderator" },
      },
      { config: { storage: s3.config } },
    );
  });
  afterAll(async () => {
    await f?.t.close();
    bucket?.close();
    await s3?.close();
  });

  const keyOf = (media: MediaRecord) => new URL(media.url).pathname.replace("/uploads/", "");
  const upload = async (file: { name: string; bytes: Buffer }, fields: Record<string, string> = {}) => {
    const response = await uploadMedia(f.api, f.as.member, file, fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MediaRecord>();
  };

  it("stores an upload in the bucket, not on the disk, and serves it back through /uploads", async () => {
    const media = await upload({ name: "photo.png", bytes: PNG });
    expect(media.url).toMatch(/^http:\/\/forum\.test\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(await bucket.head(keyOf(media))).toEqual({ size: PNG.length, contentType: "image/png" });
    expect(fs.existsSync(path.join(f.t.database.dataDir, "uploads"))).toBe(false);

    const served = await f.api.get(new URL(media.url).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers).toMatchObject({
      "content-type": "image/png",
      "content-length": String(PNG.length),
      "content-disposition": "inline",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
    expect(served.headers["content-security-policy"]).toContain("sandbox");
    expect((await f.api.get("/uploads/2020/01/00000000000000000000000000000000.png")).statusCode).toBe(404);
  });

  it("serves other files as downloads, at their address and through the download API", async () => {
    const bytes = Buffer.from("<script>alert(1)</script>\n".repeat(200));
    const media = await upload({ name: "notes.txt", bytes });
    expect(await bucket.head(keyOf(media))).toEqual({ size: bytes.length, contentType: "text/plain" });
    const served = await f.api.get(new URL(media.url).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/octet-stream");
    expect(served.headers["content-disposition"]).toContain('filename="notes.txt"');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const download = await f.api.get(`/api/v2/media/${media.mediaID}/download`, { as: f.as.member });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-length"]).toBe(String(bytes.length));
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it("deletes the object with its record", async () => {
    const media = await upload({ name: "gone.png", bytes: PNG });
    expect(await bucket.head(keyOf(media))).not.toBeNull();
    expect((await f.api.delete(`/api/v2/media/${media.mediaID}`, { as: f.as.other })).statusCode).toBe(403);
    expect(await bucket.head(keyOf(media))).not.toBeNull();
    expect((await f.api.delete(`/api/v2/media/${media.mediaID}`, { as: f.as.member })).statusCode).toBe(204);
    expect(await bucket.head(keyOf(media))).toBeNull();
    expect((await f.api.get(new URL(media.url).pathname)).statusCode).toBe(404);
  });

  it("stores a member's photo in the bucket, and removes it with the photo", async () => {
    const photo = await f.api.request("POST", "/api/v2/users/$me/photo", {
      as: f.as.other,
      body: multipart({ name: "me.png", bytes: PNG, type: "image/png" }, {}, "photo"),
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const key = new URL(photo.json<{ photoUrl: string }>().photoUrl).pathname.replace("/uploads/", "");
    // Re-encoded: a PNG stays one when it has transparency, else becomes a JPEG; its type goes with it.
    expect(await bucket.head(key)).toMatchObject({ contentType: key.endsWith(".png") ? "image/png" : "image/jpeg" });
    expect((await f.api.get(`/uploads/${key}`)).statusCode).toBe(200);
    expect((await f.api.delete("/api/v2/users/$me/photo", { as: f.as.other })).statusCode).toBe(204);
    expect(await bucket.head(key)).toBeNull();
  });

  it("refuses a file attached to a discussion to whoever may not see the discussion, however they got its address", async () => {
    const discussion = await postDiscussion(f.api, f.admin, { categoryID: f.category.general, name: "Staff only" });
    const media = await upload({ name: "minutes.txt", bytes: Buffer.from("private minutes") });
    const attached = await f.api.patch(
      `/api/v2/media/${media.mediaID}/attachment`,
      { foreignType: "discussion", foreignID: discussion.discussionID },
      { as: f.as.member },
    );
    expect(attached.statusCode, attached.body).toBe(200);
    const address = new URL(media.url).pathname;
    const read = (as: (typeof f.as)[Cast] | null) => f.api.get(address, { as });

    // While the category is open to everyone: anyone may read it, but no shared cache keeps it.
    const open = await read(null);
    expect(open.statusCode).toBe(200);
    expect(open.headers["cache-control"]).toBe("private, max-age=3600");

    await makeMembersOnly(f, f.category.general);
    await membersMayView(f, f.category.general, false);
    for (const [who, as] of [
      ["a guest", null],
      ["another member", f.as.other],
    ] as const) {
      const refused = await read(as);
      expect(refused.statusCode, who).toBe(404);
      expect(refused.body, who).not.toContain("private minutes");
      expect((await f.api.get(`/api/v2/media/${media.mediaID}/download`, { as })).statusCode, who).toBe(403);
    }
    // Its uploader and moderators still may.
    for (const as of [f.as.member, f.as.moderator]) {
      const allowed = await read(as);
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toBe("private minutes");
    }
  });
});
