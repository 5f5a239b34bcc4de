import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Discussion, type Tag } from "@parley/contracts";
import type { Session } from "../../test/accounts.ts";
import { engines } from "../../test/databases.ts";
import {
  categoryCounts,
  createContentFixture,
  expectSchema,
  postComment,
  postDiscussion,
  userCounts,
  type ContentFixture,
} from "../../test/content.ts";

type Cast = "author" | "other" | "moderator";

describe.each(engines)("writing discussions on %s", (engine) => {
  let f: ContentFixture<Cast>;
  beforeAll(async () => {
    f = await createContentFixture(engine, {
      author: { name: "Write Author", role: "member", bypassSpam: true },
      other: { name: "Write Other", role: "member", bypassSpam: true },
      moderator: { name: "Write Moderator", role: "moderator" },
    });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const url = (id: number, action = "") => `/api/v2/discussions/${id}${action}`;
  const start = (fields: Record<string, unknown> = {}, as: Session | null = f.as.author) =>
    f.api.post(
      "/api/v2/discussions",
      { name: "Title", body: "Body", format: "markdown", categoryID: f.category.general, ...fields },
      { as },
    );
  const errorsOf = (body: string) =>
    JSON.parse(body) as { message: string; errors?: Array<{ field: string; code: string }> };

  it("answers 201 and counts the discussion in its category, the parent's totals and the author's", async () => {
    const { api, admin, category, users } = f;
    const before = {
      installation: await categoryCounts(api, admin, category.installation),
      help: await categoryCounts(api, admin, category.help),
      author: await userCounts(api, admin, users.author.userID),
    };
    const made = await postDiscussion(api, f.as.author, {
      name: "Counting",
      body: "# Heading\n\nText",
      categoryID: category.installation,
    });
    expect(made).toMatchObject({
      name: "Counting",
      categoryID: category.installation,
      insertUserID: users.author.userID,
      countComments: 0,
      closed: false,
      pinned: false,
      sink: false,
      dateUpdated: null,
      tags: [],
      url: `http://forum.test/discussion/${made.discussionID}/counting`,
    });
    expect(made.body).toContain("<h2>Heading</h2>");
    const installation = await categoryCounts(api, admin, category.installation);
    expect(installation.countDiscussions).toBe(before.installation.countDiscussions + 1);
    expect(installation.countAllDiscussions).toBe(before.installation.countAllDiscussions + 1);
    const help = await categoryCounts(api, admin, category.help);
    expect(help.countDiscussions).toBe(before.help.countDiscussions);
    expect(help.countAllDiscussions).toBe(before.help.countAllDiscussions + 1);
    expect((await userCounts(api, admin, users.author.userID)).countDiscussions).toBe(
      before.author.countDiscussions + 1,
    );
    const fetched = await api.get(url(made.discussionID), { as: f.as.other });
    expectSchema(Discussion, fetched.json());
    expect(fetched.json()).toMatchObject({ discussionID: made.discussionID, name: "Counting" });
  });

  it("tags a new discussion with existing tagIDs and creates the newTagNames", async () => {
    const existing = (await f.api.post("/api/v2/tags", { name: "Existing" }, { as: f.admin })).json<Tag>();
    const made = await postDiscussion(f.api, f.as.author, {
      categoryID: f.category.general,
      tagIDs: [existing.tagID],
      newTagNames: ["Brand New"],
    });
    expect(made.tags!.map((tag) => tag.name).sort()).toEqual(["Brand New", "Existing"]);
    const [created] = (await f.api.get("/api/v2/tags?query=brand")).json<Tag[]>();
    expect(created).toMatchObject({ name: "Brand New", urlcode: "brand-new", countDiscussions: 1 });
    const unknown = await start({ tagIDs: [987654] });
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown.body).errors).toEqual([expect.objectContaining({ field: "tagIDs" })]);
  });

  it("needs discussions.announce, .close and .sink for those flags: a member gets 403, a moderator may", async () => {
    for (const [fields, permission] of [
      [{ pinned: true }, "discussions.announce"],
      [{ pinLocation: "recent" }, "discussions.announce"],
      [{ announce: 2 }, "discussions.announce"],
      [{ closed: true }, "discussions.close"],
      [{ sink: true }, "discussions.sink"],
    ] as const) {
      const response = await start(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(403);
      expect(response.json()).toMatchObject({ message: "Permission Problem", permissions: [permission] });
    }
    const made = await postDiscussion(f.api, f.as.moderator, {
      categoryID: f.category.general,
      pinLocation: "recent",
      closed: true,
      sink: true,
    });
    expect(made).toMatchObject({ pinned: true, pinLocation: "recent", announce: true, closed: true, sink: true });
  });

  it("refuses a category that only holds categories, and an unknown one, with a categoryID field error", async () => {
    for (const categoryID of [f.category.help, 999999]) {
      const response = await start({ categoryID });
      expect(response.statusCode).toBe(400);
      expect(errorsOf(response.body)).toMatchObject({
        message: "Validation Failed",
        errors: [{ field: "categoryID", code: "invalid" }],
      });
    }
    expect((await start({ categoryID: f.category.help }, f.admin)).statusCode).toBe(400);
  });

  it("refuses an unknown format, empty names and bodies with field errors", async () => {
    const format = await start({ format: "docx" });
    expect(format.statusCode).toBe(400);
    expect(errorsOf(format.body).errors).toEqual([expect.objectContaining({ field: "format", code: "invalid" })]);
    const empty = await start({ name: "", body: "" });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty.body).errors?.map((error) => [error.field, error.code])).toEqual([
      ["name", "minLength"],
      ["body", "minLength"],
    ]);
    const blank = await start({ name: "<b> </b>", body: "   " });
    expect(blank.statusCode).toBe(400);
    expect(errorsOf(blank.body).errors?.map((error) => [error.field, error.code])).toEqual([
      ["name", "missingField"],
      ["body", "missingField"],
    ]);
    const missing = await f.api.post("/api/v2/discussions", { name: "x", categoryID: 1 }, { as: f.as.author });
    expect(
      errorsOf(missing.body)
        .errors?.map((error) => error.field)
        .sort(),
    ).toEqual(["body", "format"]);
    expect((await start({}, null)).statusCode).toBe(403);
  });

  it("stores an HTML title as plain text", async () => {
    for (const [name, expected] of [
      ["<script>alert(1)</script>Hello <b>World</b>", "alert(1)Hello World"],
      ["<<b>img src=x onerror=alert(1)>Gotcha", "Gotcha"],
      ["<\u0001img src=x onerror=alert(1)>Control", "Control"],
      ["a < b and c > d", "a < b and c > d"],
    ]) {
      const made = await postDiscussion(f.api, f.as.author, { name: name!, categoryID: f.category.general });
      expect(made.name).toBe(expected);
      expect(made.url).not.toContain("<");
      const edit = (await f.api.get(url(made.discussionID, "/edit"), { as: f.as.author })).json<{ name: string }>();
      expect(edit.name).toBe(expected);
    }
  });

  it("drops NUL characters (PostgreSQL cannot store them) from bodies and new tag names", async () => {
    const made = await postDiscussion(f.api, f.as.author, {
      name: "Nul\u0000 title",
      body: "Before\u0000after",
      categoryID: f.category.general,
      newTagNames: ["Nul\u0000tag"],
    });
    expect(made.name).toBe("Nul title");
    expect(made.tags!.map((tag) => tag.name)).toEqual(["Nultag"]);
    const edit = (await f.api.get(url(made.discussionID, "/edit"), { as: f.as.author })).json<{ body: string }>();
    expect(edit.body).toBe("Beforeafter");
    const patched = await f.api.patch(url(made.discussionID), { body: "Patched\u0000" }, { as: f.as.author });
    expect(patched.statusCode).toBe(200);
    // A body of NUL alone is an empty body (stripped before validation), refused as one.
    const onlyNul = await f.api.patch(url(made.discussionID), { body: "\u0000" }, { as: f.as.author });
    const empty = await f.api.patch(url(made.discussionID), { body: "" }, { as: f.as.author });
    expect(onlyNul.statusCode).toBe(empty.statusCode);
    expect(onlyNul.json()).toMatchObject({ errors: [{ field: "body", code: "minLength" }] });
    expect(onlyNul.json()).toEqual(empty.json());
    const comment = await postComment(f.api, f.as.other, made.discussionID, "Re\u0000ply");
    expect(comment.body).toContain("Reply");
    const edited = await f.api.patch(
      `/api/v2/comments/${comment.commentID}`,
      { body: "\u0000Edited" },
      { as: f.as.other },
    );
    expect(edited.json<{ body: string }>().body).toContain("Edited");
  });

  it("lets the author edit their discussion, not another member or a guest", async () => {
    const made = await postDiscussion(f.api, f.as.author, { name: "Before", categoryID: f.category.general });
    const edited = await f.api.patch(url(made.discussionID), { name: "After", body: "_new_" }, { as: f.as.author });
    expect(edited.statusCode, edited.body).toBe(200);
    expectSchema(Discussion, edited.json());
    expect(edited.json()).toMatchObject({ name: "After", updateUserID: f.users.author.userID });
    expect(edited.json<Discussion>().body).toContain("<em>new</em>");
    expect(edited.json<Discussion>().dateUpdated).not.toBeNull();
    for (const as of [f.as.other, null]) {
      const response = await f.api.patch(url(made.discussionID), { name: "Hijack" }, { as });
      expect(response.statusCode).toBe(403);
    }
    expect((await f.api.patch(url(made.discussionID), { name: "Moderated" }, { as: f.as.moderator })).statusCode).toBe(
      200,
    );
    expect((await f.api.patch(url(999999), { name: "x" }, { as: f.as.author })).statusCode).toBe(404);
  });

  it("closes the edit window for the author after ui.editContentTimeout; a moderator may still edit", async () => {
    const old = await postDiscussion(f.api, f.as.author, { categoryID: f.category.general });
    await f.t.app.platform.siteConfig.set("ui.editContentTimeout", 60);
    try {
      f.t.clock.advance(61_000);
      const young = await postDiscussion(f.api, f.as.author, { categoryID: f.category.general });
      expect((await f.api.patch(url(young.discussionID), { name: "In time" }, { as: f.as.author })).statusCode).toBe(
        200,
      );
      const late = await f.api.patch(url(old.discussionID), { name: "Too late" }, { as: f.as.author });
      expect(late.statusCode).toBe(403);
      expect((await f.api.get(url(old.discussionID, "/edit"), { as: f.as.author })).statusCode).toBe(403);
      const [listed] = (
        await f.api.get(`/api/v2/discussions?discussionID=${old.discussionID}&expand=permissions`, { as: f.as.author })
      ).json<Discussion[]>();
      expect(listed!.permissions!["discussions.edit"]).toBe(false);
      expect((await f.api.patch(url(old.discussionID), { name: "Moderated" }, { as: f.as.moderator })).statusCode).toBe(
        200,
      );
    } finally {
      await f.t.app.platform.siteConfig.set("ui.editContentTimeout", -1);
    }
    expect((await f.api.patch(url(old.discussionID), { name: "Open again" }, { as: f.as.author })).statusCode).toBe(
      200,
    );
  });

  it("keeps the author out of a closed discussion; a moderator may edit and reopen it", async () => {
    const made = await postDiscussion(f.api, f.as.author, { categoryID: f.category.general });
    expect((await f.api.patch(url(made.discussionID), { closed: true }, { as: f.as.author })).statusCode).toBe(403);
    const closed = await f.api.patch(url(made.discussionID), { closed: true }, { as: f.as.moderator });
    expect(closed.json()).toMatchObject({ closed: true });
    const refused = await f.api.patch(url(made.discussionID), { name: "Mine" }, { as: f.as.author });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: "This discussion has been closed." });
    expect((await f.api.patch(url(made.discussionID), { name: "Moderated" }, { as: f.as.moderator })).statusCode).toBe(
      200,
    );
    expect((await f.api.patch(url(made.discussionID), { closed: false }, { as: f.as.author })).statusCode).toBe(403);
    expect((await f.api.patch(url(made.discussionID), { closed: false }, { as: f.as.moderator })).json()).toMatchObject(
      {
        closed: false,
      },
    );
  });

  it("moves a discussion with its comments from one category's counts to the other's", async () => {
    const { api, admin, category } = f;
    const made = await postDiscussion(api, f.as.author, { categoryID: category.general });
    await postComment(api, f.as.other, made.discussionID);
    await postComment(api, f.as.other, made.discussionID);
    const before = {
      general: await categoryCounts(api, admin, category.general),
      ideas: await categoryCounts(api, admin, category.ideas),
    };
    expect(
      (await api.patch(url(made.discussionID), { categoryID: category.ideas }, { as: f.as.author })).statusCode,
    ).toBe(403);
    expect(
      (await api.patch(url(made.discussionID), { categoryID: category.help }, { as: f.as.moderator })).statusCode,
    ).toBe(400);
    const moved = await api.patch(url(made.discussionID), { categoryID: category.ideas }, { as: f.as.moderator });
    expect(moved.json()).toMatchObject({ categoryID: category.ideas });
    const general = await categoryCounts(api, admin, category.general);
    const ideas = await categoryCounts(api, admin, category.ideas);
    expect([general.countDiscussions, general.countComments]).toEqual([
      before.general.countDiscussions - 1,
      before.general.countComments - 2,
    ]);
    expect([ideas.countDiscussions, ideas.countComments]).toEqual([
      before.ideas.countDiscussions + 1,
      before.ideas.countComments + 2,
    ]);
    expect([ideas.countAllDiscussions, ideas.countAllComments]).toEqual([
      before.ideas.countAllDiscussions + 1,
      before.ideas.countAllComments + 2,
    ]);
  });

  it("deletes for moderators and admins only, with its comments, and gives the counts back", async () => {
    const { api, admin, category, users } = f;
    const before = {
      general: await categoryCounts(api, admin, category.general),
      author: await userCounts(api, admin, users.author.userID),
      other: await userCounts(api, admin, users.other.userID),
    };
    const made = await postDiscussion(api, f.as.author, { categoryID: category.general });
    const reply = await postComment(api, f.as.other, made.discussionID);
    for (const as of [f.as.author, f.as.other, null]) {
      const response = await api.delete(url(made.discussionID), { as });
      expect(response.statusCode).toBe(403);
    }
    const deleted = await api.delete(url(made.discussionID), { as: f.as.moderator });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    // Its address is gone, not unknown (its tombstone, issue 32).
    expect((await api.get(url(made.discussionID))).json()).toMatchObject({
      status: 410,
      message: "This discussion has been deleted.",
    });
    expect((await api.get(`/api/v2/comments/${reply.commentID}`)).statusCode).toBe(404);
    expect((await api.delete(url(made.discussionID), { as: f.as.moderator })).statusCode).toBe(404);
    expect(await categoryCounts(api, admin, category.general)).toEqual(before.general);
    expect(await userCounts(api, admin, users.author.userID)).toEqual(before.author);
    expect(await userCounts(api, admin, users.other.userID)).toEqual(before.other);
    const another = await postDiscussion(api, f.as.author, { categoryID: category.general });
    expect((await api.delete(url(another.discussionID), { as: f.admin })).statusCode).toBe(204);
  });

  it("deletes what points at a deleted discussion and its comments: reactions, notifications, members' states, tags", async () => {
    const { api, t } = f;
    const db = t.database.db;
    const tag = (await api.post("/api/v2/tags", { name: "Doomed tag" }, { as: f.admin })).json<Tag>();
    const made = await postDiscussion(api, f.as.author, { categoryID: f.category.general, tagIDs: [tag.tagID] });
    const reply = await postComment(api, f.as.other, made.discussionID, `Hi @"${f.users.author.name}".`);
    const react = (path: string, as: Session) =>
      api.post(`/api/v2/${path}/reactions`, { reactionType: "like" }, { as });
    expect((await react(`discussions/${made.discussionID}`, f.as.other)).statusCode).toBe(201);
    expect((await react(`comments/${reply.commentID}`, f.as.author)).statusCode).toBe(201);
    expect(
      (await api.put(url(made.discussionID, "/bookmark"), { bookmarked: true }, { as: f.as.other })).statusCode,
    ).toBe(200);

    const pointing = async () => ({
      reactions: await db
        .selectFrom("reactions")
        .select("recordType")
        .where((eb) =>
          eb.or([
            eb.and([eb("recordType", "=", "discussion"), eb("recordID", "=", made.discussionID)]),
            eb.and([eb("recordType", "=", "comment"), eb("recordID", "=", reply.commentID)]),
          ]),
        )
        .execute(),
      notifications: await db
        .selectFrom("notifications")
        .select("activityType")
        .where((eb) =>
          eb.or([
            eb("discussionID", "=", made.discussionID),
            eb.and([eb("recordType", "=", "comment"), eb("recordID", "=", reply.commentID)]),
          ]),
        )
        .execute(),
      states: await db
        .selectFrom("userDiscussions")
        .select("userID")
        .where("discussionID", "=", made.discussionID)
        .execute(),
      tags: await db
        .selectFrom("tagDiscussions")
        .select("tagID")
        .where("discussionID", "=", made.discussionID)
        .execute(),
    });
    const before = await pointing();
    expect(before.reactions).toHaveLength(2);
    expect(before.notifications.length).toBeGreaterThan(0);
    expect(before.states.length).toBeGreaterThan(0);
    expect(before.tags).toHaveLength(1);

    expect((await api.delete(url(made.discussionID), { as: f.as.moderator })).statusCode).toBe(204);
    expect(await pointing()).toEqual({ reactions: [], notifications: [], states: [], tags: [] });
    expect((await api.get(`/api/v2/tags/${tag.tagID}`, { as: f.admin })).json()).toMatchObject({ countDiscussions: 0 });
  });

  it("gives the raw source to editors at /edit", async () => {
    const made = await postDiscussion(f.api, f.as.author, { body: "**raw** <i>x</i>", categoryID: f.category.ideas });
    const edit = await f.api.get(url(made.discussionID, "/edit"), { as: f.as.author });
    expect(edit.json()).toEqual({
      discussionID: made.discussionID,
      name: "A discussion",
      body: "**raw** <i>x</i>",
      format: "markdown",
      categoryID: f.category.ideas,
      sink: false,
      closed: false,
      pinned: false,
      pinLocation: null,
      tagIDs: [],
    });
    expect((await f.api.get(url(made.discussionID, "/edit"), { as: f.as.other })).statusCode).toBe(403);
    expect((await f.api.get(url(made.discussionID, "/edit"), { as: f.as.moderator })).statusCode).toBe(200);
  });

  it("gives bodyRaw at /quote: the source text, parsed for rich2", async () => {
    const rich = [{ type: "p", children: [{ text: "Quoted " }, { text: "rich", bold: true }] }];
    const richPost = await postDiscussion(f.api, f.as.author, {
      body: JSON.stringify(rich),
      format: "rich2",
      categoryID: f.category.general,
    });
    expect(richPost.body).toContain("<strong>rich</strong>");
    const quote = await f.api.get(url(richPost.discussionID, "/quote"), { as: f.as.other });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({
      discussionID: richPost.discussionID,
      bodyRaw: rich,
      format: "rich2",
      insertUser: { userID: f.users.author.userID, name: "Write Author" },
      url: richPost.url,
    });
    const markdown = await postDiscussion(f.api, f.as.author, { body: "> hi *there*", categoryID: f.category.general });
    const plain = await f.api.get(url(markdown.discussionID, "/quote"));
    expect(plain.json()).toMatchObject({ bodyRaw: "> hi *there*", format: "markdown" });
  });
});
