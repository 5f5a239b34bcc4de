import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType } from "../../platform/db/columns.ts";

/**
 * When a discussion was marked resolved (issue 36: Vanilla's `dateResolved`, beside `resolved` and
 * `resolvedUserID`), set and cleared by the writes that resolve it; null for one never resolved, and for those
 * resolved before this migration (their date was not kept).
 */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable("discussions").addColumn("dateResolved", dateType(dialect)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("discussions").dropColumn("dateResolved").execute();
}
