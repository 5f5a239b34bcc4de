import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { createTestClock } from "../../platform/clock.ts";
import { createApi, type Api, type Session } from "../../test/accounts.ts";
import { readyTestApp, testConfig, type TestApp } from "../../test/app.ts";
import { counterMismatches } from "../../test/counters.ts";
import { createTestDatabase, engines, type TestDatabase } from "../../test/databases.ts";
import { ExportFormatError, importVanilla, openPorterSource, type ImportReport } from "./index.ts";
import { tableOf, tablesOf } from "./import.testing.ts";
import { createRowReader, parseColumns } from "./porter.source.ts";

/*
 * A porter export file written here as the porter writes one (its ExportModel: a `Vanilla Export` header, `Table:`
 * sections with a column line, strings quoted with `\` escaping `\`, `,`, `"` and newlines, `\N` for NULL, numbers
 * bare, a blank line after each table, `//` comments between them), plain and gzipped, imported into each engine
 * and checked through the API.
 */

type Value = string | number | null;

/** A value as the porter writes it (its line ends made \n first). */
const cell = (value: Value) =>
  value === null
    ? "\\N"
    : typeof value === "number"
      ? String(value)
      : `"${value.replace(/\r\n?/g, "\n").replace(/[\\,\n"]/g, (c) => `\\${c}`)}"`;

function exportFile(header: string, tables: Array<[name: string, columns: string[], rows: Value[][]]>): string {
  let out = `${header}\n\n// Export Started: 2024-01-01 00:00:00\n`;
  for (const [name, columns, rows] of tables) {
    out += `Table: ${name}\n${columns.join(",")}\n`;
    for (const row of rows) out += `${row.map(cell).join(",")}\n`;
    out += `\n// Exported Table: ${name} (${rows.length} rows, 00:00.01)\n\n`;
  }
  return `${out}// Export Completed: 2024-01-01 00:00:01\n`;
}

// Hashes made outside Parley (imported-hashes.test.ts and password.test.ts say how); each is of its password.
const PHPASS = { password: "old phpass secret", hash: "$P$6abcdefghmpkwSgVDmoDid8px4JXA/." };
const PHPBB = { password: "old phpass secret", hash: "$H$6abcdefghmpkwSgVDmoDid8px4JXA/." };
const VBULLETIN = { password: "old secret", hash: "29634ec0a33c72fdf05fec1e9190ad64a1b" };
const DJANGO = {
  password: "old secret",
  hash: "pbkdf2_sha256$1000$dsalt$G93mgMuYDsdVU+7FTEcy2BWuOAlxCXfv4HLlodLjH2w=",
};
const SMF = { password: "old secret", hash: "ec43049eaba59badca20053061030adaa18c30e3" };

const HTML_BODY = '<p>Line one</p>\n<p>Line, two with "quotes" and a back\\slash</p>\n\n<p>after a blank line</p>';
const BBCODE_BODY = "[b]Bold[/b] and [i]ünïcødé[/i] 🦓 日本語\r\nnext line";
const t0 = "2019-05-01 10:00:00";

