import type { Kysely } from "kysely";

/** Member signatures (spec §3 `signature.body`): the source text and its post format, null when unset. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("signature", "text").execute();
  await db.schema.alterTable("users").addColumn("signatureFormat", "varchar(20)").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("signatureFormat").execute();
  await db.schema.alterTable("users").dropColumn("signature").execute();
}
