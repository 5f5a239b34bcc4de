import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { counter, dateType, withId } from "../../platform/db/columns.ts";

/**
 * Reputation (issue 33, item 5; Vanilla's reputation and badges add-ons).
 *
 * `userPoints` is the points ledger by period, as Vanilla's GDN_UserPoints: one row per slot type (`d` day, `w` week
 * from Monday, `m` month, `y` year, `a` all time), slot start (`YYYY-MM-DD`, UTC; `1970-01-01` for all time), category
 * (0: every category) and member, changed by increments in the transaction of the write that earns or takes back the
 * points, so a leaderboard is one indexed query. An accepted answer keeps the points it gave (`answers.points`), so
 * un-accepting or deleting it takes back what it gave even after the setting changed. Badges are seeded with the
 * rules that award them; `userBadges` holds who earned which, once.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("userPoints")
    .addColumn("slotType", "varchar(1)", (col) => col.notNull())
    .addColumn("timeSlot", "varchar(10)", (col) => col.notNull())
    .addColumn("categoryID", "integer", (col) => col.notNull())
    .addColumn("userID", "integer", (col) => col.notNull())
    .addColumn("points", "integer", counter)
    .addPrimaryKeyConstraint("userPoints_pk", ["slotType", "timeSlot", "categoryID", "userID"])
    .execute();
  await db.schema
    .createIndex("userPoints_board")
    .on("userPoints")
    .columns(["slotType", "timeSlot", "categoryID", "points"])
    .execute();
  await db.schema.createIndex("userPoints_user").on("userPoints").columns(["userID"]).execute();
  await db.schema.alterTable("answers").addColumn("points", "integer", counter).execute();

  await withId(db.schema.createTable("badges"), "badgeID", dialect)
    .addColumn("key", "varchar(50)", (col) => col.notNull().unique())
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("rule", "varchar(20)", (col) => col.notNull())
    .addColumn("threshold", "integer", (col) => col.notNull())
    .addColumn("sort", "integer", counter)
    .addColumn("countRecipients", "integer", counter)
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("userBadges")
    .addColumn("userID", "integer", (col) => col.notNull())
    .addColumn("badgeID", "integer", (col) => col.notNull().references("badges.badgeID").onDelete("cascade"))
    .addColumn("dateEarned", dateType(dialect), (col) => col.notNull())
    .addPrimaryKeyConstraint("userBadges_pk", ["userID", "badgeID"])
    .execute();
  await db.schema.createIndex("userBadges_badge").on("userBadges").columns(["badgeID", "dateEarned"]).execute();

  const now = new Date().toISOString();
  const seeds: Array<[string, string, string, string, number]> = [
    ["first-post", "First Post", "Posted for the first time.", "posts", 1],
    ["posts-10", "10 Posts", "Posted 10 times.", "posts", 10],
    ["posts-100", "100 Posts", "Posted 100 times.", "posts", 100],
    ["posts-1000", "1000 Posts", "Posted 1000 times.", "posts", 1000],
    ["first-answer", "First Answer", "Gave an answer the asker accepted.", "answers", 1],
    ["reactions-10", "10 Reactions", "Received 10 reactions.", "reactions", 10],
    ["reactions-100", "100 Reactions", "Received 100 reactions.", "reactions", 100],
    ["anniversary-1", "First Anniversary", "A member for a year.", "anniversary", 1],
    ["anniversary-5", "Fifth Anniversary", "A member for five years.", "anniversary", 5],
  ];
  await (db as Kysely<{ badges: Record<string, unknown> }>)
    .insertInto("badges")
    .values(
      seeds.map(([key, name, description, rule, threshold], index) => ({
        key,
        name,
        description,
        rule,
        threshold,
        sort: index + 1,
        dateInserted: now,
      })),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("userBadges").execute();
  await db.schema.dropTable("badges").execute();
  await db.schema.alterTable("answers").dropColumn("points").execute();
  await db.schema.dropTable("userPoints").execute();
}
