import { randomBytes } from "node:crypto";
import mysql from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { createTestClock } from "../../platform/clock.ts";
import { createApi, type Api, type Session } from "../../test/accounts.ts";
import { readyTestApp, testConfig, type TestApp } from "../../test/app.ts";
import { counterMismatches } from "../../test/counters.ts";
import { createTestDatabase, engines, type TestDatabase } from "../../test/databases.ts";
import { importVanilla, ImportRefused, openVanillaSource, type ImportReport } from "./index.ts";
import { tableOf, tablesOf } from "./import.testing.ts";
import { vanillaSchema } from "./vanilla.schema.testing.ts";

/*
 * The importer against a real MariaDB (127.0.0.1:3306, root without a password: CI has it; without it these
 * tests fail, never skip): a database of this file's own with Vanilla's tables (vanilla.schema.testing.ts, from the columns
 * of Vanilla's structure files) and a small forum, imported into a Parley test database of each engine, then
 * checked through the API.
 */

const MARIADB = { host: "127.0.0.1", port: 3306, user: "root", password: "" };

// Hashes made outside Parley (password.test.ts says how): phpass by passlib, bcrypt by PHP's password_hash.
const PHPASS = { password: "old phpass secret", hash: "$P$6abcdefghmpkwSgVDmoDid8px4JXA/." };
const BCRYPT = { password: "old bcrypt secret", hash: "$2y$04$mIzZvRa8GRd2//cHu3SZiul7328k3dMynqZdb4MVcFSqJhLFc8d3K" };