const file = exportFile("Vanilla Export: 2.0.8, Source: vBulletin 3.8", [
  [
    "Role",
    ["RoleID", "Name", "Description", "CanSession"],
    [
      [8, "Member", null, 1],
      [16, "Administrator", "All powers", 1],
      [32, "Veteran", "Been here, done that", 1],
    ],
  ],
  [
    "User",
    [
      "UserID",
      "Name",
      "Email",
      "Password",
      "HashMethod",
      "Admin",
      "DateInserted",
      "DateLastActive",
      "DiscoveryText:text",
    ],
    [
      [1, "porter_admin", "admin@example.com", PHPASS.hash, "Vanilla", 1, t0, null, null],
      [2, "vb_member", "vb@example.com", VBULLETIN.hash, "vBulletin", 0, t0, t0, 'I like\nforums, "really"'],
      [3, "phpbb_member", "phpbb@example.com", PHPBB.hash, "phpBB", 0, t0, null, ""],
      [4, "django_member", "dj@example.com", DJANGO.hash, "Django", 0, t0, null, null],
      [5, "reset_member", "reset@example.com", "whatever", "Reset", 0, t0, null, null],
      [6, "Smf_Member", "smf@example.com", SMF.hash, "smf", 0, t0, null, null],
      // No HashMethod: the header's Source (vBulletin) says which.
      [7, "default_vb", "dvb@example.com", VBULLETIN.hash, null, 0, t0, null, null],
      [8, "Zoë 日本", "zoe@example.com", null, null, 0, t0, null, null],
    ],
  ],
  // The porter's own structure names permission columns with underscores; no JunctionTable: global rows.
  [
    "Permission",
    ["RoleID", "Garden_SignIn_Allow", "Vanilla_Discussions_View", "Vanilla_Discussions_Add", "Vanilla_Comments_Add"],
    [[32, 1, 1, 0, 1]],
  ],
  [
    "UserRole",
    ["UserID", "RoleID"],
    [
      [1, 16],
      [2, 8],
      [2, 32],
      [3, 8],
      [4, 8],
      [5, 8],
      [6, 8],
      [7, 8],
      [8, 8],
      [99, 8],
    ],
  ],
  [
    "Category",
    ["CategoryID", "Name", "UrlCode", "Description", "ParentCategoryID", "DateInserted", "InsertUserID", "Sort"],
    [
      [1, "General", "general", 'Talk, about "anything"', -1, t0, 1, 1],
      [2, 'Off-Topic, "Misc"', "off-topic", null, 1, t0, 1, 2],
    ],
  ],
  [
    "Discussion",
    ["DiscussionID", "Name", "Body", "Format", "CategoryID", "DateInserted", "InsertUserID", "Closed", "Announce"],
    [
      [10, "Multi-line HTML", HTML_BODY, "Html", 1, "2019-06-01 10:00:00", 2, 0, 0],
      [11, "Ünïcødé BBCode", BBCODE_BODY, "BBCode", 2, "2019-06-02 10:00:00", 3, 1, 0],
      [12, "No format", "plain", null, 1, "2019-06-03 10:00:00", 4, 0, 0],
    ],
  ],
  [
    "Comment",
    ["CommentID", "DiscussionID", "Body", "Format", "DateInserted", "InsertUserID", "Legacy:decimal(10,2)"],
    [
      [100, 10, "Reply, with a comma\nand a newline", "Markdown", "2019-06-01 11:00:00", 3, 1.5],
      [101, 10, "<b>second</b>", "Html", "2019-06-01 12:00:00", 2, null],
      [102, 11, "[quote]x[/quote]", "BBCode", "2019-06-02 11:00:00", 4, 0],
      [103, 99, "lost", "Html", "2019-06-02 11:00:00", 4, 0],
    ],
  ],
  [
    "Tag",
    ["TagID", "Name", "FullName", "Type", "DateInserted", "InsertUserID"],
    [
      [1, "zebrafish", "Zebrafish", "", t0, 1],
      [2, "help-wanted", "Help Wanted", null, t0, 1],
      [50, "Like", "Like", "Reaction", t0, 1],
      [60, "Solved", "Solved", "Status", t0, 1],
    ],
  ],
  [
    "TagDiscussion",
    ["TagID", "DiscussionID", "DateInserted"],
    [
      [1, 10, t0],
      [2, 10, t0],
      [1, 11, t0],
      [1, 999, t0],
    ],
  ],
  [
    "ReactionType",
    ["UrlCode", "Name", "TagID"],
    [
      ["OffTopic", "Off Topic", 51],
      ["Meh", "Meh", 52],
    ],
  ],
  [
    "UserTag",
    ["RecordType", "RecordID", "TagID", "UserID", "DateInserted", "Total"],
    [
      ["Discussion", 10, 50, 3, t0, 1],
      ["Comment", 100, 51, 2, t0, 1],
      ["Discussion", 10, 52, 2, t0, 1],
      ["Discussion-Total", 10, 50, 0, t0, 1],
      ["Discussion", 11, 1, 2, t0, 1],
    ],
  ],
  [
    "UserDiscussion",
    ["UserID", "DiscussionID", "Bookmarked", "DateLastViewed", "CountComments"],
    [
      [2, 10, 1, "2019-06-01 11:30:00", 1],
      [3, 11, 0, "2019-06-02 12:00:00", 1],
      [2, 999, 1, t0, 0],
    ],
  ],
  [
    "Conversation",
    ["ConversationID", "Subject", "FirstMessageID", "DateInserted", "InsertUserID", "DateUpdated"],
    [
      [5, 'Hello, "friend"', 7, "2019-07-01 10:00:00", 2, "2019-07-01 11:00:00"],
      [6, "Lost", 9, "2019-07-01 10:00:00", 99, null],
    ],
  ],
  [
    "ConversationMessage",
    ["MessageID", "ConversationID", "Body", "Format", "InsertUserID", "DateInserted"],
    [
      [7, 5, "Hi!\nSecond line", "Text", 2, "2019-07-01 10:00:00"],
      [8, 5, "Reply 日本", "Html", 3, "2019-07-01 11:00:00"],
      [9, 6, "lost", "Html", 99, "2019-07-01 10:00:00"],
    ],
  ],
  [
    "UserConversation",
    ["UserID", "ConversationID", "CountReadMessages", "Deleted", "DateLastViewed"],
    [
      [2, 5, 2, 0, "2019-07-01 11:00:00"],
      [3, 5, 1, 0, "2019-07-01 10:30:00"],
      [4, 5, 0, 1, null],
    ],
  ],
]);

