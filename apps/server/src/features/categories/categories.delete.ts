import type { Kysely } from "kysely";
import { ROOT_CATEGORY_ID } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Platform } from "../../platform/context.ts";
import type { DB } from "../../platform/db/schema.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import type { BatchOutcome, LongRunnerAction, LongRunnerContext } from "../../platform/long-runner/long-runner.ts";
import { failureOf } from "../../platform/long-runner/long-runner.ts";
import { recountTagCounts, tagsOfDiscussions } from "../tags/index.ts";
import { adjustCategoryCounts } from "./categories.counters.ts";
import type { CategoryDirectory } from "./categories.directory.ts";
import { categoriesPolicy } from "./categories.policy.ts";
import {
  createCategoriesRepo,
  recomputeDepths,
  recomputePermissionCategories,
  recountCategories,
  type CategoriesRepo,
  type CategoryContent,
  type CategoryRow,
} from "./categories.repo.ts";

/** The long runner's name for a category's deletion. */
export const DELETE_CATEGORY_ACTION = "categories.delete";

export interface DeleteCategoryArgs {
  categoryID: number;
  /** Where its discussions and subcategories go; null: they are deleted with it. */
  newCategoryID: number | null;
}

export interface DeleteCategoryDeps {
  db: Kysely<DB>;
  platform: Platform;
  directory: CategoryDirectory;
  content: CategoryContent;
  /** After the category is gone: caches dropped, `category.changed` announced. */
  announce(categoryID: number): Promise<void>;
}

const isGroupCategory = (row: Pick<CategoryRow, "groupID">) => row.groupID !== null;

/** The refusal of a target that cannot take the content (gone, the root, a group's, or inside the category). */
const badTarget = () =>
  validationFailed([fieldError("newCategoryID", "invalid", "Choose another category to move the content to.")]);

/**
 * The target a category's content may move to: an ordinary category outside the category's subtree. Checked
 * when the deletion is asked for and again at each batch (it may have gone since).
 */
export async function requireTarget(repo: CategoriesRepo, newCategoryID: number, subtree: number[]) {
  const target = await repo.findById(newCategoryID);
  if (!target || target.categoryID === ROOT_CATEGORY_ID || subtree.includes(newCategoryID) || isGroupCategory(target))
    throw badTarget();
  return target;
}

/**
 * Moves or deletes a batch of a category's discussions inside the caller's transaction, with every count they
 * held: the categories' (own and up the tree), and, when they are deleted, their authors' and commenters' post
 * counts and the tags'. A discussion no longer there (an earlier try of the batch did it) is skipped, so a
 * batch run again after a stop changes nothing twice.
 */
async function runDeleteBatch(trx: Kysely<DB>, deps: DeleteCategoryDeps, ids: number[], args: DeleteCategoryArgs) {
  const repo = createCategoriesRepo(trx);
  // Moving: only the category's own discussions (its subcategories go with theirs, under the target, at the end).
  const scope = args.newCategoryID === null ? await deps.directory.withDescendants(args.categoryID) : [args.categoryID];
  const rows = await repo.lockDiscussionsIn(ids, scope);
  if (rows.length === 0) return;
  const byCategory = new Map<number, { discussions: number; comments: number }>();
  for (const row of rows) {
    const counts = byCategory.get(row.categoryID) ?? { discussions: 0, comments: 0 };
    counts.discussions += 1;
    counts.comments += Number(row.countComments);
    byCategory.set(row.categoryID, counts);
  }
  const discussionIDs = rows.map((row) => row.discussionID);
  if (args.newCategoryID !== null) {
    await deps.content.moveDiscussions(trx, args.categoryID, args.newCategoryID, discussionIDs);
    const moved = byCategory.get(args.categoryID)!;
    await adjustCategoryCounts(trx, await repo.ancestorIDs(args.categoryID), -moved.discussions, -moved.comments);
    await adjustCategoryCounts(trx, await repo.ancestorIDs(args.newCategoryID), moved.discussions, moved.comments);
    return;
  }
  const members = new Set([...rows.map((row) => row.insertUserID), ...(await repo.commenterIDs(discussionIDs))]);
  const tagIDs = await tagsOfDiscussions(trx, discussionIDs);
  await repo.deleteDiscussions(discussionIDs, deps.content.removePosts);
  for (const [categoryID, counts] of byCategory) {
    await adjustCategoryCounts(trx, await repo.ancestorIDs(categoryID), -counts.discussions, -counts.comments);
  }
  await deps.content.recountPostCounts(trx, [...members]);
  await recountTagCounts(trx, tagIDs);
}

/**
 * `DELETE /categories/{id}` as a long-running call (reference §1.7): its discussions moved to `newCategoryID` or
 * deleted, a batch per transaction with the counts they carry, then (`finish`) the category itself in one last
 * transaction: any discussion posted meanwhile done the same way, its subcategories moved under the target or
 * deleted with theirs, the tree's depths, permissions and counts worked out again. Each round authorizes anew.
 */
export function deleteCategoryAction(deps: DeleteCategoryDeps): LongRunnerAction<DeleteCategoryArgs> {
  const repo = createCategoriesRepo(deps.db);

  /** Throws unless the viewer keeps the categories and the target (when moving) can still take the content. */
  async function check(args: DeleteCategoryArgs, context: LongRunnerContext) {
    requireAccess(context.viewer, categoriesPolicy.canManage);
    if (args.newCategoryID !== null) {
      await requireTarget(repo, args.newCategoryID, await deps.directory.withDescendants(args.categoryID));
    }
  }

  return {
    name: DELETE_CATEGORY_ACTION,

    async runBatch(ids, args, context): Promise<BatchOutcome> {
      try {
        await check(args, context);
        await deps.db.transaction().execute((trx) => runDeleteBatch(trx, deps, ids, args));
        return { successIDs: ids, failures: new Map() };
      } catch (error) {
        const failure = failureOf(error);
        return { successIDs: [], failures: new Map(ids.map((id) => [id, failure])) };
      }
    },

    async finish(args, context) {
      const row = await repo.findById(args.categoryID);
      // Already gone: an earlier try of this last step committed.
      if (!row) return;
      await check(args, context);
      const subtree = await deps.directory.withDescendants(args.categoryID);
      await deps.db.transaction().execute(async (trx) => {
        const scoped = createCategoriesRepo(trx);
        const left = await scoped.discussionIDsIn(args.newCategoryID === null ? subtree : [args.categoryID]);
        await runDeleteBatch(trx, deps, left, args);
        if (args.newCategoryID !== null) {
          await scoped.reparentChildren(args.categoryID, args.newCategoryID);
          await scoped.deleteWithContent([args.categoryID], deps.content.removePosts);
        } else {
          await scoped.deleteWithContent(subtree, deps.content.removePosts);
        }
        await recomputeDepths(trx);
        await recomputePermissionCategories(trx);
        await recountCategories(trx);
      });
      await deps.announce(args.categoryID);
    },
  };
}
