import type { AnswerAttributes, Comment, UserFragment } from "@parley/contracts";
import { toRfc3339 } from "../../platform/dates.ts";
import { requireAccess } from "../../platform/auth/access.ts";
import { assertAccountUsable } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { rawBodyOf } from "../../platform/records.ts";
import { answersOf, Expansions, reportMetaOf } from "./comments.deps.ts";
import { editTimeout, type CommentsDeps } from "./comments.operation.ts";
import { commentsPolicy as policy } from "./comments.policy.ts";
import { commentUrl, presentComment } from "./comments.present.ts";
import type { CommentRow } from "./comments.repo.ts";

/*
 * Reading comments: loading one with its discussion (which the viewer must be able to see), presenting
 * rows in a fixed number of queries, and the reads of one comment (`get`, its page, its source, a quote).
 */

/** A comment and its discussion: 404 when either is gone, 403 when the viewer may not view the discussion. */
export async function loadComment(
  { repo, discussions }: Pick<CommentsDeps, "repo" | "discussions">,
  id: number,
  viewer: Viewer,
) {
  assertAccountUsable(viewer);
  const comment = await repo.findById(id);
  if (!comment) throw notFound("Comment");
  const discussion = await discussions.load(comment.discussionID, viewer);
  return { comment, discussion };
}

/** A discussion as `discussions.load` gives it: read, and checked that the viewer may see it. */
type CheckedDiscussion = Awaited<ReturnType<CommentsDeps["discussions"]["load"]>>;

/** Presents rows with a fixed number of queries: authors, discussions, reactions and reports each batched. */
export async function presentComments(
  deps: CommentsDeps,
  rows: CommentRow[],
  context: RequestContext,
  expand: Expansions,
  /** Discussions the caller has just loaded for this viewer (`discussions.load`), which are not read again. */
  checked: readonly CheckedDiscussion[] = [],
): Promise<Comment[]> {
  const loaded = await loadForComments(deps, rows, context, expand, checked);
  return rows.map((row) => loaded.present(row));
}

/**
 * What presenting the rows needs, loaded in a fixed number of queries (authors, discussions, reactions, reports and
 * the answers' judgements, each batched), and the presenting of one of them with it.
 */
export async function loadForComments(
  { platform, discussions, users, reactions, reportMeta }: CommentsDeps,
  rows: CommentRow[],
  context: RequestContext,
  expand: Expansions,
  checked: readonly CheckedDiscussion[] = [],
) {
  const known = new Set(checked.map((row) => row.discussionID));
  const discussionIDs = [...new Set(rows.map((row) => row.discussionID))].filter((id) => !known.has(id));
  const commentIDs = rows.map((row) => row.commentID);
  const wantsSignatures = expand.hasDefault("insertUser") && expand.has("insertUser.signature");
  // Signatures come with the same users query, and only while they are enabled (spec §5).
  const withSignatures = wantsSignatures && (await platform.siteConfig.get("signatures.enabled"));
  const authorIDs = rows.map((row) => row.insertUserID);
  const wantsReports = expand.has("reportMeta") && reportMeta !== undefined && policy.isModerator(context.viewer);
  const [loaded, discussionRows, reactionMap, reports] = await Promise.all([
    expand.hasDefault("insertUser")
      ? withSignatures
        ? users.loadWithSignatures(authorIDs, context.origin)
        : users.load(authorIDs, context.origin).then((fragments) => ({ fragments, signatures: null }))
      : { fragments: new Map<number, UserFragment>(), signatures: null },
    discussionIDs.length > 0 ? discussions.loadMany(discussionIDs, context.viewer) : [],
    expand.has("reactions") ? reactions("comment", commentIDs, context.viewer.userID) : null,
    wantsReports ? reportMeta("comment", commentIDs) : null,
  ]);
  const byID = new Map([...checked, ...discussionRows].map((row) => [row.discussionID, row]));
  // Answers to questions (the QnA add-on): a comment by another member than the asker, pending until judged.
  const isAnswer = (row: CommentRow) => {
    const discussion = byID.get(row.discussionID);
    return discussion?.type === "question" && discussion.insertUserID !== row.insertUserID;
  };
  const answerIDs = rows.filter(isAnswer).map((row) => row.commentID);
  const judged =
    answerIDs.length > 0 && (await platform.siteConfig.get("plugins.qna"))
      ? await answersOf(platform.db, answerIDs)
      : null;
  const timeout = expand.has("permissions") ? await editTimeout(platform, context.viewer) : -1;
  const present = (row: CommentRow): Comment => {
    const discussion = byID.get(row.discussionID);
    const comment = presentComment(row, {
      origin: context.origin,
      expand,
      discussion,
      users: loaded.fragments,
      ...(expand.has("permissions") && discussion
        ? { permissions: policy.recordPermissions(context.viewer, row, discussion, timeout, platform.clock.nowMs()) }
        : {}),
      ...(reactionMap ? { reactions: reactionMap.get(row.commentID) ?? [] } : {}),
    });
    if (reports) comment.reportMeta = reportMetaOf(reports, row.commentID);
    if (judged && isAnswer(row)) {
      const judgement = judged.get(row.commentID);
      const answer: AnswerAttributes = {
        status: judgement?.status ?? "pending",
        dateAccepted: judgement?.dateAccepted ? toRfc3339(judgement.dateAccepted) : null,
        acceptUserID: judgement?.acceptUserID ?? null,
      };
      comment.attributes = { ...comment.attributes, answer };
    }
    if (wantsSignatures && comment.insertUser) {
      comment.insertUser = { ...comment.insertUser, signature: loaded.signatures?.get(row.insertUserID) ?? null };
    }
    return comment;
  };
  return {
    present,
    discussionOf: (row: CommentRow) => byID.get(row.discussionID),
    isAnswer,
    authors: loaded.fragments,
  };
}

