import type { Kysely, Selectable } from "kysely";
import { lockRows, sharedRead } from "../../platform/db/row-locks.ts";
import type { DB, ReactionTypesTable } from "../../platform/db/schema.ts";
import { addCommentScore } from "../comments/index.ts";
import { addDiscussionScore } from "../discussions/index.ts";

export type ReactionTypeRow = Selectable<ReactionTypesTable>;
export type RecordType = "discussion" | "comment";

/** The reactions' SQL, including the score of the record a reaction is on (same transaction). */
export function createReactionsRepo(db: Kysely<DB>): ReactionsRepo {
  return {
    withTransaction: (trx) => createReactionsRepo(trx),
    types: () => db.selectFrom("reactionTypes").selectAll().orderBy("sort").execute(),
    // A type's change (lockType) waits for the reactions being written with the types as read here.
    typesShared: () => sharedRead(db, db.selectFrom("reactionTypes").selectAll().orderBy("tagID")).execute(),

    async lockType(urlcode) {
      const found = await db
        .selectFrom("reactionTypes")
        .select("tagID")
        .where((eb) => eb(eb.fn("lower", ["urlcode"]), "=", urlcode.toLowerCase()))
        .executeTakeFirst();
      if (!found) return undefined;
      await lockRows(db, "reactionTypes", "tagID", [found.tagID], "sort");
      return db.selectFrom("reactionTypes").selectAll().where("tagID", "=", found.tagID).executeTakeFirst();
    },

    async updateType(tagID, changes) {
      if (Object.keys(changes).length === 0) return;
      await db.updateTable("reactionTypes").set(changes).where("tagID", "=", tagID).execute();
    },

    async countsOfType(tagID) {
      const rows = await db
        .selectFrom("reactions")
        .select(["recordType", "recordID", (eb) => eb.fn.countAll<number>().as("count")])
        .where("tagID", "=", tagID)
        .groupBy(["recordType", "recordID"])
        .execute();
      return rows.map((row) => ({
        recordType: row.recordType as RecordType,
        recordID: row.recordID,
        count: Number(row.count),
      }));
    },

    existing: (recordType, recordID, userID) =>
      db
        .selectFrom("reactions")
        .select(["tagID", "dateInserted"])
        .where("recordType", "=", recordType)
        .where("recordID", "=", recordID)
        .where("userID", "=", userID)
        .executeTakeFirst(),

    async put(row) {
      await db
        .insertInto("reactions")
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(["recordType", "recordID", "userID"])
            .doUpdateSet({ tagID: row.tagID, dateInserted: row.dateInserted }),
        )
        .execute();
    },

    async remove(recordType, recordID, userID) {
      await db
        .deleteFrom("reactions")
        .where("recordType", "=", recordType)
        .where("recordID", "=", recordID)
        .where("userID", "=", userID)
        .execute();
    },

    async lockRecord(recordType, recordID) {
      return recordType === "discussion" ? addDiscussionScore(db, recordID, 0) : addCommentScore(db, recordID, 0);
    },

    async addScore(recordType, recordID, delta) {
      if (delta === 0) return;
      if (recordType === "discussion") await addDiscussionScore(db, recordID, delta);
      else await addCommentScore(db, recordID, delta);
    },

    async counts(recordType, recordIDs) {
      if (recordIDs.length === 0) return [];
      const rows = await db
        .selectFrom("reactions")
        .select(["recordID", "tagID", (eb) => eb.fn.countAll<number>().as("count")])
        .where("recordType", "=", recordType)
        .where("recordID", "in", recordIDs)
        .groupBy(["recordID", "tagID"])
        .execute();
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },

    async mine(recordType, recordIDs, userID) {
      if (recordIDs.length === 0 || userID === 0) return new Map();
      const rows = await db
        .selectFrom("reactions")
        .select(["recordID", "tagID"])
        .where("recordType", "=", recordType)
        .where("recordID", "in", recordIDs)
        .where("userID", "=", userID)
        .execute();
      return new Map(rows.map((row) => [row.recordID, row.tagID]));
    },

    log: (recordType, recordID, tagID, offset, limit) => {
      let query = db
        .selectFrom("reactions")
        .selectAll()
        .where("recordType", "=", recordType)
        .where("recordID", "=", recordID);
      if (tagID !== undefined) query = query.where("tagID", "=", tagID);
      return query.orderBy("dateInserted", "desc").offset(offset).limit(limit).execute();
    },

    async received(userID) {
      const rows = await db
        .selectFrom("reactions")
        .select(["tagID", (eb) => eb.fn.countAll<number>().as("count")])
        .where("recordUserID", "=", userID)
        .groupBy("tagID")
        .execute();
      return new Map(rows.map((row) => [row.tagID, Number(row.count)]));
    },
  };
}

export interface ReactionsRepo {
  withTransaction(trx: Kysely<DB>): ReactionsRepo;
  types(): Promise<ReactionTypeRow[]>;
  /** The types as they are now, share-locked until the transaction ends (call it first in a reaction's). */
  typesShared(): Promise<ReactionTypeRow[]>;
  /**
   * A type by its url code (any case), its row locked until the transaction ends: two edits of one type
   * run one after the other, each reading the points the other left.
   */
  lockType(urlcode: string): Promise<ReactionTypeRow | undefined>;
  updateType(
    tagID: number,
    changes: Partial<Pick<ReactionTypeRow, "name" | "description" | "points" | "active">>,
  ): Promise<void>;
  /** How many reactions of a type each post has (to move their scores when the type's points change). */
  countsOfType(tagID: number): Promise<Array<{ recordType: RecordType; recordID: number; count: number }>>;
  /**
   * Locks the record's row until the transaction ends (false when it is gone): the member's reaction read
   * after it is the one committed, so two reactions at once never both add their points.
   */
  lockRecord(recordType: RecordType, recordID: number): Promise<boolean>;
  existing(
    recordType: RecordType,
    recordID: number,
    userID: number,
  ): Promise<{ tagID: number; dateInserted: string } | undefined>;
  put(row: {
    recordType: RecordType;
    recordID: number;
    userID: number;
    tagID: number;
    recordUserID: number;
    dateInserted: string;
  }): Promise<void>;
  remove(recordType: RecordType, recordID: number, userID: number): Promise<void>;
  addScore(recordType: RecordType, recordID: number, delta: number): Promise<void>;
  counts(
    recordType: RecordType,
    recordIDs: number[],
  ): Promise<Array<{ recordID: number; tagID: number; count: number }>>;
  mine(recordType: RecordType, recordIDs: number[], userID: number): Promise<Map<number, number>>;
  log(
    recordType: RecordType,
    recordID: number,
    tagID: number | undefined,
    offset: number,
    limit: number,
  ): Promise<Array<{ recordType: string; recordID: number; userID: number; tagID: number; dateInserted: string }>>;
  received(userID: number): Promise<Map<number, number>>;
}
