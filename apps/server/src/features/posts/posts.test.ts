import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discussionRules, PostPreview } from "@parley/contracts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { PREVIEWS_PER_MINUTE } from "./posts.routes.ts";

const cast = {
  ann: { name: "Ann", role: "member", bypassSpam: true },
  ben: { name: "Ben", role: "member", bypassSpam: true },
} as const;
type Who = keyof typeof cast;

const rich2 = (children: unknown[]) => JSON.stringify([{ type: "p", children }]);

describe.each(engines)("POST /posts/preview on %s", (engine) => {
  let f: ContentFixture<Who>;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const preview = (body: string, format: string, as = f.as.ann, csrf?: "none") =>
    f.api.post("/api/v2/posts/preview", { body, format }, { as, ...(csrf ? { csrf } : {}) });

  it("renders a body exactly as the stored post's body reads", async () => {
    const body = rich2([
      { text: "Hello " },
      { text: "bold", bold: true },
      { text: " and " },
      { type: "a", url: "https://example.com/page", children: [{ text: "a link" }] },
      { text: " @Ben <script>alert(1)</script>" },
    ]);
    const response = await preview(body, "rich2");
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(PostPreview, response.json());
    const shown = response.json<PostPreview>();
    expect(shown.body).toContain("<strong>bold</strong>");
    expect(shown.body).toContain("example.com%2Fpage");
    expect(shown.body).toContain(">a link</a>");
    expect(shown.body).toContain('class="atMention">@Ben</a>');
    expect(shown.body).not.toContain("<script");

    // The same body posted: the comment's `body` is the preview, byte for byte.
    const discussion = await postDiscussion(f.api, f.as.ann, { categoryID: f.category.general, name: "Preview" });
    const comment = await postComment(f.api, f.as.ann, discussion.discussionID, body, "rich2");
    expect(comment.body).toBe(shown.body);
  });

  it("renders Markdown with the server's Markdown (lists, quotes, code)", async () => {
    const response = await preview("- one\n- two\n\n> quoted\n\n```\ncode()\n```", "Markdown");
    expect(response.statusCode, response.body).toBe(200);
    const html = response.json<PostPreview>().body;
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<blockquote");
    expect(html).toContain("code()");
  });

  it("refuses guests, forged requests, unknown formats and bodies past a post's length", async () => {
    expect((await preview("hi", "text", null as never)).statusCode).toBe(403);
    expect((await preview("hi", "text", f.as.ann, "none")).statusCode).toBe(403);
    const statuses = await Promise.all([
      preview("hi", "nope"),
      preview("", "text"),
      preview("x".repeat(discussionRules.bodyMaxLength + 1), "text"),
    ]);
    expect(statuses.map((response) => response.statusCode)).toEqual([400, 400, 400]);
  });

  it("limits each member's previews per minute", async () => {
    for (let i = 0; i < PREVIEWS_PER_MINUTE; i++) {
      const response = await preview(`try ${i}`, "text", f.as.ben);
      expect(response.statusCode, response.body).toBe(200);
    }
    const refused = await preview("one more", "text", f.as.ben);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    f.t.clock.advance(61_000);
    expect((await preview("later", "text", f.as.ben)).statusCode).toBe(200);
  });
});
