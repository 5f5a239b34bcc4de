import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { vanillaSchema } from "../apps/server/src/features/import/vanilla.schema.testing.ts";
import { createRandom, type Random } from "./random.ts";
import { commentBody, discussionBody, discussionTitle, slugify } from "./text.ts";
import { domains, firstNames, lastNames, type Domain } from "./vocabulary.ts";

/**
 * The import benchmark's source (issue 35): a Vanilla-shaped MariaDB database (the DDL vanilla.import.test.ts
 * uses) filled with a generated forum of a chosen size through the `mysql` client, multi-row INSERTs piped into
 * its standard input. A marker table (outside the `GDN_` prefix, so the import never reads it) records the size
 * it holds: a database already holding that size is not filled again.
 */

export interface SourceSize {
  discussions: number;
  comments: number;
  users: number;
  categories: number;
}

/** Bumped whenever the generated forum changes shape, so a kept database of an older shape is refilled. */
const GENERATOR_VERSION = 1;
const MARKER_TABLE = "ParleyBenchMarker";
const ROWS_PER_INSERT = 500;

const MARIADB_ARGS = ["-h", "127.0.0.1", "-P", "3306", "-u", "root", "--default-character-set=utf8mb4"];

/** Runs SQL through the `mysql` client and answers its tab-separated output without headers. */
function mariadb(sql: string, database?: string): string {
  return execFileSync("mysql", [...MARIADB_ARGS, "-N", "-B", ...(database ? [database] : []), "-e", sql], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Rows per source table (prefix left off), counted in MariaDB. */
export function sourceCounts(database: string): Record<string, number> {
  const tables = mariadb(
    `select table_name from information_schema.tables where table_schema = '${database}' and table_name like 'GDN\\_%'`,
  )
    .split("\n")
    .filter(Boolean);
  const out = mariadb(
    tables.map((table) => `select '${table.slice(4)}', count(*) from \`${table}\``).join(" union all "),
    database,
  );
  return Object.fromEntries(
    out
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [table, count] = line.split("\t");
        return [table!, Number(count)];
      }),
  );
}

const markerOf = (size: SourceSize) => JSON.stringify({ version: GENERATOR_VERSION, ...size });

/** True when `database` exists and its marker says it holds this size. */
function holds(database: string, size: SourceSize): boolean {
  try {
    return mariadb(`select marker from ${MARKER_TABLE}`, database).trim() === markerOf(size);
  } catch {
    return false;
  }
}

export function dropSource(database: string): void {
  mariadb(`drop database if exists \`${database}\``);
}

// ---- values -------------------------------------------------------------------------------------------------

const ESCAPES: Record<string, string> = { "\\": "\\\\", "'": "\\'", "\n": "\\n", "\r": "\\r" };
/** A MariaDB literal (the generated text holds no NUL or Ctrl-Z, the other characters a string must escape). */
const literal = (value: string | number | null): string => {
  if (value === null) return "null";
  if (typeof value === "number") return String(value);
  return `'${value.replace(/[\\'\n\r]/g, (c) => ESCAPES[c]!)}'`;
};

const BASE = Date.UTC(2014, 0, 1);
const SPAN = 10 * 365 * 24 * 3600 * 1000;
const datetime = (ms: number) => new Date(Math.min(ms, BASE + SPAN)).toISOString().slice(0, 19).replace("T", " ");

/** Vanilla's formats in roughly the shares a forum of some age holds (the editor changed over the years). */
const FORMATS: ReadonlyArray<[string, number]> = [
  ["Markdown", 0.4],
  ["Html", 0.2],
  ["Rich", 0.15],
  ["BBCode", 0.1],
  ["Wysiwyg", 0.1],
  ["Text", 0.05],
];
function pickFormat(r: Random): string {
  let x = r.next();
  for (const [format, share] of FORMATS) if ((x -= share) < 0) return format;
  return "Markdown";
}

