import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { createTestClock } from "../../platform/clock.ts";
import { createStorage } from "../../platform/storage/index.ts";
import { createApi, type Api, type Session } from "../../test/accounts.ts";
import { readyTestApp, testConfig, type TestApp } from "../../test/app.ts";
import { createTestDatabase, engines, type TestDatabase } from "../../test/databases.ts";
import { importVanilla, openVanillaSource, type ImportReport } from "./index.ts";
import { tablesOf } from "./import.testing.ts";

/*
 * The import's later slices against a real MariaDB (as vanilla.import.test.ts: 127.0.0.1:3306, root, a database of
 * this file's own, dropped after): category follows, drafts, polls, media with the files of an uploads folder
 * written here, and the porter sources' old addresses, checked through the API on each engine.
 */

const MARIADB = { host: "127.0.0.1", port: 3306, user: "root", password: "" };
const PHPASS = { password: "old phpass secret", hash: "$P$6abcdefghmpkwSgVDmoDid8px4JXA/." };

// Columns from Vanilla's structure files (dashboard and vanilla structure.php, the Polls add-on's structure.php).
const schema = `
create table GDN_Role (
  RoleID int not null auto_increment primary key, Name varchar(100) not null, Description varchar(500) null,
  Type varchar(20) null, Sort int null, Deletable tinyint(1) not null default 1, CanSession tinyint(1) not null default 1,
  PersonalInfo tinyint(1) not null default 0);
create table GDN_UserRole (UserID int not null, RoleID int not null, primary key (UserID, RoleID));
create table GDN_User (
  UserID int not null auto_increment primary key, Name varchar(50) not null, Password varbinary(100) not null,
  HashMethod varchar(10) null, Photo varchar(255) null, Email varchar(100) not null, DateInserted datetime not null,
  Admin tinyint(1) not null default 0, Confirmed tinyint(1) not null default 1, Deleted tinyint(1) not null default 0);
create table GDN_Category (
  CategoryID int not null auto_increment primary key, ParentCategoryID int null, Name varchar(255) not null,
  UrlCode varchar(255) null, Sort int null, PermissionCategoryID int not null default -1,
  DisplayAs varchar(20) not null default 'Default', InsertUserID int not null, DateInserted datetime not null,
  DateUpdated datetime not null);
create table GDN_Discussion (
  DiscussionID int not null auto_increment primary key, Type varchar(10) null, CategoryID int not null,
  InsertUserID int not null, Name varchar(100) not null, Body text not null, Format varchar(20) null,
  DateInserted datetime not null);
create table GDN_Comment (
  CommentID int not null auto_increment primary key, DiscussionID int not null, InsertUserID int null,
  Body text not null, Format varchar(20) null, DateInserted datetime null);
create table GDN_UserCategory (
  UserID int not null, CategoryID int not null, DateMarkedRead datetime null, Followed tinyint(1) not null default 0,
  Unfollow tinyint(1) not null default 0, primary key (UserID, CategoryID));
create table GDN_Draft (
  DraftID int not null auto_increment primary key, DiscussionID int null, CategoryID int null,
  InsertUserID int not null, UpdateUserID int not null, Name varchar(100) null, Tags varchar(255) null,
  Closed tinyint(1) not null default 0, Announce tinyint(1) not null default 0, Sink tinyint(1) not null default 0,
  Body text not null, Format varchar(20) null, DateInserted datetime not null, DateUpdated datetime null);
create table GDN_Poll (
  PollID int not null auto_increment primary key, Name varchar(255) not null, DiscussionID int null,
  CountOptions int not null default 0, CountVotes int not null default 0, Anonymous int not null default 0,
  DateInserted datetime not null, InsertUserID int not null, DateUpdated datetime null, UpdateUserID int null);
create table GDN_PollOption (
  PollOptionID int not null auto_increment primary key, PollID int not null, Body varchar(500) null,
  Format varchar(20) null, Sort smallint not null default 0, CountVotes int not null default 0,
  DateInserted datetime not null, InsertUserID int not null, DateUpdated datetime null, UpdateUserID int null);
create table GDN_PollVote (
  UserID int not null, PollOptionID int not null, DateInserted datetime null, primary key (UserID, PollOptionID));
create table GDN_Media (
  MediaID int not null auto_increment primary key, Name varchar(255) not null, Path varchar(255) not null,
  Type varchar(128) not null, Size int not null, InsertUserID int not null, DateInserted datetime not null,
  ForeignID int null, ForeignTable varchar(24) null, ImageWidth smallint unsigned null,
  ImageHeight smallint unsigned null, ThumbWidth smallint unsigned null, ThumbHeight smallint unsigned null,
  ThumbPath varchar(255) null);
`;

