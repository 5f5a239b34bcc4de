import type { Kysely } from "kysely";

/**
 * A category's allowed post types and its banner (issue 28): `allowedDiscussionTypes`, the types it takes as a
 * comma-separated list (null: every type, as Vanilla), and `bannerUrl`, the image at the top of its page (its icon
 * already has `iconUrl`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("categories").addColumn("allowedDiscussionTypes", "text").execute();
  await db.schema.alterTable("categories").addColumn("bannerUrl", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["bannerUrl", "allowedDiscussionTypes"])
    await db.schema.alterTable("categories").dropColumn(column).execute();
}
