import type { Kysely } from "kysely";
import { dateType, withId } from "../../platform/db/columns.ts";
import type { DialectName } from "../../platform/db/database.ts";
import type { DB } from "../../platform/db/schema.ts";
// The rebuild alone (as 0020 takes search.text.ts): the feature's index.ts brings its routes and events.
import { rebuildMentionIndex } from "../../features/mentions/mentions.repo.ts";

/**
 * Issue 36: `GET /user-mentions/users/{userID}` and `POST /user-mentions/{id}/anonymize`. The mentions feature's
 * index of who is mentioned in which post: one row per member and post, its parent (a discussion's category, a
 * comment's discussion), and its status (`active`, `toDelete` once the member's account is deleted, `removed`
 * once anonymised), filled here for the posts already written.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable("userMentions"), "userMentionID", dialect)
    .addColumn("userID", "integer", (col) => col.notNull())
    .addColumn("recordType", "varchar(20)", (col) => col.notNull())
    .addColumn("recordID", "integer", (col) => col.notNull())
    .addColumn("discussionID", "integer", (col) => col.notNull())
    .addColumn("parentRecordType", "varchar(20)", (col) => col.notNull())
    .addColumn("parentRecordID", "integer", (col) => col.notNull())
    .addColumn("mentionedName", "varchar(100)", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("status", "varchar(20)", (col) => col.notNull().defaultTo("active"))
    .addUniqueConstraint("userMentions_record", ["userID", "recordType", "recordID"])
    .execute();
  await db.schema
    .createIndex("userMentions_user_date")
    .on("userMentions")
    .columns(["userID", "dateInserted"])
    .execute();
  await db.schema.createIndex("userMentions_post").on("userMentions").columns(["recordType", "recordID"]).execute();
  await db.schema.createIndex("userMentions_discussion").on("userMentions").column("discussionID").execute();
  await rebuildMentionIndex(db as unknown as Kysely<DB>);
}
