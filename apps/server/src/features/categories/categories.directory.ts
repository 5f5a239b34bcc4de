import type { Kysely } from "kysely";
import { ROOT_CATEGORY_ID } from "@parley/contracts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { DB } from "../../platform/db/schema.ts";
import { categoriesPolicy } from "./categories.policy.ts";
import { categoryUrl } from "./categories.present.ts";
import { readAllowedTypes } from "./categories.repo.ts";

export interface CategoryNode {
  categoryID: number;
  parentCategoryID: number | null;
  name: string;
  urlcode: string;
  depth: number;
  displayAs: string;
  permissionCategoryID: number;
  isArchived: boolean;
  /** The group that owns the category (0: the "Social Groups" parent); null for an ordinary category. */
  groupID: number | null;
  /** The discussion types it takes; null: every type. */
  allowedDiscussionTypes: string[] | null;
  /** How its ideas are voted on (the ideation add-on): up, or up-down. */
  ideationType: string;
}

/** Cached for a few seconds across processes; a change in this process drops it at once. */
const TTL_MS = 5_000;

/**
 * The category tree's structure (not its counts), in memory: lists of discussions need every
 * category's name, URL, ancestors and who may see it, for every request, without a query each.
 */
export function createCategoryDirectory(db: Kysely<DB>) {
  let cache: {
    at: number;
    byID: Map<number, CategoryNode>;
    children: Map<number, number[]>;
    /**
     * Each permission set's viewable categories: viewers with the same roles share one permissions
     * object (a change of rights makes a new one), so a member's 1,500 checks run once per tree.
     */
    visible: WeakMap<object, number[]>;
  } | null = null;

  async function load() {
    if (cache && Date.now() - cache.at < TTL_MS) return cache;
    const rows = await db
      .selectFrom("categories")
      .select([
        "categoryID",
        "parentCategoryID",
        "name",
        "urlcode",
        "depth",
        "displayAs",
        "permissionCategoryID",
        "isArchived",
        "sort",
        "groupID",
        "allowedDiscussionTypes",
        "ideationType",
      ])
      .orderBy("depth")
      .orderBy("sort")
      .orderBy("name")
      .execute();
    const byID = new Map<number, CategoryNode>();
    const children = new Map<number, number[]>();
    for (const row of rows) {
      byID.set(row.categoryID, {
        ...row,
        isArchived: row.isArchived === 1,
        allowedDiscussionTypes: readAllowedTypes(row.allowedDiscussionTypes),
      });
      if (row.parentCategoryID !== null)
        children.set(row.parentCategoryID, [...(children.get(row.parentCategoryID) ?? []), row.categoryID]);
    }
    cache = { at: Date.now(), byID, children, visible: new WeakMap() };
    return cache;
  }

  return {
    invalidate(): void {
      cache = null;
    },

    async get(categoryID: number): Promise<CategoryNode | undefined> {
      return (await load()).byID.get(categoryID);
    },

    /** The category and every category below it. */
    async withDescendants(categoryID: number): Promise<number[]> {
      const { children } = await load();
      const out: number[] = [];
      const walk = (id: number) => {
        out.push(id);
        for (const child of children.get(id) ?? []) walk(child);
      };
      walk(categoryID);
      return out;
    },

    /** The categories of these groups (those that exist). */
    async ofGroups(groupIDs: number[]): Promise<number[]> {
      const wanted = new Set(groupIDs);
      return [...(await load()).byID.values()]
        .filter((node) => node.groupID !== null && node.groupID > 0 && wanted.has(node.groupID))
        .map((node) => node.categoryID);
    },

    /** Whether a category is a group's or the groups' parent: never listed as an ordinary category. */
    async isGroupCategory(categoryID: number): Promise<boolean> {
      return ((await load()).byID.get(categoryID)?.groupID ?? null) !== null;
    },

    /** Every category's id (the root's too). */
    async everyID(): Promise<number[]> {
      return [...(await load()).byID.keys()];
    },

    /** Every category the viewer may read discussions in (never the root). */
    async visibleIDs(viewer: Viewer): Promise<number[]> {
      const { byID, visible } = await load();
      // A banned or deleted account may view nothing, whatever its roles say (`can`).
      const shared = !viewer.user || (viewer.user.banned !== 1 && viewer.user.deleted !== 1);
      const known = shared ? visible.get(viewer.permissions) : undefined;
      if (known) return [...known];
      const ids = [...byID.values()]
        .filter((node) => node.categoryID !== ROOT_CATEGORY_ID && categoriesPolicy.canView(viewer, node))
        .map((node) => node.categoryID);
      if (shared) visible.set(viewer.permissions, ids);
      return [...ids];
    },

    /** Home › ancestors › the category, as `[{name, url}]`. */
    async breadcrumbs(categoryID: number, origin: string): Promise<Array<{ name: string; url: string }>> {
      const { byID } = await load();
      const trail: Array<{ name: string; url: string }> = [];
      let node = byID.get(categoryID);
      while (node && node.categoryID !== ROOT_CATEGORY_ID) {
        trail.unshift({ name: node.name, url: categoryUrl(origin, node) });
        node = node.parentCategoryID === null ? undefined : byID.get(node.parentCategoryID);
      }
      return [{ name: "Home", url: `${origin}/` }, ...trail];
    },
  };
}

export type CategoryDirectory = ReturnType<typeof createCategoryDirectory>;
