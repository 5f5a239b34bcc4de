import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { profilePath } from "@parley/contracts/urls";
import type { DB } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/errors.ts";
import { categoryUrl } from "../categories/index.ts";
import { discussionUrl } from "../discussions/index.ts";

/*
 * Old addresses of an imported forum (issue 35): the porter keeps the source's ids (a phpBB topic's id is the
 * discussion's, a post's the comment's, a forum's the category's, a member's the member's), so each source's own
 * URL shapes answer 301 to Parley's page of the same record; an id that had to change on import (it was taken)
 * is looked up in `importRedirects` first. docs/features/import.md lists the shapes.
 */

export type RedirectRecord = "discussion" | "comment" | "category" | "user";

/** The record's id here: its row in `importRedirects` when it had to change on import, else the same. */
async function currentID(db: Kysely<DB>, recordType: RedirectRecord, oldID: number): Promise<number> {
  const row = await db
    .selectFrom("importRedirects")
    .select("newID")
    .where("recordType", "=", recordType)
    .where("oldID", "=", oldID)
    .executeTakeFirst();
  return row?.newID ?? oldID;
}

/** Parley's address of an imported record by its old id, or null when there is none (404). */
async function redirectTarget(db: Kysely<DB>, recordType: RedirectRecord, oldID: number): Promise<string | null> {
  const id = await currentID(db, recordType, oldID);
  if (recordType === "discussion") {
    const row = await db
      .selectFrom("discussions")
      .select(["discussionID", "name"])
      .where("discussionID", "=", id)
      .executeTakeFirst();
    return row ? discussionUrl("", row) : null;
  }
  if (recordType === "comment") {
    const row = await db.selectFrom("comments").select("commentID").where("commentID", "=", id).executeTakeFirst();
    return row ? `/discussion/comment/${row.commentID}#Comment_${row.commentID}` : null;
  }
  if (recordType === "category") {
    const row = await db
      .selectFrom("categories")
      .select(["categoryID", "urlcode"])
      .where("categoryID", "=", id)
      .where("categoryID", ">", 0)
      .executeTakeFirst();
    return row ? categoryUrl("", row) : null;
  }
  const row = await db
    .selectFrom("users")
    .select("name")
    .where("userID", "=", id)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  return row ? profilePath(row.name) : null;
}

