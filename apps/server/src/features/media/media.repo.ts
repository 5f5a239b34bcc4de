import type { Kysely, Selectable } from "kysely";
import type { DB, MediaTable } from "../../platform/db/schema.ts";

export type MediaRow = Selectable<MediaTable>;

export interface MediaRepo {
  findById(mediaID: number): Promise<MediaRow | undefined>;
  findByPath(path: string): Promise<MediaRow | undefined>;
  insert(row: Omit<MediaRow, "mediaID" | "importedPath">): Promise<MediaRow>;
  remove(mediaID: number): Promise<void>;
  /** Removes several records in one statement. */
  removeMany(mediaIDs: number[]): Promise<void>;
  /** Attaches a record's file to another record. */
  attach(mediaID: number, foreignType: string, foreignID: number): Promise<void>;
  /** The media attached to one record (a member's photo: foreignType user). */
  listFor(foreignType: string, foreignID: number): Promise<MediaRow[]>;
  /** The copy of a file of an imported forum, by its path in that forum's uploads folder. */
  findByImportedPath(importedPath: string): Promise<MediaRow | undefined>;
}

export function createMediaRepo(db: Kysely<DB>): MediaRepo {
  return {
    findById: (mediaID) => db.selectFrom("media").selectAll().where("mediaID", "=", mediaID).executeTakeFirst(),
    findByImportedPath: (importedPath) =>
      db.selectFrom("media").selectAll().where("importedPath", "=", importedPath).executeTakeFirst(),
    findByPath: (path) => db.selectFrom("media").selectAll().where("path", "=", path).executeTakeFirst(),
    insert: (row) => db.insertInto("media").values(row).returningAll().executeTakeFirstOrThrow(),
    listFor: (foreignType, foreignID) =>
      db
        .selectFrom("media")
        .selectAll()
        .where("foreignType", "=", foreignType)
        .where("foreignID", "=", foreignID)
        .orderBy("mediaID")
        .execute(),
    async remove(mediaID) {
      await db.deleteFrom("media").where("mediaID", "=", mediaID).execute();
    },
    async removeMany(mediaIDs) {
      if (mediaIDs.length > 0) await db.deleteFrom("media").where("mediaID", "in", mediaIDs).execute();
    },
    async attach(mediaID, foreignType, foreignID) {
      await db.updateTable("media").set({ foreignType, foreignID }).where("mediaID", "=", mediaID).execute();
    },
  };
}
