import type { ResolveBulkResult } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { DiscussionsDeps } from "./discussions.operation.ts";
import { discussionsPolicy as policy } from "./discussions.policy.ts";

/** Discussions resolved per statement: short writes, so posting is never held up behind one long one. */
const BATCH = 500;

/**
 * `POST /discussions/resolve-bulk` (Vanilla's "mark all discussions you can triage as resolved"): authorize
 * (staff.allow, as resolving one) → every unresolved discussion in the categories the viewer may read, resolved by
 * them now, a batch per statement until none is left. Answers how many it resolved.
 */
export async function resolveAllDiscussions(
  { repo, categories, platform }: Pick<DiscussionsDeps, "repo" | "categories" | "platform">,
  context: RequestContext,
): Promise<ResolveBulkResult> {
  const { viewer } = context;
  requireAccess(viewer, policy.canResolve);
  const categoryIDs = await categories.visibleIDs(viewer);
  const date = platform.clock.nowIso();
  let countResolved = 0;
  for (;;) {
    const ids = await repo.unresolvedIDs(categoryIDs, BATCH);
    if (ids.length === 0) break;
    countResolved += await repo.resolveAll(ids, viewer.userID, date);
  }
  if (countResolved > 0)
    await platform.events.emit("discussions.resolved", { countResolved, actorUserID: viewer.userID });
  return { countResolved };
}
