import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category, Discussion, LongRunnerResult, Media } from "@parley/contracts";
import { engines } from "../../test/databases.ts";
import { createContentFixture, type ContentFixture } from "../../test/content.ts";

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const BOUNDARY = "----parley-category-boundary";

function multipart(file: { name: string; bytes: Buffer }, fields: Record<string, string>) {
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return Buffer.concat(parts);
}

type Cast = "member" | "moderator";

/**
 * A category's allowed post types (Vanilla's `allowedDiscussionTypes`) and its icon and banner (issue 28): set by
 * managers, refused when malformed, and enforced on every way a discussion gets into a category or changes its type.
 */
describe.each(engines)("categories' post types and images on %s", (engine) => {
  let f: ContentFixture<Cast>;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      member: { name: "Types Member", role: "member", bypassSpam: true },
      moderator: { name: "Types Moderator", role: "moderator", bypassSpam: true },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const categoryOf = async (id: number) =>
    (await f.api.get(`/api/v2/categories/${id}`, { as: f.admin })).json<Category>();
  const post = (categoryID: number, type?: string) =>
    f.api.post(
      "/api/v2/discussions",
      { name: `A ${type ?? "post"}`, body: "Some text.", format: "markdown", categoryID, ...(type ? { type } : {}) },
      { as: f.as.member },
    );
  const countIn = async (categoryID: number) =>
    Number(
      (
        await f.t.database.db
          .selectFrom("discussions")
          .select(({ fn }) => fn.countAll<number>().as("n"))
          .where("categoryID", "=", categoryID)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("answers every type as null until a manager limits them; POST and PATCH take a list, in Parley's order", async () => {
    const help = await categoryOf(f.category["off-topic"]);

    expect(help).toMatchObject({ allowedDiscussionTypes: null, bannerUrl: null });
    const created = await f.api.post(
      "/api/v2/categories",
      { name: "Q and A", urlcode: "q-and-a", allowedDiscussionTypes: ["question", "question"] },
      { as: f.admin },
    );
    expect(created.statusCode).toBe(201);
    expect(created.json<Category>().allowedDiscussionTypes).toEqual(["question"]);
    const patched = await f.api.patch(
      `/api/v2/categories/${f.category.ideas}`,
      { allowedDiscussionTypes: ["Idea", "discussion"] },
      { as: f.admin },
    );
    expect(patched.statusCode).toBe(200);
    expect(patched.json<Category>().allowedDiscussionTypes).toEqual(["discussion", "idea"]);
    const list = (await f.api.get("/api/v2/categories?maxDepth=1", { as: f.admin })).json<Category[]>();
    expect(list.find((c) => c.categoryID === f.category.ideas)?.allowedDiscussionTypes).toEqual(["discussion", "idea"]);
    // null allows every type again.
    const reset = await f.api.patch(
      `/api/v2/categories/${created.json<Category>().categoryID}`,
      { allowedDiscussionTypes: null },
      { as: f.admin },
    );
    expect(reset.json<Category>().allowedDiscussionTypes).toBeNull();
  });

  it("refuses an empty list, an unknown type and a non-manager, changing nothing", async () => {
    const url = `/api/v2/categories/${f.category.general}`;
    const empty = await f.api.patch(url, { allowedDiscussionTypes: [] }, { as: f.admin });
    expect(empty.statusCode).toBe(400);
    const emptyError = empty.json<{ errors: Array<{ field: string; message: string }> }>().errors[0];
    expect(emptyError?.field).toBe("allowedDiscussionTypes");
    expect(emptyError?.message).toContain("at least one post type");
    const unknown = await f.api.patch(
      url,
      { allowedDiscussionTypes: ["question", "survey"], name: "Renamed" },
      { as: f.admin },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ errors: Array<{ message: string }> }>().errors[0]?.message).toContain(
      '"survey" is not a post type',
    );
    const created = await f.api.post(
      "/api/v2/categories",
      { name: "Bad", urlcode: "bad-types", allowedDiscussionTypes: ["nope"] },
      { as: f.admin },
    );
    expect(created.statusCode).toBe(400);
    expect((await f.api.get("/api/v2/categories/$urlcode:bad-types", { as: f.admin })).statusCode).toBe(404);
    expect((await f.api.patch(url, { allowedDiscussionTypes: ["question"] }, { as: f.as.moderator })).statusCode).toBe(
      403,
    );
    expect(await categoryOf(f.category.general)).toMatchObject({
      allowedDiscussionTypes: null,
      name: "General Discussion",
    });
  });

  it("refuses a new discussion of a type the category does not take, and takes the allowed one", async () => {
    await f.api.patch(
      `/api/v2/categories/${f.category["off-topic"]}`,
      { allowedDiscussionTypes: ["question"] },
      { as: f.admin },
    );
    const before = await countIn(f.category["off-topic"]);
    for (const type of [undefined, "discussion", "idea"]) {
      const refused = await post(f.category["off-topic"], type);
      expect(refused.statusCode).toBe(400);
      const error = refused.json<{ errors: Array<{ field: string; message: string }> }>().errors[0];
      expect(error?.field).toBe("type");
      expect(error?.message).toContain("It takes: question");
    }
    expect(await countIn(f.category["off-topic"])).toBe(before);
    const question = await post(f.category["off-topic"], "question");
    expect(question.statusCode).toBe(201);
    expect(question.json<Discussion>().type).toBe("question");
  });

  it("refuses moving a discussion into a category that does not take its type, and a type change it does not take", async () => {
    const discussion = (await post(f.category.general)).json<Discussion>();
    const url = `/api/v2/discussions/${discussion.discussionID}`;
    const moved = await f.api.patch(url, { categoryID: f.category["off-topic"] }, { as: f.as.moderator });
    expect(moved.statusCode).toBe(400);
    expect(moved.json<{ errors: Array<{ field: string }> }>().errors[0]?.field).toBe("categoryID");
    // Moved and made a question at once: taken.
    const both = await f.api.patch(
      url,
      { categoryID: f.category["off-topic"], type: "question" },
      { as: f.as.moderator },
    );
    expect(both.statusCode).toBe(200);
    expect(both.json<Discussion>()).toMatchObject({ categoryID: f.category["off-topic"], type: "question" });
    // Back to a discussion where only questions go: refused, by PATCH and by PUT /type.
    const patched = await f.api.patch(url, { type: "discussion", name: "Renamed" }, { as: f.as.moderator });
    expect(patched.statusCode).toBe(400);
    expect(patched.json<{ errors: Array<{ field: string }> }>().errors[0]?.field).toBe("type");
    const put = await f.api.put(`${url}/type`, { type: "idea" }, { as: f.as.moderator });
    expect(put.statusCode).toBe(400);
    const row = (await f.api.get(url, { as: f.as.moderator })).json<Discussion>();
    expect(row).toMatchObject({ type: "question", name: discussion.name, categoryID: f.category["off-topic"] });
  });

  it("moves in bulk only the discussions of a type the category takes", async () => {
    const plain = (await post(f.category.general)).json<Discussion>();
    const question = (await post(f.category.general, "question")).json<Discussion>();
    const response = await f.api.request("PATCH", "/api/v2/discussions/move", {
      as: f.as.moderator,
      body: { discussionIDs: [plain.discussionID, question.discussionID], categoryID: f.category["off-topic"] },
    });
    const result = response.json<LongRunnerResult>();
    expect(result.progress.successIDs).toEqual([question.discussionID]);
    expect(result.progress.failedIDs).toEqual([plain.discussionID]);
    expect(result.progress.exceptionsByID[String(plain.discussionID)]).toMatchObject({ status: 400 });
    const rows = await f.t.database.db
      .selectFrom("discussions")
      .select(["discussionID", "categoryID"])
      .where("discussionID", "in", [plain.discussionID, question.discussionID])
      .orderBy("discussionID")
      .execute();
    expect(rows).toEqual([
      { discussionID: plain.discussionID, categoryID: f.category.general },
      { discussionID: question.discussionID, categoryID: f.category["off-topic"] },
    ]);
  });

  it("keeps a banner and an icon (an address on the site or https), and refuses any other address", async () => {
    const url = `/api/v2/categories/${f.category.ideas}`;
    const set = await f.api.patch(
      url,
      { iconUrl: "/uploads/2026/11/icon.png", bannerUrl: "https://cdn.example.com/banner.jpg" },
      { as: f.admin },
    );
    expect(set.statusCode).toBe(200);
    expect(await categoryOf(f.category.ideas)).toMatchObject({
      iconUrl: "/uploads/2026/11/icon.png",
      bannerUrl: "https://cdn.example.com/banner.jpg",
    });
    for (const bannerUrl of ["javascript:alert(1)", "http://insecure.example.com/a.png", "//evil.example.com/a.png"]) {
      expect((await f.api.patch(url, { bannerUrl }, { as: f.admin })).statusCode).toBe(400);
    }
    const removed = await f.api.patch(url, { bannerUrl: null, iconUrl: "" }, { as: f.admin });
    expect(removed.json<Category>()).toMatchObject({ bannerUrl: null, iconUrl: null });
  });

  it("uploads a category's image as media (images only)", async () => {
    const upload = (file: { name: string; bytes: Buffer }) =>
      f.api.request("POST", "/api/v2/media", {
        as: f.admin,
        body: multipart(file, { foreignType: "category", foreignID: String(f.category.ideas) }),
        headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      });
    const image = await upload({ name: "icon.png", bytes: PNG });
    expect(image.statusCode).toBe(201);
    expect(image.json<Media>()).toMatchObject({ foreignType: "category", foreignID: f.category.ideas, width: 1 });
    const text = await upload({ name: "notes.txt", bytes: Buffer.from("not an image") });
    expect(text.statusCode).toBe(422);
    expect(text.json<{ errors: Array<{ message: string }> }>().errors[0]?.message).toContain("must be an image");
    const fake = await upload({ name: "fake.png", bytes: Buffer.from("not really a png") });
    expect(fake.statusCode).toBe(422);
  });
});
