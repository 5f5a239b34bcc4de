import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { counter, dateType, withId } from "../../platform/db/columns.ts";

/**
 * Ranks (issue 33, item 5; Vanilla's ranks add-on): defined by administrators, each with a label shown beside the
 * member's name, a level (order) and criteria (minimum points, posts, days since joining) that must all hold.
 * `users.rankID` is the member's rank, kept by the writes that move their points or post counts (and a daily job for
 * the days); `users.rankManual` 1: set by hand (`PUT /users/{id}/rank`), left alone by the recomputation.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable("ranks"), "rankID", dialect)
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("userTitle", "varchar(100)", (col) => col.notNull())
    .addColumn("level", "integer", (col) => col.notNull())
    .addColumn("minPoints", "integer", counter)
    .addColumn("minPosts", "integer", counter)
    .addColumn("minDays", "integer", counter)
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .execute();
  await db.schema.alterTable("users").addColumn("rankID", "integer").execute();
  await db.schema.alterTable("users").addColumn("rankManual", "integer", counter).execute();

  const now = new Date().toISOString();
  await (db as Kysely<{ ranks: Record<string, unknown> }>)
    .insertInto("ranks")
    .values([
      { name: "Newcomer", userTitle: "Newcomer", level: 1, minPoints: 0, minPosts: 0, minDays: 0, dateInserted: now },
      { name: "Member", userTitle: "Member", level: 2, minPoints: 5, minPosts: 10, minDays: 7, dateInserted: now },
      { name: "Regular", userTitle: "Regular", level: 3, minPoints: 50, minPosts: 100, minDays: 90, dateInserted: now },
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("rankManual").execute();
  await db.schema.alterTable("users").dropColumn("rankID").execute();
  await db.schema.dropTable("ranks").execute();
}
