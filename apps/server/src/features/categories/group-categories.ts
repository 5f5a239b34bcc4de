import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.ts";
import { newCategoryDefaults } from "./categories.repo.ts";

/*
 * The categories that hold groups' discussions (Groups add-on): written here for the groups feature, in
 * its transaction (`db` is it).
 */

/** The "Social Groups" parent category (`groupID` 0), made on first use. */
export async function groupsParentCategory(
  db: Kysely<DB>,
  userID: number,
  now: string,
): Promise<{ categoryID: number; depth: number }> {
  const found = await db
    .selectFrom("categories")
    .select(["categoryID", "depth"])
    .where("groupID", "=", 0)
    .executeTakeFirst();
  if (found) return found;
  const inserted = await db
    .insertInto("categories")
    .values({
      ...newCategoryDefaults(userID, now),
      parentCategoryID: -1,
      name: "Social Groups",
      urlcode: await freeUrlcode(db, "social-groups"),
      description: "The discussions of the community's groups.",
      displayAs: "categories",
      depth: 1,
      groupID: 0,
    })
    .returning("categoryID")
    .executeTakeFirstOrThrow();
  return { categoryID: inserted.categoryID, depth: 1 };
}

/** The category that holds a group's discussions: its own permissions (the groups' overlay gives them). */
export async function insertGroupCategory(
  db: Kysely<DB>,
  group: { groupID: number; name: string; description: string },
  parent: { categoryID: number; depth: number },
  userID: number,
  now: string,
): Promise<number> {
  const inserted = await db
    .insertInto("categories")
    .values({
      ...newCategoryDefaults(userID, now),
      parentCategoryID: parent.categoryID,
      name: group.name,
      urlcode: await freeUrlcode(db, `group-${group.groupID}`),
      description: group.description,
      displayAs: "discussions",
      customPermissions: 1,
      depth: parent.depth + 1,
      groupID: group.groupID,
    })
    .returning("categoryID")
    .executeTakeFirstOrThrow();
  await db
    .updateTable("categories")
    .set({ permissionCategoryID: inserted.categoryID })
    .where("categoryID", "=", inserted.categoryID)
    .execute();
  return inserted.categoryID;
}

export async function updateGroupCategory(
  db: Kysely<DB>,
  categoryID: number,
  changes: { name?: string; description?: string },
  userID: number,
  now: string,
): Promise<void> {
  await db
    .updateTable("categories")
    .set({ ...changes, dateUpdated: now, updateUserID: userID })
    .where("categoryID", "=", categoryID)
    .execute();
}

/** A group's category and its followers (its posts went first). */
export async function deleteGroupCategory(db: Kysely<DB>, categoryID: number): Promise<void> {
  await db.deleteFrom("userCategories").where("categoryID", "=", categoryID).execute();
  await db.deleteFrom("categories").where("categoryID", "=", categoryID).execute();
}

/** `base`, or `base-2`, `base-3`… when an ordinary category already uses it (urlcodes are unique). */
async function freeUrlcode(db: Kysely<DB>, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom("categories")
        .select("urlcode")
        .where((eb) => eb.or([eb("urlcode", "=", base), eb("urlcode", "like", `${base}-%`)]))
        .execute()
    ).map((row) => row.urlcode),
  );
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
  return candidate;
}
