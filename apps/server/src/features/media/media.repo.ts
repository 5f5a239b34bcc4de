import type { Kysely, Selectable } from "kysely";
import type { DB, MediaTable } from "../../platform/db/schema.ts";

export type MediaRow = Selectable<MediaTable>;

export interface MediaRepo {
  findById(mediaID: number): Promise<MediaRow | undefined>;
  findByPath(path: string): Promise<MediaRow | undefined>;
  insert(row: Omit<MediaRow, "mediaID">): Promise<MediaRow>;
  remove(mediaID: number): Promise<void>;
  /** The media attached to one record (a member's photo: foreignType user). */
  listFor(foreignType: string, foreignID: number): Promise<MediaRow[]>;
}

export function createMediaRepo(db: Kysely<DB>): MediaRepo {
  return {
    findById: (mediaID) => db.selectFrom("media").selectAll().where("mediaID", "=", mediaID).executeTakeFirst(),
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
  };
}
