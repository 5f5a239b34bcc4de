import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType, flag, withId } from "../../platform/db/columns.ts";

/**
 * Issue 36, the rest of Vanilla's discussion and category operations.
 *
 * `discussionStatuses`: the idea statuses (Vanilla's record statuses of subtype ideation). The six built in
 * (Active … Declined) are seeded first, so they keep the IDs 1–6 the contracts and stored ideas use; they are
 * system statuses (read only). Administrators add their own (`POST /discussions/statuses`); one is the default a
 * new idea takes (an idea whose `ideaStatusID` is null has the default).
 *
 * `discussionStatusLog`: each change of a discussion's status, written in the change's transaction (who, when,
 * from, to, the notes given), for `GET /discussions/{id}/status-log`.
 *
 * `discussions.canonicalUrl`: a moderator's canonical address for the discussion (`PUT
 * /discussions/{id}/canonical-url`); null: the discussion's own.
 *
 * `userCategories`' notification preferences (Vanilla's `preferences.popup.posts`, `.email.posts`,
 * `.popup.comments`, `.email.comments`) beside `followed`: 0 unless set, so a category followed before keeps only
 * its follow.
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await withId(db.schema.createTable("discussionStatuses"), "statusID", dialect)
    .addColumn("name", "varchar(100)", (col) => col.notNull())
    .addColumn("state", "varchar(10)", (col) => col.notNull())
    .addColumn("recordSubtype", "varchar(50)")
    .addColumn("isDefault", "integer", flag)
    .addColumn("isSystem", "integer", flag)
    .addColumn("isInternal", "integer", flag)
    .addColumn("insertUserID", "integer")
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .addColumn("updateUserID", "integer")
    .addColumn("dateUpdated", dateType(dialect))
    .execute();
  const now = new Date().toISOString();
  const builtIn: Array<[string, "open" | "closed"]> = [
    ["Active", "open"],
    ["Under review", "open"],
    ["Planned", "open"],
    ["In progress", "open"],
    ["Completed", "closed"],
    ["Declined", "closed"],
  ];
  // One at a time, in order: the serial and autoincrement IDs are 1 to 6.
  for (const [index, [name, state]] of builtIn.entries())
    await (db as Kysely<{ discussionStatuses: Record<string, unknown> }>)
      .insertInto("discussionStatuses")
      .values({
        name,
        state,
        recordSubtype: "ideation",
        isDefault: index === 0 ? 1 : 0,
        isSystem: 1,
        isInternal: 0,
        dateInserted: now,
      })
      .execute();

  await withId(db.schema.createTable("discussionStatusLog"), "statusLogID", dialect)
    .addColumn("discussionID", "integer", (col) =>
      col.notNull().references("discussions.discussionID").onDelete("cascade"),
    )
    .addColumn("statusID", "integer", (col) => col.notNull())
    .addColumn("previousStatusID", "integer", (col) => col.notNull())
    .addColumn("reason", "text")
    .addColumn("insertUserID", "integer", (col) => col.notNull())
    .addColumn("dateInserted", dateType(dialect), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("discussionStatusLog_discussion")
    .on("discussionStatusLog")
    .columns(["discussionID", "statusLogID"])
    .execute();

  await db.schema.alterTable("discussions").addColumn("canonicalUrl", "varchar(500)").execute();

  for (const column of ["popupPosts", "emailPosts", "popupComments", "emailComments"])
    await db.schema.alterTable("userCategories").addColumn(column, "integer", flag).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["popupPosts", "emailPosts", "popupComments", "emailComments"])
    await db.schema.alterTable("userCategories").dropColumn(column).execute();
  await db.schema.alterTable("discussions").dropColumn("canonicalUrl").execute();
  await db.schema.dropTable("discussionStatusLog").execute();
  await db.schema.dropTable("discussionStatuses").execute();
}
