import type { Kysely, SelectQueryBuilder } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** Deletes the notifications about records that are going (in the caller's transaction). */
export async function removeNotificationsAbout<Table extends keyof DB>(
  db: Kysely<DB>,
  recordType: string,
  recordIDs: number[] | SelectQueryBuilder<DB, Table, { [column: string]: number }>,
): Promise<void> {
  if (Array.isArray(recordIDs) && recordIDs.length === 0) return;
  await db
    .deleteFrom("notifications")
    .where("recordType", "=", recordType)
    .where("recordID", "in", recordIDs)
    .execute();
}
