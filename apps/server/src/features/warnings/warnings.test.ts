import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Type } from "typebox";
import {
  readOnlyMessage,
  UserNote,
  Warning,
  WarningSummary,
  type Notification,
  type UserNote as UserNoteRecord,
  type Warning as WarningRecord,
  type WarningSummary as WarningSummaryRecord,
} from "@parley/contracts";
import { mailTo, seededAdmin, type Session } from "../../test/accounts.ts";
import { createContentFixture, expectSchema, postDiscussion, type ContentFixture } from "../../test/content.ts";
import { engines } from "../../test/databases.ts";

const cast = {
  ann: { name: "Ann Warned", role: "member", bypassSpam: true },
  ben: { name: "Ben Bystander", role: "member", bypassSpam: true },
  cal: { name: "Cal Counted", role: "member", bypassSpam: true },
  dee: { name: "Dee Banned", role: "member", bypassSpam: true },
  mod: { name: "Mo Warner", role: "moderator", bypassSpam: true },
} as const;
type Who = keyof typeof cast;
const DAY = 86_400_000;

describe.each(engines)("warnings and moderators' notes on %s", (engine) => {
  let f: ContentFixture<Who>;
  let discussionID: number;

  beforeAll(async () => {
    f = await createContentFixture(engine, cast);
    discussionID = (await postDiscussion(f.api, f.as.ben, { categoryID: f.category.general })).discussionID;
  });
  afterAll(async () => {
    await f?.t.close();
  });

  const warn = (who: Who, body: Record<string, unknown>, as: Session | null = f.as.mod) =>
    f.api.post(`/api/v2/users/${f.users[who].userID}/warnings`, body, { as });
  const warned = async (who: Who, body: Record<string, unknown>) => {
    const response = await warn(who, body);
    expect(response.statusCode, response.body).toBe(201);
    expectSchema(Warning, response.json());
    return response.json<WarningRecord>();
  };
  const summary = async (who: Who, as: Session = f.as.mod) => {
    const response = await f.api.get(`/api/v2/users/${f.users[who].userID}/warnings/summary`, { as });
    expect(response.statusCode, response.body).toBe(200);
    expectSchema(WarningSummary, response.json());
    return response.json<WarningSummaryRecord>();
  };
  /** Every kind of post a member makes, and its answer's status and message. */
  const tryPosting = async (as: Session) => {
    const recipient = as.userID === f.users.ben.userID ? f.users.ann.userID : f.users.ben.userID;
    const answers = [
      await f.api.post(
        "/api/v2/discussions",
        { categoryID: f.category.general, name: "Still here", body: "Hello.", format: "markdown" },
        { as },
      ),
      await f.api.post("/api/v2/comments", { discussionID, body: "A reply.", format: "markdown" }, { as }),
      await f.api.post(
        "/api/v2/conversations",
        { participantUserIDs: [recipient], initialBody: "Hi Ben.", initialFormat: "markdown" },
        { as },
      ),
      await f.api.post(`/api/v2/discussions/${discussionID}/reactions`, { reactionType: "like" }, { as }),
    ];
    return answers.map((answer) => ({
      status: answer.statusCode,
      message: answer.json<{ message: string }>().message,
    }));
  };

  it("lets moderators warn; members, guests and the moderator themself may not", async () => {
    expect((await warn("ann", { reason: "Be nice." }, f.as.ben)).statusCode).toBe(403);
    expect((await warn("ann", { reason: "Be nice." }, null)).statusCode).toBe(403);
    expect((await warn("mod", { reason: "Me?" })).statusCode).toBe(400);
    expect((await f.api.post("/api/v2/users/987654/warnings", { reason: "Nobody" }, { as: f.as.mod })).statusCode).toBe(
      404,
    );
    expect((await warn("ann", { reason: "" })).statusCode).toBe(400);
    expect((await warn("ann", { reason: "Too many", points: 1000 })).statusCode).toBe(400);
    const warning = await warned("ann", { reason: "Please keep it civil." });
    expect(warning).toMatchObject({
      userID: f.users.ann.userID,
      reason: "Please keep it civil.",
      points: 1,
      insertUserID: f.users.mod.userID,
      isActive: true,
      consequence: "none",
      readOnlyUntil: null,
    });
    // 30 days by default.
    expect(Date.parse(warning.dateExpires!) - Date.parse(warning.dateInserted)).toBe(30 * DAY);
  });

  it("shows a member their own warnings and tells them (popup and mail); other members see nothing", async () => {
    const mailBefore = mailTo(f.t.database.dataDir, f.users.ann.email).length;
    await warned("ann", { reason: "Off-topic links.", points: 0, expireDays: 0 });
    const own = await f.api.get(`/api/v2/users/${f.users.ann.userID}/warnings`, { as: f.as.ann });
    expect(own.statusCode).toBe(200);
    expectSchema(Type.Array(Warning), own.json());
    const list = own.json<WarningRecord[]>();
    expect(list.map((warning) => warning.reason)).toEqual(["Off-topic links.", "Please keep it civil."]);
    expect(list[0]!.dateExpires).toBeNull();
    for (const as of [f.as.ben, null]) {
      expect((await f.api.get(`/api/v2/users/${f.users.ann.userID}/warnings`, { as })).statusCode).toBe(403);
      expect((await f.api.get(`/api/v2/users/${f.users.ann.userID}/warnings/summary`, { as })).statusCode).toBe(403);
    }
    const notifications = (await f.api.get("/api/v2/notifications", { as: f.as.ann })).json<Notification[]>();
    const told = notifications.filter((notification) => notification.activityType === "Warning");
    expect(told.map((notification) => notification.body)).toContain(
      "<b>Mo Warner</b> warned you: <b>Off-topic links.</b>.",
    );
    expect(told[0]!.url).toMatch(/\/profile\/Ann%20Warned$/);
    expect((await f.api.get("/api/v2/notifications", { as: f.as.ben })).json<Notification[]>()).not.toContainEqual(
      expect.objectContaining({ activityType: "Warning" }),
    );
    const mail = mailTo(f.t.database.dataDir, f.users.ann.email);
    expect(mail.length).toBe(mailBefore + 1);
    expect(mail.at(-1)!.text).toContain("Off-topic links.");
  });

  it("adds up active points; at 3 the member is read-only for 7 days: no posts, comments, messages or reactions", async () => {
    expect((await summary("cal")).activePoints).toBe(0);
    await warned("cal", { reason: "First", points: 2 });
    expect(await summary("cal")).toMatchObject({
      activePoints: 2,
      readOnlyUntil: null,
      readOnlyPoints: 3,
      banPoints: 5,
    });
    // What Cal wrote before: a discussion, a comment and a conversation, theirs to edit and answer until then.
    const [own, ownComment, ownConversation] = await Promise.all(
      (["/api/v2/discussions", "/api/v2/comments", "/api/v2/conversations"] as const).map(async (path, index) => {
        const body = [
          { categoryID: f.category.general, name: "Mine", body: "Mine.", format: "markdown" },
          { discussionID, body: "My reply.", format: "markdown" },
          { participantUserIDs: [f.users.ben.userID], initialBody: "Hi.", initialFormat: "markdown" },
        ][index];
        const response = await f.api.post(path, body, { as: f.as.cal });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ discussionID?: number; commentID?: number; conversationID?: number }>();
      }),
    );
    /** Cal's edits of their discussion and comment, and their answer in their conversation. */
    const tryEditing = async (as: Session) =>
      Promise.all([
        f.api.patch(`/api/v2/discussions/${own!.discussionID}`, { body: "Edited." }, { as }),
        f.api.patch(`/api/v2/discussions/${own!.discussionID}`, { name: "Renamed" }, { as }),
        f.api.patch(`/api/v2/comments/${ownComment!.commentID}`, { body: "Edited reply." }, { as }),
        f.api.post(
          "/api/v2/messages",
          { conversationID: ownConversation!.conversationID, body: "Again.", format: "markdown" },
          { as },
        ),
      ]);
    expect((await tryEditing(f.as.cal)).map((answer) => answer.statusCode)).toEqual([200, 200, 200, 201]);
    expect((await tryPosting(f.as.cal)).map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    const second = await warned("cal", { reason: "Second", points: 1 });
    expect(second.consequence).toBe("readOnly");
    expect(Date.parse(second.readOnlyUntil!) - Date.parse(second.dateInserted)).toBe(7 * DAY);
    const standing = await summary("cal", f.as.cal);
    expect(standing).toMatchObject({ activePoints: 3, readOnlyUntil: second.readOnlyUntil });
    const refused = await tryPosting(f.as.cal);
    expect(refused).toEqual(
      Array.from({ length: 4 }, () => ({ status: 403, message: readOnlyMessage(second.readOnlyUntil!) })),
    );
    // Nor edit their posts, or answer in a conversation, with the same sentence; their profile stays theirs.
    for (const answer of await tryEditing(f.as.cal)) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json<{ message: string }>().message).toBe(readOnlyMessage(second.readOnlyUntil!));
    }
    const discussionNow = await f.api.get(`/api/v2/discussions/${own!.discussionID}`, { as: f.as.cal });
    expect(discussionNow.json<{ name: string }>().name).toBe("Renamed");
    const profile = await f.api.patch(
      `/api/v2/users/${f.users.cal.userID}`,
      { signature: "Still me.", location: "Elsewhere" },
      { as: f.as.cal },
    );
    expect(profile.statusCode, profile.body).toBe(200);
    // A moderator still edits the member's post.
    const moderated = await f.api.patch(
      `/api/v2/comments/${ownComment!.commentID}`,
      { body: "Tidied." },
      {
        as: f.as.mod,
      },
    );
    expect(moderated.statusCode, moderated.body).toBe(200);
    // Other members post as before.
    expect((await tryPosting(f.as.ben)).map((answer) => answer.status)).toEqual([201, 201, 201, 201]);

    // After 7 days the read-only time is over, with no job: the date is compared on each post.
    f.t.clock.advance(7 * DAY + 60_000);
    // Sessions that were not "remember me" ended meanwhile: everyone signs in again.
    for (const who of Object.keys(cast) as Who[]) f.as[who] = await f.api.signIn(f.users[who]);
    f.admin = await f.api.signIn(seededAdmin);
    const cal = f.as.cal;
    expect((await summary("cal", cal)).readOnlyUntil).toBeNull();
    expect((await tryPosting(cal)).map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
  });

  it("reversing the warning that made a member read-only lets them post again; its points count no more", async () => {
    await warned("ben", { reason: "One", points: 3 });
    const ben = f.as.ben;
    const [warning] = (await f.api.get(`/api/v2/users/${f.users.ben.userID}/warnings`, { as: ben })).json<
      WarningRecord[]
    >();
    expect((await tryPosting(ben))[1]!.status).toBe(403);
    const path = `/api/v2/users/${f.users.ben.userID}/warnings/${warning!.warningID}/reverse`;
    expect((await f.api.post(path, {}, { as: ben })).statusCode).toBe(403);
    const reversed = await f.api.post(path, {}, { as: f.as.mod });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json<WarningRecord>()).toMatchObject({ isActive: false, reverseUserID: f.users.mod.userID });
    expect((await f.api.post(path, {}, { as: f.as.mod })).statusCode).toBe(409);
    expect(await summary("ben")).toMatchObject({ activePoints: 0, readOnlyUntil: null });
    expect((await tryPosting(ben))[1]!.status).toBe(201);
  });

  it("bans a member whose active points reach 5, through the users feature's ban", async () => {
    await warned("dee", { reason: "Spam links", points: 2 });
    const last = await warned("dee", { reason: "More spam links", points: 3 });
    expect(last.consequence).toBe("ban");
    const user = await f.api.get(`/api/v2/users/${f.users.dee.userID}`, { as: f.admin });
    expect(user.json<{ banned: number }>().banned).toBe(1);
    // A banned member's session no longer posts.
    expect((await tryPosting(f.as.dee))[0]!.status).toBe(401);
  });

  it("follows the site's thresholds (config), 0 turning a consequence off", async () => {
    const set = await f.api.patch(
      "/api/v2/config",
      { "warnings.readOnlyPoints": 0, "warnings.banPoints": 0 },
      { as: f.admin },
    );
    expect(set.statusCode, set.body).toBe(200);
    expect((await f.api.patch("/api/v2/config", { "warnings.banPoints": 1 }, { as: f.as.mod })).statusCode).toBe(403);
    f.t.clock.advance(10_000);
    const warning = await warned("ann", { reason: "Heavy", points: 50 });
    expect(warning.consequence).toBe("none");
    await f.api.patch("/api/v2/config", { "warnings.readOnlyPoints": 3, "warnings.banPoints": 5 }, { as: f.admin });
  });

  it("keeps moderators' notes from the member and every other member", async () => {
    const notes = `/api/v2/users/${f.users.ann.userID}/notes`;
    const added = await f.api.post(notes, { body: "Argues a lot, but means well." }, { as: f.as.mod });
    expect(added.statusCode, added.body).toBe(201);
    expectSchema(UserNote, added.json());
    expect(added.json<UserNoteRecord>()).toMatchObject({
      body: "Argues a lot, but means well.",
      insertUserID: f.users.mod.userID,
    });
    const list = await f.api.get(notes, { as: f.as.mod });
    expect(list.statusCode).toBe(200);
    expectSchema(Type.Array(UserNote), list.json());
    expect(list.json<UserNoteRecord[]>().map((note) => note.body)).toEqual(["Argues a lot, but means well."]);
    const ann = f.as.ann;
    for (const as of [ann, f.as.ben, null]) {
      const refused = await f.api.get(notes, { as });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain("means well");
      expect((await f.api.post(notes, { body: "Mine" }, { as })).statusCode).toBe(403);
    }
    // Nor do the member's profile or warnings carry them.
    for (const path of [`/api/v2/users/${f.users.ann.userID}`, `/api/v2/users/${f.users.ann.userID}/warnings`])
      expect((await f.api.get(path, { as: ann })).body).not.toContain("means well");
    const id = added.json<UserNoteRecord>().userNoteID;
    expect((await f.api.delete(`${notes}/${id}`, { as: ann })).statusCode).toBe(403);
    expect((await f.api.delete(`${notes}/${id}`, { as: f.as.mod })).statusCode).toBe(204);
    expect((await f.api.delete(`${notes}/${id}`, { as: f.as.mod })).statusCode).toBe(404);
  });
});
