import type { Insertable, Kysely } from "kysely";
import type { DB, UsersTable } from "../../platform/db/schema.ts";

/** A member brought from another forum with its own id (an import, features/import). */
export type ImportedUser = Insertable<UsersTable> & { userID: number };

/**
 * Inserts imported members with their ids; a row whose id, or name (case-insensitive), is taken is left
 * out, never overwritten. Returns the ids inserted.
 */
export async function insertImportedUsers(db: Kysely<DB>, rows: ImportedUser[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto("users")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning("userID")
    .execute();
  return inserted.map((row) => row.userID);
}

/** Gives imported members their roles; pairs already there are left as they are. */
export async function insertImportedUserRoles(
  db: Kysely<DB>,
  pairs: Array<{ userID: number; roleID: number }>,
): Promise<number> {
  if (pairs.length === 0) return 0;
  const inserted = await db
    .insertInto("userRoles")
    .values(pairs)
    .onConflict((oc) => oc.doNothing())
    .returning("userID")
    .execute();
  return inserted.length;
}

/** Imported members' photos, copied into the uploads folder (`/uploads/yyyy/mm/…`), set on their rows. */
export async function setImportedPhotos(
  db: Kysely<DB>,
  rows: Array<{ userID: number; photoUrl: string }>,
): Promise<void> {
  for (const { userID, photoUrl } of rows)
    await db.updateTable("users").set({ photoUrl, photoThumbnail: null }).where("userID", "=", userID).execute();
}
