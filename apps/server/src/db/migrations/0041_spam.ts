import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, withId } from "../../platform/db/columns.ts";

/**
 * Watched words and spam verdicts (issue 30). `watchedWords`: a site's words or `*` patterns, each with its
 * action; `word` is kept as typed, `pattern` folded (case, diacritics, invisible characters) so one word is
 * watched once. `spamVerdicts`: what the spam check said of each post or account write (after N `spam`
 * verdicts an account is banned; an address with spam verdicts counts against other accounts using it).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable("watchedWords"), "watchedWordID", dialect)
    .addColumn("word", "varchar(100)", (col) => col.notNull())
    .addColumn("pattern", "varchar(100)", (col) => col.notNull().unique())
    .addColumn("action", "varchar(20)", (col) => col.notNull())
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .execute();

  await withId(db.schema.createTable("spamVerdicts"), "spamVerdictID", dialect)
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("recordType", "varchar(20)", (col) => col.notNull())
    .addColumn("recordID", "integer")
    .addColumn("verdict", "varchar(10)", (col) => col.notNull())
    .addColumn("score", "real", (col) => col.notNull())
    .addColumn("reasons", "text", (col) => col.notNull())
    .addColumn("checker", "varchar(20)", (col) => col.notNull())
    .addColumn("fingerprint", "varchar(16)")
    .addColumn("ipAddress", "varchar(45)")
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("spamVerdicts_user").on("spamVerdicts").columns(["userID", "verdict"]).execute();
  await db.schema.createIndex("spamVerdicts_ip").on("spamVerdicts").columns(["ipAddress", "verdict"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("spamVerdicts").execute();
  await db.schema.dropTable("watchedWords").execute();
}
