import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CENSOR_MASK, type Comment, type Discussion, type Notification, type SearchResult } from "@parley/contracts";
import { createContentFixture, postComment, postDiscussion, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const cast = {
  ann: { name: "Ann Writer", role: "member", bypassSpam: true },
  ben: { name: "Ben Reader", role: "member", bypassSpam: true },
} as const;
type Who = keyof typeof cast;

/** A discussion's title is censored wherever it is shown, as its body is: the stored title keeps the word. */
describe.each(engines)("censored words in discussion titles on %s", (engine) => {
  let f: ContentFixture<Who>;
  let discussionID: number;
  const title = "Where to buy rutabaga seeds";
  const masked = `Where to buy ${CENSOR_MASK} seeds`;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    const watched = await f.api.post("/api/v2/watched-words", { word: "rutabaga", action: "censor" }, { as: f.admin });
    expect(watched.statusCode, watched.body).toBe(201);
    discussionID = (
      await postDiscussion(f.api, f.as.ann, { categoryID: f.category.general, name: title, body: "Seed catalogues?" })
    ).discussionID;
    // Ben's comment tells Ann, naming the discussion.
    await postComment(f.api, f.as.ben, discussionID, "Try the market.");
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it("masks the title in the discussion, the lists, its last post and its comments", async () => {
    const one = await f.api.get(`/api/v2/discussions/${discussionID}?expand=lastPost`, { as: f.as.ben });
    expect(one.json<Discussion>().name).toBe(masked);
    expect(one.json<Discussion>().lastPost?.name).toBe(`Re: ${masked}`);
    const list = await f.api.get(`/api/v2/discussions?categoryID=${f.category.general}&limit=100`, { as: null });
    const listed = list.json<Discussion[]>().find((discussion) => discussion.discussionID === discussionID);
    expect(listed?.name).toBe(masked);
    const comments = await f.api.get(`/api/v2/comments?discussionID=${discussionID}`, { as: null });
    expect(comments.json<Comment[]>()[0]?.name).toBe(`Re: ${masked}`);
    // The author editing it gets the title as written.
    const edit = await f.api.get(`/api/v2/discussions/${discussionID}/edit`, { as: f.as.ann });
    expect(edit.json<{ name: string }>().name).toBe(title);
  });

  it("masks it in search results, which still find the discussion by the word", async () => {
    const response = await f.api.get("/api/v2/search?query=rutabaga&recordTypes=discussion", { as: f.as.ben });
    expect(response.statusCode, response.body).toBe(200);
    const results = response.json<SearchResult[]>();
    expect(results.map((result) => result.name)).toEqual([masked]);
    expect(JSON.stringify(results)).not.toMatch(/rutabaga/i);
  });

  it("masks it in notifications", async () => {
    const response = await f.api.get("/api/v2/notifications?expand=discussion", { as: f.as.ann });
    const notification = response.json<Notification[]>().find((item) => item.discussionID === discussionID);
    expect(notification?.body).toContain(CENSOR_MASK);
    expect(notification?.discussion?.name).toBe(masked);
    expect(JSON.stringify(notification)).not.toMatch(/rutabaga/i);
  });
});
