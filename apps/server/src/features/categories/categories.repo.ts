import { sql, type Kysely, type Selectable } from "kysely";
import type { CategoriesTable, DB } from "../../platform/db/schema.ts";
import { ROOT_CATEGORY_ID } from "@parley/contracts";

export type CategoryRow = Selectable<CategoriesTable>;

export interface DescendantsQuery {
  /** The category whose descendants are listed (its depth bounds the query). */
  parent: CategoryRow;
  maxDepth: number;
  archived?: boolean;
}

/** The only file with the categories' SQL; runs on SQLite and PostgreSQL alike. */
export function createCategoriesRepo(db: Kysely<DB>) {
  return {
    async findById(categoryID: number): Promise<CategoryRow | undefined> {
      return db.selectFrom("categories").selectAll().where("categoryID", "=", categoryID).executeTakeFirst();
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

    async insert(row: Omit<CategoryRow, "categoryID"> & { categoryID?: number }): Promise<number> {
      const inserted = await db.insertInto("categories").values(row).returning("categoryID").executeTakeFirstOrThrow();
      return inserted.categoryID;
    },
  };
}

export type CategoriesRepo = ReturnType<typeof createCategoriesRepo>;

/**
 * Marks a category as having its own permissions (a junction) or not, and recomputes which
 * category's permissions apply to every category: its own when it has them, else its parent's
 * (the root, -1, holds the roles' global defaults).
 */
export async function setCustomPermissions(db: Kysely<DB>, categoryID: number, custom: boolean): Promise<void> {
  await db
    .updateTable("categories")
    .set({ customPermissions: custom ? 1 : 0 })
    .where("categoryID", "=", categoryID)
    .execute();
  await recomputePermissionCategories(db);
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
 * the totals of its subtree (countAll*), its number of children and its last post. Used by the
 * seeders and after bulk changes.
 */
export async function recountCategories(db: Kysely<DB>): Promise<void> {
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
    await db
      .updateTable("categories")
      .set({
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
