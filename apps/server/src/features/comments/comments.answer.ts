import type { AnswerPatch, Comment } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import { badRequest, notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import {
  createCounters,
  discussionsPolicy,
  Expansions,
  refreshQuestion,
  requireQuestions,
  setAnswerStatus,
} from "./comments.deps.ts";
import { eventOf, type CommentsDeps } from "./comments.operation.ts";
import { loadComment, presentComments } from "./comments.read.ts";

/**
 * `PATCH /comments/{id}/answer` (the QnA add-on): the add-on on → load (the comment, on a question the viewer may
 * view, by another member than the asker) → authorize (the asker, or a moderator of the category) → one
 * transaction (the question's row locked first, the answer's judgement, the question's status worked out
 * again) → `comment.updated` → the presented comment with its `attributes.answer`.
 */
export async function judgeAnswer(
  deps: CommentsDeps,
  id: number,
  body: AnswerPatch,
  context: RequestContext,
): Promise<Comment> {
  const { platform } = deps;
  const { viewer } = context;
  await requireQuestions(platform.siteConfig);
  requireSignedIn(viewer);
  const { comment, discussion } = await loadComment(deps, id, viewer);
  if (discussion.type !== "question") throw badRequest("This comment does not answer a question.");
  if (comment.insertUserID === discussion.insertUserID)
    throw badRequest("The asker's own comment is not an answer to the question.");
  requireAccess(viewer, discussionsPolicy.canJudgeAnswers, discussion);
  const points = await platform.siteConfig.get("reputation.acceptedAnswerPoints");
  await platform.db.transaction().execute(async (trx) => {
    const locked = (await createCounters(trx).lockDiscussions([discussion.discussionID])).get(discussion.discussionID);
    if (!locked) throw notFound("Discussion");
    // A comment deleted or moved meanwhile is no answer of this question any more.
    const still = await deps.repo.withTransaction(trx).findById(comment.commentID);
    if (still?.discussionID !== discussion.discussionID) throw notFound("Comment");
    await setAnswerStatus(
      trx,
      comment.commentID,
      body.status,
      { userID: viewer.userID, date: platform.clock.nowIso() },
      { points, authorID: comment.insertUserID, categoryID: locked.categoryID },
    );
    await refreshQuestion(trx, discussion.discussionID);
  });
  await platform.events.emit("comment.updated", eventOf(comment, discussion.categoryID, viewer));
  return (await presentComments(deps, [comment], context, new Expansions([])))[0]!;
}
