import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";

/**
 * Ranks' abilities (issue 33, item 5; Vanilla's ranks add-on's "Links" and edit timeout): `postLinks` 1 (the
 * default, so nothing changes for a site) lets the rank's members post links, 0 refuses a post or edit whose body
 * holds one; `editContentTimeout`, how long (seconds; -1 no limit) the rank's members may edit their posts, null
 * for the site's `ui.editContentTimeout`.
 */
export async function up(db: Kysely<unknown>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable("ranks")
    .addColumn("postLinks", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("ranks").addColumn("editContentTimeout", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("ranks").dropColumn("editContentTimeout").execute();
  await db.schema.alterTable("ranks").dropColumn("postLinks").execute();
}
