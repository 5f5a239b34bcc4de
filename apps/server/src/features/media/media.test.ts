import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Media,
  UploadLimitsSchema,
  uploadDefaults,
  uploadMessages,
  type Media as MediaRecord,
} from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  makeMembersOnly,
  membersMayView,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { sniffImage } from "./media.images.ts";
import { BOUNDARY, GIF, multipart, PNG, uploadMedia } from "../../test/uploads.ts";

type Cast = "member" | "other" | "moderator";

describe.each(engines)("media API on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let uploadsDir: string;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Media Member", role: "member" },
      other: { name: "Media Other", role: "member" },
      moderator: { name: "Media Moderator", role: "moderator" },
    });
    uploadsDir = path.join(f.t.database.dataDir, "uploads");
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const upload = (
    as: Session | null,
    file: { name: string; bytes: Buffer; type?: string } | null,
    fields: Record<string, string> = {},
  ) => uploadMedia(f.api, as, file, fields);

  const storedFiles = () =>
    fs.existsSync(uploadsDir)
      ? (fs.readdirSync(uploadsDir, { recursive: true }) as string[]).filter((name) =>
          fs.statSync(path.join(uploadsDir, name)).isFile(),
        )
      : [];
  const countRows = async () =>
    Number(
      (
        await f.t.database.db
          .selectFrom("media")
          .select(({ fn }) => fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("uploads a PNG: 201 with Vanilla's fields, the size read from its header, a random stored name", async () => {
    const response = await upload(
      f.as.member,
      { name: "../My Photo.PNG", bytes: PNG, type: "image/png" },
      {
        foreignType: "discussion",
        foreignID: "12",
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    const media = response.json<MediaRecord>();
    expectSchema(Media, media);
    expect(media).toMatchObject({
      name: "My Photo.PNG",
      type: "image/png",
      size: PNG.length,
      width: 1,
      height: 1,
      insertUserID: f.users.member.userID,
      foreignType: "discussion",
      foreignID: 12,
    });
    expect(media.url).toMatch(/^http:\/\/forum\.test\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(media.url).not.toContain("Photo");
    const stored = path.join(uploadsDir, new URL(media.url).pathname.replace("/uploads/", ""));
    expect(fs.readFileSync(stored).equals(PNG)).toBe(true);

    const read = await f.api.get(`/api/v2/media/${media.mediaID}`, { as: f.as.member });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(media);
    expect((await f.api.get(`/api/v2/media/${media.mediaID}`, { as: f.as.other })).statusCode).toBe(403);
  });

  it("serves uploads with safe headers: images inline with their type, other files as downloads", async () => {
    const image = (await upload(f.as.member, { name: "a.png", bytes: PNG })).json<MediaRecord>();
    const served = await f.api.get(new URL(image.url).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toContain("sandbox");
    expect(served.headers["cache-control"]).toContain("max-age=31536000");
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // A text file whose bytes are HTML: allowed (txt), but never served as a page.
    const html = Buffer.from("<script>alert(document.cookie)</script>");
    const text = await upload(f.as.member, { name: "notes é.txt", bytes: html, type: "text/html" });
    expect(text.statusCode, text.body).toBe(201);
    expect(text.json()).toMatchObject({ type: "text/plain", width: null, height: null });
    const download = await f.api.get(new URL(text.json<MediaRecord>().url).pathname);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/octet-stream");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="notes _.txt"; filename*=UTF-8''notes%20%C3%A9.txt`,
    );
    expect(download.headers["x-content-type-options"]).toBe("nosniff");

    for (const url of ["/uploads/../parley.sqlite", "/uploads/.incoming/x", "/uploads/2020/01/missing.png"]) {
      expect((await f.api.get(url)).statusCode, url).toBe(404);
    }
  });

  it("refuses a .png whose bytes are HTML, or a .gif that is a PNG, leaving no row and no file", async () => {
    const [rowsBefore, filesBefore] = [await countRows(), storedFiles().length];
    const fake = await upload(f.as.member, {
      name: "evil.png",
      bytes: Buffer.from("<html><script>alert(1)</script></html>"),
      type: "image/png",
    });
    expect(fake.statusCode).toBe(422);
    expect(fake.json()).toMatchObject({
      errors: [{ field: "file", message: "The uploaded file is not a valid image." }],
    });
    expect((await upload(f.as.member, { name: "a.gif", bytes: PNG })).statusCode).toBe(422);
    expect(await countRows()).toBe(rowsBefore);
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  it("refuses extensions outside the allowed list with the list in the message", async () => {
    for (const name of ["page.html", "image.svg", "script.js", "noextension"]) {
      const response = await upload(f.as.member, { name, bytes: Buffer.from("x") });
      expect(response.statusCode, name).toBe(422);
      const message = response.json<{ errors: Array<{ field: string; message: string }> }>().errors[0]!;
      expect(message.field).toBe("file");
      expect(message.message).toMatch(
        /^The uploaded file did not have an allowed extension\. Allowed extensions: txt, jpg/,
      );
    }
  });

  it("refuses files over the configured size (413, the size in readable units) and keeps nothing", async () => {
    await f.t.app.platform.siteConfig.set("upload.maxSize", 1024);
    try {
      const [rowsBefore, filesBefore] = [await countRows(), storedFiles().length];
      const response = await upload(f.as.member, { name: "big.txt", bytes: Buffer.alloc(1025, 97) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ message: "The uploaded file was too big (max 1.00 KB)." });
      expect(await countRows()).toBe(rowsBefore);
      expect(storedFiles()).toHaveLength(filesBefore);
      expect((await upload(f.as.member, { name: "fits.txt", bytes: Buffer.alloc(1024, 97) })).statusCode).toBe(201);
      const limits = await f.api.get("/api/v2/media/upload-limits");
      expectSchema(UploadLimitsSchema, limits.json());
      expect(limits.json()).toEqual({ maxSize: 1024, allowedExtensions: uploadDefaults.allowedExtensions });
    } finally {
      await f.t.app.platform.siteConfig.set("upload.maxSize", uploadDefaults.maxSize);
    }
  });

  it("refuses guests, forged requests, missing files and bad foreign types", async () => {
    const guest = await upload(null, { name: "a.png", bytes: PNG });
    expect(guest.statusCode).toBe(403);
    const forged = await f.api.request("POST", "/api/v2/media", {
      as: f.as.member,
      csrf: "none",
      body: multipart({ name: "a.png", bytes: PNG }),
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ message: "Invalid CSRF token." });
    const missing = await upload(f.as.member, null, { foreignType: "discussion" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ field: "file" }] });
    const json = await f.api.post("/api/v2/media", { file: "x" }, { as: f.as.member });
    expect(json.statusCode).toBe(400);
    const foreign = await upload(f.as.member, { name: "a.png", bytes: PNG }, { foreignType: "user" });
    expect(foreign.statusCode).toBe(422);
  });

  it("answers a truncated, unterminated or boundary-less multipart body with a 400, keeping nothing", async () => {
    const rowsBefore = await countRows();
    const filesBefore = storedFiles().length;
    const whole = multipart({ name: "a.png", bytes: PNG, type: "image/png" }, { foreignType: "embed" });
    const send = (body: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
      f.api.request("POST", "/api/v2/media", { as: f.as.member, body, headers: { "content-type": contentType } });
    for (const [label, response] of [
      ["cut in the file", await send(whole.subarray(0, whole.indexOf("\r\n\r\n", whole.indexOf("filename")) + 10))],
      ["cut in a field", await send(whole.subarray(0, 60))],
      ["no closing boundary", await send(whole.subarray(0, whole.lastIndexOf(`--${BOUNDARY}--`)))],
      ["another boundary", await send(whole, "multipart/form-data; boundary=not-the-one")],
      ["no boundary", await send(whole, "multipart/form-data")],
    ] as const) {
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      expect(response.json<{ message: string }>().message, label).toBe(uploadMessages.malformed);
    }
    expect(await countRows()).toBe(rowsBefore);
    expect(storedFiles()).toHaveLength(filesBefore);
  });

  it("deletes: not by another member (403), by the owner (204, file gone), by a moderator", async () => {
    const media = (await upload(f.as.member, { name: "a.gif", bytes: GIF })).json<MediaRecord>();
    expect(media).toMatchObject({ type: "image/gif", width: 3, height: 2 });
    const file = path.join(uploadsDir, new URL(media.url).pathname.replace("/uploads/", ""));
    expect(fs.existsSync(file)).toBe(true);

    const other = await f.api.delete(`/api/v2/media/${media.mediaID}`, { as: f.as.other });
    expect(other.statusCode).toBe(403);
    expect((await f.api.delete(`/api/v2/media/${media.mediaID}`)).statusCode).toBe(403);
    expect(fs.existsSync(file)).toBe(true);

    const own = await f.api.delete(`/api/v2/media/${media.mediaID}`, { as: f.as.member });
    expect(own.statusCode).toBe(204);
    expect(fs.existsSync(file)).toBe(false);
    expect((await f.api.get(new URL(media.url).pathname)).statusCode).toBe(404);
    expect((await f.api.get(`/api/v2/media/${media.mediaID}`, { as: f.as.member })).statusCode).toBe(404);

    const second = (await upload(f.as.member, { name: "b.png", bytes: PNG })).json<MediaRecord>();
    expect((await f.api.delete(`/api/v2/media/${second.mediaID}`, { as: f.as.moderator })).statusCode).toBe(204);
  });

  // Last: it closes a category.
  it("serves a file attached to a discussion only to whoever may see it, never to a shared cache", async () => {
    const discussion = await postDiscussion(f.api, f.admin, { categoryID: f.category.ideas, name: "Closed later" });
    const media = (
      await upload(
        f.as.member,
        { name: "c.png", bytes: PNG },
        { foreignType: "discussion", foreignID: String(discussion.discussionID) },
      )
    ).json<MediaRecord>();
    const address = new URL(media.url).pathname;
    const open = await f.api.get(address, { as: f.as.other });
    expect(open.statusCode).toBe(200);
    expect(open.headers["cache-control"]).toBe("private, max-age=3600");
    await makeMembersOnly(f, f.category.ideas);
    await membersMayView(f, f.category.ideas, false);
    expect((await f.api.get(address)).statusCode).toBe(404);
    expect((await f.api.get(address, { as: f.as.other })).statusCode).toBe(404);
    expect((await f.api.get(address, { as: f.as.member })).rawPayload.equals(PNG)).toBe(true);
  });
});

describe("image sniffing", () => {
  it("reads PNG, GIF, JPEG and WebP sizes and refuses anything else", () => {
    expect(sniffImage(PNG)).toEqual({ kind: "png", mime: "image/png", width: 1, height: 1 });
    expect(sniffImage(GIF)).toMatchObject({ kind: "gif", width: 3, height: 2 });
    // SOI, an APP0 segment, then SOF0 with height 20 and width 30.
    const jpeg = Buffer.from([
      ...[0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00],
      ...[0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x14, 0x00, 0x1e, 0x01, 0x01, 0x11, 0x00],
    ]);
    expect(sniffImage(jpeg)).toMatchObject({ kind: "jpeg", width: 30, height: 20 });
    const webp = Buffer.alloc(30);
    webp.write("RIFF", 0, "latin1");
    webp.write("WEBPVP8X", 8, "latin1");
    webp.writeUIntLE(99, 24, 3);
    webp.writeUIntLE(49, 27, 3);
    expect(sniffImage(webp)).toMatchObject({ kind: "webp", width: 100, height: 50 });
    for (const bytes of ["<svg xmlns='http://www.w3.org/2000/svg'/>", "<html>", "GIF8", ""]) {
      expect(sniffImage(Buffer.from(bytes)), bytes).toBeNull();
    }
  });
});
