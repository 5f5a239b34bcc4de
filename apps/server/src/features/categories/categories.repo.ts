import {
  sql,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type Updateable,
} from "kysely";
import { inTransaction, lockAllRows, lockRows, lockRowsExclusively } from "../../platform/db/row-locks.ts";
import type { CategoriesTable, DB } from "../../platform/db/schema.ts";
import { ROOT_CATEGORY_ID } from "@parley/contracts";

/** `categories.countFollowers` counted from the follows (for a `set` of an update of `categories`). */
export const countFollowersFromFollows = (eb: ExpressionBuilder<DB, "categories">) => ({
  countFollowers: eb
    .selectFrom("userCategories")
    .select((e) => e.fn.countAll<number>().as("n"))
    .whereRef("userCategories.categoryID", "=", "categories.categoryID")
    .where("userCategories.followed", "=", 1),
});

export type CategoryRow = Selectable<CategoriesTable>;

/** The column's comma-separated discussion types as a list; null (every type) as it is. */
export const readAllowedTypes = (value: string | null): string[] | null =>
  value === null ? null : value.split(",").filter(Boolean);

/** A member's follow and notification preferences for one category (`userCategories`, 0 or 1 each). */
export interface CategoryPreferenceRow {
  categoryID: number;
  followed: number;
  popupPosts: number;
  emailPosts: number;
  popupComments: number;
  emailComments: number;
}

export interface DescendantsQuery {
  /** The category whose descendants are listed (its depth bounds the query). */
  parent: CategoryRow;
  maxDepth: number;
  archived?: boolean;
}

/**
 * Deletes posts with what points at them (reactions, notifications, members' states), in the
 * caller's transaction: the discussions feature's, handed in where the features are put together.
 */
export type RemovePosts = (
  db: Kysely<DB>,
  discussionIDs: SelectQueryBuilder<DB, "discussions", { discussionID: number }>,
  commentIDs: SelectQueryBuilder<DB, "comments", { commentID: number }>,
) => Promise<void>;

/**
 * What deleting a category does to the posts in it, through the features that own them (handed in where the
 * features are put together), in the caller's transaction.
 */
export interface CategoryContent {
  removePosts: RemovePosts;
  /** Moves a category's discussions (those listed, else all) to another category (the discussions feature's). */
  moveDiscussions: (
    db: Kysely<DB>,
    fromCategoryID: number,
    toCategoryID: number,
    discussionIDs?: number[],
  ) => Promise<void>;
  /** Recounts the members' post counts, these or every member's (the users feature's). */
  recountPostCounts: (db: Kysely<DB>, userIDs: number[] | "all") => Promise<void>;
}

/** A discussion a category's deletion moves or deletes, as it is under the batch's lock. */
export interface DiscussionInCategory {
  discussionID: number;
  categoryID: number;
  countComments: number;
  insertUserID: number;
}