const forum = `
insert into GDN_Role (RoleID, Name, Type, Sort) values (8, 'Member', 'member', 4), (16, 'Administrator', 'administrator', 6);
insert into GDN_UserRole (UserID, RoleID) values (1, 16), (2, 8), (3, 8), (4, 8);
insert into GDN_User (UserID, Name, Password, HashMethod, Photo, Email, DateInserted, Admin) values
  (1, 'vadmin', '${PHPASS.hash}', 'Vanilla', null, 'a@example.com', '2015-01-01 00:00:00', 1),
  (2, 'alice', '${PHPASS.hash}', 'Vanilla', 'userpics/12/abc.png', 'al@example.com', '2016-05-01 00:00:00', 0),
  (3, 'bob', '${PHPASS.hash}', 'Vanilla', 'userpics/13/gone.png', 'b@example.com', '2016-06-01 00:00:00', 0),
  (4, 'carol', '${PHPASS.hash}', 'Vanilla', 'https://cdn.example.com/c.png', 'c@example.com', '2016-07-01 00:00:00', 0);
insert into GDN_Category (CategoryID, ParentCategoryID, Name, UrlCode, Sort, InsertUserID, DateInserted, DateUpdated) values
  (-1, null, 'Root', '', 0, 1, '2015-01-01 00:00:00', '2015-01-01 00:00:00'),
  (1, -1, 'General', 'general', 1, 1, '2015-01-01 00:00:00', '2015-01-01 00:00:00'),
  (2, -1, 'Ideas', 'ideas', 2, 1, '2015-01-01 00:00:00', '2015-01-01 00:00:00');
insert into GDN_Discussion (DiscussionID, Type, CategoryID, InsertUserID, Name, Body, Format, DateInserted) values
  (10, null, 1, 2, 'Photo thread', '<img src="/uploads/editor/xy/pic.png">', 'Html', '2018-01-01 10:00:00'),
  (11, 'Poll', 1, 1, 'Best colour?', 'Vote!', 'Html', '2018-02-01 10:00:00'),
  (12, 'Poll', 2, 1, 'A poll without its poll', 'x', 'Html', '2018-03-01 10:00:00');
insert into GDN_Comment (CommentID, DiscussionID, InsertUserID, Body, Format, DateInserted) values
  (100, 10, 3, 'See the attachment', 'Html', '2018-01-02 10:00:00'),
  (101, 10, 2, 'Thanks', 'Html', '2018-01-03 10:00:00');
insert into GDN_UserCategory (UserID, CategoryID, DateMarkedRead, Followed, Unfollow) values
  (2, 1, '2019-01-01 00:00:00', 1, 0), (3, 1, null, 1, 0), (3, 2, null, 0, 1), (2, 2, '2019-02-01 00:00:00', 0, 0),
  (9, 1, null, 1, 0);
insert into GDN_Draft (DraftID, DiscussionID, CategoryID, InsertUserID, UpdateUserID, Name, Body, Format, Announce,
  DateInserted, DateUpdated) values
  (5, null, 2, 2, 2, 'An idea in progress', 'Half **written**', 'Markdown', 0, '2019-03-01 00:00:00', null),
  (6, 10, null, 2, 2, null, 'A reply, unsent', 'Text', 0, '2019-03-02 00:00:00', '2019-03-03 00:00:00'),
  (7, 99, null, 2, 2, null, 'On a lost discussion', 'Text', 0, '2019-03-02 00:00:00', null);
insert into GDN_Poll (PollID, Name, DiscussionID, CountOptions, CountVotes, DateInserted, InsertUserID) values
  (3, 'Which colour is best?', 11, 2, 99, '2018-02-01 10:00:00', 1), (4, 'Lost', 99, 1, 0, '2018-02-01 10:00:00', 1);
insert into GDN_PollOption (PollOptionID, PollID, Body, Format, Sort, CountVotes, DateInserted, InsertUserID) values
  (30, 3, 'Red', 'Text', 1, 50, '2018-02-01 10:00:00', 1), (31, 3, 'Blue', 'Text', 2, 0, '2018-02-01 10:00:00', 1),
  (40, 4, 'Orphan', 'Text', 1, 0, '2018-02-01 10:00:00', 1);
insert into GDN_PollVote (UserID, PollOptionID, DateInserted) values
  (2, 30, '2018-02-02 00:00:00'), (3, 30, '2018-02-02 00:00:00'), (4, 31, '2018-02-02 00:00:00'), (9, 31, null),
  (2, 40, null);
insert into GDN_Media (MediaID, Name, Path, Type, Size, InsertUserID, DateInserted, ForeignID, ForeignTable) values
  (1, 'pic.png', 'editor/xy/pic.png', 'image/png', 70, 2, '2018-01-01 10:00:00', 10, 'discussion'),
  (2, 'report.pdf', 'FileUpload/ab/report.pdf', 'application/pdf', 9, 3, '2018-01-02 10:00:00', 100, 'comment'),
  (3, 'missing.zip', 'FileUpload/cd/missing.zip', 'application/zip', 1, 3, '2018-01-02 10:00:00', 100, 'comment'),
  (4, 'escape.txt', '../../etc/passwd', 'text/plain', 1, 3, '2018-01-02 10:00:00', 100, 'comment'),
  (5, 'fake.png', 'FileUpload/ef/fake.png', 'image/png', 4, 2, '2018-01-02 10:00:00', null, 'embed');
`;