/** A positive id from an address's text (`123`, `123.0`, `some-title.123`, `123-some-title`), else null. */
function idIn(value: unknown, shape: "leading" | "trailing" = "leading"): number | null {
  if (typeof value !== "string") return null;
  const match = shape === "leading" ? /^(\d{1,10})(?:\D|$)/.exec(value) : /(?:^|\.)(\d{1,10})$/.exec(value);
  const id = match ? Number(match[1]) : 0;
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

type Query = Record<string, unknown>;
/** The records an old address may name, most precise first (a post before its topic). */
type Candidates = Array<[RedirectRecord, number | null]>;

/**
 * The porter sources' URL shapes: path → what its query or path names. phpBB (`viewtopic.php?t=&p=`,
 * `viewforum.php?f=`, `memberlist.php?mode=viewprofile&u=`), vBulletin and MyBB (`showthread.php?t=` / `?tid=` /
 * `?123-title`, `showpost.php?p=`, `forumdisplay.php?f=` / `?fid=`, `member.php?u=` / `?uid=`), XenForo
 * (`threads/title.123/`, `posts/456/`, `forums/title.7/`, `members/name.9/`), Discourse (`t/title/123`), Flarum
 * (`d/123-title`) and SMF (`index.php?topic=123.0`, `?board=7.0`, `?action=profile;u=9`).
 */
const shapes: Array<[string, (query: Query, params: Record<string, string>) => Candidates]> = [
  [
    "/viewtopic.php",
    (q) => [
      ["comment", idIn(q["p"])],
      ["discussion", idIn(q["t"])],
    ],
  ],
  ["/viewforum.php", (q) => [["category", idIn(q["f"])]]],
  ["/memberlist.php", (q) => [["user", q["mode"] === "viewprofile" ? idIn(q["u"]) : null]]],
  [
    "/showthread.php",
    (q) => [
      ["comment", idIn(q["p"] ?? q["pid"])],
      ["discussion", idIn(q["t"] ?? q["tid"] ?? Object.keys(q).find((key) => /^\d/.test(key)))],
    ],
  ],
  ["/showpost.php", (q) => [["comment", idIn(q["p"])]]],
  [
    "/forumdisplay.php",
    (q) => [["category", idIn(q["f"] ?? q["fid"] ?? Object.keys(q).find((key) => /^\d/.test(key)))]],
  ],
  ["/member.php", (q) => [["user", idIn(q["u"] ?? q["uid"] ?? Object.keys(q).find((key) => /^\d/.test(key)))]]],
  ["/threads/:slug", (_q, p) => [["discussion", idIn(p["slug"], "trailing")]]],
  ["/threads/:slug/*", (_q, p) => [["discussion", idIn(p["slug"], "trailing")]]],
  ["/posts/:id", (_q, p) => [["comment", idIn(p["id"])]]],
  ["/posts/:id/*", (_q, p) => [["comment", idIn(p["id"])]]],
  ["/forums/:slug", (_q, p) => [["category", idIn(p["slug"], "trailing")]]],
  ["/forums/:slug/*", (_q, p) => [["category", idIn(p["slug"], "trailing")]]],
  ["/members/:slug", (_q, p) => [["user", idIn(p["slug"], "trailing")]]],
  ["/members/:slug/*", (_q, p) => [["user", idIn(p["slug"], "trailing")]]],
  ["/t/:slug/:id", (_q, p) => [["discussion", idIn(p["id"])]]],
  ["/t/:slug/:id/*", (_q, p) => [["discussion", idIn(p["id"])]]],
  ["/d/:slug", (_q, p) => [["discussion", idIn(p["slug"])]]],
  [
    "/index.php",
    (q) => {
      // SMF separates its parameters with `;` inside one: `?action=profile;u=9`, `?topic=123.0`.
      const smf = new Map(
        Object.entries(q).flatMap(([key, value]) =>
          `${key}=${typeof value === "string" ? value : ""}`.split(";").map((part) => {
            const [name = "", ...rest] = part.split("=");
            return [name, rest.join("=")] as const;
          }),
        ),
      );
      const topic = smf.get("topic") ?? "";
      const message = /\.msg(\d+)/.exec(topic)?.[1];
      return [
        ["comment", idIn(message)],
        ["discussion", idIn(topic)],
        ["category", idIn(smf.get("board"))],
        ["user", smf.get("action") === "profile" ? idIn(smf.get("u")) : null],
      ];
    },
  ],
];

/** The routes answering the old addresses with 301 (hidden from the OpenAPI document, like feeds). */
export function registerImportRedirects(app: FastifyInstance, db: Kysely<DB>): void {
  for (const [path, candidates] of shapes)
    app.get(path, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
      for (const [recordType, id] of candidates(request.query as Query, request.params as Record<string, string>)) {
        if (id === null) continue;
        const target = await redirectTarget(db, recordType, id);
        if (target) return reply.code(301).header("cache-control", "public, max-age=86400").redirect(target, 301);
      }
      // An old address of nothing imported: the site's not-found page, as any unknown page.
      throw notFound("Page");
    });
}

/** Records the new id of an imported record whose old id was taken (in the writing batch's transaction). */
export async function insertImportRedirects(
  db: Kysely<DB>,
  rows: Array<{ recordType: RedirectRecord; oldID: number; newID: number }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("importRedirects")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The new ids of these old ids of one kind, for a re-run that meets a record moved by an earlier one. */
export async function importedRedirects(
  db: Kysely<DB>,
  recordType: RedirectRecord,
  oldIDs: number[],
): Promise<Map<number, number>> {
  if (oldIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom("importRedirects")
    .select(["oldID", "newID"])
    .where("recordType", "=", recordType)
    .where("oldID", "in", oldIDs)
    .execute();
  return new Map(rows.map((row) => [row.oldID, row.newID]));
}
