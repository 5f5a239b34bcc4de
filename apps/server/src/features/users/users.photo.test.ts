import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userPhotoLimits, UserEdit, UserPhoto, type User } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, expectSchema, postDiscussion, type ContentFixture } from "../../test/content.ts";
import { avatarLetter, letterAvatarPath } from "../../platform/render/letter-avatar.ts";
import { BOUNDARY, multipart, type FilePart } from "../../test/uploads.ts";

type Cast = "member" | "other" | "moderator";

/** A real image: the left half red, the right half blue (so a crop shows which side it took). */
async function image(width: number, height: number, format: "png" | "jpeg" | "gif" | "webp", alpha = false) {
  const half = Math.floor(width / 2);
  const left = await sharp({
    create: { width: half, height, channels: 4, background: { r: 255, g: 0, b: 0, alpha: alpha ? 0.5 : 1 } },
  })
    .png()
    .toBuffer();
  return sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 255, alpha: alpha ? 0.5 : 1 } },
  })
    .composite([{ input: left, left: 0, top: 0 }])
    .toFormat(format)
    .toBuffer();
}

describe.each(engines)("user photos on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let uploadsDir: string;
  let png: Buffer;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Photo Member", role: "member", bypassSpam: true },
      other: { name: "Photo Other", role: "member" },
      moderator: { name: "Photo Moderator", role: "moderator" },
    });
    uploadsDir = path.join(f.t.database.dataDir, "uploads");
    png = await image(400, 300, "png");
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const upload = (
    as: Session | null,
    userID: number | string,
    file: FilePart | null,
    fields = {},
    fieldName?: string,
    /** Sent as a stream without a content-length (chunked). */
    chunked = false,
  ) => {
    const body = multipart(file, fields, fieldName ?? "photo");
    return f.api.request("POST", `/api/v2/users/${userID}/photo`, {
      as,
      body: chunked ? Readable.from([body]) : body,
      headers: {
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        ...(chunked ? { "transfer-encoding": "chunked" } : {}),
      },
    });
  };
  const storedFiles = () =>
    fs.existsSync(uploadsDir)
      ? (fs.readdirSync(uploadsDir, { recursive: true }) as string[]).filter(
          (name) => !name.startsWith(".") && fs.statSync(path.join(uploadsDir, name)).isFile(),
        )
      : [];
  const mediaRows = () => f.t.database.db.selectFrom("media").selectAll().where("foreignType", "=", "user").execute();
  const photoColumn = async (userID: number) =>
    (
      await f.t.database.db
        .selectFrom("users")
        .select("photoUrl")
        .where("userID", "=", userID)
        .executeTakeFirstOrThrow()
    ).photoUrl;
  const fileOf = (photoUrl: string) => path.join(uploadsDir, new URL(photoUrl).pathname.replace("/uploads/", ""));

  it("sets one's own photo: a centred square of 290 px, re-encoded, absolute from the site address", async () => {
    const response = await upload(f.as.member, "$me", { name: "me.png", bytes: png, type: "image/png" });
    expect(response.statusCode, response.body).toBe(200);
    const { photoUrl } = response.json<UserPhoto>();
    expectSchema(UserPhoto, response.json());
    expect(photoUrl).toMatch(/^http:\/\/forum\.test\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    // Stored as its path: the configured address is added when presented.
    expect(await photoColumn(f.users.member.userID)).toBe(new URL(photoUrl).pathname);
    const stored = await sharp(fs.readFileSync(fileOf(photoUrl))).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(["jpeg", userPhotoLimits.size, userPhotoLimits.size]);
    expect(stored.exif).toBeUndefined();
    // Centred: half red, half blue.
    const { data } = await sharp(fs.readFileSync(fileOf(photoUrl)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number) => [data[(145 * 290 + x) * 3]!, data[(145 * 290 + x) * 3 + 2]!];
    expect(pixel(10)[0]).toBeGreaterThan(200);
    expect(pixel(280)[1]).toBeGreaterThan(200);
    // Served, and shown on the member's record and everywhere they are embedded.
    const served = await f.api.get(new URL(photoUrl).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    const user = (await f.api.get(`/api/v2/users/${f.users.member.userID}`, { as: f.as.other })).json<User>();
    expect(user.photoUrl).toBe(photoUrl);
    const discussion = await postDiscussion(f.api, f.as.member, {
      name: "With my face",
      categoryID: f.category.general,
    });
    // Where it shows small (lists, posts, the title bar): the 80 px thumbnail, made from the same square.
    const listed = await f.api.get(`/api/v2/discussions/${discussion.discussionID}?expand=insertUser`, { as: null });
    const thumbnail = listed.json<{ insertUser: { photoUrl: string } }>().insertUser.photoUrl;
    expect(thumbnail).toMatch(/^http:\/\/forum\.test\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    expect(thumbnail).not.toBe(photoUrl);
    const small = await sharp(fs.readFileSync(fileOf(thumbnail))).metadata();
    expect([small.format, small.width, small.height]).toEqual([
      "jpeg",
      userPhotoLimits.thumbnailSize,
      userPhotoLimits.thumbnailSize,
    ]);
    expect((await f.api.get("/api/v2/users/me", { as: f.as.member })).json<{ photoUrl: string }>().photoUrl).toBe(
      thumbnail,
    );
    expect((await mediaRows()).filter((row) => row.foreignID === f.users.member.userID)).toHaveLength(2);
  });

  it("crops the box given (x, y, size in the source's pixels), replacing and removing the old file", async () => {
    const before = await photoColumn(f.users.member.userID);
    const response = await upload(
      f.as.member,
      f.users.member.userID,
      { name: "blue.png", bytes: png },
      { x: "250", y: "50", size: "150" },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { photoUrl } = response.json<UserPhoto>();
    const { data } = await sharp(fs.readFileSync(fileOf(photoUrl)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The right (blue) side only.
    expect(data[0]).toBeLessThan(40);
    expect(data[2]).toBeGreaterThan(200);
    expect(fs.existsSync(path.join(uploadsDir, before!.replace("/uploads/", "")))).toBe(false);
    // The new photo and its thumbnail; the old pair is gone.
    expect((await mediaRows()).filter((row) => row.foreignID === f.users.member.userID)).toHaveLength(2);
  });

  it("refuses a crop box outside the image", async () => {
    const files = storedFiles().length;
    const response = await upload(f.as.member, "$me", { name: "x.png", bytes: png }, { x: "300", y: "0", size: "200" });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain("crop box");
    expect(storedFiles()).toHaveLength(files);
  });

  it.each([
    ["jpeg", "photo.jpg", "jpg"],
    ["gif", "photo.gif", "jpg"],
    ["webp", "photo.webp", "png"],
  ] as const)("takes a %s", async (format, name, stored) => {
    const bytes = await image(120, 200, format, format === "webp");
    const response = await upload(f.as.other, "$me", { name, bytes });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserPhoto>().photoUrl.endsWith(`.${stored}`)).toBe(true);
  });

  it("lets oneself and users.edit holders change a photo, not another member or a moderator", async () => {
    const target = f.users.other.userID;
    const refused = [
      [null, 403],
      [f.as.member, 403],
      [f.as.moderator, 403],
    ] as const;
    for (const [as, status] of refused) {
      expect((await upload(as, target, { name: "p.png", bytes: png })).statusCode).toBe(status);
      expect((await f.api.delete(`/api/v2/users/${target}/photo`, { as })).statusCode).toBe(status);
      expect((await f.api.get(`/api/v2/users/${target}/edit`, { as })).statusCode).toBe(status);
    }
    expect((await upload(f.admin, target, { name: "p.png", bytes: png })).statusCode).toBe(200);
    const edit = await f.api.get(`/api/v2/users/${target}/edit`, { as: f.admin });
    expect(edit.statusCode).toBe(200);
    expectSchema(UserEdit, edit.json());
    // Vanilla's fields beside Parley's: the address (to the member and personalInfo.view), the stored photo.
    expect(edit.json<UserEdit>()).toMatchObject({
      hasPhoto: true,
      canEditName: true,
      email: f.users.other.email,
      bypassSpam: false,
      photo: expect.stringMatching(/^\/uploads\//) as string,
    });
    const own = await f.api.get(`/api/v2/users/$me/edit`, { as: f.as.other });
    expect(own.json<UserEdit>()).toMatchObject({ userID: target, canEditName: false, email: f.users.other.email });
  });

  it("keeps a photo's media record out of DELETE /media/{id}, for its owner and a moderator alike (409)", async () => {
    const userID = f.users.member.userID;
    const photo = await photoColumn(userID);
    expect(photo).not.toBeNull();
    const rows = (await mediaRows()).filter((media) => media.foreignID === userID);
    expect(rows).toHaveLength(2);
    for (const row of rows)
      for (const as of [f.as.member, f.as.moderator]) {
        const response = await f.api.delete(`/api/v2/media/${row.mediaID}`, { as });
        expect(response.statusCode, response.body).toBe(409);
      }
    expect(await photoColumn(userID)).toBe(photo);
    expect(fs.existsSync(fileOf(`http://forum.test${photo!}`))).toBe(true);
  });

  it("removes a photo: the silhouette again, and no file or record left", async () => {
    const userID = f.users.other.userID;
    const photo = await photoColumn(userID);
    expect(photo).not.toBeNull();
    const response = await f.api.delete(`/api/v2/users/${userID}/photo`, { as: f.as.other });
    expect(response.statusCode, response.body).toBe(204);
    expect(await photoColumn(userID)).toBeNull();
    expect(fs.existsSync(path.join(uploadsDir, photo!.replace("/uploads/", "")))).toBe(false);
    expect((await mediaRows()).filter((row) => row.foreignID === userID)).toHaveLength(0);
    const user = (await f.api.get(`/api/v2/users/${userID}`, { as: f.as.member })).json<User>();
    // Without a photo, the letter avatar of their name: served as an SVG image that browsers keep for good.
    expect(user.photoUrl).toBe(`http://forum.test${letterAvatarPath(user.name)}`);
    const avatar = await f.api.get(new URL(user.photoUrl).pathname);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(avatar.headers["cache-control"]).toContain("immutable");
    expect(avatar.body).toContain(`>${avatarLetter(user.name)}</text>`);
    for (const other of ["/avatars/letter/99/A.svg", "/avatars/letter/1/AB.svg", "/avatars/letter/1/%3C.svg"])
      expect((await f.api.get(other)).statusCode).toBe(404);
  });

  it.each([
    ["a text file", { name: "notes.txt", bytes: Buffer.from("just some words\n") }],
    [
      "an SVG",
      {
        name: "face.svg",
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        type: "image/svg+xml",
      },
    ],
    ["HTML named .png", { name: "face.png", bytes: Buffer.from("<html><script>alert(1)</script></html>") }],
    [
      "a PNG header on nothing",
      { name: "face.png", bytes: Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "latin1")]) },
    ],
    ["an empty file", { name: "face.png", bytes: Buffer.alloc(0) }],
  ])("refuses %s with a 4xx and stores nothing", async (_label, file) => {
    const before = { files: storedFiles().length, rows: (await mediaRows()).length };
    const photo = await photoColumn(f.users.member.userID);
    const response = await upload(f.as.member, "$me", file);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json<{ message: string }>().message).toBeTruthy();
    expect({ files: storedFiles().length, rows: (await mediaRows()).length }).toEqual(before);
    expect(await photoColumn(f.users.member.userID)).toBe(photo);
  });

  it("refuses a missing photo field", async () => {
    expect((await upload(f.as.member, "$me", null)).statusCode).toBe(400);
    expect((await upload(f.as.member, "$me", { name: "p.png", bytes: png }, {}, "file")).statusCode).toBe(400);
  });

  it("re-encodes a PNG with a script appended or in a text chunk: nothing of it is stored", async () => {
    const withText = await sharp(png)
      .png()
      .withMetadata({ exif: { IFD0: { ImageDescription: "<script>alert(2)</script>" } } })
      .toBuffer();
    for (const bytes of [Buffer.concat([png, Buffer.from("<script>alert(1)</script>")]), withText]) {
      const response = await upload(f.as.member, "$me", { name: "poly.png", bytes });
      expect(response.statusCode, response.body).toBe(200);
      const stored = fs.readFileSync(fileOf(response.json<UserPhoto>().photoUrl));
      expect(stored.toString("latin1")).not.toContain("script");
      expect((await sharp(stored).metadata()).exif).toBeUndefined();
    }
  });

  it("refuses a file past the limit with a 413, and storing nothing", async () => {
    const before = { files: storedFiles().length, rows: (await mediaRows()).length };
    const big = Buffer.concat([png, Buffer.alloc(userPhotoLimits.maxSize)]);
    const response = await upload(f.as.member, "$me", { name: "big.png", bytes: big });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toContain("5.00 MB");
    expect({ files: storedFiles().length, rows: (await mediaRows()).length }).toEqual(before);
  });

  it("cuts off a stream without a declared length at the limit: 413, nothing stored", async () => {
    const before = { files: storedFiles().length, rows: (await mediaRows()).length };
    const big = Buffer.concat([png, Buffer.alloc(userPhotoLimits.maxSize)]);
    const response = await upload(f.as.member, "$me", { name: "big.png", bytes: big }, {}, undefined, true);
    expect(response.statusCode, response.body).toBe(413);
    expect({ files: storedFiles().length, rows: (await mediaRows()).length }).toEqual(before);
  });

  it("removes a deleted member's photo files with the account", async () => {
    const response = await upload(f.as.moderator, "$me", { name: "p.png", bytes: png });
    expect(response.statusCode).toBe(200);
    const file = fileOf(response.json<UserPhoto>().photoUrl);
    expect(fs.existsSync(file)).toBe(true);
    const deleted = await f.api.request("DELETE", `/api/v2/users/${f.users.moderator.userID}`, {
      as: f.admin,
      body: { deleteMethod: "keep" },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await expect.poll(() => fs.existsSync(file)).toBe(false);
    expect((await mediaRows()).filter((row) => row.foreignID === f.users.moderator.userID)).toHaveLength(0);
  });

  it("refuses a 50 MB upload over real HTTP before reading it", async () => {
    await f.t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = f.t.app.server.address() as AddressInfo;
    const total = 50 * 1024 * 1024;
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="huge.png"\r\n\r\n`,
    );
    const result = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      let sent = 0;
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/v2/users/$me/photo",
          headers: {
            host: "forum.test",
            cookie: f.as.member.cookie,
            origin: "http://forum.test",
            "x-requested-with": "vanilla",
            "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
            "content-length": String(total),
          },
        },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, sent });
          request.destroy();
        },
      );
      request.on("error", (error) => (sent > 0 ? undefined : reject(error)));
      request.write(head);
      sent += head.length;
      // A megabyte at a time while the server has not answered: it should answer long before 50 MB.
      const chunk = Buffer.alloc(1024 * 1024);
      const pump = () => {
        if (sent >= total - chunk.length || request.destroyed) return;
        sent += chunk.length;
        if (request.write(chunk)) setImmediate(pump);
        else request.once("drain", pump);
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(result.sent).toBeLessThan(total / 2);
  });
});
