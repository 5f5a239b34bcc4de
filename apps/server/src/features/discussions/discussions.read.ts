import { discussionGoneMessage, type Discussion } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { assertAccountUsable } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { gone, HttpError, notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { rawBodyOf } from "../../platform/records.ts";
import { createTagsRepo } from "../tags/index.ts";
import { editTimeout, type DiscussionsDeps, type ReportMetaLoader } from "./discussions.operation.ts";
import { discussionsPolicy as policy } from "./discussions.policy.ts";
import { Expansions, presentDiscussion } from "./discussions.present.ts";
import type { DiscussionRow } from "./discussions.repo.ts";
import { ideaVotesOf } from "./ideas.repo.ts";
import { cachedIdeaStatuses } from "./statuses.repo.ts";
import { presentPollsOf } from "./polls.present.ts";

/*
 * Reading discussions: loading one (or many) the viewer may see, presenting rows in a fixed number of
 * queries, and the reads of one discussion (`get`, its source for editing, a quote of it).
 */

/** `reportMeta` for moderators: the records' open reports, zero when none. */
export function reportMetaOf(
  meta: Awaited<ReturnType<ReportMetaLoader>>,
  recordID: number,
): { countReports: number; dateLastReport: string | null } {
  const found = meta.get(recordID);
  return found
    ? {
        countReports: found.countReports,
        dateLastReport: found.dateLastReport ? toRfc3339(found.dateLastReport) : null,
      }
    : { countReports: 0, dateLastReport: null };
}

/** One discussion the viewer may see: 404 when there is none, 403 when they may not view it. */
export async function loadDiscussion(
  { repo }: Pick<DiscussionsDeps, "repo">,
  id: number,
  viewer: Viewer,
): Promise<DiscussionRow> {
  assertAccountUsable(viewer);
  const row = await repo.findById(id);
  if (!row) throw notFound("Discussion");
  requireAccess(viewer, policy.canView, row);
  return row;
}

/**
 * As `loadDiscussion`, for a read that shows the discussion beside other records (a page of its comments): the row
 * may be one kept for every viewer (`platform/read-cache.ts`, dropped on every content change, as the lists' rows
 * are), and the check that this viewer may see it runs on it each time. A write loads with `loadDiscussion`, which
 * always reads the database. The row is frozen: it is shared.
 */
export async function loadKeptDiscussion(
  deps: Pick<DiscussionsDeps, "repo" | "listCache">,
  id: number,
  viewer: Viewer,
): Promise<DiscussionRow> {
  if (!deps.listCache) return loadDiscussion(deps, id, viewer);
  assertAccountUsable(viewer);
  const [row] = await deps.listCache.byID(
    "discussion",
    [id],
    (missing) => deps.repo.findByIds(missing),
    (found) => found.discussionID,
  );
  if (!row) throw notFound("Discussion");
  requireAccess(viewer, policy.canView, row);
  return row;
}

/**
 * A discussion to show (`GET /discussions/{id}`, its page's layout), as `loadDiscussion`, except that a deleted one
 * answers 410 Gone (its tombstone) to whoever may view discussions in the category it was in, and 404 as before to
 * anyone else: its existence is told no further than it was.
 */
export async function loadShownDiscussion(
  deps: Pick<DiscussionsDeps, "repo">,
  id: number,
  viewer: Viewer,
): Promise<DiscussionRow> {
  try {
    return await loadDiscussion(deps, id, viewer);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 404) throw error;
    const categoryID = await deps.repo.deletedCategoryOf(id);
    if (categoryID !== undefined && policy.canView(viewer, { categoryID })) throw gone(discussionGoneMessage);
    throw error;
  }
}

/** Several discussions in one query, keeping only those the viewer may see. */
export async function loadDiscussions(
  { repo }: Pick<DiscussionsDeps, "repo">,
  ids: number[],
  viewer: Viewer,
): Promise<DiscussionRow[]> {
  assertAccountUsable(viewer);
  const rows = await repo.findByIds([...new Set(ids)]);
  return rows.filter((row) => policy.canView(viewer, row));
}

