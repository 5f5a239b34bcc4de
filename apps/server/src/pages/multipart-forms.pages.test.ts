import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageFormUploadLimits, type Category } from "@parley/contracts";
import { createApi, seededAdmin, type Session } from "../test/accounts.ts";
import { TEST_ORIGIN, type TestApp } from "../test/app.ts";
import { engines } from "../test/databases.ts";
import { createPagesTestApp } from "../test/pages.ts";

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const BOUNDARY = "----parley-page-form";

type Part = [name: string, value: string | { filename: string; bytes: Buffer }];

/** A page form as a browser posts it with a file field: multipart/form-data. */
function multipart(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    if (typeof value === "string") {
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
            `Content-Type: application/octet-stream\r\n\r\n`,
        ),
        value.bytes,
        Buffer.from("\r\n"),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/**
 * Page forms posted as multipart/form-data (issue 28: a category's icon and banner without JavaScript): read within
 * a size cap, CSRF checked as for any form, the files handed to the page's action, which uploads them as media.
 */
describe.each(engines)("multipart page forms on %s", (engine) => {
  let t: TestApp;
  let admin: Session;

  beforeAll(async () => {
    t = await createPagesTestApp(engine);
    admin = await createApi(t.app).signIn(seededAdmin);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const category = async (code: string) =>
    (
      await t.app.inject({
        method: "GET",
        url: `/api/v2/categories/$urlcode:${code}`,
        headers: { host: "forum.test", cookie: admin.cookie },
      })
    ).json<Category>();

  const postEdit = (categoryID: number, parts: Part[], headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: `/dashboard/categories/${categoryID}/edit`,
      headers: {
        host: "forum.test",
        cookie: admin.cookie,
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        // A browser's form post names its origin.
        origin: TEST_ORIGIN,
        ...headers,
      },
      payload: multipart(parts),
    });

  const details = (current: Category): Part[] => [
    ["transientKey", admin.transientKey],
    ["name", current.name],
    ["urlcode", current.urlcode],
    ["description", current.description ?? ""],
    ["parentCategoryID", String(current.parentCategoryID ?? -1)],
    ["displayAs", current.displayAs],
  ];

  it("saves the uploaded icon and the checked post types from a form posted without JavaScript", async () => {
    const before = await category("ideas");
    const response = await postEdit(before.categoryID, [
      ...details(before),
      ["allowedDiscussionTypes", "question"],
      ["icon", { filename: "icon.png", bytes: PNG }],
      ["banner", { filename: "", bytes: Buffer.alloc(0) }],
    ]);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(303);
    const after = await category("ideas");
    expect(after.allowedDiscussionTypes).toEqual(["question"]);
    expect(after.iconUrl).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(after.bannerUrl).toBeNull();
    const image = await t.app.inject({ method: "GET", url: after.iconUrl!, headers: { host: "forum.test" } });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
  });

  it("refuses a banner that is not an image beside its field, and changes nothing", async () => {
    const before = await category("general");
    const response = await postEdit(before.categoryID, [
      ...details(before),
      ["name", "Renamed"],
      ["allowedDiscussionTypes", "idea"],
      ["banner", { filename: "notes.txt", bytes: Buffer.from("plain text") }],
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain("must be an image");
    expect(await category("general")).toMatchObject({ name: before.name, bannerUrl: null });
  });

  it("checks CSRF (no transient key from another site) and caps the body's size", async () => {
    const before = await category("general");
    const forged = await postEdit(before.categoryID, details(before).slice(1), { origin: "https://evil.example" });
    expect(forged.statusCode).toBe(403);
    const big = await postEdit(before.categoryID, [
      ...details(before),
      ["icon", { filename: "big.png", bytes: Buffer.alloc(pageFormUploadLimits.maxSize + 1) }],
    ]);
    expect(big.statusCode).toBe(413);
    // No post type checked: refused beside the boxes; all of them: every type (null).
    const none = await postEdit(before.categoryID, [...details(before), ["remove-icon", "1"]]);
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain("Allow at least one post type");
    const all = ["discussion", "question", "idea"].map((type): Part => ["allowedDiscussionTypes", type]);
    const removed = await postEdit(before.categoryID, [...details(before), ...all, ["remove-icon", "1"]]);
    expect(removed.statusCode, removed.body.slice(0, 300)).toBe(303);
  });
});
