import type { Kysely } from "kysely";

/**
 * Registration by approval: why an applicant wants to join (`discoveryText`, Vanilla's DiscoveryText), read
 * by whoever approves them. Plain text, kept after approval as Vanilla keeps it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("discoveryText", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("discoveryText").execute();
}