let dir = "";
let plainPath = "";
let gzipPath = "";
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-porter-"));
  plainPath = path.join(dir, "export.txt");
  // The gzipped one named without .gz: the first bytes say it is gzip.
  gzipPath = path.join(dir, "export.txt.gz");
  fs.writeFileSync(plainPath, file);
  fs.writeFileSync(gzipPath, gzipSync(file));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function runImport(database: TestDatabase, filePath: string): Promise<ImportReport> {
  const source = await openPorterSource(filePath);
  try {
    return await importVanilla({ source, database, batchSize: 2 });
  } finally {
    await source.close();
  }
}

describe("reading the export format", () => {
  it("reads quoted, escaped, NULL and multi-line values as the porter wrote them", () => {
    const reader = createRowReader();
    expect(reader.feed('1,"a\\,b","say \\"hi\\"",\\N,"","back\\\\slash",2.5')).toEqual([
      "1",
      "a,b",
      'say "hi"',
      null,
      "",
      "back\\slash",
      "2.5",
    ]);
    expect(reader.feed('2,"line one\\')).toBeNull();
    expect(reader.inRow).toBe(true);
    expect(reader.feed("\\")).toBeNull();
    expect(reader.feed('line three",NULL,"\\N"')).toEqual(["2", "line one\n\nline three", null, "N"]);
    // MySQL's doubled quote inside quotes, and its escapes.
    expect(reader.feed('"a""b","tab\\there"')).toEqual(['a"b', "tab\there"]);
    expect(parseColumns("CommentID,Body,Legacy:decimal(10,2),Extra:varchar(5)")).toEqual([
      "CommentID",
      "Body",
      "Legacy",
      "Extra",
    ]);
  });

  it("counts each table's rows, and refuses a file that is not an export", async () => {
    const source = await openPorterSource(gzipPath);
    expect(source.header.get("Source")).toBe("vBulletin 3.8");
    expect(source.defaultHashMethod).toBe("vBulletin");
    expect(await source.count("User")).toBe(8);
    expect(await source.count("Discussion")).toBe(3);
    expect(await source.hasTable("Media")).toBe(false);
    expect(await source.columns("Comment")).toContain("Legacy");
    // Saved by a Windows editor: a byte-order mark and \r\n line ends read the same.
    const windows = path.join(dir, "windows.txt");
    fs.writeFileSync(windows, `\uFEFF${file.replace(/\n/g, "\r\n")}`);
    const fromWindows = await openPorterSource(windows);
    expect(await fromWindows.count("Discussion")).toBe(3);
    const discussions: Array<Record<string, unknown>> = [];
    for await (const batch of fromWindows.batches("Discussion", ["DiscussionID"], 2)) discussions.push(...batch);
    expect(discussions.map((row) => row["Body"])).toEqual([HTML_BODY, BBCODE_BODY.replace("\r\n", "\n"), "plain"]);
    const notExport = path.join(dir, "not-an-export.txt");
    fs.writeFileSync(notExport, "UserID,Name\n1,x\n");
    await expect(openPorterSource(notExport)).rejects.toBeInstanceOf(ExportFormatError);
  });
});