const forum = `
insert into GDN_Role (RoleID, Name, Type, Sort, Deletable, CanSession) values
  (2, 'Guest', 'guest', 1, 0, 0), (3, 'Unconfirmed', 'unconfirmed', 2, 0, 1), (8, 'Member', 'member', 4, 1, 1),
  (16, 'Administrator', 'administrator', 6, 1, 1), (32, 'Moderator', 'moderator', 5, 1, 1), (40, 'Staff', null, 7, 1, 1);
insert into GDN_Permission (RoleID, JunctionTable, JunctionColumn, JunctionID, \`Garden.SignIn.Allow\`,
  \`Garden.Settings.Manage\`, \`Garden.Profiles.View\`, \`Garden.Email.View\`, \`Vanilla.Discussions.View\`,
  \`Vanilla.Discussions.Add\`, \`Vanilla.Comments.Add\`) values
  (0, 'Category', 'PermissionCategoryID', -1, 0, 0, 0, 0, 1, 1, 1),
  (2, null, null, null, 0, 0, 1, 0, 0, 0, 0), (2, 'Category', 'PermissionCategoryID', -1, 0, 0, 0, 0, 1, 0, 0),
  (8, null, null, null, 1, 0, 1, 1, 0, 0, 0), (8, 'Category', 'PermissionCategoryID', -1, 0, 0, 0, 0, 1, 1, 1),
  (16, null, null, null, 1, 1, 1, 1, 0, 0, 0), (16, 'Category', 'PermissionCategoryID', -1, 0, 0, 0, 0, 1, 1, 1),
  (40, null, null, null, 1, 0, 1, 0, 0, 0, 0), (40, 'Category', 'PermissionCategoryID', 3, 0, 0, 0, 0, 1, 1, 1);
insert into GDN_User (UserID, Name, Password, HashMethod, Photo, Email, Confirmed, Admin, Banned, DateInserted,
  DateLastActive, InsertIPAddress) values
  (1, 'vadmin', '${PHPASS.hash}', 'Vanilla', 'https://cdn.example.com/a.png', 'admin@example.com', 1, 1, 0,
    '2015-03-01 10:00:00', '2020-01-01 00:00:00', unhex('C0A80001')),
  (2, 'phpass_member', '${PHPASS.hash}', 'Vanilla', 'userpics/2/p.jpg', 'p@example.com', 1, 0, 0, '2016-01-02 03:04:05', null, null),
  (3, 'bcrypt_member', '${BCRYPT.hash}', 'Vanilla', null, 'b@example.com', 1, 0, 0, '2016-02-02 00:00:00', null, null),
  (4, 'staffer', '${PHPASS.hash}', 'Vanilla', null, 's@example.com', 1, 0, 0, '2016-03-02 00:00:00', null, null),
  (5, 'banned_one', '${PHPASS.hash}', 'Vanilla', null, 'x@example.com', 0, 0, 1, '2016-04-02 00:00:00', null, null),
  (7, 'random_hash', 'abcdef', 'Random', null, 'r@example.com', 1, 0, 0, '2017-04-02 00:00:00', null, null);
insert into GDN_UserRole (UserID, RoleID) values (1, 16), (2, 8), (3, 8), (4, 8), (4, 40), (5, 8), (7, 8), (9, 8);
insert into GDN_Category (CategoryID, ParentCategoryID, Name, UrlCode, Description, Sort, PermissionCategoryID,
  DisplayAs, InsertUserID, DateInserted, DateUpdated) values
  (-1, null, 'Root', '', null, 0, -1, 'Categories', 1, '2015-01-01 00:00:00', '2015-01-01 00:00:00'),
  (1, -1, 'General', 'general', 'Talk about anything.', 1, -1, 'Discussions', 1, '2015-01-01 00:00:00', '2015-01-01 00:00:00'),
  (2, 1, 'Sub', 'sub', null, 1, -1, 'Default', 1, '2015-01-01 00:00:00', '2015-01-01 00:00:00'),
  (3, -1, 'Staff Room', 'staff-room', 'Staff only.', 2, 3, 'Discussions', 1, '2015-01-01 00:00:00', '2015-01-01 00:00:00'),
  (4, 6, 'Child First', 'child-first', null, 1, -1, 'Default', 1, '2015-01-01 00:00:00', '2015-01-01 00:00:00'),
  (6, -1, 'Parent Later', 'parent-later', null, 3, -1, 'Default', 1, '2015-01-01 00:00:00', '2015-01-01 00:00:00');
insert into GDN_Discussion (DiscussionID, Type, CategoryID, InsertUserID, Name, Body, Format, Closed, Announce,
  CountViews, DateInserted, DateLastComment) values
  (10, null, 1, 2, 'Markdown talk', 'Some **markdown** about zebrafish', 'Markdown', 0, 0, 12, '2018-01-01 10:00:00', '2018-01-02 10:00:00'),
  (11, 'Question', 2, 3, 'Html question', '<p>An <b>html</b> question</p>', 'Html', 1, 1, 3, '2018-02-01 10:00:00', '2018-02-01 10:00:00'),
  (12, null, 3, 4, 'Secret plans', '[b]staff[/b] only', 'BBCode', 0, 0, 1, '2018-03-01 10:00:00', '2018-03-01 10:00:00'),
  (13, null, 4, 1, 'Rich post', '[{"insert":"rich text\\\\n"}]', 'Rich', 0, 0, 1, '2018-04-01 10:00:00', '2018-04-01 10:00:00'),
  (14, null, 99, 1, 'Lost category', 'x', 'Html', 0, 0, 1, '2018-05-01 10:00:00', null),
  (15, null, 1, 6, 'Lost author', 'x', 'Html', 0, 0, 1, '2018-06-01 10:00:00', null);
insert into GDN_Comment (CommentID, DiscussionID, InsertUserID, Body, Format, DateInserted) values
  (100, 10, 3, 'First reply', 'Markdown', '2018-01-01 11:00:00'),
  (101, 10, 2, 'Second reply', 'Markdown', '2018-01-02 10:00:00'),
  (105, 11, 2, 'Plain answer', 'Text', '2018-02-02 10:00:00'),
  (107, 12, 4, 'Staff reply', 'Wysiwyg', '2018-03-02 10:00:00'),
  (108, 14, 1, 'On a lost discussion', 'Html', '2018-05-02 10:00:00');
insert into GDN_Tag (TagID, Name, FullName, Type, InsertUserID, DateInserted) values
  (1, 'zebrafish', 'Zebrafish', '', 1, '2018-01-01 00:00:00'), (2, 'staff-only', 'Staff Only', '', 1, '2018-01-01 00:00:00'),
  (3, 'Like', 'Like', 'Reaction', 1, '2018-01-01 00:00:00'), (4, 'Promote', 'Promote', 'Reaction', 1, '2018-01-01 00:00:00');
insert into GDN_TagDiscussion (TagID, DiscussionID, CategoryID, DateInserted) values
  (1, 10, 1, '2018-01-01 10:00:00'), (1, 11, 2, '2018-02-01 10:00:00'), (2, 12, 3, '2018-03-01 10:00:00'),
  (2, 14, 99, '2018-05-01 10:00:00');
insert into GDN_ReactionType (UrlCode, Name, Class, TagID, Active) values
  ('Like', 'Like', 'Positive', 3, 1), ('Promote', 'Promote', 'Positive', 4, 1);
insert into GDN_UserTag (RecordType, RecordID, TagID, UserID, DateInserted, Total) values
  ('Discussion', 10, 3, 3, '2018-01-03 00:00:00', 1), ('Discussion', 10, 4, 1, '2018-01-03 00:00:00', 1),
  ('Comment', 100, 3, 2, '2018-01-03 00:00:00', 1), ('Discussion-Total', 10, 3, 2, '2018-01-03 00:00:00', 2),
  ('Comment', 108, 3, 2, '2018-01-03 00:00:00', 1), ('Discussion', 11, 3, 1, '2018-02-03 00:00:00', 1),
  ('Discussion', 11, 3, 3, '2018-02-03 00:00:00', 1), ('Discussion', 11, 4, 2, '2018-02-03 00:00:00', 1);
insert into GDN_UserDiscussion (UserID, DiscussionID, CountComments, DateLastViewed, Bookmarked, Participated) values
  (3, 10, 1, '2018-01-01 12:00:00', 1, 1), (2, 11, 1, '2018-02-03 00:00:00', 0, 1), (6, 10, 0, null, 1, 0);
insert into GDN_Conversation (ConversationID, Subject, FirstMessageID, InsertUserID, DateInserted, UpdateUserID,
  DateUpdated, CountMessages, CountParticipants, LastMessageID) values
  (20, 'About the zebrafish', 30, 2, '2019-01-01 10:00:00', 3, '2019-01-01 12:00:00', 9, 9, 31);
insert into GDN_ConversationMessage (MessageID, ConversationID, Body, Format, InsertUserID, DateInserted) values
  (30, 20, 'Hello there', 'Text', 2, '2019-01-01 10:00:00'), (31, 20, '<p>Hi!</p>', 'Html', 3, '2019-01-01 12:00:00');
insert into GDN_UserConversation (UserID, ConversationID, CountReadMessages, LastMessageID, DateLastViewed) values
  (2, 20, 2, 31, '2019-01-01 12:00:00'), (3, 20, 1, 30, '2019-01-01 11:00:00');
`;

