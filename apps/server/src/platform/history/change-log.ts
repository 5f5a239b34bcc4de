import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { nowIso } from "../dates.ts";

/** One change to keep: the record as it was before an edit or a deletion. */
export interface ChangeEntry {
  operation: "edit" | "delete";
  recordType: "discussion" | "comment";
  recordID: number;
  /** A comment's discussionID; a discussion's categoryID. */
  parentRecordID: number | null;
  /** The row before the change. */
  data: object;
  /** Who changed it. */
  insertUserID: number;
}

/**
 * Keeps edits and deletions of posts (Vanilla's log): call it with the transaction that makes the
 * change, so the history and the change are written together or not at all.
 */
export async function writeChanges(trx: Kysely<DB>, entries: ChangeEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const now = nowIso();
  for (let start = 0; start < entries.length; start += 200) {
    await trx
      .insertInto("changeLog")
      .values(
        entries.slice(start, start + 200).map((entry) => ({
          operation: entry.operation,
          recordType: entry.recordType,
          recordID: entry.recordID,
          parentRecordID: entry.parentRecordID,
          data: JSON.stringify(entry.data),
          insertUserID: entry.insertUserID,
          dateInserted: now,
          restoreUserID: null,
          dateRestored: null,
        })),
      )
      .execute();
  }
}

/** Marks a kept change as restored (in the restoring transaction). */
export async function markChangeRestored(trx: Kysely<DB>, logID: number, userID: number, date: string): Promise<void> {
  await trx
    .updateTable("changeLog")
    .set({ restoreUserID: userID, dateRestored: date })
    .where("logID", "=", logID)
    .execute();
}
