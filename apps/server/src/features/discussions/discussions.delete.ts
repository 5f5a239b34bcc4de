import { requireAccess } from "../../platform/auth/access.ts";
import { notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { deleteDiscussionRows } from "./discussions.bulk-delete.ts";
import { emitDiscussionEvent, type DiscussionsDeps } from "./discussions.operation.ts";
import { discussionsPolicy as policy } from "./discussions.policy.ts";
import { ancestry } from "./discussions.posting.ts";
import { loadDiscussion } from "./discussions.read.ts";

/**
 * `DELETE /discussions/{id}`: load (the viewer may view it) → authorize (discussions.delete) → load the
 * category's ancestry → one transaction (the rows and counts, as the bulk delete does) → `discussion.deleted`.
 */
export async function deleteDiscussion(deps: DiscussionsDeps, id: number, context: RequestContext): Promise<void> {
  const { viewer } = context;
  const row = await loadDiscussion(deps, id, viewer);
  requireAccess(viewer, policy.canDelete, row);
  const chain = await ancestry(deps, row.categoryID);
  await deps.platform.db.transaction().execute(async (trx) => {
    // A concurrent delete got there first.
    if (!(await deleteDiscussionRows(trx, deps.repo, [{ row, chain }], viewer.userID)).length)
      throw notFound("Discussion");
  });
  await emitDiscussionEvent(deps, "discussion.deleted", row, viewer);
}