// A 1×1 PNG, and a "PNG" that is none (kept, as a download only).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n");

let sourceName = "";
let sourceUrl = "";
let uploadsFrom = "";

beforeAll(async () => {
  const admin = await mysql.createConnection({ ...MARIADB, multipleStatements: true });
  sourceName = `parley_import_${randomBytes(4).toString("hex")}`;
  sourceUrl = `mysql://root@127.0.0.1:3306/${sourceName}`;
  await admin.query(`create database ${sourceName} character set utf8mb4`);
  await admin.query(`use ${sourceName}; ${schema} ${forum}`);
  await admin.end();
  uploadsFrom = fs.mkdtempSync(path.join(os.tmpdir(), "vanilla-uploads-"));
  const put = (relative: string, bytes: Buffer) => {
    fs.mkdirSync(path.dirname(path.join(uploadsFrom, relative)), { recursive: true });
    fs.writeFileSync(path.join(uploadsFrom, relative), bytes);
  };
  put("editor/xy/pic.png", PNG);
  put("FileUpload/ab/report.pdf", PDF);
  put("FileUpload/ef/fake.png", Buffer.from("<html>"));
  // Vanilla shows a member's photo from its profile-sized copy (`p` before the name).
  put("userpics/12/pabc.png", PNG);
});

afterAll(async () => {
  if (uploadsFrom) fs.rmSync(uploadsFrom, { recursive: true, force: true });
  if (!sourceName) return;
  const admin = await mysql.createConnection(MARIADB);
  await admin.query(`drop database if exists ${sourceName}`);
  await admin.end();
});

async function runImport(database: TestDatabase, dryRun = false): Promise<ImportReport> {
  const source = await openVanillaSource(sourceUrl);
  try {
    return await importVanilla({
      source,
      database,
      dryRun,
      batchSize: 2,
      uploads: { from: uploadsFrom, to: await createStorage({ kind: "local" }, database.dataDir) },
    });
  } finally {
    await source.close();
  }
}