let sourceName = "";
let sourceUrl = "";

beforeAll(async () => {
  // No MariaDB is a failure here, not a skip: CI has it, and an import untested against it is not tested.
  const admin = await mysql.createConnection({ ...MARIADB, multipleStatements: true });
  sourceName = `parley_import_${randomBytes(4).toString("hex")}`;
  sourceUrl = `mysql://root@127.0.0.1:3306/${sourceName}`;
  await admin.query(`create database ${sourceName} character set utf8mb4`);
  await admin.query(`use ${sourceName}; ${vanillaSchema} ${forum}`);
  await admin.end();
});

afterAll(async () => {
  if (!sourceName) return;
  const admin = await mysql.createConnection(MARIADB);
  await admin.query(`drop database if exists ${sourceName}`);
  await admin.end();
});

async function runImport(database: TestDatabase, dryRun = false): Promise<ImportReport> {
  const source = await openVanillaSource(sourceUrl);
  try {
    // Batches of 2 so every table takes several (the keyset paging is exercised, pair keys included).
    return await importVanilla({ source, database, dryRun, batchSize: 2 });
  } finally {
    await source.close();
  }
}

async function appOn(database: TestDatabase): Promise<TestApp> {
  const clock = createTestClock();
  const app = await buildApp({ config: testConfig(database.dataDir, { clock }), database, compress: true });
  return readyTestApp(app, database, clock);
}

