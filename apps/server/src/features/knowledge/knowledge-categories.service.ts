import {
  knowledgeRules,
  type KnowledgeCategory,
  type KnowledgeCategoryListQuery,
  type KnowledgeNavigationPatch,
  type KnowledgeCategoryPatch,
  type KnowledgeCategoryPost,
} from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import { lockRows } from "../../platform/db/row-locks.ts";
import { conflict, fieldError, validationFailed } from "../../platform/errors.ts";
import { plainTitle } from "../../platform/text.ts";
import { Expansions } from "../discussions/index.ts";
import type { KnowledgeBasesRepo } from "./knowledge-bases.repo.ts";
import type { KnowledgeCategoriesRepo, KnowledgeCategoryInsert } from "./knowledge-categories.repo.ts";
import type { RequestContext as KnowledgeContext } from "../../platform/http/request-context.ts";
import type { KnowledgeLoader } from "./knowledge.loader.ts";
import { knowledgePolicy as policy } from "./knowledge.policy.ts";
import "./knowledge.events.ts";
import { breadcrumbsOf, presentKnowledgeCategory } from "./knowledge.present.ts";
import { ROOT_PARENT_ID, heightOf, subtreeIDs } from "./knowledge.tree.ts";

export interface KnowledgeCategoriesDeps {
  platform: Platform;
  bases: KnowledgeBasesRepo;
  categories: KnowledgeCategoriesRepo;
  loader: KnowledgeLoader;
}

