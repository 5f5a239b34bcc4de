import type { Comment, CommentPost } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import { fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { storableText } from "../../platform/text.ts";
import {
  createCounters,
  createNewMemberLimits,
  discussionsPolicy,
  Expansions,
  type WriteOptions,
} from "./comments.deps.ts";
import { checkFormat, eventOf, type CommentsDeps } from "./comments.operation.ts";
import { commentsPolicy as policy } from "./comments.policy.ts";
import { presentComments } from "./comments.read.ts";

/**
 * `POST /comments`: validate the discussion → load it (the viewer may view it) → authorize (comments.add
 * there, the discussion open) → validate the body and the comment replied to, flood control → one
 * premoderation (a held comment stops here, answered 202) → one
 * transaction (the discussion's row locked first, the comment, the discussion's count and the viewer's
 * participation, the category and author counts, the caller's `alsoInTransaction`) → `comment.created`
 * → the presented comment.
 */
export async function createComment(
  deps: CommentsDeps,
  body: CommentPost,
  context: RequestContext,
  options: WriteOptions = {},
): Promise<Comment> {
  const { repo, platform, discussions } = deps;
  const { viewer } = context;
  requireSignedIn(viewer);
  const discussionID = body.discussionID ?? body.parentRecordID;
  if (discussionID === undefined)
    throw validationFailed([fieldError("discussionID", "missingField", "discussionID is required.")]);
  const discussion = await discussions.load(discussionID, viewer);
  requireAccess(viewer, policy.canAdd, discussion);
  if (!discussionsPolicy.canComment(viewer, discussion)) throw new HttpError(403, "This discussion has been closed.");
  const format = checkFormat(body.format);
  const source = storableText(body.body);
  if (!source.trim()) throw validationFailed([fieldError("body", "missingField", "body is required.")]);
  let depth = 1;
  if (body.parentCommentID) {
    const parent = await repo.findById(body.parentCommentID);
    if (!parent || parent.discussionID !== discussion.discussionID) {
      throw validationFailed([
        fieldError("parentCommentID", "invalid", "The comment being replied to is not in this discussion."),
      ]);
    }
    depth = parent.depth + 1;
  }
  // A held post approved by a moderator is written as posted: no limits for new members, no flood control, no
  // screening again. Otherwise the limits for new members (posts a day, links and images in the body) come before
  // flood control: a refusal is no post.
  if (!options.approved) {
    await createNewMemberLimits(platform).checkPost(viewer, { body: source, format });
    await discussions.flood.check(viewer);
  }
  // Watched words (a blocked one refuses with a 422) and the spam check; recorded once the comment exists.
  const screened = await platform.screening.screen({
    kind: "comment",
    fields: { body: source },
    format,
    context,
    categoryID: discussion.categoryID,
    approved: options.approved,
  });
  // Premoderation: a held comment goes to the queue (the API answers 202) and nothing is written.
  await screened.holdIfFlagged({
    kind: "comment",
    categoryID: discussion.categoryID,
    discussionID: discussion.discussionID,
    name: null,
    body: source,
    format,
    input: { ...body, discussionID: discussion.discussionID },
  });

  const now = platform.clock.nowIso();
  const chainAsRead = await discussions.ancestry(discussion.categoryID);
  const commentID = await platform.db.transaction().execute(async (trx) => {
    const scoped = repo.withTransaction(trx);
    const counters = createCounters(trx);
    // The discussion's row first: writers of its counts wait for each other, a delete of it makes
    // this a 404, and its category is the one it is in now (a move may have committed since).
    const locked = (await counters.lockDiscussions([discussion.discussionID])).get(discussion.discussionID);
    if (!locked) throw notFound("Discussion");
    const id = await scoped.insert({
      discussionID: discussion.discussionID,
      parentCommentID: body.parentCommentID ?? null,
      body: source,
      format,
      insertUserID: viewer.userID,
      updateUserID: null,
      dateInserted: now,
      dateUpdated: null,
      score: 0,
      depth,
      attributes: null,
      insertIPAddress: context.ip,
    });
    // The count and the last comment come from the database under that lock, never from a number
    // read before this transaction, which would overwrite concurrent writers' (counters.repo.ts).
    const { countComments } = (await counters.refreshDiscussion(discussion.discussionID, 1))!;
    await scoped.markParticipation(viewer.userID, discussion.discussionID, countComments, now);
    const chain =
      locked.categoryID === discussion.categoryID ? chainAsRead : await discussions.ancestry(locked.categoryID);
    await counters.adjustCategories(chain, 0, 1, {
      discussionID: discussion.discussionID,
      commentID: id,
      date: now,
    });
    await counters.adjustUser(viewer.userID, "countComments", 1);
    await options.alsoInTransaction?.(trx, id);
    return id;
  });

  const comment = (await repo.findById(commentID))!;
  await platform.events.emit("comment.created", {
    ...eventOf(comment, discussion.categoryID, viewer),
    ...(body.draftID ? { draftID: body.draftID } : {}),
  });
  await screened.recorded(commentID);
  return (await presentComments(deps, [comment], context, new Expansions([])))[0]!;
}