/** The only file with the categories' SQL; runs on SQLite and PostgreSQL alike. */
export function createCategoriesRepo(db: Kysely<DB>) {
  return {
    async findById(categoryID: number): Promise<CategoryRow | undefined> {
      return db.selectFrom("categories").selectAll().where("categoryID", "=", categoryID).executeTakeFirst();
    },

    async findByIds(categoryIDs: number[]): Promise<CategoryRow[]> {
      if (categoryIDs.length === 0) return [];
      return db.selectFrom("categories").selectAll().where("categoryID", "in", categoryIDs).execute();
    },

    async findByUrlcode(urlcode: string): Promise<CategoryRow | undefined> {
      return db
        .selectFrom("categories")
        .selectAll()
        .where(sql<string>`lower("urlcode")`, "=", urlcode.toLowerCase())
        .where("categoryID", "<>", ROOT_CATEGORY_ID)
        .executeTakeFirst();
    },

    async findAllByName(name: string): Promise<CategoryRow[]> {
      return db.selectFrom("categories").selectAll().where("name", "=", name).limit(2).execute();
    },

    /**
     * Every category up to `maxDepth` levels below the parent, in tree order material: by depth,
     * then sort, then name. One query; the caller keeps only the parent's own descendants.
     */
    async listDescendantCandidates({ parent, maxDepth, archived }: DescendantsQuery): Promise<CategoryRow[]> {
      let query = db
        .selectFrom("categories")
        .selectAll()
        .where("depth", ">", parent.depth)
        .where("depth", "<=", parent.depth + maxDepth)
        .where("categoryID", "<>", ROOT_CATEGORY_ID);
      if (archived !== undefined) query = query.where("isArchived", "=", archived ? 1 : 0);
      return query.orderBy("depth").orderBy("sort").orderBy("name").execute();
    },

    async insert(
      row: Omit<CategoryRow, "categoryID" | "groupID" | "allowedDiscussionTypes" | "bannerUrl" | "ideationType"> & {
        categoryID?: number;
        ideationType?: string;
        groupID?: number | null;
        allowedDiscussionTypes?: string | null;
        bannerUrl?: string | null;
      },
    ): Promise<number> {
      const inserted = await db.insertInto("categories").values(row).returning("categoryID").executeTakeFirstOrThrow();
      return inserted.categoryID;
    },

    async update(categoryID: number, changes: Updateable<CategoriesTable>): Promise<void> {
      if (Object.keys(changes).length)
        await db.updateTable("categories").set(changes).where("categoryID", "=", categoryID).execute();
    },

    /** Names containing the text (case-insensitive), within the given categories. */
    async search(text: string, within: number[], displayAs: string[] | undefined, offset: number, limit: number) {
      let query = db
        .selectFrom("categories")
        .selectAll()
        .where("categoryID", "in", within.length ? within : [-2])
        .where(
          sql`lower("name")`,
          "like",
          sql`${`%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`,
        );
      if (displayAs?.length)
        query = query.where(
          "displayAs",
          "in",
          displayAs.map((value) => value.toLowerCase()),
        );
      return query.orderBy("depth").orderBy("sort").orderBy("name").offset(offset).limit(limit).execute();
    },

    /** Whether the member follows the category now. */
    async isFollowed(userID: number, categoryID: number): Promise<boolean> {
      const row = await db
        .selectFrom("userCategories")
        .select("followed")
        .where("userID", "=", userID)
        .where("categoryID", "=", categoryID)
        .executeTakeFirst();
      return row?.followed === 1;
    },

    async countFollowed(userID: number): Promise<number> {
      const row = await db
        .selectFrom("userCategories")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("userID", "=", userID)
        .where("followed", "=", 1)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Follows or unfollows (Vanilla keeps the row with the date of either), then recounts the category's followers. */
    async setFollowed(userID: number, categoryID: number, followed: boolean, now: string): Promise<void> {
      const changes = followed ? { followed: 1, dateFollowed: now } : { followed: 0, dateUnfollowed: now };
      await db
        .insertInto("userCategories")
        .values({ userID, categoryID, ...changes })
        .onConflict((oc) => oc.columns(["userID", "categoryID"]).doUpdateSet(changes))
        .execute();
      // Locked, then recounted by a later statement (platform/db/row-locks.ts).
      await lockRows(db, "categories", "categoryID", [categoryID], "countFollowers");
      await db.updateTable("categories").set(countFollowersFromFollows).where("categoryID", "=", categoryID).execute();
    },

    /** The member's preferences for these categories (none: a category never followed). */
    async preferencesOf(userID: number, categoryIDs: number[]): Promise<Map<number, CategoryPreferenceRow>> {
      if (categoryIDs.length === 0) return new Map();
      const rows = await db
        .selectFrom("userCategories")
        .select(["categoryID", "followed", "popupPosts", "emailPosts", "popupComments", "emailComments"])
        .where("userID", "=", userID)
        .where("categoryID", "in", categoryIDs)
        .execute();
      return new Map(rows.map((row) => [row.categoryID, row]));
    },

    /** The notification preferences of a category the member follows (or no longer: all off). */
    async setNotificationPreferences(
      userID: number,
      categoryID: number,
      flags: Omit<CategoryPreferenceRow, "categoryID" | "followed">,
    ): Promise<void> {
      await db
        .updateTable("userCategories")
        .set(flags)
        .where("userID", "=", userID)
        .where("categoryID", "=", categoryID)
        .execute();
    },

    /** The member's followed categories with when they followed each (for `sort=dateFollowed`). */
    async followedWithDates(userID: number): Promise<Map<number, string | null>> {
      const rows = await db
        .selectFrom("userCategories")
        .select(["categoryID", "dateFollowed"])
        .where("userID", "=", userID)
        .where("followed", "=", 1)
        .execute();
      return new Map(rows.map((row) => [row.categoryID, row.dateFollowed === null ? null : String(row.dateFollowed)]));
    },

    /** The categories from this one up to the root, by their parents (fresh, not the directory's cache). */
    async ancestorIDs(categoryID: number): Promise<number[]> {
      const ids: number[] = [];
      let current: number | null = categoryID;
      while (current !== null && current !== ROOT_CATEGORY_ID && !ids.includes(current)) {
        ids.push(current);
        const row = await db
          .selectFrom("categories")
          .select("parentCategoryID")
          .where("categoryID", "=", current)
          .executeTakeFirst();
        current = row?.parentCategoryID ?? null;
      }
      return ids;
    },

    /**
     * Puts a category under a parent at a position among its listed siblings (0 first, past the end the last), and
     * numbers the new parent's children 0, 1, 2 … in that order, the old parent's too: no two siblings share
     * a sort, none is skipped. The caller's transaction; the parents' rows are locked first, so two moves
     * under one parent number the children one after the other.
     */
    async placeUnder(categoryID: number, parentCategoryID: number, position: number | undefined): Promise<void> {
      const old = await db
        .selectFrom("categories")
        .select("parentCategoryID")
        .where("categoryID", "=", categoryID)
        .executeTakeFirstOrThrow();
      const parents = [...new Set([parentCategoryID, old.parentCategoryID ?? ROOT_CATEGORY_ID])];
      await lockRows(db, "categories", "categoryID", parents, "sort");
      await db.updateTable("categories").set({ parentCategoryID }).where("categoryID", "=", categoryID).execute();
      for (const parent of parents) {
        const siblings = await db
          .selectFrom("categories")
          .select(["categoryID", "groupID"])
          .where("parentCategoryID", "=", parent)
          .where("categoryID", "<>", ROOT_CATEGORY_ID)
          .where("categoryID", "<>", categoryID)
          .orderBy("sort")
          .orderBy("name")
          .orderBy("categoryID")
          .execute();
        // The position counts the siblings the API lists: the groups' categories (left out of lists) go last.
        const ids = siblings.filter((row) => row.groupID === null).map((row) => row.categoryID);
        if (parent === parentCategoryID) {
          const at = Math.min(Math.max(position ?? ids.length, 0), ids.length);
          ids.splice(at, 0, categoryID);
        }
        ids.push(...siblings.filter((row) => row.groupID !== null).map((row) => row.categoryID));
        for (const [sort, id] of ids.entries()) {
          await db.updateTable("categories").set({ sort }).where("categoryID", "=", id).execute();
        }
      }
    },

    async reparentChildren(fromCategoryID: number, toCategoryID: number): Promise<void> {
      await db
        .updateTable("categories")
        .set({ parentCategoryID: toCategoryID })
        .where("parentCategoryID", "=", fromCategoryID)
        .execute();
    },

    /** The discussions in these categories, oldest first (a category's deletion does them in batches). */
    async discussionIDsIn(categoryIDs: number[]): Promise<number[]> {
      if (categoryIDs.length === 0) return [];
      const rows = await db
        .selectFrom("discussions")
        .select("discussionID")
        .where("categoryID", "in", categoryIDs)
        .orderBy("discussionID")
        .execute();
      return rows.map((row) => row.discussionID);
    },

    /**
     * Locks these discussions (the caller's transaction) and answers those still in the categories, with what
     * their counts need: one already moved or deleted (by an earlier try of the same batch) is left out.
     */
    async lockDiscussionsIn(discussionIDs: number[], categoryIDs: number[]): Promise<DiscussionInCategory[]> {
      const present = await lockRowsExclusively(db, "discussions", "discussionID", discussionIDs);
      if (present.size === 0 || categoryIDs.length === 0) return [];
      return db
        .selectFrom("discussions")
        .select(["discussionID", "categoryID", "countComments", "insertUserID"])
        .where("discussionID", "in", [...present])
        .where("categoryID", "in", categoryIDs)
        .execute();
    },

    /** Who commented in these discussions (their post counts change when the discussions go). */
    async commenterIDs(discussionIDs: number[]): Promise<number[]> {
      if (discussionIDs.length === 0) return [];
      const rows = await db
        .selectFrom("comments")
        .select("insertUserID")
        .distinct()
        .where("discussionID", "in", discussionIDs)
        .execute();
      return rows.map((row) => row.insertUserID);
    },

    /** Deletes these discussions with everything posted in them (comments, reactions, notifications, states). */
    async deleteDiscussions(discussionIDs: number[], removePosts: RemovePosts): Promise<void> {
      if (discussionIDs.length === 0) return;
      const ids = db.selectFrom("discussions").select("discussionID").where("discussionID", "in", discussionIDs);
      await removePosts(db, ids, db.selectFrom("comments").select("commentID").where("discussionID", "in", ids));
    },

    /** Deletes categories and everything posted in them (comments, reactions, tags links cascade or go here). */
    async deleteWithContent(categoryIDs: number[], removePosts: RemovePosts): Promise<void> {
      if (categoryIDs.length === 0) return;
      const discussionIDs = db.selectFrom("discussions").select("discussionID").where("categoryID", "in", categoryIDs);
      const commentIDs = db.selectFrom("comments").select("commentID").where("discussionID", "in", discussionIDs);
      await removePosts(db, discussionIDs, commentIDs);
      // Deepest first: each category's parent is still there when it goes.
      const rows = await db
        .selectFrom("categories")
        .select(["categoryID", "depth"])
        .where("categoryID", "in", categoryIDs)
        .execute();
      for (const row of rows.sort((a, b) => b.depth - a.depth)) {
        await db.deleteFrom("categories").where("categoryID", "=", row.categoryID).execute();
      }
    },
  };
}

export type CategoriesRepo = ReturnType<typeof createCategoriesRepo>;

/** The categories a member follows (none for a guest): for search's `followedCategories` and `/discussions?followed`. */
export async function followedCategoryIDs(db: Kysely<DB>, userID: number): Promise<number[]> {
  if (userID <= 0) return [];
  const rows = await db
    .selectFrom("userCategories")
    .select("categoryID")
    .where("userID", "=", userID)
    .where("followed", "=", 1)
    .execute();
  return rows.map((row) => row.categoryID);
}

/** Categories named in a role's grants have their own permissions from then on (several at once). */
export async function markCustomPermissions(db: Kysely<DB>, categoryIDs: number[]): Promise<void> {
  if (categoryIDs.length === 0) return;
  await db.updateTable("categories").set({ customPermissions: 1 }).where("categoryID", "in", categoryIDs).execute();
  await recomputePermissionCategories(db);
}

/** Every category's depth from its place in the tree (after a move). */
export async function recomputeDepths(db: Kysely<DB>): Promise<void> {
  const rows = await db.selectFrom("categories").select(["categoryID", "parentCategoryID", "depth"]).execute();
  const byParent = new Map<number | null, typeof rows>();
  for (const row of rows) byParent.set(row.parentCategoryID, [...(byParent.get(row.parentCategoryID) ?? []), row]);
  const walk = async (parentID: number | null, depth: number) => {
    for (const row of byParent.get(parentID) ?? []) {
      if (row.depth !== depth)
        await db.updateTable("categories").set({ depth }).where("categoryID", "=", row.categoryID).execute();
      await walk(row.categoryID, depth + 1);
    }
  };
  await walk(null, 0);
}

export async function recomputePermissionCategories(db: Kysely<DB>): Promise<void> {
  const rows = await db
    .selectFrom("categories")
    .select(["categoryID", "parentCategoryID", "customPermissions", "permissionCategoryID", "depth"])
    .orderBy("depth")
    .execute();
  const resolved = new Map<number, number>();
  for (const row of rows) {
    const inherited =
      row.parentCategoryID === null ? ROOT_CATEGORY_ID : (resolved.get(row.parentCategoryID) ?? ROOT_CATEGORY_ID);
    const permissionCategoryID =
      row.customPermissions === 1 && row.categoryID !== ROOT_CATEGORY_ID ? row.categoryID : inherited;
    resolved.set(row.categoryID, permissionCategoryID);
    if (permissionCategoryID !== row.permissionCategoryID) {
      await db
        .updateTable("categories")
        .set({ permissionCategoryID })
        .where("categoryID", "=", row.categoryID)
        .execute();
    }
  }
}

/**
 * Recomputes every category's counts from the content tables: its own discussions and comments,
 * the totals of its subtree (countAll*), its number of children and its last post (date, discussion and
 * comment). Used by the seeders, after bulk changes and by `PUT /dba/recalculate-aggregates`.
 */
export async function recountCategories(db: Kysely<DB>): Promise<void> {
  await inTransaction(db, (trx) => recountCategoriesLocked(trx));
}

async function recountCategoriesLocked(db: Kysely<DB>): Promise<void> {
  // Locked first, so what is read next includes every post whose counts reached a category before.
  await lockAllRows(db, "categories", "countDiscussions");
  const own = await db
    .selectFrom("discussions")
    .select(({ fn }) => [
      "categoryID",
      fn.countAll<number>().as("countDiscussions"),
      fn.coalesce(fn.sum<number>("countComments"), sql<number>`0`).as("countComments"),
      fn.max("dateLastComment").as("dateLastPost"),
    ])
    .groupBy("categoryID")
    .execute();
  const categories = await db.selectFrom("categories").select(["categoryID", "parentCategoryID", "depth"]).execute();
  const byId = new Map(
    categories.map((category) => [
      category.categoryID,
      {
        ...category,
        countDiscussions: 0,
        countComments: 0,
        allDiscussions: 0,
        allComments: 0,
        children: 0,
        dateLastPost: null as string | null,
      },
    ]),
  );
  for (const row of own) {
    const entry = byId.get(row.categoryID);
    if (!entry) continue;
    entry.countDiscussions = Number(row.countDiscussions);
    entry.countComments = Number(row.countComments);
    entry.dateLastPost = row.dateLastPost ? String(row.dateLastPost) : null;
  }
  // Deepest first, so each subtree's totals are complete before they are added to the parent.
  const ordered = [...byId.values()].sort((a, b) => b.depth - a.depth);
  for (const entry of ordered) {
    entry.allDiscussions += entry.countDiscussions;
    entry.allComments += entry.countComments;
    const parent = entry.parentCategoryID === null ? undefined : byId.get(entry.parentCategoryID);
    if (parent) {
      parent.children += 1;
      parent.allDiscussions += entry.allDiscussions;
      parent.allComments += entry.allComments;
      if (entry.dateLastPost && (!parent.dateLastPost || entry.dateLastPost > parent.dateLastPost)) {
        parent.dateLastPost = entry.dateLastPost;
      }
    }
  }
  for (const entry of byId.values()) {
    // Its own last post (as the writes keep it): the discussion active last, and that discussion's last comment.
    const last = await db
      .selectFrom("discussions")
      .select(["discussionID", "lastCommentID"])
      .where("categoryID", "=", entry.categoryID)
      .orderBy("dateLastComment", "desc")
      .orderBy("discussionID", "desc")
      .limit(1)
      .executeTakeFirst();
    await db
      .updateTable("categories")
      .set({
        lastDiscussionID: last?.discussionID ?? null,
        lastCommentID: last?.lastCommentID ?? null,
        countCategories: entry.children,
        countDiscussions: entry.countDiscussions,
        countComments: entry.countComments,
        countAllDiscussions: entry.allDiscussions,
        countAllComments: entry.allComments,
        dateLastPost: entry.dateLastPost,
      })
      .where("categoryID", "=", entry.categoryID)
      .execute();
  }
}

/** A new category's columns before its name, place and settings: no posts, no followers, the roots' permissions. */
export const newCategoryDefaults = (userID: number, now: string) => ({
  customPermissions: 0,
  isArchived: 0,
  sort: 0,
  countCategories: 0,
  countDiscussions: 0,
  countComments: 0,
  countAllDiscussions: 0,
  countAllComments: 0,
  countFollowers: 0,
  iconUrl: null,
  bannerUrl: null,
  allowedDiscussionTypes: null,
  lastDiscussionID: null,
  lastCommentID: null,
  dateLastPost: null,
  dateInserted: now,
  dateUpdated: null,
  insertUserID: userID,
  updateUserID: null,
  permissionCategoryID: -1,
});