const inline = (text: string, bold: (t: string) => string, link: (t: string, href: string) => string) =>
  text
    .replace(/\*\*(.+?)\*\*/g, (_, t: string) => bold(t))
    .replace(/\[(.+?)\]\((.+?)\)/g, (_, t: string, h: string) => link(t, h));
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The generated markdown (bench/text.ts) written in another of Vanilla's formats. */
function inFormat(markdown: string, format: string): string {
  const blocks = markdown.split("\n\n");
  switch (format) {
    case "Html":
    case "Wysiwyg":
      return blocks
        .map((block) => {
          if (block.startsWith("```")) return `<pre><code>${escapeHtml(block.replace(/```\n?/g, ""))}</code></pre>`;
          if (block.startsWith("> ")) return `<blockquote><p>${escapeHtml(block.slice(2))}</p></blockquote>`;
          if (block.startsWith("- "))
            return `<ul>${block
              .split("\n")
              .map((line) => `<li>${escapeHtml(line.slice(2))}</li>`)
              .join("")}</ul>`;
          const html = inline(
            escapeHtml(block),
            (t) => `<strong>${t}</strong>`,
            (t, h) => `<a href="${h}">${t}</a>`,
          );
          return format === "Wysiwyg" ? `${html.replace(/\n/g, "<br />")}<br /><br />` : `<p>${html}</p>`;
        })
        .join("\n");
    case "BBCode":
      return blocks
        .map((block) => {
          if (block.startsWith("```")) return `[code]${block.replace(/```\n?/g, "")}[/code]`;
          if (block.startsWith("> ")) return `[quote]${block.slice(2)}[/quote]`;
          if (block.startsWith("- ")) return `[list]\n${block.replace(/^- /gm, "[*]")}\n[/list]`;
          return inline(
            block,
            (t) => `[b]${t}[/b]`,
            (t, h) => `[url=${h}]${t}[/url]`,
          );
        })
        .join("\n\n");
    case "Rich": {
      // Quill's delta operations: text runs, bold runs, links, and a newline closing each block.
      const ops: object[] = [];
      for (const block of blocks) {
        const text = block.replace(/```\n?/g, "").replace(/^[>-] /gm, "");
        for (const part of text.split(/(\*\*.+?\*\*|\[.+?\]\(.+?\))/)) {
          if (!part) continue;
          const bold = /^\*\*(.+)\*\*$/.exec(part);
          const link = /^\[(.+?)\]\((.+?)\)$/.exec(part);
          if (bold) ops.push({ insert: bold[1], attributes: { bold: true } });
          else if (link) ops.push({ insert: link[1], attributes: { link: link[2] } });
          else ops.push({ insert: part });
        }
        ops.push(
          block.startsWith("> ")
            ? { insert: "\n", attributes: { "blockquote-line": true } }
            : block.startsWith("```")
              ? { insert: "\n", attributes: { "code-block": true } }
              : { insert: "\n" },
        );
      }
      return JSON.stringify(ops);
    }
    case "Text":
      return inline(
        markdown.replace(/```\n?/g, ""),
        (t) => t,
        (t, h) => `${t} (${h})`,
      );
    default:
      return markdown;
  }
}

// ---- the writer ---------------------------------------------------------------------------------------------

/** The `mysql` client reading statements from its standard input, with back-pressure. */
function openWriter(database: string) {
  const child = spawn("mysql", [...MARIADB_ARGS, database], { stdio: ["pipe", "inherit", "inherit"] });
  const exited = once(child, "exit");
  const write = async (sql: string) => {
    if (!child.stdin.write(sql)) await once(child.stdin, "drain");
  };
  return {
    write,
    /** Appends rows to a table, `ROWS_PER_INSERT` a statement. */
    table(name: string, columns: string[]) {
      let rows: string[] = [];
      const flush = async () => {
        if (rows.length === 0) return;
        const sql = `insert into GDN_${name} (${columns.map((c) => `\`${c}\``).join(", ")}) values\n${rows.join(",\n")};\n`;
        rows = [];
        await write(sql);
      };
      return {
        async add(...values: Array<string | number | null>) {
          rows.push(`(${values.map(literal).join(", ")})`);
          if (rows.length >= ROWS_PER_INSERT) await flush();
        },
        flush,
      };
    },
    async end() {
      child.stdin.end();
      const [code] = (await exited) as [number | null];
      if (code !== 0) throw new Error(`mysql exited with code ${code} while filling ${database}`);
    },
  };
}

// ---- the forum ----------------------------------------------------------------------------------------------

const ROLES = [
  [2, "Guest", "guest", 1, 0, 0],
  [3, "Unconfirmed", "unconfirmed", 2, 0, 1],
  [8, "Member", "member", 4, 1, 1],
  [16, "Administrator", "administrator", 6, 1, 1],
  [32, "Moderator", "moderator", 5, 1, 1],
  [40, "Staff", null, 7, 1, 1],
] as const;
const REACTIONS = ["Like", "Insightful", "Agree", "LOL"] as const;

/** A phpass-shaped hash ($P$, cost letter, 8 salt and 22 hash characters): imported as the member's password. */
function phpassHash(r: Random): string {
  const alphabet = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  let hash = "$P$B";
  for (let i = 0; i < 30; i++) hash += alphabet[r.int(64)];
  return hash;
}

/** Distinct members for one record (reactions, read marks): `count` of them, never the same twice. */
function someUsers(r: Random, users: number, count: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, users)) chosen.add(1 + r.int(users));
  return [...chosen];
}

/** An author: a few members write much of the forum (exponential over the member ids). */
const author = (r: Random, users: number) => 1 + Math.min(users - 1, Math.floor(r.exponential(users / 6)));

/**
 * Makes `database` hold the generated forum of `size`: left as it is when its marker says so, else dropped,
 * created with Vanilla's tables and filled. Answers whether it was filled now.
 */
export async function ensureSource(
  database: string,
  size: SourceSize,
  log: (line: string) => void,
): Promise<{ filled: boolean; seconds: number }> {
  if (holds(database, size)) return { filled: false, seconds: 0 };
  const started = performance.now();
  dropSource(database);
  mariadb(`create database \`${database}\` character set utf8mb4 collate utf8mb4_unicode_ci`);
  mariadb(vanillaSchema, database);
  const r = createRandom(35);
  const w = openWriter(database);
  await w.write("set autocommit = 0; set unique_checks = 0; set foreign_key_checks = 0;\n");
  const { users, categories, discussions, comments } = size;

  log("roles, permissions, members…");
  const roles = w.table("Role", ["RoleID", "Name", "Type", "Sort", "Deletable", "CanSession"]);
  for (const role of ROLES) await roles.add(...role);
  await roles.flush();
  const staffCategory = categories;
  const permissions = w.table("Permission", [
    "RoleID",
    "JunctionTable",
    "JunctionColumn",
    "JunctionID",
    "Garden.SignIn.Allow",
    "Garden.Settings.Manage",
    "Garden.Profiles.View",
    "Garden.Moderation.Manage",
    "Vanilla.Discussions.View",
    "Vanilla.Discussions.Add",
    "Vanilla.Comments.Add",
  ]);
  const global = (role: number, signIn: number, manage: number, moderate: number) =>
    permissions.add(role, null, null, null, signIn, manage, 1, moderate, 0, 0, 0);
  const inCategory = (role: number, category: number, view: number, add: number) =>
    permissions.add(role, "Category", "PermissionCategoryID", category, 0, 0, 0, 0, view, add, add);
  await inCategory(0, -1, 1, 1);
  await global(2, 0, 0, 0);
  await inCategory(2, -1, 1, 0);
  await global(3, 1, 0, 0);
  await inCategory(3, -1, 1, 0);
  for (const role of [8, 16, 32, 40]) {
    await global(role, 1, role === 16 ? 1 : 0, role === 16 || role === 32 ? 1 : 0);
    await inCategory(role, -1, 1, 1);
  }
  // The last category is the staff's own: custom permissions, seen by staff, moderators and administrators.
  for (const role of [16, 32, 40]) await inCategory(role, staffCategory, 1, 1);
  await inCategory(8, staffCategory, 0, 0);
  await permissions.flush();

  const userTable = w.table("User", [
    "UserID",
    "Name",
    "Password",
    "HashMethod",
    "Photo",
    "Email",
    "Confirmed",
    "Admin",
    "Banned",
    "CountVisits",
    "DateInserted",
    "DateLastActive",
    "About",
  ]);
  const userRoles = w.table("UserRole", ["UserID", "RoleID"]);
  for (let id = 1; id <= users; id++) {
    const joined = BASE + (id / users) * SPAN * 0.9;
    const name = `${r.pick(firstNames)}${r.pick(lastNames)}${id}`.slice(0, 50);
    const unconfirmed = id > 1 && r.chance(0.01);
    await userTable.add(
      id,
      name,
      phpassHash(r),
      "Vanilla",
      r.chance(0.3) ? `https://cdn.example.com/avatars/${id}.png` : null,
      `member${id}@example.com`,
      unconfirmed ? 0 : 1,
      id === 1 ? 1 : 0,
      r.chance(0.005) ? 1 : 0,
      r.between(1, 400),
      datetime(joined),
      datetime(joined + r.exponential(SPAN / 10)),
      r.chance(0.2) ? `Into ${r.pick(domains).name.toLowerCase()} since ${2000 + r.int(24)}.` : null,
    );
    if (id === 1) await userRoles.add(id, 16);
    else await userRoles.add(id, unconfirmed ? 3 : 8);
    if (id > 1 && id <= 11) await userRoles.add(id, 40);
    if (id > 1 && id % 200 === 0) await userRoles.add(id, 32);
  }
  await userTable.flush();
  await userRoles.flush();

  log("categories…");
  // A tree: a quarter of the categories at the top, the others their children; the last one the staff's.
  const categoryTable = w.table("Category", [
    "CategoryID",
    "ParentCategoryID",
    "Depth",
    "Name",
    "UrlCode",
    "Description",
    "Sort",
    "PermissionCategoryID",
    "DisplayAs",
    "InsertUserID",
    "DateInserted",
    "DateUpdated",
  ]);
  const top = Math.max(1, Math.ceil(categories / 4));
  const root = datetime(BASE);
  await categoryTable.add(-1, null, 0, "Root", "", null, 0, -1, "Categories", 1, root, root);
  const domainOf = (category: number): Domain => domains[(category - 1) % domains.length]!;
  for (let id = 1; id <= categories; id++) {
    const isTop = id <= top || id === staffCategory;
    const parent = isTop ? -1 : 1 + ((id - 1) % top);
    const domain = domainOf(isTop ? id : parent);
    const name = id === staffCategory ? "Staff Room" : isTop ? domain.name : `${r.pick(domain.subcategories)} (${id})`;
    await categoryTable.add(
      id,
      parent,
      isTop ? 1 : 2,
      name,
      `${slugify(name)}-${id}`,
      `Talk about ${domain.name.toLowerCase()}.`,
      id,
      id === staffCategory ? id : -1,
      isTop && id !== staffCategory && categories > top ? "Categories" : "Discussions",
      1,
      root,
      root,
    );
  }
  await categoryTable.flush();

  log(`discussions (${discussions.toLocaleString("en-US")})…`);
  const discussionCategory = new Int32Array(discussions + 1);
  const discussionDate = new Float64Array(discussions + 1);
  const discussionTable = w.table("Discussion", [
    "DiscussionID",
    "Type",
    "CategoryID",
    "InsertUserID",
    "Name",
    "Body",
    "Format",
    "CountViews",
    "Closed",
    "Announce",
    "DateInserted",
    "DateLastComment",
    "InsertIPAddress",
  ]);
  const tags = Math.max(20, Math.floor(discussions / 500));
  const tagDiscussions = w.table("TagDiscussion", ["TagID", "DiscussionID", "CategoryID", "DateInserted"]);
  const userTags = w.table("UserTag", ["RecordType", "RecordID", "TagID", "UserID", "DateInserted", "Total"]);
  const userDiscussions = w.table("UserDiscussion", [
    "UserID",
    "DiscussionID",
    "CountComments",
    "DateLastViewed",
    "Bookmarked",
    "Participated",
  ]);
  const react = async (type: string, id: number, when: number, count: number) => {
    for (const user of someUsers(r, users, count))
      await userTags.add(
        type,
        id,
        tags + 1 + r.int(REACTIONS.length),
        user,
        datetime(when + r.exponential(86_400_000)),
        1,
      );
  };
  for (let id = 1; id <= discussions; id++) {
    const category = r.chance(0.01) ? staffCategory : 1 + r.int(categories);
    const domain = domainOf(category);
    const when = BASE + (id / discussions) * SPAN;
    discussionCategory[id] = category;
    discussionDate[id] = when;
    const format = pickFormat(r);
    await discussionTable.add(
      id,
      r.chance(0.08) ? "Question" : null,
      category,
      author(r, users),
      discussionTitle(r, domain).slice(0, 100),
      inFormat(discussionBody(r, domain), format),
      format,
      r.between(1, 5000),
      r.chance(0.03) ? 1 : 0,
      r.chance(0.005) ? 1 : 0,
      datetime(when),
      datetime(when),
      null,
    );
    if (r.chance(0.4))
      for (const tag of new Set([1 + r.int(tags), 1 + r.int(tags), 1 + r.int(tags)].slice(0, r.between(1, 3))))
        await tagDiscussions.add(tag, id, category, datetime(when));
    if (r.chance(0.5)) await react("Discussion", id, when, r.between(1, 3));
    for (const user of someUsers(r, users, r.between(0, 4))) {
      await userDiscussions.add(
        user,
        id,
        r.int(10),
        datetime(when + r.exponential(7 * 86_400_000)),
        r.chance(0.25) ? 1 : 0,
        r.chance(0.3) ? 1 : 0,
      );
    }
  }
  await discussionTable.flush();
  await tagDiscussions.flush();
  await userDiscussions.flush();

  log(`comments (${comments.toLocaleString("en-US")})…`);
  const commentTable = w.table("Comment", [
    "CommentID",
    "DiscussionID",
    "InsertUserID",
    "Body",
    "Format",
    "DateInserted",
  ]);
  for (let id = 1; id <= comments; id++) {
    // Skewed: a few discussions gather long threads, most a handful of replies.
    const discussion = 1 + Math.min(discussions - 1, Math.floor(discussions * r.next() ** 1.3));
    const format = pickFormat(r);
    const when = discussionDate[discussion]! + r.exponential(2 * 86_400_000);
    await commentTable.add(
      id,
      discussion,
      author(r, users),
      inFormat(commentBody(r, domainOf(discussionCategory[discussion]!)), format),
      format,
      datetime(when),
    );
    if (r.chance(0.2)) await react("Comment", id, when, r.between(1, 2));
  }
  await commentTable.flush();
  await userTags.flush();

  log("tags, reactions, conversations…");
  const tagTable = w.table("Tag", ["TagID", "Name", "FullName", "Type", "InsertUserID", "DateInserted"]);
  for (let id = 1; id <= tags; id++) {
    const word = r.pick(r.pick(domains).things);
    await tagTable.add(id, `${slugify(word)}-${id}`, `${word} ${id}`, "", 1, root);
  }
  for (const [index, name] of REACTIONS.entries())
    await tagTable.add(tags + 1 + index, name, name, "Reaction", 1, root);
  await tagTable.flush();
  const reactionTypes = w.table("ReactionType", ["UrlCode", "Name", "Class", "TagID", "Active"]);
  for (const [index, name] of REACTIONS.entries()) await reactionTypes.add(name, name, "Positive", tags + 1 + index, 1);
  await reactionTypes.flush();

  const conversationCount = Math.max(1, Math.floor(discussions / 20));
  const conversations = w.table("Conversation", [
    "ConversationID",
    "Subject",
    "InsertUserID",
    "DateInserted",
    "UpdateUserID",
    "DateUpdated",
  ]);
  const messages = w.table("ConversationMessage", [
    "MessageID",
    "ConversationID",
    "Body",
    "Format",
    "InsertUserID",
    "DateInserted",
  ]);
  const participants = w.table("UserConversation", ["UserID", "ConversationID", "CountReadMessages", "DateLastViewed"]);
  let messageID = 0;
  for (let id = 1; id <= conversationCount; id++) {
    const members = someUsers(r, users, r.between(2, 4));
    const when = BASE + r.next() * SPAN;
    const domain = r.pick(domains);
    const count = r.between(1, 6);
    await conversations.add(
      id,
      discussionTitle(r, domain).slice(0, 255),
      members[0]!,
      datetime(when),
      members[0]!,
      datetime(when),
    );
    for (let m = 0; m < count; m++) {
      const format = r.pick(["Text", "Html", "Markdown"]);
      await messages.add(
        ++messageID,
        id,
        inFormat(commentBody(r, domain), format),
        format,
        r.pick(members),
        datetime(when + m * 3_600_000),
      );
    }
    for (const member of members) await participants.add(member, id, r.between(0, count), datetime(when));
  }
  await conversations.flush();
  await messages.flush();
  await participants.flush();

  await w.write(
    `create table ${MARKER_TABLE} (marker text not null);\ninsert into ${MARKER_TABLE} values (${literal(markerOf(size))});\ncommit;\n`,
  );
  await w.end();
  return { filled: true, seconds: (performance.now() - started) / 1000 };
}
