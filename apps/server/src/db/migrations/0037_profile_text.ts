import type { Kysely } from "kysely";

/**
 * A member's own profile (issue 29): Vanilla's User fields `Location` and `About`, the latter a body in one of the
 * post formats (rendered through the one sanitiser, as signatures are). The photo already has `photoUrl` (0001).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("location", "text").execute();
  await db.schema.alterTable("users").addColumn("about", "text").execute();
  await db.schema.alterTable("users").addColumn("aboutFormat", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("aboutFormat").execute();
  await db.schema.alterTable("users").dropColumn("about").execute();
  await db.schema.alterTable("users").dropColumn("location").execute();
}
