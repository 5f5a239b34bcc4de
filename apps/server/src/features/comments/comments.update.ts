import type { Comment, CommentPatch } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import { conflict, fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import { writeChanges } from "../../platform/history/change-log.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { storableText } from "../../platform/text.ts";
import { createNewMemberLimits, Expansions } from "./comments.deps.ts";
import { checkFormat, editTimeout, eventOf, type CommentsDeps } from "./comments.operation.ts";
import { commentsPolicy as policy } from "./comments.policy.ts";
import { isTombstone, tombstoneText } from "./comments.present.ts";
import { loadComment, presentComments } from "./comments.read.ts";

/**
 * `PATCH /comments/{id}`: load (the comment, not a tombstone, in a discussion the viewer may view) →
 * authorize (the edit window and permission; a closed discussion's author is told why not) → validate
 * the body and format → one transaction (the revision, the comment) → `comment.updated` → the presented comment.
 */
export async function updateComment(
  deps: CommentsDeps,
  id: number,
  body: CommentPatch,
  context: RequestContext,
): Promise<Comment> {
  const { repo, platform } = deps;
  const { viewer } = context;
  requireSignedIn(viewer);
  const { comment, discussion } = await loadComment(deps, id, viewer);
  if (isTombstone(comment)) throw conflict(tombstoneText);
  const timeout = await editTimeout(platform);
  const now = platform.clock.nowMs();
  if (
    !policy.canEdit(viewer, comment, discussion, timeout, now) &&
    discussion.closed === 1 &&
    comment.insertUserID === viewer.userID
  )
    throw new HttpError(403, "This discussion has been closed.");
  requireAccess(viewer, policy.canEdit, comment, discussion, timeout, now);
  const source = body.body === undefined ? undefined : storableText(body.body);
  if (source !== undefined && !source.trim())
    throw validationFailed([fieldError("body", "missingField", "body is required.")]);
  const changes = {
    ...(source !== undefined ? { body: source } : {}),
    ...(body.format !== undefined ? { format: checkFormat(body.format) } : {}),
    dateUpdated: platform.clock.nowIso(),
    updateUserID: viewer.userID,
  };
  // A new member's edited body holds no more links and images than a new post may.
  if (source !== undefined)
    await createNewMemberLimits(platform).checkPost(viewer, {
      body: source,
      format: changes.format ?? comment.format,
      edit: true,
    });
  const screened = await platform.screening.screen({
    kind: "comment",
    fields: { body: source },
    format: changes.format ?? comment.format,
    context,
    edit: true,
  });

  await platform.db.transaction().execute(async (trx) => {
    await writeChanges(trx, [
      {
        operation: "edit",
        recordType: "comment",
        recordID: comment.commentID,
        parentRecordID: comment.discussionID,
        data: comment,
        insertUserID: viewer.userID,
      },
    ]);
    await repo.withTransaction(trx).update(comment.commentID, changes);
  });

  const updated = (await repo.findById(comment.commentID))!;
  await platform.events.emit("comment.updated", eventOf(updated, discussion.categoryID, viewer));
  if (source !== undefined) await screened.recorded(comment.commentID);
  return (await presentComments(deps, [updated], context, new Expansions([])))[0]!;
}
