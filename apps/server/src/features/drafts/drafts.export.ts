import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** "Download my data": a member's drafts (scheduled ones too), their fields as saved. */
export async function exportMemberDrafts(db: Kysely<DB>, userID: number) {
  const rows = await db
    .selectFrom("drafts")
    .select([
      "draftID",
      "recordType",
      "recordID",
      "parentRecordType",
      "parentRecordID",
      "attributes",
      "dateInserted",
      "dateUpdated",
      "draftStatus",
      "dateScheduled",
    ])
    .where("insertUserID", "=", userID)
    .orderBy("draftID")
    .execute();
  return rows.map(({ attributes, ...row }) => ({ ...row, attributes: parse(attributes) }));
}

function parse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}