describe.each(engines)("importing a Vanilla database (%s)", (engine) => {
  let t: TestApp;
  let api: Api;
  let report: ImportReport;
  let admin: Session;

  beforeAll(async () => {
    const database = await createTestDatabase(engine);
    report = await runImport(database);
    t = await appOn(database);
    api = createApi(t.app);
    admin = await api.signIn({ name: "vadmin", password: PHPASS.password });
  });

  afterAll(async () => {
    await t?.close();
  });

  it("reports what it read, imported and skipped, and why", () => {
    expect(tablesOf(report)).toMatchObject({
      User: { read: 6, imported: 6, skipped: {} },
      UserRole: { read: 8, imported: 7, skipped: { "member not imported": 1 } },
      Category: {
        read: 6,
        imported: 5,
        skipped: { "the root category (Parley has its own)": 1 },
      },
      Discussion: {
        read: 6,
        imported: 4,
        skipped: { "its category was not imported": 1, "its author was not imported": 1 },
      },
      Comment: {
        read: 5,
        imported: 4,
        skipped: { "its discussion was not imported": 1 },
      },
    });
    // Parley's default roles have Vanilla's names: matched, not duplicated; the custom one is created.
    expect(tableOf(report, "Role")).toMatchObject({
      read: 6,
      imported: 1,
      skipped: { "matched to Parley's role of the same name": 5 },
    });
    expect(tableOf(report, "Permission").skipped).toEqual({ "the defaults' template (RoleID 0)": 1 });
    expect(report.notes).toMatchObject({
      "member without a password Parley can check (signs in after a password reset)": 1,
      "member photo stored in Vanilla's uploads, not kept (no uploads folder given: --uploads)": 1,
    });
    expect(report.indexed).toBeGreaterThan(0);
  });

  it("keeps members with their ids, e-mail, admin and ban flags, dates and photo addresses", async () => {
    const users = (await api.get("/api/v2/users?limit=100", { as: admin })).json<
      Array<{ userID: number; name: string; email: string; banned: number; photoUrl: string; dateInserted: string }>
    >();
    expect(users.map((user) => user.userID).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 7]);
    const byName = new Map(users.map((user) => [user.name, user]));
    expect(byName.get("phpass_member")).toMatchObject({ userID: 2, email: "p@example.com" });
    expect(byName.get("phpass_member")!.dateInserted).toBe("2016-01-02T03:04:05+00:00");
    expect(byName.get("banned_one")!.banned).toBe(1);
    expect(byName.get("vadmin")!.photoUrl).toBe("https://cdn.example.com/a.png");
    const me = (await api.get("/api/v2/users/me", { as: admin })).json<{ isAdmin: boolean }>();
    expect(me.isAdmin).toBe(true);
  });

  it("keeps the category tree, ids, order and urlcodes, a child whose parent has a later id included", async () => {
    const categories = (await api.get("/api/v2/categories?outputFormat=flat&limit=100", { as: admin })).json<
      Array<{
        categoryID: number;
        parentCategoryID: number;
        urlcode: string;
        displayAs: string;
        customPermissions: boolean;
      }>
    >();
    const byID = new Map(categories.map((category) => [category.categoryID, category]));
    expect([...byID.keys()].filter((id) => id > 0).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6]);
    expect(byID.get(2)).toMatchObject({ parentCategoryID: 1, urlcode: "sub" });
    expect(byID.get(4)).toMatchObject({ parentCategoryID: 6, urlcode: "child-first" });
    expect(byID.get(3)!.customPermissions).toBe(true);
    expect(byID.get(1)!.customPermissions).toBe(false);
  });

  it("keeps discussions and comments with their ids, formats, flags, authors and recounted counters", async () => {
    const discussions = (await api.get("/api/v2/discussions?limit=100", { as: admin })).json<
      Array<{
        discussionID: number;
        categoryID: number;
        insertUserID: number;
        closed: boolean;
        pinned: boolean;
        type: string;
        countComments: number;
        countViews: number;
      }>
    >();
    expect(discussions.map((d) => d.discussionID).sort((a, b) => a - b)).toEqual([10, 11, 12, 13]);
    const byID = new Map(discussions.map((d) => [d.discussionID, d]));
    expect(byID.get(10)).toMatchObject({ categoryID: 1, insertUserID: 2, countComments: 2, countViews: 12 });
    expect(byID.get(11)).toMatchObject({ closed: true, pinned: true, type: "question", countComments: 1 });
    expect(byID.get(12)).toMatchObject({ insertUserID: 4, categoryID: 3 });
    expect(byID.get(13)).toMatchObject({ categoryID: 4 });
    // Bodies keep their source and format, and render through Parley's one pipeline.
    const formatOf = async (url: string) =>
      (await api.get(url, { as: admin })).json<{ format: string; body: string }>();
    expect(await formatOf("/api/v2/discussions/10/edit")).toMatchObject({
      format: "markdown",
      body: "Some **markdown** about zebrafish",
    });
    expect((await formatOf("/api/v2/discussions/11/edit")).format).toBe("html");
    expect((await formatOf("/api/v2/discussions/12/edit")).format).toBe("bbcode");
    expect((await formatOf("/api/v2/discussions/13/edit")).format).toBe("rich");
    expect((await formatOf("/api/v2/comments/107/edit")).format).toBe("wysiwyg");
    expect((await formatOf("/api/v2/comments/105/edit")).format).toBe("text");
    expect((await api.get("/api/v2/discussions/10", { as: admin })).json<{ body: string }>().body).toContain(
      "<strong>markdown</strong>",
    );
    expect((await api.get("/api/v2/discussions/12", { as: admin })).json<{ body: string }>().body).toMatch(
      /<(b|strong)>staff<\/(b|strong)>/,
    );
    const comments = (await api.get("/api/v2/comments?discussionID=10", { as: admin })).json<
      Array<{ commentID: number; insertUserID: number; body: string }>
    >();
    expect(comments.map((c) => [c.commentID, c.insertUserID])).toEqual([
      [100, 3],
      [101, 2],
    ]);
    expect(comments[0]!.body).toContain("First reply");
    // Category and member counters come from one recount at the end; every stored counter equals a recount.
    const general = (await api.get("/api/v2/categories/1", { as: admin })).json<{
      countDiscussions: number;
      countComments: number;
      countAllDiscussions: number;
    }>();
    expect(general).toMatchObject({ countDiscussions: 1, countComments: 2, countAllDiscussions: 2 });
    const author = (await api.get("/api/v2/users/2", { as: admin })).json<{
      countDiscussions: number;
      countComments: number;
    }>();
    expect(author).toMatchObject({ countDiscussions: 1, countComments: 2 });
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });

  it("keeps tags, reactions (with the posts' scores), bookmarks, read marks and private conversations", async () => {
    expect(tablesOf(report)).toMatchObject({
      Tag: {
        read: 4,
        imported: 2,
        skipped: { "a reaction type (reactions come from UserTag)": 2 },
      },
      TagDiscussion: {
        imported: 3,
        skipped: { "its discussion was not imported": 1 },
      },
    });
    // Three rows share (Discussion, 11): batches of 2 page past them by the whole four-column key.
    expect(tablesOf(report)).toMatchObject({
      UserTag: {
        read: 8,
        imported: 6,
        skipped: { "a total (recounted)": 1, "its post was not imported": 1 },
      },
      UserDiscussion: { imported: 2, skipped: { "member not imported": 1 } },
    });
    const member = await api.signIn({ name: "bcrypt_member", password: BCRYPT.password });
    // Like (1 point) and Promote (5 points) on discussion 10; Like on comment 100.
    const discussion = (await api.get("/api/v2/discussions/10?expand=all", { as: member })).json<{
      score: number | null;
      bookmarked: boolean;
      countUnread?: number;
      tagIDs?: number[];
    }>();
    expect(discussion).toMatchObject({ score: 6, bookmarked: true, countUnread: 1 });
    expect((await api.get("/api/v2/comments/100", { as: member })).json<{ score: number }>().score).toBe(1);
    expect((await api.get("/api/v2/discussions/11", { as: member })).json<{ score: number }>().score).toBe(7);
    // Members' points recounted from the reactions (a reaction to one's own post gives none): reputation.md.
    for (const [userID, points] of [
      [2, 6],
      [3, 7],
    ])
      expect((await api.get(`/api/v2/users/${userID}`, { as: admin })).json<{ points: number }>().points).toBe(points);
    const tags = (await api.get("/api/v2/tags?limit=100", { as: admin })).json<
      Array<{ tagID: number; urlcode: string; name: string; countDiscussions: number }>
    >();
    expect(tags.map((tag) => [tag.tagID, tag.urlcode, tag.name, tag.countDiscussions])).toEqual(
      expect.arrayContaining([
        [1, "zebrafish", "Zebrafish", 2],
        [2, "staff-only", "Staff Only", 1],
      ]),
    );
    const conversations = (await api.get("/api/v2/conversations", { as: member })).json<
      Array<{
        conversationID: number;
        name: string | null;
        countMessages: number;
        countParticipants: number;
        countUnread?: number;
      }>
    >();
    // Vanilla's own stored counts (9) are not taken: recounted from the rows.
    expect(conversations).toEqual([
      expect.objectContaining({
        conversationID: 20,
        name: "About the zebrafish",
        countMessages: 2,
        countParticipants: 2,
        countUnread: 1,
      }),
    ]);
    const messages = (await api.get("/api/v2/messages?conversationID=20", { as: member })).json<
      Array<{ messageID: number; body: string }>
    >();
    expect(messages.map((m) => m.messageID)).toEqual([30, 31]);
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });

  it("keeps a category with custom permissions hidden from members its roles do not let in", async () => {
    const member = await api.signIn({ name: "bcrypt_member", password: BCRYPT.password });
    expect([403, 404]).toContain((await api.get("/api/v2/discussions/12", { as: member })).statusCode);
    const listed = (await api.get("/api/v2/discussions?limit=100", { as: member })).json<
      Array<{ discussionID: number }>
    >();
    expect(listed.map((d) => d.discussionID).sort((a, b) => a - b)).toEqual([10, 11, 13]);
    const staffer = await api.signIn({ name: "staffer", password: PHPASS.password });
    expect((await api.get("/api/v2/discussions/12", { as: staffer })).statusCode).toBe(200);
    // Guests read what Vanilla's Guest role could: the public categories.
    expect((await api.get("/api/v2/discussions/10")).statusCode).toBe(200);
    expect([403, 404]).toContain((await api.get("/api/v2/discussions/12")).statusCode);
  });

  it("signs members in with their Vanilla passwords (phpass and bcrypt), then keeps Parley's own hash", async () => {
    const hashOf = async (userID: number) =>
      (
        await t.database.db
          .selectFrom("users")
          .select("passwordHash")
          .where("userID", "=", userID)
          .executeTakeFirstOrThrow()
      ).passwordHash;
    expect(await hashOf(2)).toBe(PHPASS.hash);
    const wrong = await api.post("/api/v2/authenticate/password", { username: "phpass_member", password: "nope" });
    expect(wrong.statusCode).toBe(401);
    expect(await hashOf(2)).toBe(PHPASS.hash);
    const phpass = await api.signIn({ name: "phpass_member", password: PHPASS.password });
    expect(phpass.userID).toBe(2);
    expect(await hashOf(2)).toMatch(/^scrypt\$/);
    // bcrypt_member signed in above: already rehashed; the new hash takes the same password.
    expect(await hashOf(3)).toMatch(/^scrypt\$/);
    expect((await api.signIn({ name: "bcrypt_member", password: BCRYPT.password })).userID).toBe(3);
    expect((await api.signIn({ name: "phpass_member", password: PHPASS.password })).userID).toBe(2);
    // A hash method Parley cannot check leaves no password: the member resets it.
    expect(await hashOf(7)).toBeNull();
  });

  it("finds the discussion page of an old comment address (/discussion/comment/{id})", async () => {
    const location = await api.get("/api/v2/comments/105/location", { as: admin });
    expect(location.statusCode, location.body).toBe(200);
    expect(location.json<{ discussionID: number; url: string }>()).toMatchObject({ discussionID: 11 });
    expect(location.json<{ url: string }>().url).toContain("/discussion/11/");
  });

  it("leaves the ids' sequences past the imported ids, so new posts and members get new ids", async () => {
    const posted = await api.post(
      "/api/v2/discussions",
      { name: "After the import", body: "New here", format: "markdown", categoryID: 1 },
      { as: admin },
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const discussionID = posted.json<{ discussionID: number }>().discussionID;
    expect(discussionID).toBeGreaterThan(15);
    const comment = await api.post(
      "/api/v2/comments",
      { discussionID, body: "A reply", format: "markdown" },
      { as: admin },
    );
    expect(comment.statusCode, comment.body).toBe(201);
    expect(comment.json<{ commentID: number }>().commentID).toBeGreaterThan(108);
    expect((await api.delete(`/api/v2/discussions/${discussionID}`, { as: admin })).statusCode).toBe(204);
  });

  it("imports nothing twice when run again, and says every row was already there", async () => {
    const again = await runImport(t.database);
    for (const table of [
      "User",
      "UserRole",
      "Category",
      "Discussion",
      "Comment",
      "Tag",
      "TagDiscussion",
      "UserTag",
      "UserDiscussion",
      "Conversation",
      "ConversationMessage",
      "UserConversation",
    ])
      expect(tableOf(again, table).imported, table).toBe(0);
    expect(tableOf(again, "User").skipped).toEqual({ "already imported": 6 });
    expect(tableOf(again, "Discussion").skipped).toMatchObject({ "already imported": 4 });
    expect(tableOf(again, "Comment").skipped).toMatchObject({ "already imported": 4 });
    expect(tableOf(again, "Role").imported).toBe(0);
    const count = async (table: "users" | "roles" | "rolePermissions" | "userRoles" | "comments") =>
      Number(
        (
          await t.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count("users")).toBe(6);
    expect(await count("userRoles")).toBe(7);
    expect(await count("comments")).toBe(4);
    expect(await count("roles")).toBe(7);
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });
});

