import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";

/** "Download my data": the reactions a member gave, each with its type's urlcode and name. */
export async function exportMemberReactions(db: Kysely<DB>, userID: number) {
  return db
    .selectFrom("reactions")
    .innerJoin("reactionTypes", "reactionTypes.tagID", "reactions.tagID")
    .select([
      "reactions.recordType",
      "reactions.recordID",
      "reactionTypes.urlcode",
      "reactionTypes.name",
      "reactions.dateInserted",
    ])
    .where("reactions.userID", "=", userID)
    .orderBy("reactions.dateInserted")
    .execute();
}
