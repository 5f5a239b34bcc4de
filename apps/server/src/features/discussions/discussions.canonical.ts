import type { Discussion } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { DiscussionsDeps } from "./discussions.operation.ts";
import { discussionsPolicy as policy } from "./discussions.policy.ts";
import { loadDiscussion, presentOne } from "./discussions.read.ts";

/*
 * A discussion's canonical address (Vanilla's `PUT` and `DELETE /discussions/{id}/canonical-url`): a moderator
 * points search engines at another copy of the discussion (an imported one's original, say). The record's
 * `canonicalUrl` and the page's `<link rel="canonical">` show it; without one, the discussion's own address.
 */

/** An absolute http(s) address without credentials, as stored; else a 400 naming the field. */
function canonicalAddress(value: string): string {
  const trimmed = value.trim();
  const url = URL.canParse(trimmed) ? new URL(trimmed) : null;
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password)
    throw validationFailed([fieldError("canonicalUrl", "invalid", "canonicalUrl must be an http or https address.")]);
  return url.href;
}

/** Sets (a string) or removes (null) the canonical address: load → authorize (moderators) → write → the record. */
export async function setCanonicalUrl(
  deps: DiscussionsDeps,
  id: number,
  value: string | null,
  context: RequestContext,
): Promise<Discussion> {
  const { repo } = deps;
  const row = await loadDiscussion(deps, id, context.viewer);
  requireAccess(context.viewer, policy.canSetCanonicalUrl, row);
  const canonicalUrl = value === null ? null : canonicalAddress(value);
  await repo.update(row.discussionID, { canonicalUrl });
  await deps.platform.events.emit("discussion.updated", {
    discussionID: row.discussionID,
    categoryID: row.categoryID,
    insertUserID: row.insertUserID,
    actorUserID: context.viewer.userID,
    fields: ["canonicalUrl"],
  });
  return presentOne(deps, (await repo.findById(row.discussionID))!, context);
}
