import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, withId } from "../../platform/db/columns.ts";

/**
 * A member's privacy page (issue 29, item 3):
 * - `users.dateDeleteScheduled`: a member deleted their own account on a site with a grace period; the
 *   account is deactivated (sessions revoked, sign-in refused) until the scheduled job deletes it then, or an
 *   administrator cancels. Null otherwise. `users_dateDeleteScheduled` serves the job's search for due ones.
 * - `userExports`: "Download my data" requests, built by a job into a private file (`fileName`, under the data
 *   directory, never served as media) and downloadable by their member until `dateExpires`.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable("users").addColumn("dateDeleteScheduled", dateType(dialect)).execute();
  await db.schema.createIndex("users_dateDeleteScheduled").on("users").column("dateDeleteScheduled").execute();
  await withId(db.schema.createTable("userExports"), "exportID", dialect)
    .addColumn("userID", "integer", (col) => col.notNull().references("users.userID").onDelete("cascade"))
    .addColumn("status", "varchar(20)", (col) => col.notNull())
    .addColumn("fileName", "varchar(100)")
    .addColumn("size", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("claimedUntil", dateType(dialect))
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("dateCompleted", dateType(dialect))
    .addColumn("dateExpires", dateType(dialect))
    .execute();
  await db.schema.createIndex("userExports_user").on("userExports").columns(["userID", "dateInserted"]).execute();
  await db.schema.createIndex("userExports_status").on("userExports").column("status").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("userExports").execute();
  await db.schema.dropIndex("users_dateDeleteScheduled").execute();
  await db.schema.alterTable("users").dropColumn("dateDeleteScheduled").execute();
}