/** Presents rows with a fixed number of queries: users, the viewer's state, tags and last comments each batched. */
export async function presentDiscussions(
  { repo, platform, categories, users, reactions, reportMeta, postTypes }: DiscussionsDeps,
  rows: DiscussionRow[],
  context: RequestContext,
  expand: Expansions,
  excerptLength?: number,
): Promise<Discussion[]> {
  const ids = rows.map((row) => row.discussionID);
  const wantsLastPost = expand.has("lastPost");
  const wantsTags = expand.has("tags") || expand.has("tagIDs");
  const wantsReports = expand.has("reportMeta") && reportMeta !== undefined && policy.isModerator(context.viewer);
  const [lastComments, states, tagMap, reactionMap, reports, postMeta] = await Promise.all([
    wantsLastPost
      ? repo.lastComments(rows.map((row) => row.lastCommentID).filter((id): id is number => id !== null))
      : [],
    repo.userStates(context.viewer.userID, ids),
    wantsTags ? repo.tagsOf(ids) : new Map<number, Array<{ tagID: number; name: string; urlcode: string }>>(),
    expand.has("reactions") ? reactions("discussion", ids, context.viewer.userID) : null,
    wantsReports ? reportMeta("discussion", ids) : null,
    expand.has("postMeta") && postTypes ? postTypes.metaOf(rows, context.viewer) : null,
  ]);
  const lastByDiscussion = new Map(lastComments.map((comment) => [comment.discussionID, comment]));
  const userIDs = rows
    .flatMap((row) => [row.insertUserID, row.lastUserID])
    .concat(lastComments.map((c) => c.insertUserID));
  const needsUsers = expand.hasDefault("insertUser") || expand.hasDefault("lastUser") || wantsLastPost;
  // `insertUser.signature` comes with the same users query (spec §5: only while signatures are enabled).
  const withSignatures =
    expand.hasDefault("insertUser") &&
    expand.has("insertUser.signature") &&
    (await platform.siteConfig.get("signatures.enabled"));
  const loaded = needsUsers
    ? withSignatures
      ? await users.loadWithSignatures(userIDs, context.origin)
      : { fragments: await users.load(userIDs, context.origin), signatures: null }
    : { fragments: new Map<number, never>(), signatures: null };
  const userMap = loaded.fragments;
  const timeout = expand.has("permissions") ? await editTimeout(platform, context.viewer) : -1;
  const questions = rows.some((row) => row.type === "question") && (await platform.siteConfig.get("plugins.qna"));
  const ideaIDs = rows.filter((row) => row.type === "idea").map((row) => row.discussionID);
  const ideas = ideaIDs.length > 0 && (await platform.siteConfig.get("plugins.ideation"));
  const [votes, statuses] = ideas
    ? await Promise.all([ideaVotesOf(platform.db, ideaIDs, context.viewer.userID), cachedIdeaStatuses(platform.db)])
    : [null, null];
  const ideaStatuses = statuses ? new Map(statuses.map((status) => [status.statusID, status])) : null;
  const pollIDs = rows.filter((row) => row.type === "poll").map((row) => row.discussionID);
  const polls =
    pollIDs.length > 0 && (await platform.siteConfig.get("plugins.polls"))
      ? await presentPollsOf(
          platform.db,
          pollIDs,
          context.viewer.userID,
          platform.clock.nowMs(),
          new Set(rows.filter((row) => row.type === "poll" && row.closed === 1).map((row) => row.discussionID)),
        )
      : null;
  const triage = policy.canResolve(context.viewer);
  return Promise.all(
    rows.map(async (row) => {
      const lastComment = lastByDiscussion.get(row.discussionID);
      const discussion = presentDiscussion(row, {
        origin: context.origin,
        expand,
        category: await categories.get(row.categoryID),
        users: userMap,
        userState: states.get(row.discussionID),
        signedIn: context.viewer.userID !== 0,
        ...(wantsTags ? { tags: tagMap.get(row.discussionID) ?? [] } : {}),
        ...(lastComment ? { lastComment } : {}),
        ...(expand.has("breadcrumbs")
          ? { breadcrumbs: await categories.breadcrumbs(row.categoryID, context.origin) }
          : {}),
        ...(expand.has("permissions")
          ? { permissions: policy.recordPermissions(context.viewer, row, timeout, platform.clock.nowMs()) }
          : {}),
        ...(excerptLength ? { excerptLength } : {}),
        questions,
        ideas,
        ...(ideaStatuses ? { ideaStatuses } : {}),
        triage,
        ...(votes && context.viewer.userID !== 0 ? { ideaVote: votes.get(row.discussionID) ?? "none" } : {}),
        ...(polls?.has(row.discussionID) ? { poll: polls.get(row.discussionID)! } : {}),
        ...(reactionMap ? { reactions: reactionMap.get(row.discussionID) ?? [] } : {}),
      });
      if (reports) discussion.reportMeta = reportMetaOf(reports, row.discussionID);
      discussion.postTypeID = row.postTypeID ?? row.type;
      if (postMeta) discussion.postMeta = postMeta.get(row.discussionID) ?? {};
      if (expand.hasDefault("insertUser") && expand.has("insertUser.signature") && discussion.insertUser) {
        const signature = loaded.signatures?.get(row.insertUserID) ?? null;
        discussion.insertUser = { ...discussion.insertUser, signature };
      }
      return discussion;
    }),
  );
}