/** Knowledge categories: a tree under each base's root; organised by article writers (`articles.add`). */
export function createKnowledgeCategoriesService({ platform, bases, categories, loader }: KnowledgeCategoriesDeps) {
  /** Categories presented with their counts (two queries for the trees, one for the bases). */
  async function presentMany(ids: number[], context: KnowledgeContext, expand: Expansions) {
    const rows = await Promise.all(ids.map(async (id) => categories.find(id)));
    return presentRows(
      rows.flatMap((row) => (row ? [row] : [])),
      context,
      expand,
    );
  }

  async function presentRows(
    rows: { knowledgeCategoryID: number; knowledgeBaseID: number }[],
    context: KnowledgeContext,
    expand: Expansions,
  ): Promise<KnowledgeCategory[]> {
    const baseIDs = [...new Set(rows.map((row) => row.knowledgeBaseID))];
    const [tree, baseRows] = await Promise.all([loader.trees(baseIDs), bases.findByIds(baseIDs)]);
    const baseByID = new Map(baseRows.map((base) => [base.knowledgeBaseID, base]));
    return rows.flatMap((row) => {
      const node = tree.byID.get(row.knowledgeCategoryID);
      if (!node) return [];
      const base = baseByID.get(row.knowledgeBaseID);
      const crumbs = expand.has("breadcrumbs")
        ? breadcrumbsOf(tree, base, row.knowledgeCategoryID, context.origin)
        : undefined;
      return [presentKnowledgeCategory(node, base, context.origin, crumbs)];
    });
  }

  const changed = (knowledgeBaseID: number, context: KnowledgeContext) =>
    platform.events.emit("knowledge.changed", { knowledgeBaseID, actorUserID: context.viewer.userID });

  const nameOf = (name: string) => {
    const title = plainTitle(name);
    if (!title) throw validationFailed([fieldError("name", "missingField", "name is required.", 422)]);
    return title;
  };

  /** The parent a category may go under: an existing category of a base the viewer sees, not too deep. */
  async function checkParent(parentID: number, context: KnowledgeContext, movingID?: number) {
    const parent = await categories.find(parentID);
    const base = parent ? await bases.find(parent.knowledgeBaseID) : undefined;
    if (!parent || !loader.visible(base, context.viewer))
      throw validationFailed([fieldError("parentID", "invalid", "The parent category does not exist.", 422)]);
    const tree = await loader.trees([parent.knowledgeBaseID]);
    const parentNode = tree.byID.get(parentID)!;
    let height = 0;
    if (movingID !== undefined) {
      const moving = tree.byID.get(movingID);
      if (!moving)
        throw validationFailed([fieldError("parentID", "invalid", "The category is in another knowledge base.", 422)]);
      if (subtreeIDs(moving).has(parentID))
        throw validationFailed([
          fieldError("parentID", "invalid", "A category cannot be moved under itself or one of its children.", 422),
        ]);
      height = heightOf(moving);
    }
    if (parentNode.depth + 1 + height > knowledgeRules.maxCategoryDepth)
      throw validationFailed([
        fieldError(
          "parentID",
          "invalid",
          `Knowledge categories nest at most ${knowledgeRules.maxCategoryDepth} levels deep.`,
          422,
        ),
      ]);
    return { parent, base };
  }

  return {
    async list(query: KnowledgeCategoryListQuery, context: KnowledgeContext) {
      const { viewer } = context;
      policy.authorize(viewer, "view");
      let baseIDs: number[];
      if (query.knowledgeBaseID !== undefined) {
        baseIDs = [(await loader.base(query.knowledgeBaseID, viewer)).knowledgeBaseID];
      } else {
        const statuses = policy.seesDeleted(viewer) ? ["published", "deleted"] : ["published"];
        baseIDs = (await bases.list({ statuses })).map((base) => base.knowledgeBaseID);
      }
      const filters = {
        knowledgeBaseIDs: baseIDs,
        ...(query.parentID !== undefined ? { parentID: query.parentID } : {}),
      };
      const page = query.page ?? 1;
      const limit = query.limit ?? knowledgeRules.categoriesDefaultLimit;
      const [rows, total] = await Promise.all([
        categories.list(filters, (page - 1) * limit, limit),
        categories.count(filters),
      ]);
      return { items: await presentRows(rows, context, new Expansions(query.expand)), page, limit, total };
    },

    async get(id: number, expand: string[] | undefined, context: KnowledgeContext): Promise<KnowledgeCategory> {
      const { category } = await loader.category(id, context.viewer);
      return (await presentRows([category], context, new Expansions(expand)))[0]!;
    },

    async create(body: KnowledgeCategoryPost, context: KnowledgeContext): Promise<KnowledgeCategory> {
      const { viewer } = context;
      policy.authorize(viewer, "view");
      policy.authorize(viewer, "write");
      const name = nameOf(body.name);
      const { parent } = await checkParent(body.parentID, context);
      const now = platform.clock.nowIso();
      const id = await categories.insert({
        knowledgeBaseID: parent.knowledgeBaseID,
        parentID: parent.knowledgeCategoryID,
        name,
        sort: body.sort ?? null,
        sortChildren: body.sortChildren ?? null,
        insertUserID: viewer.userID,
        dateInserted: now,
        updateUserID: null,
        dateUpdated: null,
      });
      await changed(parent.knowledgeBaseID, context);
      return (await presentMany([id], context, new Expansions([])))[0]!;
    },

    async update(id: number, body: KnowledgeCategoryPatch, context: KnowledgeContext): Promise<KnowledgeCategory> {
      const { viewer } = context;
      policy.authorize(viewer, "write");
      const { category } = await loader.category(id, viewer);
      const changes: Partial<KnowledgeCategoryInsert> = {
        updateUserID: viewer.userID,
        dateUpdated: platform.clock.nowIso(),
      };
      if (body.name !== undefined) changes.name = nameOf(body.name);
      if (body.sort !== undefined) changes.sort = body.sort;
      if (body.sortChildren !== undefined) changes.sortChildren = body.sortChildren;
      if (body.parentID !== undefined && body.parentID !== category.parentID) {
        if (category.parentID === -1)
          throw validationFailed([fieldError("parentID", "invalid", "A root category cannot be moved.", 422)]);
        const { parent } = await checkParent(body.parentID, context, id);
        if (parent.knowledgeBaseID !== category.knowledgeBaseID)
          throw validationFailed([
            fieldError("parentID", "invalid", "A category cannot be moved to another knowledge base.", 422),
          ]);
        changes.parentID = body.parentID;
      }
      await categories.update(id, changes);
      await changed(category.knowledgeBaseID, context);
      return (await presentMany([id], context, new Expansions([])))[0]!;
    },

    /**
     * `PATCH /knowledge-bases/{id}/navigation-flat`: places some of a base's categories (new parent, new `sort`)
     * in one transaction, holding the base's row so that two reorderings cannot build a cycle between them.
     * The whole tree is checked as it would stand: no category under itself, none deeper than the limit, none
     * in another base, the root never moved. One bad item refuses them all, under its index.
     */
    async reorder(knowledgeBaseID: number, items: KnowledgeNavigationPatch, context: KnowledgeContext) {
      const { viewer } = context;
      policy.authorize(viewer, "write");
      await loader.base(knowledgeBaseID, viewer);
      const itemError = (index: number, field: string, message: string) =>
        validationFailed([{ ...fieldError(field, "invalid", message, 422), path: `[${index}]` }]);
      const seen = new Set<number>();
      items.forEach((item, index) => {
        if (seen.has(item.recordID)) throw itemError(index, "recordID", "A category is listed twice.");
        seen.add(item.recordID);
      });
      await platform.db.transaction().execute(async (trx) => {
        await lockRows(trx, "knowledgeBases", "knowledgeBaseID", [knowledgeBaseID], "name");
        const scoped = categories.withTransaction(trx);
        const rows = new Map((await scoped.ofBases([knowledgeBaseID])).map((row) => [row.knowledgeCategoryID, row]));
        const next = new Map([...rows].map(([id, row]) => [id, { parentID: row.parentID, sort: row.sort }]));
        items.forEach((item, index) => {
          const row = rows.get(item.recordID);
          if (!row) throw itemError(index, "recordID", "The category is not in this knowledge base.");
          if (row.parentID === ROOT_PARENT_ID) throw itemError(index, "recordID", "A root category cannot be moved.");
          if (!rows.has(item.parentID))
            throw itemError(index, "parentID", "The parent category is not in this knowledge base.");
          next.set(item.recordID, { parentID: item.parentID, sort: item.sort });
        });
        const children = new Map<number, number[]>();
        for (const [id, place] of next) children.set(place.parentID, [...(children.get(place.parentID) ?? []), id]);
        const height = (id: number): number =>
          Math.max(0, ...(children.get(id) ?? []).map((child) => 1 + height(child)));
        items.forEach((item, index) => {
          let depth = 0;
          for (let id = item.parentID; id !== ROOT_PARENT_ID; id = next.get(id)!.parentID) {
            depth += 1;
            if (id === item.recordID || depth > next.size)
              throw itemError(index, "parentID", "A category cannot be moved under itself or one of its children.");
          }
          if (depth + height(item.recordID) > knowledgeRules.maxCategoryDepth)
            throw itemError(
              index,
              "parentID",
              `Knowledge categories nest at most ${knowledgeRules.maxCategoryDepth} levels deep.`,
            );
        });
        const now = platform.clock.nowIso();
        for (const item of items) {
          const row = rows.get(item.recordID)!;
          if (row.parentID === item.parentID && row.sort === item.sort) continue;
          await scoped.update(item.recordID, {
            parentID: item.parentID,
            sort: item.sort,
            updateUserID: viewer.userID,
            dateUpdated: now,
          });
        }
      });
      await changed(knowledgeBaseID, context);
    },

    /** Deletes an empty category (no articles in any status, no child categories); never a root. */
    async remove(id: number, context: KnowledgeContext): Promise<void> {
      const { viewer } = context;
      policy.authorize(viewer, "write");
      const { category } = await loader.category(id, viewer);
      if (category.parentID === -1)
        throw conflict("A knowledge base's root category cannot be deleted.", "Delete the knowledge base instead.");
      await platform.db.transaction().execute(async (trx) => {
        const scoped = categories.withTransaction(trx);
        if (await scoped.hasArticles(id))
          throw conflict("This category still has articles.", "Move or delete its articles first.");
        if ((await scoped.count({ knowledgeBaseIDs: [category.knowledgeBaseID], parentID: id })) > 0)
          throw conflict("This category still has child categories.", "Move or delete its child categories first.");
        await scoped.remove(id);
      });
      await changed(category.knowledgeBaseID, context);
    },

    /** For articles: a category to write in, or a 422/404 field error on `knowledgeCategoryID`. */
    async writableCategory(knowledgeCategoryID: number, context: KnowledgeContext) {
      const category = await categories.find(knowledgeCategoryID);
      const base = category ? await bases.find(category.knowledgeBaseID) : undefined;
      if (!category || !loader.visible(base, context.viewer))
        throw validationFailed([
          fieldError("knowledgeCategoryID", "invalid", "The knowledge category does not exist.", 422),
        ]);
      return { category, base };
    },
  };
}

export type KnowledgeCategoriesService = ReturnType<typeof createKnowledgeCategoriesService>;