describe.each(engines)("importing a porter export file (%s)", (engine) => {
  let t: TestApp;
  let api: Api;
  let report: ImportReport;
  let admin: Session;
  beforeAll(async () => {
    const database = await createTestDatabase(engine);
    report = await runImport(database, plainPath);
    const clock = createTestClock();
    const app = await buildApp({ config: testConfig(database.dataDir, { clock }), database, compress: true });
    t = await readyTestApp(app, database, clock);
    api = createApi(t.app);
    admin = await api.signIn({ name: "porter_admin", password: PHPASS.password });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("reports every table read, imported and skipped, with the reasons", () => {
    expect(tablesOf(report)).toMatchObject({
      User: { read: 8, imported: 8 },
      UserRole: { read: 10, imported: 9, skipped: { "member not imported": 1 } },
      Category: { read: 2, imported: 2 },
      Discussion: { read: 3, imported: 3 },
      Comment: {
        read: 4,
        imported: 3,
        skipped: { "its discussion was not imported": 1 },
      },
      Tag: {
        read: 4,
        imported: 2,
        skipped: { "a reaction type (reactions come from UserTag)": 1, "tag of type status (Parley has none)": 1 },
      },
      TagDiscussion: {
        imported: 3,
        skipped: { "its discussion was not imported": 1 },
      },
      UserTag: {
        read: 5,
        imported: 2,
        skipped: {
          "reaction type Meh unknown to Parley": 1,
          "a total (recounted)": 1,
          "not a reaction (its tag is no reaction type)": 1,
        },
      },
      UserDiscussion: { imported: 2 },
      Conversation: {
        imported: 1,
        skipped: { "its author was not imported": 1 },
      },
      ConversationMessage: {
        imported: 2,
        skipped: { "its conversation was not imported": 1 },
      },
      UserConversation: { imported: 3 },
    });
  });

  it("keeps members, roles, categories and posts with their formats, escapes, newlines and Unicode", async () => {
    const users = (await api.get("/api/v2/users?limit=100", { as: admin })).json<
      Array<{ userID: number; name: string }>
    >();
    expect(users.map((u) => u.name).sort()).toEqual(
      [
        "Smf_Member",
        "Zoë 日本",
        "default_vb",
        "django_member",
        "phpbb_member",
        "porter_admin",
        "reset_member",
        "vb_member",
      ].sort(),
    );
    const roles = (await api.get("/api/v2/roles", { as: admin })).json<
      Array<{ roleID: number; name: string; description: string | null }>
    >();
    const veteran = roles.find((role) => role.name === "Veteran")!;
    expect(veteran.description).toBe("Been here, done that");
    const grants = await t.database.db
      .selectFrom("rolePermissions")
      .select(["permission", "junctionType"])
      .where("roleID", "=", veteran.roleID)
      .orderBy("permission")
      .execute();
    expect(grants).toEqual([
      { permission: "comments.add", junctionType: "" },
      { permission: "discussions.view", junctionType: "" },
      { permission: "session.valid", junctionType: "" },
    ]);
    const category = (await api.get("/api/v2/categories/2", { as: admin })).json<{
      name: string;
      parentCategoryID: number;
    }>();
    expect(category).toMatchObject({ name: 'Off-Topic, "Misc"', parentCategoryID: 1 });
    const general = (await api.get("/api/v2/categories/1", { as: admin })).json<{ description: string }>();
    expect(general.description).toBe('Talk, about "anything"');
    const edit = async (url: string) => (await api.get(url, { as: admin })).json<{ body: string; format: string }>();
    expect(await edit("/api/v2/discussions/10/edit")).toEqual(
      expect.objectContaining({ body: HTML_BODY, format: "html" }),
    );
    // The porter writes a \r\n as \n.
    expect(await edit("/api/v2/discussions/11/edit")).toEqual(
      expect.objectContaining({ body: BBCODE_BODY.replace("\r\n", "\n"), format: "bbcode" }),
    );
    expect((await edit("/api/v2/discussions/12/edit")).format).toBe("html");
    expect(await edit("/api/v2/comments/100/edit")).toEqual(
      expect.objectContaining({ body: "Reply, with a comma\nand a newline", format: "markdown" }),
    );
    const rendered = (await api.get("/api/v2/discussions/11", { as: admin })).json<{ body: string; name: string }>();
    expect(rendered.name).toBe("Ünïcødé BBCode");
    expect(rendered.body).toMatch(/<(b|strong)>Bold<\/(b|strong)>/);
    expect(rendered.body).toContain("🦓 日本語");
  });

  it("keeps tags, reactions with the posts' scores, bookmarks and read marks", async () => {
    const member = await api.signIn({ name: "vb_member", password: VBULLETIN.password });
    const discussion = (await api.get("/api/v2/discussions/10?expand=all", { as: member })).json<{
      tagIDs?: number[];
      bookmarked: boolean;
      countUnread?: number;
      score: number | null;
      countComments: number;
    }>();
    expect(discussion).toMatchObject({ bookmarked: true, countComments: 2, score: 1 });
    expect(discussion.countUnread).toBe(1);
    const tags = (await api.get("/api/v2/tags?limit=100", { as: admin })).json<
      Array<{ tagID: number; name: string; urlcode: string; countDiscussions: number }>
    >();
    expect(tags.map((tag) => [tag.tagID, tag.name, tag.urlcode, tag.countDiscussions])).toEqual(
      expect.arrayContaining([
        [1, "Zebrafish", "zebrafish", 2],
        [2, "Help Wanted", "help-wanted", 1],
      ]),
    );
    const tagged = (await api.get("/api/v2/discussions?tagID=1", { as: admin })).json<
      Array<{ discussionID: number }>
    >();
    expect(tagged.map((d) => d.discussionID).sort()).toEqual([10, 11]);
    const comment = (await api.get("/api/v2/comments/100", { as: admin })).json<{ score: number | null }>();
    expect(comment.score).toBe(-1);
    const reactions = await t.database.db
      .selectFrom("reactions")
      .select(["recordType", "recordID", "userID", "recordUserID"])
      .orderBy("recordType")
      .execute();
    expect(reactions).toEqual([
      { recordType: "comment", recordID: 100, userID: 2, recordUserID: 3 },
      { recordType: "discussion", recordID: 10, userID: 3, recordUserID: 2 },
    ]);
    const bookmarked = (await api.get(`/api/v2/discussions?bookmarkUserID=${member.userID}`, { as: member })).json<
      Array<{ discussionID: number }>
    >();
    expect(bookmarked.map((d) => d.discussionID)).toEqual([10]);
  });

  it("keeps private conversations, their messages, participants and what each had read", async () => {
    const reader = await api.signIn({ name: "phpbb_member", password: PHPBB.password });
    const list = (await api.get("/api/v2/conversations", { as: reader })).json<
      Array<{
        conversationID: number;
        name: string | null;
        countMessages: number;
        countParticipants: number;
        countUnread?: number;
      }>
    >();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      conversationID: 5,
      name: 'Hello, "friend"',
      countMessages: 2,
      countParticipants: 2,
      countUnread: 1,
    });
    const messages = (await api.get("/api/v2/messages?conversationID=5", { as: reader })).json<
      Array<{ messageID: number; body: string; insertUserID: number }>
    >();
    expect(messages.map((m) => [m.messageID, m.insertUserID])).toEqual([
      [7, 2],
      [8, 3],
    ]);
    expect(messages[1]!.body).toContain("Reply 日本");
    // The member who had left it does not see it.
    const left = await api.signIn({ name: "django_member", password: DJANGO.password });
    expect((await api.get("/api/v2/conversations", { as: left })).json<unknown[]>()).toEqual([]);
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });

  it("answers the source forum's old addresses (vBulletin's here, the same ids) with 301 to the same record", async () => {
    const location = async (url: string) => (await api.get(url)).headers.location;
    expect(await location("/showthread.php?t=10")).toBe("/discussion/10/multi-line-html");
    expect(await location("/showthread.php?t=10&p=101")).toBe("/discussion/comment/101#Comment_101");
    expect(await location("/showpost.php?p=102")).toBe("/discussion/comment/102#Comment_102");
    expect(await location("/forumdisplay.php?f=2")).toBe("/categories/off-topic");
    expect(await location("/member.php?u=2")).toBe("/profile/vb_member");
    expect((await api.get("/showthread.php?t=99")).statusCode).toBe(404);
  });

  it("signs members in with each hash method it can check, then keeps Parley's own hash", async () => {
    const hashOf = async (name: string) =>
      (
        await t.database.db
          .selectFrom("users")
          .select("passwordHash")
          .where("name", "=", name)
          .executeTakeFirstOrThrow()
      ).passwordHash;
    expect(await hashOf("default_vb")).toBe(`imported$vbulletin$${VBULLETIN.hash}`);
    expect(await hashOf("Smf_Member")).toBe(`imported$smf$${SMF.hash}`);
    const wrong = await api.post("/api/v2/authenticate/password", { username: "default_vb", password: "nope" });
    expect(wrong.statusCode).toBe(401);
    for (const [name, password] of [
      ["default_vb", VBULLETIN.password],
      ["Smf_Member", SMF.password],
      ["django_member", DJANGO.password],
      ["phpbb_member", PHPBB.password],
      ["porter_admin", PHPASS.password],
    ] as const) {
      await api.signIn({ name, password });
      expect(await hashOf(name), name).toMatch(/^scrypt\$/);
      // The new hash takes the same password.
      await api.signIn({ name, password });
    }
    // Reset, and no password at all: no hash; these members set one through the password reset.
    expect(await hashOf("reset_member")).toBeNull();
    expect(await hashOf("Zoë 日本")).toBeNull();
    expect(report.notes["member without a password Parley can check (signs in after a password reset)"]).toBe(2);
  });

  it("says the same in a dry run, and writes nothing", async () => {
    const database = await createTestDatabase(engine);
    try {
      const source = await openPorterSource(gzipPath);
      const dry = await importVanilla({ source, database, dryRun: true, batchSize: 2 });
      expect(dry.tables.map((entry) => [entry.table, entry.read, entry.imported])).toEqual(
        report.tables.map((entry) => [entry.table, entry.read, entry.imported]),
      );
      for (const table of ["users", "tags", "reactions", "conversations", "userDiscussions"] as const)
        expect(await database.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
    } finally {
      await database.dispose();
    }
  });

  it("reads the gzipped file the same, and imports nothing twice", async () => {
    const again = await runImport(t.database, gzipPath);
    for (const table of ["User", "Discussion", "Comment", "Tag", "TagDiscussion", "UserTag", "UserDiscussion"])
      expect(tableOf(again, table).imported, table).toBe(0);
    for (const table of ["Conversation", "ConversationMessage", "UserConversation"])
      expect(tableOf(again, table).imported, table).toBe(0);
    expect(again.tables.map((entry) => [entry.table, entry.read])).toEqual(
      report.tables.map((entry) => [entry.table, entry.read]),
    );
    expect(await counterMismatches(t.database.db)).toEqual([]);
  });
});
