import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import { Value } from "typebox/value";
import {
  defaultNotificationPreferences,
  Notification,
  type Me,
  type MeCounts,
  type Notification as NotificationRecord,
  type NotificationPreferences,
} from "@parley/contracts";
import { fewestQueries } from "../../platform/db/query-count.ts";
import { mailTo, type Session } from "../../test/accounts.ts";
import {
  createContentFixture,
  membersMayView,
  postComment,
  postDiscussion,
  type ContentFixture,
} from "../../test/content.ts";
import { engines } from "../../test/databases.ts";
import { eventually } from "../../test/live.ts";

const cast = {
  alice: { name: "Nora", role: "member", bypassSpam: true },
  bob: { name: "Ned", role: "member", bypassSpam: true },
  carol: { name: "Nell", role: "member", bypassSpam: true },
  dave: { name: "Nick Smith", role: "member", bypassSpam: true },
  erin: { name: "Nina", role: "member", bypassSpam: true },
} as const;
type Who = keyof typeof cast;

const NotificationList = Type.Array(Notification);

describe.each(engines)("notifications on %s", (engine) => {
  let f: ContentFixture<Who>;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const list = async (as: Session, query = "") => {
    const response = await f.api.get(`/api/v2/notifications${query ? `?${query}` : ""}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<NotificationRecord[]>();
    expect(Value.Check(NotificationList, items), JSON.stringify([...Value.Errors(NotificationList, items)][0])).toBe(
      true,
    );
    return items;
  };
  const unread = async (as: Session) =>
    (await f.api.get("/api/v2/users/me", { as })).json<Me>().countUnreadNotifications;
  const readAll = async (who: Who[]) => {
    for (const key of who)
      expect((await f.api.patch("/api/v2/notifications", { read: true }, { as: f.as[key] })).statusCode).toBe(204);
  };
  const discussion = (as: Who, fields: Record<string, unknown> = {}) =>
    postDiscussion(f.api, f.as[as], { categoryID: f.category.general, ...fields });
  const comment = (as: Who, discussionID: number, body = "A reply.", format = "markdown") =>
    postComment(f.api, f.as[as], discussionID, body, format);
  const mailCount = (who: Who) => mailTo(f.t.database.dataDir, f.users[who].email).length;

  it("tells a discussion's author about a comment, never the commenter, with the record it links to", async () => {
    const d = await discussion("alice", { name: "Tom & Jerry" });
    const c = await comment("bob", d.discussionID);
    const [first] = await list(f.as.alice);
    expect(first).toMatchObject({
      activityType: "DiscussionComment",
      recordType: "comment",
      recordID: c.commentID,
      discussionID: d.discussionID,
      read: false,
      count: 1,
      body: "<b>Ned</b> commented on <b>Tom &amp; Jerry</b>.",
      url: `http://forum.test/discussion/comment/${c.commentID}#Comment_${c.commentID}`,
    });
    expect(await list(f.as.bob)).toEqual([]);
    expect(await unread(f.as.alice)).toBe(1);
    const counts = (await f.api.get("/api/v2/users/me-counts", { as: f.as.alice })).json<MeCounts>();
    expect(counts.counts).toContainEqual({ name: "UnreadNotifications", count: 1 });
    // expand=discussion adds the discussion fragment.
    const [expanded] = await list(f.as.alice, "expand=discussion");
    expect(expanded!.discussion).toMatchObject({ discussionID: d.discussionID, name: "Tom & Jerry" });
    await readAll(["alice"]);
  });

  it("tells bookmarkers and participants, each for one reason only", async () => {
    const d = await discussion("alice");
    await comment("carol", d.discussionID); // Carol participates; Alice is told.
    expect(
      (await f.api.put(`/api/v2/discussions/${d.discussionID}/bookmark`, { bookmarked: true }, { as: f.as.dave }))
        .statusCode,
    ).toBe(200);
    await readAll(["alice", "carol", "dave"]);
    const c = await comment("bob", d.discussionID);
    expect((await list(f.as.alice))[0]).toMatchObject({
      activityType: "DiscussionComment",
      recordID: c.commentID,
      read: false,
    });
    expect((await list(f.as.carol))[0]).toMatchObject({ activityType: "ParticipateComment", recordID: c.commentID });
    expect((await list(f.as.dave))[0]).toMatchObject({ activityType: "BookmarkComment", recordID: c.commentID });
    for (const who of ["alice", "carol", "dave"] as const) expect(await unread(f.as[who])).toBe(1);
    await readAll(["alice", "carol", "dave"]);
  });

  it("tells people mentioned in a comment or a discussion (quoted names too), not the author mentioning themselves", async () => {
    const d = await discussion("alice", { body: 'Hello @Nina and @"Nick Smith" and @Nora.' });
    expect((await list(f.as.erin))[0]).toMatchObject({
      activityType: "Mention",
      recordType: "discussion",
      recordID: d.discussionID,
    });
    expect((await list(f.as.dave))[0]).toMatchObject({ activityType: "Mention", recordType: "discussion" });
    expect(await unread(f.as.alice)).toBe(0);
    // A mention of the discussion's author is a mention (one notification, the first reason).
    const c = await comment("bob", d.discussionID, "@Nora look.");
    const mine = (await list(f.as.alice)).filter((n) => n.recordID === c.commentID);
    expect(mine.map((n) => n.activityType)).toEqual(["Mention"]);
    // Editing a comment to add a mention tells the new person once; editing again does not repeat it.
    const other = await comment("bob", d.discussionID, "Nothing yet.");
    await readAll(["alice", "carol", "dave", "erin"]);
    for (let i = 0; i < 2; i++) {
      const edit = await f.api.patch(
        `/api/v2/comments/${other.commentID}`,
        { body: `Now @Nell ${i}`, format: "markdown" },
        { as: f.as.bob },
      );
      expect(edit.statusCode, edit.body).toBe(200);
    }
    expect((await list(f.as.carol)).filter((n) => n.recordID === other.commentID && !n.read)).toHaveLength(1);
    await readAll(["alice", "carol", "dave", "erin"]);
  });

  it("reads mentions as the rich editor writes them (rich2 text, quoted names, a trailing space)", async () => {
    const d = await discussion("alice");
    await readAll(["alice", "dave", "erin"]);
    const body = JSON.stringify([{ type: "p", children: [{ text: 'Thanks @"Nick Smith" and @Nina ' }] }]);
    const c = await comment("bob", d.discussionID, body, "rich2");
    expect(c.body).toContain('class="atMention">@Nick Smith</a>');
    expect(c.body).toContain('class="atMention">@Nina</a>');
    for (const who of ["dave", "erin"] as const)
      expect((await list(f.as[who]))[0]).toMatchObject({ activityType: "Mention", recordID: c.commentID, read: false });
    await readAll(["alice", "dave", "erin"]);
  });

  it("tells the author of a quoted post", async () => {
    const d = await discussion("erin");
    const quoted = await comment("carol", d.discussionID, "Quote me.");
    await readAll(["carol", "erin"]);
    const c = await comment(
      "bob",
      d.discussionID,
      `[quote="Nell;${quoted.commentID}"]Quote me.[/quote]Indeed.`,
      "bbcode",
    );
    expect((await list(f.as.carol))[0]).toMatchObject({ activityType: "Quote", recordID: c.commentID });
    await readAll(["carol", "erin"]);
  });

  it("tells the author about reactions, grouped per post", async () => {
    const d = await discussion("alice");
    await readAll(["alice"]);
    for (const who of ["bob", "carol"] as const) {
      const response = await f.api.post(
        `/api/v2/discussions/${d.discussionID}/reactions`,
        { reactionType: "like" },
        { as: f.as[who] },
      );
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
    const reactions = (await list(f.as.alice)).filter(
      (n) => n.activityType === "Reaction" && n.recordID === d.discussionID,
    );
    expect(reactions).toHaveLength(1);
    expect(reactions[0]).toMatchObject({ count: 2, read: false, recordType: "discussion" });
    expect(reactions[0]!.body).toContain("<b>Nell</b>");
    // Reacting to your own post tells no one.
    await f.api.post(`/api/v2/discussions/${d.discussionID}/reactions`, { reactionType: "like" }, { as: f.as.alice });
    expect(
      (await list(f.as.alice)).filter((n) => n.activityType === "Reaction" && n.recordID === d.discussionID)[0]!.count,
    ).toBe(2);
    await readAll(["alice"]);
  });

  it("says nothing about muted discussions", async () => {
    const d = await discussion("alice");
    expect(
      (await f.api.put(`/api/v2/discussions/${d.discussionID}/mute`, { muted: true }, { as: f.as.alice })).statusCode,
    ).toBe(200);
    await comment("bob", d.discussionID, "@Nora are you there?");
    expect(await unread(f.as.alice)).toBe(0);
  });

  it("applies preferences: popup off keeps it out of the menu, email on still mails; others' preferences are closed", async () => {
    const defaults = await f.api.get("/api/v2/notification-preferences", { as: f.as.erin });
    expect(defaults.json<NotificationPreferences>()).toEqual({
      ...defaultNotificationPreferences,
      DigestEnabled: { email: false },
    });
    const patched = await f.api.patch(
      "/api/v2/notification-preferences",
      { DiscussionComment: { popup: false } },
      { as: f.as.erin },
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<NotificationPreferences>().DiscussionComment).toEqual({ popup: false, email: true });
    expect(
      (await f.api.get(`/api/v2/notification-preferences/${f.users.erin.userID}`, { as: f.as.bob })).statusCode,
    ).toBe(403);
    expect((await f.api.get("/api/v2/notification-preferences", { as: null })).statusCode).toBe(403);
    // An administrator asking for a member who does not exist: 404, not defaults (GET) or a foreign-key 500 (PATCH).
    expect((await f.api.get("/api/v2/notification-preferences/999999", { as: f.admin })).statusCode).toBe(404);
    const nobody = await f.api.patch(
      "/api/v2/notification-preferences/999999",
      { DiscussionComment: { popup: false } },
      { as: f.admin },
    );
    expect(nobody.statusCode, nobody.body).toBe(404);
    const schema = await f.api.get("/api/v2/notification-preferences/schema", { as: f.as.erin });
    expect(JSON.stringify(schema.json())).toContain("Notify me when people mention me.");

    await readAll(["erin"]);
    const before = mailCount("erin");
    const d = await discussion("erin");
    await comment("bob", d.discussionID, "Popup off.");
    expect(await unread(f.as.erin)).toBe(0);
    await eventually(() => mailCount("erin") > before);

    await f.api.patch(
      "/api/v2/notification-preferences",
      { DiscussionComment: { popup: false, email: false } },
      { as: f.as.erin },
    );
    const mailsNow = mailCount("erin");
    await comment("bob", d.discussionID, "Both off.");
    // Notifications and outbox mail are written before the post's answer: none can come later.
    expect(mailCount("erin")).toBe(mailsNow);
    expect(await unread(f.as.erin)).toBe(0);
    await f.api.patch(
      "/api/v2/notification-preferences",
      { DiscussionComment: { popup: true, email: true } },
      { as: f.as.erin },
    );
  });

  it("mails the post's excerpt, a link and a one-click unsubscribe link that turns that e-mail off", async () => {
    const d = await discussion("carol", { name: "Mail me" });
    const before = mailCount("carol");
    const c = await comment("bob", d.discussionID, "Hello <script>alert(1)</script> **there**.");
    const mail = await eventually(() => mailTo(f.t.database.dataDir, f.users.carol.email)[before]);
    expect(mail.subject).toBe("Ned commented on Mail me.");
    expect(mail.text).toContain("Hello");
    expect(mail.text).toContain(`http://forum.test/discussion/comment/${c.commentID}#Comment_${c.commentID}`);
    expect(mail.html).not.toContain("<script");
    expect(mail.html).toContain("<b>Ned</b>");
    const headers = (mail as unknown as { headers: Record<string, string> }).headers;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /<(http:\/\/forum\.test\/api\/v2\/unsubscribe\/([^>]+))>/.exec(headers["List-Unsubscribe"]!);
    expect(link).not.toBeNull();
    // A forged token does nothing; the real one (no session, no Origin, as a mail client posts it) works.
    expect(
      (await f.api.post(`/api/v2/unsubscribe/${link![2]!.slice(0, -3)}abc`, { "List-Unsubscribe": "One-Click" }))
        .statusCode,
    ).toBe(404);
    const response = await f.api.post(
      `/api/v2/unsubscribe/${link![2]}`,
      { "List-Unsubscribe": "One-Click" },
      {
        headers: { "x-requested-with": "" },
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ preferences: [{ preference: "Email.DiscussionComment", enabled: "0" }] });
    const prefs = (
      await f.api.get("/api/v2/notification-preferences", { as: f.as.carol })
    ).json<NotificationPreferences>();
    expect(prefs.DiscussionComment).toEqual({ popup: true, email: false });
    const count = mailCount("carol");
    await comment("bob", d.discussionID, "Again.");
    expect(mailCount("carol")).toBe(count);

    // The unsubscribe page: the link's activity only, on or off, with no session; then resubscribed.
    const token = link![2]!;
    const patch = (body: object) => f.api.patch(`/api/v2/unsubscribe/${token}`, body, { as: null });
    const popupOff = await patch({ preferences: [{ preference: "Popup.DiscussionComment", enabled: "0" }] });
    expect(popupOff.statusCode, popupOff.body).toBe(204);
    const other = await patch({ preferences: [{ preference: "Email.Mention", enabled: "0" }] });
    expect(other.statusCode).toBe(422);
    expect((await f.api.patch(`/api/v2/unsubscribe/${token.slice(0, -3)}abc`, { preferences: [] })).statusCode).toBe(
      400,
    );
    const forged = await f.api.patch(
      `/api/v2/unsubscribe/${token.slice(0, -3)}abc`,
      { preferences: [{ preference: "Email.DiscussionComment", enabled: "1" }] },
      { as: null },
    );
    expect(forged.statusCode).toBe(404);
    const preferencesOf = async () =>
      (await f.api.get("/api/v2/notification-preferences", { as: f.as.carol })).json<NotificationPreferences>();
    expect((await preferencesOf()).DiscussionComment).toEqual({ popup: false, email: false });
    const resubscribed = await f.api.post(`/api/v2/unsubscribe/resubscribe/${token}`, {}, { as: null });
    expect(resubscribed.statusCode, resubscribed.body).toBe(200);
    expect(resubscribed.json()).toEqual({ preferences: [{ preference: "Email.DiscussionComment", enabled: "1" }] });
    expect((await f.api.post(`/api/v2/unsubscribe/resubscribe/${token.slice(0, -3)}abc`, {})).statusCode).toBe(404);
    expect((await patch({ preferences: [{ preference: "Popup.DiscussionComment", enabled: true }] })).statusCode).toBe(
      204,
    );
    expect((await preferencesOf()).DiscussionComment).toEqual({ popup: true, email: true });
    await readAll(["carol"]);
  });

  it("never notifies or mails about a post the recipient may not view", async () => {
    const hide = (view: boolean) => membersMayView(f, f.category["off-topic"], view);
    const d = await postDiscussion(f.api, f.admin, { categoryID: f.category["off-topic"], name: "Staff only" });
    // Alice follows it while she can still see it.
    expect(
      (await f.api.put(`/api/v2/discussions/${d.discussionID}/bookmark`, { bookmarked: true }, { as: f.as.alice }))
        .statusCode,
    ).toBe(200);
    await readAll(["alice", "bob"]);
    const mailsBefore = mailCount("alice") + mailCount("bob");
    expect((await hide(false)).statusCode).toBe(200);
    try {
      await postComment(f.api, f.admin, d.discussionID, "@Ned and @Nora, secret.");
      await postDiscussion(f.api, f.admin, { categoryID: f.category["off-topic"], body: "@Ned secret too" });
      expect(await list(f.as.alice)).toSatisfy((items: NotificationRecord[]) => items.every((n) => n.read));
      expect(await unread(f.as.alice)).toBe(0);
      expect(await unread(f.as.bob)).toBe(0);
      expect(mailCount("alice") + mailCount("bob")).toBe(mailsBefore);
    } finally {
      expect((await hide(true)).statusCode).toBe(200);
    }
  });

  it("leaves out what the member was told about a discussion they may no longer view, until they may again", async () => {
    const hide = (view: boolean) => membersMayView(f, f.category["off-topic"], view);
    await readAll(["erin"]);
    const open = await discussion("erin", { name: "Open plans" });
    const moved = await postDiscussion(f.api, f.admin, { categoryID: f.category["off-topic"], name: "Later staff" });
    const bookmark = `/api/v2/discussions/${moved.discussionID}/bookmark`;
    expect((await f.api.put(bookmark, { bookmarked: true }, { as: f.as.erin })).statusCode).toBe(200);
    await comment("carol", open.discussionID);
    await postComment(f.api, f.admin, moved.discussionID, "A reply she was told about.");
    const told = await list(f.as.erin);
    const about = (items: NotificationRecord[]) => items.filter((n) => !n.read).map((n) => n.discussionID);
    expect(about(told).sort()).toEqual([open.discussionID, moved.discussionID].sort());
    const hiddenOne = told.find((n) => n.discussionID === moved.discussionID)!;
    expect(await unread(f.as.erin)).toBe(2);
    expect((await hide(false)).statusCode).toBe(200);
    try {
      // Its title and the reply are no longer hers to see: gone from the list, the one and the count.
      expect(about(await list(f.as.erin))).toEqual([open.discussionID]);
      expect(await unread(f.as.erin)).toBe(1);
      const counts = (await f.api.get("/api/v2/users/me-counts", { as: f.as.erin })).json<MeCounts>();
      expect(counts.counts).toContainEqual({ name: "UnreadNotifications", count: 1 });
      const one = await f.api.get(`/api/v2/notifications/${hiddenOne.notificationID}`, { as: f.as.erin });
      expect(one.statusCode).toBe(404);
      const marked = await f.api.patch(
        `/api/v2/notifications/${hiddenOne.notificationID}`,
        { read: true },
        { as: f.as.erin },
      );
      expect(marked.statusCode).toBe(404);
    } finally {
      expect((await hide(true)).statusCode).toBe(200);
    }
    expect(about(await list(f.as.erin)).sort()).toEqual([open.discussionID, moved.discussionID].sort());
    expect(await unread(f.as.erin)).toBe(2);
    await readAll(["erin"]);
  });

  it("marks one read, then all read (unread count 0); only the owner may see or mark a notification", async () => {
    const d = await discussion("dave");
    for (let i = 0; i < 3; i++) await comment("bob", d.discussionID, `Reply ${i}`);
    const items = await list(f.as.dave);
    expect(items.filter((n) => !n.read).length).toBeGreaterThanOrEqual(3);
    const target = items[0]!;
    expect((await f.api.get(`/api/v2/notifications/${target.notificationID}`, { as: f.as.bob })).statusCode).toBe(404);
    expect(
      (await f.api.patch(`/api/v2/notifications/${target.notificationID}`, { read: true }, { as: f.as.bob }))
        .statusCode,
    ).toBe(404);
    expect((await f.api.get("/api/v2/notifications", { as: null })).statusCode).toBe(403);
    const before = await unread(f.as.dave);
    const marked = await f.api.patch(
      `/api/v2/notifications/${target.notificationID}`,
      { read: true },
      { as: f.as.dave },
    );
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<NotificationRecord>().read).toBe(true);
    expect(await unread(f.as.dave)).toBe(before - 1);
    expect(
      (await f.api.patch(`/api/v2/notifications/${target.notificationID}`, { read: false }, { as: f.as.dave }))
        .statusCode,
    ).toBe(400);
    expect((await f.api.patch("/api/v2/notifications", { read: true }, { as: f.as.dave })).statusCode).toBe(204);
    expect(await unread(f.as.dave)).toBe(0);
    expect((await list(f.as.dave)).every((n) => n.read)).toBe(true);
  });

  it("pages newest first with a more-pager, in a fixed number of queries", async () => {
    const d = await discussion("bob");
    for (let i = 0; i < 5; i++) await comment("carol", d.discussionID, `Paged ${i}`);
    const page1 = await f.api.get("/api/v2/notifications?limit=2", { as: f.as.bob });
    expect(page1.headers["x-app-page-next-url"]).toContain("page=2");
    const [a, b] = page1.json<NotificationRecord[]>();
    expect(Date.parse(a!.dateUpdated)).toBeGreaterThanOrEqual(Date.parse(b!.dateUpdated));
    const page2 = (await f.api.get("/api/v2/notifications?limit=2&page=2", { as: f.as.bob })).json<
      NotificationRecord[]
    >();
    expect(page2.map((n) => n.notificationID)).not.toContain(a!.notificationID);
    // The fewest of a few tries: a cache reloading meanwhile adds to one count (CI saw it once).
    const small = await fewestQueries(() =>
      f.api.get("/api/v2/notifications?limit=1&expand=discussion", { as: f.as.bob }),
    );
    const large = await f.api.get("/api/v2/notifications?limit=20&expand=discussion", { as: f.as.bob });
    expect(large.json<unknown[]>().length).toBeGreaterThan(4);
    expect(
      await fewestQueries(() => f.api.get("/api/v2/notifications?limit=20&expand=discussion", { as: f.as.bob })),
    ).toBe(small);
  });
});