/** What a reaction needs of a comment; checks the viewer may see it. */
export async function loadReactable(deps: CommentsDeps, id: number, viewer: Viewer) {
  const { comment, discussion } = await loadComment(deps, id, viewer);
  return { categoryID: discussion.categoryID, insertUserID: comment.insertUserID };
}

/** `GET /comments/{id}`. */
export async function getComment(
  deps: CommentsDeps,
  id: number,
  expand: string[] | undefined,
  context: RequestContext,
): Promise<Comment> {
  const { comment, discussion } = await loadComment(deps, id, context.viewer);
  return (await presentComments(deps, [comment], context, new Expansions(expand), [discussion]))[0]!;
}

/** The page (for a page size) a comment is on in its discussion's default order. */
export async function locateComment(deps: CommentsDeps, id: number, limit: number, context: RequestContext) {
  const { comment, discussion } = await loadComment(deps, id, context.viewer);
  const before = await deps.repo.countBefore(comment);
  const page = Math.floor(before / limit) + 1;
  const base = (
    await deps.discussions.presentMany([discussion], context, new Expansions(["-body", "-insertUser", "-lastUser"]))
  )[0]!.url;
  return {
    commentID: comment.commentID,
    discussionID: comment.discussionID,
    page,
    limit,
    url: `${base}${page > 1 ? `/p${page}` : ""}#Comment_${comment.commentID}`,
  };
}

/** The raw source for editing (edit permission). */
export async function commentForEdit(deps: CommentsDeps, id: number, context: RequestContext) {
  const { comment, discussion } = await loadComment(deps, id, context.viewer);
  requireAccess(
    context.viewer,
    policy.canEdit,
    comment,
    discussion,
    await editTimeout(deps.platform, context.viewer),
    deps.platform.clock.nowMs(),
  );
  return {
    commentID: comment.commentID,
    discussionID: comment.discussionID,
    body: comment.body,
    format: comment.format,
  };
}

/** What a quote of the comment needs: the raw body (parsed for rich formats) and its author. */
export async function quoteComment(deps: CommentsDeps, id: number, context: RequestContext) {
  const { comment, discussion } = await loadComment(deps, id, context.viewer);
  const author = (await deps.users.load([comment.insertUserID], context.origin)).get(comment.insertUserID);
  const bodyRaw = rawBodyOf(comment.body, comment.format);
  const presented = (await presentComments(deps, [comment], context, new Expansions(["-body"]), [discussion]))[0]!;
  return {
    commentID: comment.commentID,
    bodyRaw,
    format: comment.format,
    dateInserted: presented.dateInserted,
    dateUpdated: presented.dateUpdated,
    insertUser: author ?? presented.insertUser!,
    url: commentUrl(context.origin, comment.commentID),
  };
}
