import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType } from "../../platform/db/columns.ts";

/**
 * Tombstones of deleted discussions (issue 32): a discussion's id, its category and when it went, written in the
 * deletion's transaction by every path that deletes one (deleting it, in bulk, merging it away without a redirect,
 * with its category, its group or its author's posts). `GET /discussions/{id}` and the discussion's page answer
 * 410 Gone for them where they used to answer 404.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable("deletedDiscussions")
    .addColumn("discussionID", "integer", (col) => col.primaryKey())
    .addColumn("categoryID", "integer", (col) => col.notNull())
    .addColumn("dateDeleted", dateType(dialect), (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("deletedDiscussions").execute();
}
