import type { Kysely } from "kysely";
import type { DialectName } from "../../platform/db/database.ts";
import { dateType } from "../../platform/db/columns.ts";

/** Ban rules that end (issue 30): `bans.dateExpires`, when a rule stops applying (null: never). */
export async function up(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable("bans").addColumn("dateExpires", dateType(dialect)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bans").dropColumn("dateExpires").execute();
}
