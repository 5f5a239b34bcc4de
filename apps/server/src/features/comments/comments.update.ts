import type { Comment, CommentPatch } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import { conflict, fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import { writeChanges } from "../../platform/history/change-log.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { storableText } from "../../platform/text.ts";
import { assertUnchangedSinceHeld, createNewMemberLimits, Expansions, type WriteOptions } from "./comments.deps.ts";
import { checkFormat, editTimeout, eventOf, type CommentsDeps } from "./comments.operation.ts";
import { commentsPolicy as policy } from "./comments.policy.ts";
import { isTombstone, tombstoneText } from "./comments.present.ts";
import { loadComment, presentComments } from "./comments.read.ts";

/**
 * `PATCH /comments/{id}`: load (the comment, not a tombstone, in a discussion the viewer may view) →
 * authorize (the edit window and permission; a closed discussion's author is told why not) → validate
 * the body and format → screening (an edit held for approval stops here, answered 202, the comment unchanged)
 * → one transaction (the revision, the comment) → `comment.updated` → the presented comment. An approved held
 * edit (`options.approved`, written as its author) is neither authorized against the edit window nor screened.
 */
export async function updateComment(
  deps: CommentsDeps,
  id: number,
  body: CommentPatch,
  context: RequestContext,
  options: Pick<WriteOptions, "approved" | "heldFrom"> = {},
): Promise<Comment> {
  const { repo, platform } = deps;
  const { viewer } = context;
  requireSignedIn(viewer);
  const { comment, discussion } = await loadComment(deps, id, viewer);
  if (isTombstone(comment)) throw conflict(tombstoneText);
  assertUnchangedSinceHeld(options.heldFrom, { name: null, body: comment.body });
  if (!options.approved) {
    const timeout = await editTimeout(platform, viewer);
    const now = platform.clock.nowMs();
    if (
      !policy.canEdit(viewer, comment, discussion, timeout, now) &&
      discussion.closed === 1 &&
      comment.insertUserID === viewer.userID
    )
      throw new HttpError(403, "This discussion has been closed.");
    requireAccess(viewer, policy.canEdit, comment, discussion, timeout, now);
  }
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
  if (source !== undefined && !options.approved)
    await createNewMemberLimits(platform).checkPost(viewer, {
      body: source,
      format: changes.format ?? comment.format,
      edit: true,
    });
  // Watched words and the spam check on a changed body; a held edit waits for a moderator (202).
  const changed = source !== undefined && source !== comment.body ? source : undefined;
  const screened = await platform.screening.screen({
    kind: "comment",
    fields: { body: changed },
    format: changes.format ?? comment.format,
    context,
    edit: true,
    categoryID: discussion.categoryID,
    approved: options.approved,
  });
  await screened.holdIfFlagged({
    kind: "comment",
    categoryID: discussion.categoryID,
    discussionID: comment.discussionID,
    name: null,
    body: source ?? comment.body,
    format: changes.format ?? comment.format,
    input: { ...body },
    edit: { recordID: comment.commentID, name: null, body: comment.body, format: comment.format },
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
  if (changed !== undefined) await screened.recorded(comment.commentID);
  return (await presentComments(deps, [updated], context, new Expansions([])))[0]!;
}
