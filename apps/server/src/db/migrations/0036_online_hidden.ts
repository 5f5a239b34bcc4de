import type { Kysely } from "kysely";

/**
 * Who's online (issue 29, Vanilla's `online` add-on): Vanilla's User field `hidden`, a member hiding their
 * online status. Last-seen is `users.dateLastActive`, written in batches (`users.online.ts`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("hidden", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("hidden").execute();
}