/** One row presented, with the expands asked for. */
export const presentOne = async (
  deps: DiscussionsDeps,
  row: DiscussionRow,
  context: RequestContext,
  expand?: string[],
) => (await presentDiscussions(deps, [row], context, new Expansions(expand)))[0]!;

/** `GET /discussions/{id}`: a deleted discussion answers 410 (`loadShownDiscussion`). */
export async function getDiscussion(
  deps: DiscussionsDeps,
  id: number,
  expand: string[] | undefined,
  context: RequestContext,
): Promise<Discussion> {
  return presentOne(deps, await loadShownDiscussion(deps, id, context.viewer), context, expand);
}

/** The raw source for editing (edit permission). */
export async function discussionForEdit(deps: DiscussionsDeps, id: number, context: RequestContext) {
  const row = await loadDiscussion(deps, id, context.viewer);
  requireAccess(
    context.viewer,
    policy.canEdit,
    row,
    await editTimeout(deps.platform, context.viewer),
    deps.platform.clock.nowMs(),
  );
  const tagIDs = await createTagsRepo(deps.platform.db).tagIDsOf(row.discussionID);
  return {
    discussionID: row.discussionID,
    name: row.name,
    body: row.body,
    format: row.format,
    categoryID: row.categoryID,
    sink: row.sink === 1,
    closed: row.closed === 1,
    pinned: row.announce > 0,
    pinLocation: row.announce === 1 ? ("category" as const) : row.announce === 2 ? ("recent" as const) : null,
    tagIDs,
  };
}

/** What a quote of the discussion needs: the raw body (parsed for rich formats) and its author. */
export async function quoteDiscussion(deps: DiscussionsDeps, id: number, context: RequestContext) {
  const row = await loadDiscussion(deps, id, context.viewer);
  const author = (await deps.users.load([row.insertUserID], context.origin)).get(row.insertUserID);
  const bodyRaw = rawBodyOf(row.body, row.format);
  const presented = await presentOne(deps, row, context, ["-body"]);
  return {
    discussionID: row.discussionID,
    name: row.name,
    bodyRaw,
    format: row.format,
    dateInserted: presented.dateInserted,
    dateUpdated: presented.dateUpdated,
    insertUser: author ?? presented.insertUser!,
    url: presented.url,
  };
}