describe.each(engines)("importing follows, drafts, polls, media and old addresses (%s)", (engine) => {
  let t: TestApp;
  let api: Api;
  let report: ImportReport;
  let dryRun: ImportReport;
  let copiedByDryRun: boolean;
  let alice: Session;
  let admin: Session;

  beforeAll(async () => {
    const database = await createTestDatabase(engine);
    dryRun = await runImport(database, true);
    copiedByDryRun = fs.existsSync(path.join(database.dataDir, "uploads"));
    report = await runImport(database);
    const clock = createTestClock();
    const app = await buildApp({ config: testConfig(database.dataDir, { clock }), database });
    t = await readyTestApp(app, database, clock);
    api = createApi(t.app);
    alice = await api.signIn({ name: "alice", password: PHPASS.password });
    admin = await api.signIn({ name: "vadmin", password: PHPASS.password });
  });

  afterAll(async () => {
    await t?.close();
  });

  it("reports each slice's rows, with the reasons of those left out", () => {
    expect(tablesOf(report)).toMatchObject({
      UserCategory: {
        read: 5,
        imported: 2,
        skipped: {
          "member not imported": 1,
          "a muted category (Parley has no muting)": 1,
          "not followed (a read mark only)": 1,
        },
      },
      Draft: { read: 3, imported: 2, skipped: { "its discussion was not imported": 1 } },
      Poll: { read: 2, imported: 1, skipped: { "its discussion was not imported": 1 } },
      PollOption: { read: 3, imported: 2, skipped: { "its poll was not imported": 1 } },
      PollVote: { read: 5, imported: 3, skipped: { "its option was not imported": 1, "member not imported": 1 } },
      Media: {
        read: 5,
        imported: 3,
        skipped: {
          "file missing from the uploads folder": 1,
          "no path in the uploads folder (an address elsewhere)": 1,
        },
      },
      UserPhoto: {
        read: 4,
        imported: 1,
        skipped: { "no photo in the uploads folder": 2, "file missing from the uploads folder": 1 },
      },
    });
  });

  it("a dry run counts the same and copies no file", () => {
    const dry = tablesOf(dryRun);
    const real = tablesOf(report);
    for (const table of ["UserCategory", "Draft", "Poll", "PollOption", "PollVote", "Media", "UserPhoto"])
      expect(dry[table], table).toEqual(real[table]);
    expect(copiedByDryRun).toBe(false);
  });

  it("keeps the categories members follow, with the followers recounted", async () => {
    const categories = (await api.get("/api/v2/categories?outputFormat=flat&limit=50", { as: alice })).json<
      Array<{ categoryID: number; followed: boolean; countFollowers: number }>
    >();
    const byID = new Map(categories.map((category) => [category.categoryID, category]));
    expect(byID.get(1)).toMatchObject({ followed: true, countFollowers: 2 });
    expect(byID.get(2)).toMatchObject({ followed: false, countFollowers: 0 });
  });

  it("keeps members' drafts of discussions and comments", async () => {
    const drafts = (await api.get("/api/v2/drafts", { as: alice })).json<
      Array<{ draftID: number; recordType: string; parentRecordID: number | null; attributes: Record<string, unknown> }>
    >();
    const byID = new Map(drafts.map((draft) => [draft.draftID, draft]));
    expect([...byID.keys()].sort()).toEqual([5, 6]);
    expect(byID.get(5)).toMatchObject({ recordType: "discussion", parentRecordID: 2 });
    expect(byID.get(6)).toMatchObject({ recordType: "comment", parentRecordID: 10 });
    const edit = (await api.get("/api/v2/drafts/5/edit", { as: alice })).json<{
      attributes: { body: string; format: string; draftMeta: { name: string; categoryID: number } };
    }>();
    expect(edit.attributes).toMatchObject({
      body: "Half **written**",
      format: "markdown",
      draftMeta: { name: "An idea in progress", categoryID: 2 },
    });
  });

  it("keeps polls with their options and recounted votes; a poll without its poll becomes a discussion", async () => {
    const discussion = (await api.get("/api/v2/discussions/11", { as: alice })).json<{
      type: string;
      attributes: {
        poll: { pollID: number; name: string; countVoters: number; myVotes: number[]; options: unknown[] };
      };
    }>();
    expect(discussion.type).toBe("poll");
    expect(discussion.attributes.poll).toMatchObject({ pollID: 3, name: "Which colour is best?", countVoters: 3 });
    expect(discussion.attributes.poll.myVotes).toEqual([30]);
    expect(discussion.attributes.poll.options).toEqual([
      expect.objectContaining({ pollOptionID: 30, body: "Red", countVotes: 2 }),
      expect.objectContaining({ pollOptionID: 31, body: "Blue", countVotes: 1 }),
    ]);
    expect((await api.get("/api/v2/discussions/12", { as: alice })).json<{ type: string }>().type).toBe("discussion");
  });

  it("copies the uploads folder's files: old addresses redirect to the copies, members' photos are set", async () => {
    const old = await api.get("/uploads/editor/xy/pic.png");
    expect(old.statusCode).toBe(301);
    const copy = await api.get(old.headers.location!);
    expect(copy.statusCode).toBe(200);
    expect(copy.headers["content-type"]).toBe("image/png");
    expect(copy.rawPayload.equals(PNG)).toBe(true);
    const pdf = await api.get("/uploads/FileUpload/ab/report.pdf");
    expect(pdf.statusCode).toBe(301);
    expect((await api.get(pdf.headers.location!)).rawPayload.equals(PDF)).toBe(true);
    // A "PNG" that is none is kept as a download, never shown inline.
    const fake = await api.get((await api.get("/uploads/FileUpload/ef/fake.png")).headers.location!);
    expect(fake.headers["content-type"]).toBe("application/octet-stream");
    expect((await api.get("/uploads/FileUpload/cd/missing.zip")).statusCode).toBe(404);

    const users = (await api.get("/api/v2/users?limit=10", { as: admin })).json<
      Array<{ name: string; photoUrl: string }>
    >();
    const photo = users.find((user) => user.name === "alice")!.photoUrl;
    expect(photo).toMatch(/\/uploads\/2016\/05\/[0-9a-f]{32}\.png$/);
    expect((await api.get(new URL(photo).pathname)).rawPayload.equals(PNG)).toBe(true);
    expect(users.find((user) => user.name === "carol")!.photoUrl).toBe("https://cdn.example.com/c.png");
  });

  it("answers the porter sources' old addresses with 301 to the same record", async () => {
    const location = async (url: string) => {
      const response = await api.get(url);
      return response.statusCode === 301 ? response.headers.location : response.statusCode;
    };
    // phpBB: a post's address lands on its comment; a topic's on its discussion; a forum's, a member's.
    expect(await location("/viewtopic.php?f=1&t=10&p=101")).toBe("/discussion/comment/101#Comment_101");
    expect(await location("/viewtopic.php?t=10")).toBe("/discussion/10/photo-thread");
    // The topic's first post is its discussion's body (no comment of that id): the topic decides.
    expect(await location("/viewtopic.php?t=11&p=55")).toBe("/discussion/11/best-colour");
    expect(await location("/viewforum.php?f=2")).toBe("/categories/ideas");
    expect(await location("/memberlist.php?mode=viewprofile&u=2")).toBe("/profile/alice");
    // vBulletin, MyBB, XenForo, Discourse, Flarum, SMF.
    expect(await location("/showthread.php?t=10")).toBe("/discussion/10/photo-thread");
    expect(await location("/showthread.php?11-best-colour")).toBe("/discussion/11/best-colour");
    expect(await location("/showthread.php?tid=10&pid=100")).toBe("/discussion/comment/100#Comment_100");
    expect(await location("/forumdisplay.php?f=1")).toBe("/categories/general");
    expect(await location("/threads/photo-thread.10/")).toBe("/discussion/10/photo-thread");
    expect(await location("/threads/photo-thread.10/page-2")).toBe("/discussion/10/photo-thread");
    expect(await location("/members/alice.2/")).toBe("/profile/alice");
    expect(await location("/t/best-colour/11")).toBe("/discussion/11/best-colour");
    expect(await location("/d/11-best-colour")).toBe("/discussion/11/best-colour");
    expect(await location("/index.php?topic=10.msg101#msg101")).toBe("/discussion/comment/101#Comment_101");
    expect(await location("/index.php?action=profile;u=2")).toBe("/profile/alice");
    // An id that names nothing here is not found.
    expect(await location("/viewtopic.php?t=999")).toBe(404);
    expect(await location("/memberlist.php?mode=viewprofile&u=abc")).toBe(404);
  });

  it("imports a discussion and a comment whose ids are taken under new ids, and their old addresses follow", async () => {
    // The target's own posts take the next ids; the source then holds posts of the same ids.
    const own = (
      await api.post("/api/v2/discussions", { name: "Mine", body: "x", format: "text", categoryID: 1 }, { as: alice })
    ).json<{ discussionID: number }>().discussionID;
    const ownComment = (
      await api.post("/api/v2/comments", { discussionID: 10, body: "mine", format: "text" }, { as: alice })
    ).json<{ commentID: number }>().commentID;
    const source = await mysql.createConnection({ ...MARIADB, database: sourceName });
    try {
      await source.query(
        `insert into GDN_Discussion (DiscussionID, CategoryID, InsertUserID, Name, Body, Format, DateInserted)
         values (?, 1, 3, 'Moved topic', 'old', 'Html', '2018-04-01 10:00:00')`,
        [own],
      );
      await source.query(
        `insert into GDN_Comment (CommentID, DiscussionID, InsertUserID, Body, Format, DateInserted)
         values (?, ?, 2, 'Moved reply', 'Html', '2018-04-02 10:00:00')`,
        [ownComment, own],
      );
      const moved = await runImport(t.database);
      expect(moved.notes).toMatchObject({
        "discussion whose id was taken in the target, imported under a new id": 1,
        "comment whose id was taken in the target, imported under a new id": 1,
      });
      const topic = await api.get(`/viewtopic.php?t=${own}`);
      expect(topic.statusCode).toBe(301);
      const newID = Number(/^\/discussion\/(\d+)\/moved-topic$/.exec(topic.headers.location!)?.[1]);
      expect(newID).toBeGreaterThan(own);
      const post = await api.get(`/viewtopic.php?t=${own}&p=${ownComment}`);
      const newCommentID = Number(/^\/discussion\/comment\/(\d+)#/.exec(post.headers.location!)?.[1]);
      expect(newCommentID).toBeGreaterThan(ownComment);
      const comment = (await api.get(`/api/v2/comments/${newCommentID}`, { as: alice })).json<{
        discussionID: number;
        body: string;
      }>();
      expect(comment.discussionID).toBe(newID);
      expect(comment.body).toContain("Moved reply");
      // The target's own posts are untouched; a third run moves nothing again.
      expect((await api.get(`/api/v2/discussions/${own}`, { as: alice })).json()).toMatchObject({ name: "Mine" });
      const again = await runImport(t.database);
      expect(tablesOf(again)["Discussion"]!.imported).toBe(0);
      expect(tablesOf(again)["Comment"]!.imported).toBe(0);
    } finally {
      await source.query("delete from GDN_Comment where CommentID = ?", [ownComment]);
      await source.query("delete from GDN_Discussion where DiscussionID = ?", [own]);
      await source.end();
    }
  });

  it("a re-run imports nothing twice", async () => {
    const again = await runImport(t.database);
    const tables = tablesOf(again);
    for (const table of ["UserCategory", "Draft", "Poll", "PollOption", "PollVote", "Media", "UserPhoto"])
      expect(tables[table]!.imported, table).toBe(0);
    expect(tables["Media"]!.skipped["already imported"]).toBe(3);
  });
});
