import {
  limits,
  type Comment,
  type CommentListQuery,
  type CommentPatch,
  type CommentPost,
  type CommentThread,
  type CommentThreadQuery,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { assertAccountUsable, requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { rawBodyOf } from "../../platform/records.ts";
import { conflict, fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import { parseDateFilter } from "../../platform/http/filters.ts";
import { normalizeFormat } from "../../platform/render/index.ts";
import { storableText } from "../../platform/text.ts";
import {
  createCounters,
  discussionsPolicy,
  Expansions,
  reportMetaOf,
  type CategoryDirectory,
  type DiscussionsService,
  type ReactionSummaries,
  type ReportMetaLoader,
  type UserFragments,
  type WriteOptions,
} from "./comments.deps.ts";
import "./comments.events.ts";
import { commentsPolicy as policy } from "./comments.policy.ts";
import { commentUrl, isTombstone, presentComment, tombstoneText } from "./comments.present.ts";
import type { CommentFilters, CommentRow, CommentsRepo } from "./comments.repo.ts";
import { buildThread, finishThread, holeAuthors } from "./comments.thread.ts";
import { writeChanges } from "../../platform/history/change-log.ts";
import { deletedComment } from "./comments.bulk-delete.ts";
import type { RequestContext as CommentRequestContext } from "../../platform/http/request-context.ts";

export interface CommentsDeps {
  repo: CommentsRepo;
  platform: Platform;
  discussions: DiscussionsService;
  categories: CategoryDirectory;
  users: UserFragments;
  reactions: ReactionSummaries;
  reportMeta?: ReportMetaLoader;
}

/** Comments: pages of a discussion's replies, posting with counters, editing, deleting, locating. */
export function createCommentsService({
  repo,
  platform,
  discussions,
  categories,
  users,
  reactions,
  reportMeta,
}: CommentsDeps) {
  const editTimeout = () => platform.siteConfig.get("ui.editContentTimeout");

  async function load(id: number, viewer: Viewer) {
    assertAccountUsable(viewer);
    const comment = await repo.findById(id);
    if (!comment) throw notFound("Comment");
    const discussion = await discussions.load(comment.discussionID, viewer);
    return { comment, discussion };
  }

  async function presentMany(
    rows: CommentRow[],
    context: CommentRequestContext,
    expand: Expansions,
  ): Promise<Comment[]> {
    const discussionIDs = [...new Set(rows.map((row) => row.discussionID))];
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
        : { fragments: new Map(), signatures: null },
      discussions.loadMany(discussionIDs, context.viewer),
      expand.has("reactions") ? reactions("comment", commentIDs, context.viewer.userID) : null,
      wantsReports ? reportMeta("comment", commentIDs) : null,
    ]);
    const byID = new Map(discussionRows.map((row) => [row.discussionID, row]));
    const timeout = expand.has("permissions") ? await editTimeout() : -1;
    return rows.map((row) => {
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
      if (wantsSignatures && comment.insertUser) {
        comment.insertUser = { ...comment.insertUser, signature: loaded.signatures?.get(row.insertUserID) ?? null };
      }
      return comment;
    });
  }

  const checkFormat = (format: string) => {
    const normalized = normalizeFormat(format);
    if (!normalized) throw validationFailed([fieldError("format", "invalid", "format is not a valid format.")]);
    return normalized;
  };

  const eventOf = (comment: CommentRow, categoryID: number, viewer: Viewer) => ({
    commentID: comment.commentID,
    discussionID: comment.discussionID,
    categoryID,
    insertUserID: comment.insertUserID,
    actorUserID: viewer.userID,
  });

  return {
    /** What a reaction needs of a comment; checks the viewer may see it. */
    async loadReactable(id: number, viewer: Viewer) {
      const { comment, discussion } = await load(id, viewer);
      return { categoryID: discussion.categoryID, insertUserID: comment.insertUserID };
    },

    async list(query: CommentListQuery, context: CommentRequestContext) {
      const { viewer } = context;
      assertAccountUsable(viewer);
      const discussionID = query.discussionID ?? query.parentRecordID;
      const filters: CommentFilters = {};
      if (discussionID !== undefined) {
        await discussions.load(discussionID, viewer);
        filters.discussionID = discussionID;
      } else {
        if (query.insertUserID === undefined && !query.commentID?.length) {
          throw validationFailed([fieldError("discussionID", "missingField", "discussionID is required.")]);
        }
        filters.categoryIDs = await categories.visibleIDs(viewer);
      }
      if (query.insertUserID !== undefined) filters.insertUserID = query.insertUserID;
      if (query.commentID?.length) filters.commentIDs = query.commentID;
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
      const [rows, total] = await Promise.all([
        repo.list(filters, sort, (page - 1) * limit, limit),
        repo.count(filters),
      ]);
      return { items: await presentMany(rows, context, new Expansions(query.expand)), page, limit, total };
    },

    /**
     * `GET /comments/thread`: a page of a discussion's top-level comments, or of one comment's replies,
     * with the replies under them nested and the deeper and later ones folded (`buildThread`).
     */
    async thread(query: CommentThreadQuery, context: CommentRequestContext) {
      const { viewer } = context;
      assertAccountUsable(viewer);
      const discussionID = query.parentRecordID;
      await discussions.load(discussionID, viewer);
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
        presentMany([...rows, ...shownReplies], context, new Expansions(query.expand)),
        users.load(holeAuthors(items), context.origin),
      ]);
      const commentsByID = Object.fromEntries(presented.map((comment) => [String(comment.commentID), comment]));
      const holeUrl = (hole: { parentCommentID: number; offset: number }) => {
        // The page that starts at the hole's first reply: of this call's size where the hole starts on
        // one of its pages, else of the hole's offset (its second page; the answer ends in a hole of its
        // own for what follows).
        const holeLimit = hole.offset % limit === 0 ? limit : hole.offset;
        const params = new URLSearchParams({
          parentRecordType: "discussion",
          parentRecordID: String(discussionID),
          parentCommentID: String(hole.parentCommentID),
          page: String(hole.offset / holeLimit + 1),
          limit: String(holeLimit),
        });
        if (query.sort) params.set("sort", query.sort);
        if (query.expand?.length) params.set("expand", query.expand.join(","));
        if (query.collapseChildDepth !== undefined) params.set("collapseChildDepth", String(query.collapseChildDepth));
        if (query.collapseChildLimit !== undefined) params.set("collapseChildLimit", String(query.collapseChildLimit));
        return `${context.origin}/api/v2/comments/thread?${params.toString()}`;
      };
      const thread: CommentThread = {
        threadStructure: finishThread(items, holeUsers, holeUrl),
        commentsByID,
      };
      return { thread, page, limit, total };
    },

    async get(id: number, expand: string[] | undefined, context: CommentRequestContext): Promise<Comment> {
      const { comment } = await load(id, context.viewer);
      return (await presentMany([comment], context, new Expansions(expand)))[0]!;
    },

    /** The page (for a page size) a comment is on in its discussion's default order. */
    async locate(id: number, limit: number, context: CommentRequestContext) {
      const { comment, discussion } = await load(id, context.viewer);
      const before = await repo.countBefore(comment);
      const page = Math.floor(before / limit) + 1;
      const base = (
        await discussions.presentMany([discussion], context, new Expansions(["-body", "-insertUser", "-lastUser"]))
      )[0]!.url;
      return {
        commentID: comment.commentID,
        discussionID: comment.discussionID,
        page,
        limit,
        url: `${base}${page > 1 ? `/p${page}` : ""}#Comment_${comment.commentID}`,
      };
    },

    async create(body: CommentPost, context: CommentRequestContext, options: WriteOptions = {}): Promise<Comment> {
      const { viewer } = context;
      requireSignedIn(viewer);
      const discussionID = body.discussionID ?? body.parentRecordID;
      if (discussionID === undefined)
        throw validationFailed([fieldError("discussionID", "missingField", "discussionID is required.")]);
      const discussion = await discussions.load(discussionID, viewer);
      requireAccess(viewer, policy.canAdd, discussion);
      if (!discussionsPolicy.canComment(viewer, discussion))
        throw new HttpError(403, "This discussion has been closed.");
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
      await discussions.flood.check(viewer);

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
      return (await presentMany([comment], context, new Expansions([])))[0]!;
    },

    async patch(id: number, body: CommentPatch, context: CommentRequestContext): Promise<Comment> {
      const { viewer } = context;
      requireSignedIn(viewer);
      const { comment, discussion } = await load(id, viewer);
      if (isTombstone(comment)) throw conflict(tombstoneText);
      const timeout = await editTimeout();
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
      return (await presentMany([updated], context, new Expansions([])))[0]!;
    },

    async remove(id: number, context: CommentRequestContext): Promise<void> {
      const { viewer } = context;
      const { comment, discussion } = await load(id, viewer);
      requireAccess(viewer, policy.canDelete, discussion);
      const chain = await discussions.ancestry(discussion.categoryID);
      await platform.db.transaction().execute(async (trx) => {
        const scoped = repo.withTransaction(trx);
        const counters = createCounters(trx);
        // The discussion's row first (as every writer of its counts does), then the comment: a
        // concurrent delete of the same comment got there first when it is gone (and took its counts).
        const locked = (await counters.lockDiscussions([discussion.discussionID])).get(discussion.discussionID);
        if (!locked || !(await scoped.remove(comment.commentID, discussion.discussionID))) throw notFound("Comment");
        await writeChanges(trx, [deletedComment(comment, viewer.userID)]);
        await counters.refreshDiscussion(discussion.discussionID, -1);
        await counters.adjustCategories(
          locked.categoryID === discussion.categoryID ? chain : await discussions.ancestry(locked.categoryID),
          0,
          -1,
        );
        await counters.adjustUser(comment.insertUserID, "countComments", -1);
      });
      await platform.events.emit("comment.deleted", eventOf(comment, discussion.categoryID, viewer));
    },

    async edit(id: number, context: CommentRequestContext) {
      const { comment, discussion } = await load(id, context.viewer);
      requireAccess(context.viewer, policy.canEdit, comment, discussion, await editTimeout(), platform.clock.nowMs());
      return {
        commentID: comment.commentID,
        discussionID: comment.discussionID,
        body: comment.body,
        format: comment.format,
      };
    },

    async quote(id: number, context: CommentRequestContext) {
      const { comment } = await load(id, context.viewer);
      const author = (await users.load([comment.insertUserID], context.origin)).get(comment.insertUserID);
      const bodyRaw = rawBodyOf(comment.body, comment.format);
      const presented = (await presentMany([comment], context, new Expansions(["-body"])))[0]!;
      return {
        commentID: comment.commentID,
        bodyRaw,
        format: comment.format,
        dateInserted: presented.dateInserted,
        dateUpdated: presented.dateUpdated,
        insertUser: author ?? presented.insertUser!,
        url: commentUrl(context.origin, comment.commentID),
      };
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
