import type { Kysely } from "kysely";
import { postTypeMessages as messages } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { DB } from "../../platform/db/schema.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import { createPostTypesRepo } from "./post-types.repo.ts";

/**
 * A category's side of post types (Vanilla's `allowedPostTypeIDs` and `GET /categories?postTypeID=`), for the
 * categories feature: the active site types each category takes, and checking and writing a category's list in
 * its transaction. While the add-on is off a category takes none.
 */
export function createCategoryPostTypes(platform: Pick<Platform, "db" | "siteConfig">) {
  const repo = createPostTypesRepo(platform.db);
  const enabled = async () => (await platform.siteConfig.get("postTypes.enabled")) === true;
  const invalid = (message: string) => validationFailed([fieldError("allowedPostTypeIDs", "invalid", message)]);

  return {
    /** categoryID → the active site types it takes (one query for any number of categories). */
    async allowedOf(categoryIDs: number[]): Promise<Map<number, string[]>> {
      if (!categoryIDs.length || !(await enabled())) return new Map();
      return repo.activeTypesOfCategories(categoryIDs);
    },

    /** The list given on a create or edit, without repeats; 400 naming `allowedPostTypeIDs` for one not active. */
    async check(postTypeIDs: string[]): Promise<string[]> {
      const wanted = [...new Set(postTypeIDs)];
      if (!wanted.length) return wanted;
      if (!(await enabled())) throw invalid(messages.disabled);
      const active = new Set((await repo.listTypes({ isActive: true })).map((row) => row.postTypeID));
      const unknown = wanted.find((postTypeID) => !active.has(postTypeID));
      if (unknown !== undefined) throw invalid(messages.unknownPostType.replace("{postTypeID}", unknown));
      return wanted;
    },

    /**
     * The active site types (none while the add-on is off), each with the categories that take it: the discussion
     * lists' post type filter.
     */
    async activeTypes(): Promise<Array<{ postTypeID: string; name: string; categoryIDs: number[] }>> {
      if (!(await enabled())) return [];
      const rows = await repo.listTypes({ isActive: true });
      const categories = await repo.categoriesOf(rows.map((row) => row.postTypeID));
      return rows.map(({ postTypeID, name }) => ({ postTypeID, name, categoryIDs: categories.get(postTypeID) ?? [] }));
    },

    /** Writes a checked list in the category's transaction. */
    write: (trx: Kysely<DB>, categoryID: number, postTypeIDs: string[]) =>
      repo.withTransaction(trx).setCategoryTypes(categoryID, postTypeIDs),
  };
}
