import {
  limits,
  ROOT_CATEGORY_ID,
  type Category,
  type CategoryListQuery,
  type CategoryTreeItem,
} from "@parley/contracts";
import { assertAccountUsable, authorize, can } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { badRequest, conflict, HttpError, notFound } from "../../platform/errors.ts";
import type { CategoriesRepo, CategoryRow } from "./categories.repo.ts";
import { buildTree, flattenTree, presentCategory, type PresentContext } from "./categories.present.ts";

export interface CategoryListResult {
  items: Array<CategoryTreeItem | Category>;
  /** Set for the flat, paged output. */
  paging?: { page: number; limit: number; total: number };
}

export interface CategoryRequestContext {
  viewer: Viewer;
  origin: string;
}

/** Whether the viewer may see a category: discussions.view there (its own permissions or inherited). */
export const canViewCategory = (viewer: Viewer, row: Pick<CategoryRow, "categoryID">) =>
  can(viewer, "discussions.view", { resourceID: row.categoryID });

/** Categories: the tree and one category, each only where the viewer holds discussions.view. */
export function createCategoriesService(repo: CategoriesRepo) {
  async function requireCategory(row: CategoryRow | undefined): Promise<CategoryRow> {
    if (!row || row.categoryID === ROOT_CATEGORY_ID) throw notFound("Category");
    return row;
  }

  /** `12`, `$urlcode:general` or `$name:General` → the category row (reference §1.1 smart ids). */
  async function resolve(id: string): Promise<CategoryRow> {
    if (/^-?\d+$/.test(id)) return requireCategory(await repo.findById(Number(id)));
    const match = /^\$(\w+):(.*)$/s.exec(id);
    if (!match) throw badRequest(`Invalid category id "${id}".`);
    const [, column, value = ""] = match;
    if (column === "urlcode") {
      const row = await repo.findByUrlcode(value);
      if (!row) throw new HttpError(404, "Smart ID not found.");
      return row;
    }
    if (column === "name") {
      const rows = await repo.findAllByName(value);
      if (rows.length === 0) throw new HttpError(404, "Smart ID not found.");
      if (rows.length > 1) throw conflict("More than one record matches the smart ID.");
      return rows[0]!;
    }
    throw badRequest(`Unknown smart ID column "${column}".`);
  }

  async function parentOf(query: CategoryListQuery): Promise<CategoryRow> {
    if (query.parentCategoryID !== undefined && query.parentCategoryID !== ROOT_CATEGORY_ID) {
      return requireCategory(await repo.findById(query.parentCategoryID));
    }
    if (query.parentCategoryCode !== undefined) {
      return requireCategory(await repo.findByUrlcode(query.parentCategoryCode));
    }
    const root = await repo.findById(ROOT_CATEGORY_ID);
    if (!root) throw new Error("The root category (-1) is missing: the database is not migrated.");
    return root;
  }

  return {
    resolve,

    async list(query: CategoryListQuery, context: CategoryRequestContext): Promise<CategoryListResult> {
      assertAccountUsable(context.viewer);
      const parent = await parentOf(query);
      if (parent.categoryID !== ROOT_CATEGORY_ID)
        authorize(context.viewer, "discussions.view", { resourceID: parent.categoryID });
      const rows = await repo.listDescendantCandidates({
        parent,
        maxDepth: query.maxDepth,
        ...(query.archived === undefined ? {} : { archived: query.archived }),
      });
      const presentContext: PresentContext = {
        origin: context.origin,
        canView: (row) => canViewCategory(context.viewer, row),
      };
      const tree = buildTree(rows, parent.categoryID, presentContext);
      const paged =
        query.outputFormat === "flat" ||
        (query.outputFormat === undefined && (query.page ?? query.limit) !== undefined);
      if (!paged) return { items: tree };
      const page = query.page ?? limits.api.defaultPage;
      const limit = query.limit ?? limits.api.defaultLimit;
      const flat = flattenTree(tree);
      return {
        items: flat.slice((page - 1) * limit, page * limit),
        paging: { page, limit, total: flat.length },
      };
    },

    async get(id: string, context: CategoryRequestContext): Promise<Category> {
      const row = await resolve(id);
      authorize(context.viewer, "discussions.view", { resourceID: row.categoryID });
      return presentCategory(row, context);
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
