import type { Viewer } from "../../platform/auth/viewer.ts";
import { notFound } from "../../platform/errors.ts";
import type { KnowledgeBaseRow, KnowledgeBasesRepo } from "./knowledge-bases.repo.ts";
import type { KnowledgeCategoriesRepo, KnowledgeCategoryRow } from "./knowledge-categories.repo.ts";
import { knowledgePolicy } from "./knowledge.policy.ts";
import { buildTree, type KnowledgeTree } from "./knowledge.tree.ts";

/**
 * Loading bases and categories as the viewer may see them (404 for what they may not: a deleted base is
 * seen by article writers only), and the category trees of bases with their counts.
 */
export function createKnowledgeLoader(bases: KnowledgeBasesRepo, categories: KnowledgeCategoriesRepo) {
  const visible = (base: KnowledgeBaseRow | undefined, viewer: Viewer): base is KnowledgeBaseRow =>
    base !== undefined && (base.status === "published" || knowledgePolicy.seesDeleted(viewer));

  return {
    visible,

    /** A base the viewer may read, else 404. */
    async base(knowledgeBaseID: number, viewer: Viewer): Promise<KnowledgeBaseRow> {
      knowledgePolicy.authorize(viewer, "view");
      const base = await bases.find(knowledgeBaseID);
      if (!visible(base, viewer)) throw notFound("Knowledge base");
      return base;
    },

    /** A category (and its base) the viewer may read, else 404. */
    async category(
      knowledgeCategoryID: number,
      viewer: Viewer,
      thing = "Knowledge category",
    ): Promise<{ category: KnowledgeCategoryRow; base: KnowledgeBaseRow }> {
      knowledgePolicy.authorize(viewer, "view");
      const category = await categories.find(knowledgeCategoryID);
      const base = category ? await bases.find(category.knowledgeBaseID) : undefined;
      if (!category || !visible(base, viewer)) throw notFound(thing);
      return { category, base };
    },

    /** The category trees of some bases, counts included (two queries). */
    async trees(knowledgeBaseIDs: number[]): Promise<KnowledgeTree<KnowledgeCategoryRow>> {
      const ids = [...new Set(knowledgeBaseIDs)];
      const [rows, counts] = await Promise.all([categories.ofBases(ids), categories.articleCounts(ids)]);
      return buildTree(rows, counts);
    },
  };
}

export type KnowledgeLoader = ReturnType<typeof createKnowledgeLoader>;