describe.each(engines)("a dry run, and a target that is not new (%s)", (engine) => {
  it("checks everything and writes nothing", async () => {
    const database = await createTestDatabase(engine);
    try {
      const report = await runImport(database, true);
      expect(report.dryRun).toBe(true);
      expect(tableOf(report, "User").imported).toBe(6);
      expect(tableOf(report, "Discussion")).toMatchObject({
        imported: 4,
        skipped: { "its category was not imported": 1 },
      });
      expect(tableOf(report, "Comment").imported).toBe(4);
      expect(report.indexed).toBeNull();
      const users = await database.db.selectFrom("users").select("userID").execute();
      const categories = await database.db.selectFrom("categories").select("categoryID").execute();
      const roles = await database.db.selectFrom("roles").select("roleID").execute();
      expect(users).toEqual([]);
      expect(categories.map((row) => row.categoryID)).toEqual([-1]);
      expect(roles).toHaveLength(6);
    } finally {
      await database.dispose();
    }
  });

  it("refuses a target that has members of its own", async () => {
    const database = await createTestDatabase(engine);
    try {
      await database.db
        .insertInto("users")
        .values({ name: "someone", email: "s@example.org", dateInserted: new Date().toISOString() })
        .execute();
      await expect(runImport(database)).rejects.toBeInstanceOf(ImportRefused);
      const discussions = await database.db.selectFrom("discussions").select("discussionID").execute();
      expect(discussions).toEqual([]);
    } finally {
      await database.dispose();
    }
  });
});
