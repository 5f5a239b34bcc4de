import { limits, type CommentListQuery, type CommentThread, type CommentThreadQuery } from "@parley/contracts";
import { assertAccountUsable } from "../../platform/auth/authorize.ts";
import { fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import { idConditions, parseDateFilter } from "../../platform/http/filters.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { Expansions, requireQuestions } from "./comments.deps.ts";
import type { CommentsDeps } from "./comments.operation.ts";
import { presentCommentsJson } from "./comments.list-json.ts";
import { presentComments } from "./comments.read.ts";
import type { CommentFilters } from "./comments.repo.ts";
import { buildThread, finishThread, holeAuthors } from "./comments.thread.ts";

/*
 * The reads of many comments: `GET /comments` (flat pages, by discussion or across the categories the
 * viewer may see) and `GET /comments/thread` (nested pages).
 */

/** `GET /comments`: a discussion's comments (which the viewer may see), or by author or ids in visible categories. */
export async function listComments(deps: CommentsDeps, query: CommentListQuery, context: RequestContext) {
  const { rows, checked, ...paging } = await findCommentPage(deps, query, context);
  const items = await presentComments(deps, rows, context, new Expansions(query.expand), checked);
  return { items, ...paging };
}

/** As `listComments`, each record as its JSON (`comments.list-json.ts`): what the API route answers. */
export async function listCommentsJson(
  deps: CommentsDeps,
  query: CommentListQuery,
  context: RequestContext,
  serialize: (record: unknown) => string,
) {
  const { rows, checked, ...paging } = await findCommentPage(deps, query, context);
  const items = await presentCommentsJson(deps, rows, context, query.expand ?? [], checked, serialize);
  return { items, ...paging };
}

/** The page of rows a list of comments shows the viewer, the discussion checked for them, and the list's paging. */
async function findCommentPage(deps: CommentsDeps, query: CommentListQuery, context: RequestContext) {
  const { repo, discussions, categories } = deps;
  const { viewer } = context;
  assertAccountUsable(viewer);
  const discussionID = query.discussionID ?? query.parentRecordID;
  const filters: CommentFilters = {};
  // The discussion, checked for this viewer, is presented with its comments without being read again (a row kept for
  // every viewer until a content change, as the comments' own rows below are).
  const checked = discussionID !== undefined ? [await discussions.loadKept(discussionID, viewer)] : [];
  if (discussionID !== undefined) {
    filters.discussionID = discussionID;
  } else {
    if (query.insertUserID === undefined && !idConditions(query.commentID).length) {
      throw validationFailed([fieldError("discussionID", "missingField", "discussionID is required.")]);
    }
    filters.categoryIDs = await categories.visibleIDs(viewer);
  }
  if (query.insertUserID !== undefined) filters.insertUserID = query.insertUserID;
  if (query.commentID) filters.commentIDs = query.commentID;
  if (query.qna !== undefined) {
    await requireQuestions(deps.platform.siteConfig);
    filters.answerStatus = query.qna;
  }
  if (query.dateInserted) filters.dateInserted = parseDateFilter("dateInserted", query.dateInserted);
  if (query.reactionType !== undefined) {
    const tagID = await repo.reactionTagID(query.reactionType);
    if (tagID === undefined)
      throw validationFailed([
        fieldError("reactionType", "invalid", `${query.reactionType} is not a valid reaction type.`),
      ]);
    filters.reactionTagID = tagID;
  }
  const sort = query.sort ?? "dateInserted";
  if (sort === "-experimentalTrending" && discussionID === undefined) {
    throw validationFailed([fieldError("sort", "invalid", "The trending sort needs a discussion.")]);
  }
  const page = query.page ?? 1;
  const limit = query.limit ?? limits.api.defaultLimit;
  const offset = (page - 1) * limit;
  const read = async () => {
    const [rows, total] = await Promise.all([repo.list(filters, sort, offset, limit), repo.count(filters)]);
    return { rows, total };
  };
  // Every filter here is the same for each viewer allowed to ask: the discussion was checked for this one, and the
  // categories are those the viewer may read (in the key).
  const { rows, total } = deps.listCache
    ? await deps.listCache.page(`comments:${JSON.stringify([filters, sort, offset, limit])}`, read)
    : await read();
  return { rows, checked, page, limit, total };
}

/**
 * The call that opens a hole: the page that starts at the hole's first reply, of this call's size where the
 * hole starts on one of its pages, else of the hole's offset (its second page; the answer ends in a hole of
 * its own for what follows).
 */
function holeUrl(
  query: CommentThreadQuery,
  origin: string,
  limit: number,
  hole: { parentCommentID: number; offset: number },
): string {
  const holeLimit = hole.offset % limit === 0 ? limit : hole.offset;
  const params = new URLSearchParams({
    parentRecordType: "discussion",
    parentRecordID: String(query.parentRecordID),
    parentCommentID: String(hole.parentCommentID),
    page: String(hole.offset / holeLimit + 1),
    limit: String(holeLimit),
  });
  if (query.sort) params.set("sort", query.sort);
  if (query.expand?.length) params.set("expand", query.expand.join(","));
  if (query.collapseChildDepth !== undefined) params.set("collapseChildDepth", String(query.collapseChildDepth));
  if (query.collapseChildLimit !== undefined) params.set("collapseChildLimit", String(query.collapseChildLimit));
  return `${origin}/api/v2/comments/thread?${params.toString()}`;
}

/**
 * `GET /comments/thread`: a page of a discussion's top-level comments, or of one comment's replies,
 * with the replies under them nested and the deeper and later ones folded (`buildThread`).
 */
export async function commentThread(deps: CommentsDeps, query: CommentThreadQuery, context: RequestContext) {
  const { repo, discussions, users } = deps;
  const { viewer } = context;
  assertAccountUsable(viewer);
  const discussionID = query.parentRecordID;
  const discussion = await discussions.load(discussionID, viewer);
  let baseDepth = 0;
  if (query.parentCommentID !== undefined) {
    const parent = await repo.findById(query.parentCommentID);
    if (!parent || parent.discussionID !== discussionID)
      throw new HttpError(400, "Parent comment is not part of the correct thread.", {
        errors: [fieldError("parentCommentID", "invalid", "Parent comment is not part of the correct thread.")],
      });
    baseDepth = parent.depth;
  }
  const sort = query.sort ?? "dateInserted";
  const limit = query.limit ?? limits.api.defaultLimit;
  const filters: CommentFilters = { discussionID, parentCommentID: query.parentCommentID ?? null };
  // A focused comment of this thread: it and the comments above it are shown, on the page that
  // holds its top-level comment unless a page was asked for.
  let focus = new Set<number>();
  let page = query.page ?? 1;
  if (query.focusCommentID !== undefined) {
    const chain = await repo.ancestry(query.focusCommentID);
    const top = chain.at(-1);
    if (top && top.discussionID === discussionID) {
      focus = new Set(chain.map((row) => row.commentID));
      const pageComment =
        query.parentCommentID === undefined
          ? top
          : chain[chain.findIndex((row) => row.commentID === query.parentCommentID) - 1];
      if (query.page === undefined && pageComment)
        page = Math.floor((await repo.countBeforeInThread(pageComment, filters, sort)) / limit) + 1;
    }
  }
  const offset = (page - 1) * limit;
  const [rows, total] = await Promise.all([repo.list(filters, sort, offset, limit), repo.count(filters)]);
  const replies = await repo.repliesBelow(
    rows.map((row) => row.commentID),
    sort,
  );
  const { items, shownReplyIDs } = buildThread({
    top: rows,
    replies,
    baseDepth,
    collapseChildDepth: query.collapseChildDepth ?? limits.commentThread.collapseChildDepth,
    collapseChildLimit: query.collapseChildLimit ?? limits.commentThread.collapseChildLimit,
    focus,
  });
  // One comment's replies past this page: one hole at the end, as Vanilla answers them.
  if (query.parentCommentID !== undefined && offset + rows.length < total) {
    const rest = await repo.list(filters, sort, offset + limit, limits.commentThread.restMax);
    const below = await repo.repliesBelow(
      rest.map((row) => row.commentID),
      sort,
    );
    const authors = [...new Set([...rest, ...below].map((row) => row.insertUserID))];
    items.push({
      type: "hole",
      parentCommentID: query.parentCommentID,
      offset: offset + limit,
      depth: baseDepth + 1,
      countAllComments: rest.length + below.length,
      countAllInsertUsers: authors.length,
      insertUserIDs: authors.slice(0, limits.commentThread.holeAuthors),
    });
  }
  const shownReplies = await repo.findByIds(shownReplyIDs);
  const [presented, holeUsers] = await Promise.all([
    presentComments(deps, [...rows, ...shownReplies], context, new Expansions(query.expand), [discussion]),
    users.load(holeAuthors(items), context.origin),
  ]);
  const commentsByID = Object.fromEntries(presented.map((comment) => [String(comment.commentID), comment]));
  const thread: CommentThread = {
    threadStructure: finishThread(items, holeUsers, (hole) => holeUrl(query, context.origin, limit, hole)),
    commentsByID,
  };
  return { thread, page, limit, total };
}
