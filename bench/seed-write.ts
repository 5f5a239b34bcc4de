import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import type { DB } from "../apps/server/src/platform/db/schema.ts";
import type { Plan } from "./plan.ts";
import type { Progress } from "./progress.ts";
import { createRandom, type Random } from "./random.ts";
import { commentBody, discussionBody, slugify } from "./text.ts";
import { domains } from "./vocabulary.ts";

/** Writing a planned forum: multi-row inserts inside transactions, with explicit, time-ordered IDs. */
const ROWS_PER_INSERT = 500;
const ROWS_PER_TRANSACTION = 25_000;

const iso = (ms: number) => new Date(Math.floor(ms)).toISOString();

/** Writes `count` rows in multi-row inserts, many inserts per transaction. */
async function writeRows(
  db: Kysely<DB>,
  count: number,
  insert: (trx: Transaction<DB>, start: number, end: number) => Promise<void>,
  progress: Progress,
): Promise<void> {
  for (let txStart = 0; txStart < count; txStart += ROWS_PER_TRANSACTION) {
    const txEnd = Math.min(count, txStart + ROWS_PER_TRANSACTION);
    await db.transaction().execute(async (trx) => {
      for (let start = txStart; start < txEnd; start += ROWS_PER_INSERT) {
        const end = Math.min(txEnd, start + ROWS_PER_INSERT);
        await insert(trx, start, end);
        progress.add(end - start);
        // better-sqlite3 answers synchronously: let timers (the progress bar) and signals run.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    });
  }
}

export async function writeForum(db: Kysely<DB>, plan: Plan, adminID: number, randomSeed: number, progress: Progress) {
  const { ids, categories, users, discussions, comments } = plan;
  const text: Random = createRandom(randomSeed ^ 0x7e47);
  const extra: Random = createRandom(randomSeed ^ 0xe47a);

  progress.phase("users");
  await writeRows(
    db,
    users.names.length,
    async (trx, start, end) => {
      const rows: Insertable<DB["users"]>[] = [];
      for (let i = start; i < end; i++) {
        const name = users.names[i]!;
        rows.push({
          userID: ids.user + i,
          name,
          email: `${slugify(name)}.${ids.user + i}@example.com`,
          emailConfirmed: 1,
          passwordHash: null,
          photoUrl: null,
          title: users.titles[i] ?? null,
          isAdmin: 0,
          banned: 0,
          deleted: 0,
          private: 0,
          countDiscussions: users.countDiscussions[i]!,
          countComments: users.countComments[i]!,
          points: users.countDiscussions[i]! * 2 + users.countComments[i]!,
          dateInserted: iso(users.joined[i]!),
          dateUpdated: null,
          dateLastActive: iso(users.lastActive[i]!),
        });
      }
      await trx.insertInto("users").values(rows).execute();
    },
    progress,
  );

  progress.phase("categories");
  await writeRows(
    db,
    categories.length,
    async (trx, start, end) => {
      const rows: Insertable<DB["categories"]>[] = categories.slice(start, end).map((category) => ({
        categoryID: category.categoryID,
        parentCategoryID: category.parentCategoryID,
        name: category.name,
        urlcode: category.urlcode,
        description: category.description,
        displayAs: category.displayAs,
        isArchived: category.name.startsWith("Archive") ? 1 : 0,
        sort: category.sort,
        depth: category.depth,
        lastDiscussionID: category.lastDiscussionID,
        lastCommentID: category.lastCommentID,
        dateInserted: iso(category.dateInserted),
        insertUserID: adminID,
      }));
      await trx.insertInto("categories").values(rows).execute();
    },
    progress,
  );

  progress.phase("discussions");
  await writeRows(
    db,
    discussions.time.length,
    async (trx, start, end) => {
      const rows: Insertable<DB["discussions"]>[] = [];
      for (let i = start; i < end; i++) {
        const category = categories[discussions.category[i]!]!;
        const countComments = discussions.countComments[i]!;
        const lastComment = discussions.lastComment[i]!;
        rows.push({
          discussionID: ids.discussion + i,
          type: "discussion",
          categoryID: category.categoryID,
          name: discussions.titles[i]!,
          body: discussionBody(text, domains[category.domain]!),
          format: "markdown",
          insertUserID: ids.user + discussions.author[i]!,
          updateUserID: null,
          lastUserID: ids.user + discussions.lastAuthor[i]!,
          lastCommentID: lastComment < 0 ? null : ids.comment + lastComment,
          dateInserted: iso(discussions.time[i]!),
          dateUpdated: null,
          dateLastComment: iso(discussions.lastTime[i]!),
          countComments,
          countViews: countComments * extra.between(3, 25) + extra.between(5, 200),
          closed: extra.chance(0.02) ? 1 : 0,
          sink: 0,
          announce: extra.chance(0.001) ? 1 : 0,
          score: extra.chance(0.3) ? extra.between(1, 20) : 0,
        });
      }
      await trx.insertInto("discussions").values(rows).execute();
    },
    progress,
  );

  progress.phase("comments");
  await writeRows(
    db,
    comments.time.length,
    async (trx, start, end) => {
      const rows: Insertable<DB["comments"]>[] = [];
      for (let rank = start; rank < end; rank++) {
        const discussion = comments.discussion[rank]!;
        const category = categories[discussions.category[discussion]!]!;
        rows.push({
          commentID: ids.comment + rank,
          discussionID: ids.discussion + discussion,
          parentCommentID: null,
          body: commentBody(text, domains[category.domain]!),
          format: "markdown",
          insertUserID: ids.user + comments.author[rank]!,
          updateUserID: null,
          dateInserted: iso(comments.time[rank]!),
          dateUpdated: null,
          score: extra.chance(0.2) ? extra.between(1, 10) : 0,
        });
      }
      await trx.insertInto("comments").values(rows).execute();
    },
    progress,
  );
}

/**
 * Gives every user without a role the one the accounts migration gives existing users (admin →
 * administrator, the "Moderator" titles → moderator, everyone else → member). Raw SQL, and only
 * when the roles tables exist, so the seeder also runs on a schema from before accounts.
 */
export async function assignRoles(db: Kysely<DB>): Promise<void> {
  const tables = new Set((await db.introspection.getTables()).map((table) => table.name));
  if (!tables.has("userRoles") || !tables.has("roles")) return;
  await sql`insert into "userRoles" ("userID", "roleID")
    select u."userID", r."roleID" from "users" u
    join "roles" r on r."type" = case when u."isAdmin" = 1 then 'administrator'
      when u."title" = 'Moderator' then 'moderator' else 'member' end
    where not exists (select 1 from "userRoles" x where x."userID" = u."userID")`.execute(db);
}

/** Explicit IDs do not move PostgreSQL's sequences: point them past the seeded rows. */
export async function syncPostgresSequences(db: Kysely<DB>): Promise<void> {
  const tables = [
    ["users", "userID"],
    ["categories", "categoryID"],
    ["discussions", "discussionID"],
    ["comments", "commentID"],
  ] as const;
  for (const [table, column] of tables) {
    await sql`select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}),
      coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
  }
}

export async function maxId(
  db: Kysely<DB>,
  table: "users" | "categories" | "discussions" | "comments",
): Promise<number> {
  const column = (
    { users: "userID", categories: "categoryID", discussions: "discussionID", comments: "commentID" } as const
  )[table];
  const row = await sql<{ id: number | null }>`select max(${sql.ref(column)}) as id from ${sql.table(table)}`.execute(
    db,
  );
  return Math.max(0, Number(row.rows[0]?.id ?? 0));
}

/**
 * The points ledger (`userPoints`, migration 0060) as the seeded posts' scores would have built it: each post's score
 * is its author's, in the post's category, at the post's date. All-time and monthly slots, for every category (0) and
 * per category, summed in SQL: what the leaderboard rows of the benchmark read. (The seeded `users.points` is left
 * as written; the leaderboard reads the ledger.)
 */
export async function writePointsLedger(db: Kysely<DB>, dialect: "sqlite" | "postgres"): Promise<void> {
  const month =
    dialect === "postgres"
      ? sql<string>`to_char(p."dateInserted" at time zone 'UTC', 'YYYY-MM-01')`
      : sql<string>`substr(p."dateInserted", 1, 7) || '-01'`;
  const posts = sql`(
    select d."insertUserID", d."categoryID", d.score, d."dateInserted" from discussions d where d.score > 0
    union all
    select c."insertUserID", d."categoryID", c.score, c."dateInserted"
      from comments c join discussions d on d."discussionID" = c."discussionID" where c.score > 0
  ) p`;
  for (const [slotType, slot] of [
    ["a", sql<string>`'1970-01-01'`],
    ["m", month],
  ] as const) {
    // Grouped by the select list's positions: PostgreSQL refuses the all-time slot's constant in GROUP BY.
    await sql`insert into "userPoints" ("slotType", "timeSlot", "categoryID", "userID", points)
      select ${slotType}, ${slot}, 0, p."insertUserID", sum(p.score) from ${posts}
      group by 2, 4`.execute(db);
    await sql`insert into "userPoints" ("slotType", "timeSlot", "categoryID", "userID", points)
      select ${slotType}, ${slot}, p."categoryID", p."insertUserID", sum(p.score) from ${posts}
      group by 2, 3, 4`.execute(db);
  }
}
