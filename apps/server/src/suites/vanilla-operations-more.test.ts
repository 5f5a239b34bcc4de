import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AggregatesRecalculated,
  Locale,
  LocalePack,
  Media,
  ModerationMessage,
  RichQuote,
  type Discussion as DiscussionRecord,
  type Media as MediaRecord,
  type ModerationMessage as MessageRecord,
} from "@parley/contracts";
import { grantInCategory, type Session } from "../test/accounts.ts";
import { engines } from "../test/databases.ts";
import {
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../test/content.ts";

/*
 * More of Vanilla's operations (issue 36): media by URL, in lists, attached and downloaded; the interface's locale
 * packs and enabling a content locale; recounting the counters; a rich quote; dismissing a moderation message.
 * Each is checked for who may call it and for its answer (the conformance sweep checks GETs against Vanilla's).
 */

type Cast = "ann" | "ben" | "mod";

const BOUNDARY = "----parley-ops-boundary";
const upload = (f: ContentFixture<Cast>, as: Session, name: string, bytes: string) =>
  f.api.request("POST", "/api/v2/media", {
    as,
    body: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          `Content-Type: text/plain\r\n\r\n${bytes}\r\n--${BOUNDARY}--\r\n`,
      ),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
  });

describe.each(engines)("Vanilla's media, locales, aggregates, quotes and messages on %s", (engine) => {
  let f: ContentFixture<Cast>;
  let discussion: DiscussionRecord;

  beforeAll(async () => {
    f = await createContentFixture(engine, {
      ann: { name: "More Ann", role: "member", bypassSpam: true },
      ben: { name: "More Ben", role: "member", bypassSpam: true },
      mod: { name: "More Mod", role: "moderator", bypassSpam: true },
    });
    discussion = await postDiscussion(f.api, f.as.ann, { name: "Files here", categoryID: f.category.general });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const uploaded = async (as: Session, name = "notes.txt") => {
    const response = await upload(f, as, name, `the notes of ${name}`);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<MediaRecord>();
  };

  it("GET and DELETE /media/by-url: the uploader or a moderator, by the file's URL on this site", async () => {
    const media = await uploaded(f.as.ann);
    const byUrl = (as: Session | null, url = media.url) =>
      f.api.get(`/api/v2/media/by-url?url=${encodeURIComponent(url)}`, { as });
    const read = await byUrl(f.as.ann);
    expect(read.statusCode, read.body).toBe(200);
    expectSchema(Media, read.json());
    expect(read.json()).toEqual(media);
    expect((await byUrl(f.as.mod)).statusCode).toBe(200);
    expect((await byUrl(f.as.ben)).statusCode).toBe(403);
    expect((await byUrl(null)).statusCode).toBe(403);
    // Another site's address, or not an upload, names nothing.
    expect((await byUrl(f.as.ann, media.url.replace("forum.test", "evil.test"))).statusCode).toBe(404);
    expect((await byUrl(f.as.ann, "http://forum.test/uploads/../parley.sqlite")).statusCode).toBe(404);
    expect((await f.api.get("/api/v2/media/by-url", { as: f.as.ann })).statusCode).toBe(400);

    const remove = (as: Session) =>
      f.api.delete(`/api/v2/media/by-url?url=${encodeURIComponent(media.url)}&deleteFile=true`, { as });
    expect((await remove(f.as.ben)).statusCode).toBe(403);
    expect((await remove(f.as.ann)).statusCode).toBe(204);
    expect((await byUrl(f.as.ann)).statusCode).toBe(404);
    expect((await f.api.get(new URL(media.url).pathname)).statusCode).toBe(404);
  });

  it("DELETE /media/list and /media/list-by-url remove all of them, or none when one may not be", async () => {
    const [a, b, theirs] = [await uploaded(f.as.ann), await uploaded(f.as.ann), await uploaded(f.as.ben)];
    const list = (as: Session, mediaIDs: number[]) =>
      f.api.request("DELETE", "/api/v2/media/list", { as, body: { mediaIDs } });
    expect((await list(f.as.ann, [a.mediaID, theirs.mediaID])).statusCode).toBe(403);
    expect((await f.api.get(`/api/v2/media/${a.mediaID}`, { as: f.as.ann })).statusCode).toBe(200);
    expect((await list(f.as.ann, [a.mediaID, 99_999_999])).statusCode).toBe(404);
    expect((await list(f.as.ann, [])).statusCode).toBe(400);
    expect((await list(f.as.ann, [a.mediaID, b.mediaID])).statusCode).toBe(204);
    expect((await f.api.get(`/api/v2/media/${b.mediaID}`, { as: f.as.ann })).statusCode).toBe(404);

    const byUrls = (as: Session, urls: string[]) =>
      f.api.request("DELETE", "/api/v2/media/list-by-url", { as, body: { urls } });
    expect((await byUrls(f.as.ann, [theirs.url])).statusCode).toBe(403);
    const response = await byUrls(f.as.mod, [theirs.url]);
    expect(response.statusCode, response.body).toBe(204);
    expect((await f.api.get(`/api/v2/media/${theirs.mediaID}`, { as: f.as.ben })).statusCode).toBe(404);
  });

  it("PATCH /media/{id}/attachment attaches to a record the caller may see; downloads follow the record", async () => {
    const media = await uploaded(f.as.ann, "plan é.txt");
    const download = (as: Session | null) => f.api.get(`/api/v2/media/${media.mediaID}/download`, { as });
    // Not attached yet: its uploader's (and moderators') alone.
    expect((await download(f.as.ben)).statusCode).toBe(403);
    expect((await download(null)).statusCode).toBe(403);
    const own = await download(f.as.ann);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.body).toBe("the notes of plan é.txt");
    expect(own.headers["content-disposition"]).toBe(
      `attachment; filename="plan _.txt"; filename*=UTF-8''plan%20%C3%A9.txt`,
    );
    expect(own.headers["content-type"]).toBe("application/octet-stream");
    expect(own.headers["x-content-type-options"]).toBe("nosniff");
    expect(own.headers["cache-control"]).toContain("private");

    const attach = (as: Session, body: object) =>
      f.api.patch(`/api/v2/media/${media.mediaID}/attachment`, body, { as });
    const target = { foreignType: "discussion", foreignID: discussion.discussionID };
    expect((await attach(f.as.ben, target)).statusCode).toBe(403);
    expect((await attach(f.as.ann, { foreignType: "user", foreignID: 1 })).statusCode).toBe(400);
    expect((await attach(f.as.ann, { foreignType: "discussion", foreignID: 99_999_999 })).statusCode).toBe(404);
    const attached = await attach(f.as.ann, target);
    expect(attached.statusCode, attached.body).toBe(200);
    expectSchema(Media, attached.json());
    expect(attached.json()).toMatchObject(target);

    // Attached to a discussion everyone may read: anyone downloads it, by id or by URL.
    expect((await download(f.as.ben)).statusCode).toBe(200);
    expect((await download(null)).statusCode).toBe(200);
    const byUrl = await f.api.get(`/api/v2/media/download-by-url?url=${encodeURIComponent(media.url)}`, { as: null });
    expect(byUrl.statusCode, byUrl.body).toBe(200);
    expect(byUrl.headers["content-disposition"]).toMatch(/^attachment;/);
    // Once the discussion is gone, so is the file for those who could only see it through the discussion.
    expect((await f.api.delete(`/api/v2/discussions/${discussion.discussionID}`, { as: f.admin })).statusCode).toBe(
      204,
    );
    expect((await download(f.as.ben)).statusCode).toBe(404);
    expect((await download(f.as.ann)).statusCode).toBe(200);
    expect((await f.api.get("/api/v2/media/99999999/download", { as: f.as.ann })).statusCode).toBe(404);
    discussion = await postDiscussion(f.api, f.as.ann, { name: "Files again", categoryID: f.category.general });
  });

  it("a file attached to a post in a moderators' category downloads only for those who may see the post", async () => {
    const created = await f.api.post(
      "/api/v2/categories",
      { name: "Staff Files", urlcode: "staff-files" },
      { as: f.admin },
    );
    expect(created.statusCode, created.body).toBe(201);
    const categoryID = created.json<{ categoryID: number }>().categoryID;
    await grantInCategory(f.api, f.t.database.db, f.admin, "moderator", categoryID);
    const hidden = await postDiscussion(f.api, f.as.mod, { name: "Staff only", categoryID });
    // A member may not attach their file to a post they may not see.
    const mine = await uploaded(f.as.ann, "mine.txt");
    const attachMine = await f.api.patch(
      `/api/v2/media/${mine.mediaID}/attachment`,
      { foreignType: "discussion", foreignID: hidden.discussionID },
      { as: f.as.ann },
    );
    expect([403, 404]).toContain(attachMine.statusCode);
    // A moderator's file there: theirs and other moderators', not members' nor guests'.
    const staff = await uploaded(f.as.mod, "staff.txt");
    const attached = await f.api.patch(
      `/api/v2/media/${staff.mediaID}/attachment`,
      { foreignType: "discussion", foreignID: hidden.discussionID },
      { as: f.as.mod },
    );
    expect(attached.statusCode, attached.body).toBe(200);
    const download = (as: Session | null) => f.api.get(`/api/v2/media/${staff.mediaID}/download`, { as });
    expect((await download(f.as.mod)).statusCode).toBe(200);
    expect((await download(f.admin)).statusCode).toBe(200);
    for (const as of [f.as.ann, null]) {
      const refused = await download(as);
      expect([403, 404]).toContain(refused.statusCode);
      expect(refused.body).not.toContain("the notes of staff.txt");
    }
  });

  it("GET /locales/translations/{locale} and .js serve the interface's packs; other locales are 404", async () => {
    const fr = await f.api.get("/api/v2/locales/translations/fr?etag=1", { as: null });
    expect(fr.statusCode, fr.body).toBe(200);
    expectSchema(LocalePack, fr.json());
    const pack = fr.json<Record<string, string>>();
    expect(Object.keys(pack).length).toBeGreaterThan(100);
    expect(Object.values(pack)).toContain("« {name} » a été ajouté.");
    const en = (await f.api.get("/api/v2/locales/translations/en", { as: null })).json<Record<string, string>>();
    expect(Object.entries(en).every(([key, value]) => key === value)).toBe(true);
    const script = await f.api.get("/api/v2/locales/translations/de.js", { as: null });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(script.body).toMatch(/^window\.gdn = window\.gdn \|\| \{\};\nwindow\.gdn\.translations = \{/);
    expect(script.body).not.toContain("</");
    expect((await f.api.get("/api/v2/locales/translations/ja", { as: null })).statusCode).toBe(404);
    expect((await f.api.get("/api/v2/locales/translations/xx.js", { as: null })).statusCode).toBe(404);
  });

  it("POST /locales enables a content locale of the catalogue (site.manage only)", async () => {
    const post = (as: Session | null, query: string) => f.api.post(`/api/v2/locales?${query}`, undefined, { as });
    expect((await post(f.as.mod, "locale=es")).statusCode).toBe(403);
    expect((await post(f.admin, "locale=xx")).statusCode).toBe(422);
    expect((await post(f.admin, "locale=es&translatable=false")).statusCode).toBe(422);
    const enabled = await post(f.admin, "locale=es");
    expect(enabled.statusCode, enabled.body).toBe(200);
    expectSchema(Locale, enabled.json());
    expect(enabled.json()).toMatchObject({ localeID: "es", translatable: true });
    const listed = (await f.api.get("/api/v2/locales", { as: null })).json<Array<{ localeID: string }>>();
    expect(listed.map((locale) => locale.localeID)).toContain("es");
    expect((await post(f.admin, "locale=es")).statusCode).toBe(200);
  });

  it("PUT /dba/recalculate-aggregates recounts what drifted, and categories' last post; administrators only", async () => {
    const counted = await postDiscussion(f.api, f.as.ann, { name: "Counted", categoryID: f.category.troubleshooting });
    const last = await postComment(f.api, f.as.ben, counted.discussionID, "The last word.");
    // Counters drifted (as after a crash or a hand-made change in the database).
    await f.t.database.db
      .updateTable("discussions")
      .set({ countComments: 40, lastCommentID: null })
      .where("discussionID", "=", counted.discussionID)
      .execute();
    await f.t.database.db
      .updateTable("categories")
      .set({ countComments: 77, lastDiscussionID: null, lastCommentID: null })
      .where("categoryID", "=", f.category.troubleshooting)
      .execute();
    const put = (as: Session | null, body: object) => f.api.put("/api/v2/dba/recalculate-aggregates", body, { as });
    expect((await put(f.as.mod, { aggregates: ["discussion.*"] })).statusCode).toBe(403);
    expect((await put(null, { aggregates: ["discussion.*"] })).statusCode).toBe(403);
    const unknown = await put(f.admin, { aggregates: ["comment.depth"] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ errors: Array<{ message: string }> }>().errors[0]!.message).toMatch(
      /^Parley does not recount comment\.depth\. It recounts: discussion\.\*/,
    );
    expect((await put(f.admin, { aggregates: [] })).statusCode).toBe(400);

    const done = await put(f.admin, { aggregates: ["category.*", "discussion.CountComments", "conversation.*"] });
    expect(done.statusCode, done.body).toBe(200);
    expectSchema(AggregatesRecalculated, done.json());
    expect(done.json()).toEqual({ recalculated: ["discussion", "conversation", "category"] });
    const row = await f.t.database.db
      .selectFrom("discussions")
      .select(["countComments", "lastCommentID"])
      .where("discussionID", "=", counted.discussionID)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ countComments: 1, lastCommentID: last.commentID });
    const category = await f.t.database.db
      .selectFrom("categories")
      .select(["lastDiscussionID", "lastCommentID"])
      .where("categoryID", "=", f.category.troubleshooting)
      .executeTakeFirstOrThrow();
    expect(category).toEqual({ lastDiscussionID: counted.discussionID, lastCommentID: last.commentID });
    const help = (await f.api.get(`/api/v2/categories/${f.category.troubleshooting}`, { as: f.admin })).json<{
      countComments: number;
    }>();
    const comments = await f.t.database.db
      .selectFrom("comments")
      .innerJoin("discussions", "discussions.discussionID", "comments.discussionID")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .where("discussions.categoryID", "=", f.category.troubleshooting)
      .executeTakeFirstOrThrow();
    expect(help.countComments).toBe(Number(comments.n));

    // Vanilla's `user-mentions`: the index of who is mentioned where, rebuilt from the posts.
    const mention = await postDiscussion(f.api, f.as.ben, {
      name: "Mentions Ann",
      body: 'Hello @"More Ann".',
      categoryID: f.category.general,
    });
    const mentions = () =>
      f.t.database.db
        .selectFrom("userMentions")
        .select(["userID", "recordType"])
        .where("recordID", "=", mention.discussionID)
        .execute();
    expect(await mentions()).toEqual([{ userID: f.users.ann.userID, recordType: "discussion" }]);
    await f.t.database.db.deleteFrom("userMentions").execute();
    const rebuilt = await put(f.admin, { aggregates: ["user-mentions"] });
    expect(rebuilt.statusCode, rebuilt.body).toBe(200);
    expect(rebuilt.json()).toEqual({ recalculated: ["user-mentions"] });
    expect(await mentions()).toEqual([{ userID: f.users.ann.userID, recordType: "discussion" }]);
    expect((await put(f.admin, { aggregates: ["user-mentions.*"] })).statusCode).toBe(422);
  });

  it("POST /rich/quote quotes a text, or a post here the caller may see", async () => {
    const quote = (as: Session | null, body: string, format = "markdown") =>
      f.api.post("/api/v2/rich/quote", { body, format }, { as });
    const text = await quote(f.as.ben, "Some **bold** <script>alert(1)</script>");
    expect(text.statusCode, text.body).toBe(201);
    expectSchema(RichQuote, text.json());
    expect(text.json<{ quote: string }>().quote).toMatch(
      /^<blockquote class="blockquote"><p>Some <strong>bold<\/strong>/,
    );
    expect(text.body).not.toContain("<script");
    expect((await quote(null, "Hello")).statusCode).toBe(403);
    expect((await quote(f.as.ben, "Hello", "nonsense")).statusCode).toBe(400);

    const comment = await postComment(f.api, f.as.ann, discussion.discussionID, "Quote *me*.");
    const ofComment = await quote(
      f.as.ben,
      `http://forum.test/discussion/comment/${comment.commentID}#Comment_${comment.commentID}`,
    );
    expect(ofComment.statusCode, ofComment.body).toBe(201);
    const html = ofComment.json<{ quote: string }>().quote;
    expect(html).toContain(">More Ann</a>");
    expect(html).toContain("Quote <em>me</em>.");
    const ofDiscussion = await quote(f.as.ben, discussion.url);
    expect(ofDiscussion.statusCode, ofDiscussion.body).toBe(201);
    expect(ofDiscussion.json<{ quote: string }>().quote).toContain(`href="${discussion.url}"`);
    expect((await quote(f.as.ben, "http://forum.test/discussion/99999999/gone")).statusCode).toBe(404);
  });

  it("PUT /moderation-messages/{id}/dismiss hides a dismissible message from that member only", async () => {
    const make = async (isDismissible: boolean) => {
      const response = await f.api.post(
        "/api/v2/moderation-messages",
        { body: `Notice ${isDismissible}`, format: "text", viewLocation: "content", isDismissible },
        { as: f.admin },
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json<MessageRecord>();
    };
    const [dismissible, fixed] = [await make(true), await make(false)];
    const dismiss = (as: Session | null, id: number) =>
      f.api.put(`/api/v2/moderation-messages/${id}/dismiss`, undefined, { as });
    const listed = async (as: Session) =>
      (await f.api.get("/api/v2/moderation-messages", { as }))
        .json<MessageRecord[]>()
        .map((m) => m.moderationMessageID);

    expect((await dismiss(null, dismissible.moderationMessageID)).statusCode).toBe(403);
    expect((await dismiss(f.as.ann, fixed.moderationMessageID)).statusCode).toBe(409);
    expect((await dismiss(f.as.ann, 99_999_999)).statusCode).toBe(404);
    const done = await dismiss(f.as.ann, dismissible.moderationMessageID);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ dismissed: true });
    expect((await dismiss(f.as.ann, dismissible.moderationMessageID)).statusCode).toBe(200);
    expect(await listed(f.as.ann)).not.toContain(dismissible.moderationMessageID);
    expect(await listed(f.as.ann)).toContain(fixed.moderationMessageID);
    expect(await listed(f.as.ben)).toContain(dismissible.moderationMessageID);
    expectSchema(
      ModerationMessage,
      (await f.api.get(`/api/v2/moderation-messages/${dismissible.moderationMessageID}`, { as: f.as.ann })).json(),
    );
    // Deleted, its dismissals go with it.
    expect(
      (await f.api.delete(`/api/v2/moderation-messages/${dismissible.moderationMessageID}`, { as: f.admin }))
        .statusCode,
    ).toBe(204);
  });
});
