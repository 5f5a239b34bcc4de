import type { Discussion } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import { lockRows } from "../../platform/db/row-locks.ts";
import { fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { createTagsRepo } from "../tags/index.ts";
import { hotScore } from "./discussions.hot.ts";
import { editTimeout, type DiscussionsDeps } from "./discussions.operation.ts";
import { discussionsPolicy as policy } from "./discussions.policy.ts";
import { requireAllowedType, typeOf } from "./discussions.posting.ts";
import { loadDiscussion, presentOne } from "./discussions.read.ts";
import { requireIdeas } from "./ideas.repo.ts";
import { requirePollOf } from "./polls.posting.ts";
import { refreshQuestion, requireQuestions } from "./questions.repo.ts";

/*
 * The discussion options' single writes: the viewer's own flags, bump, post type and tags. Each loads the
 * discussion (the viewer may view it), authorizes, then writes.
 */

/** Bookmark, mute or dismiss (announcements only) for the viewer. */
export async function setDiscussionFlag(
  deps: DiscussionsDeps,
  id: number,
  flag: "bookmarked" | "muted" | "dismissed",
  value: boolean,
  context: RequestContext,
) {
  const { viewer } = context;
  requireSignedIn(viewer);
  const row = await loadDiscussion(deps, id, viewer);
  if (flag === "dismissed" && row.announce === 0) throw new HttpError(400, "Only announcements can be dismissed.");
  await deps.repo.setUserState(viewer.userID, row.discussionID, {
    [flag]: value ? 1 : 0,
    ...(flag === "bookmarked" ? { dateBookmarked: value ? deps.platform.clock.nowIso() : null } : {}),
  });
  return value;
}

/** `PATCH /discussions/{id}/bump`: to the top of the lists, as if commented on now. */
export async function bumpDiscussion(deps: DiscussionsDeps, id: number, context: RequestContext): Promise<Discussion> {
  const { repo, platform } = deps;
  const row = await loadDiscussion(deps, id, context.viewer);
  requireAccess(context.viewer, policy.canBump);
  const now = platform.clock.nowIso();
  await repo.update(row.discussionID, { dateLastComment: now, hot: hotScore(now, row.score, row.countComments) });
  return presentOne(deps, (await repo.findById(row.discussionID))!, context);
}

/**
 * `PUT /discussions/{id}/type`: discussion, question, idea or poll, or a site's own post type of one (`postTypeID`, the
 * post types add-on); a question's status worked out from its comments.
 */
export async function setDiscussionType(
  deps: DiscussionsDeps,
  id: number,
  change: { type: string; postTypeID?: string | undefined },
  context: RequestContext,
): Promise<Discussion> {
  const row = await loadDiscussion(deps, id, context.viewer);
  requireAccess(context.viewer, policy.canEditAny, row);
  const category = await deps.categories.get(row.categoryID);
  // A site's post type (the post types add-on): active, the viewer's roles', taken by the category, of `type`.
  const chosen =
    change.postTypeID !== undefined && category
      ? ((await deps.postTypes?.choose(change, category, context.viewer)) ?? null)
      : null;
  const type = chosen?.type ?? change.type;
  if (typeOf(type, "") !== type) throw new HttpError(400, "Record not found.");
  if (category) requireAllowedType(category, type, "type");
  if (type === "question" && row.type !== "question") await requireQuestions(deps.platform.siteConfig);
  if (type === "idea" && row.type !== "idea") await requireIdeas(deps.platform.siteConfig);
  if (type === "poll" && row.type !== "poll")
    await requirePollOf(deps.platform.db, deps.platform.siteConfig, row.discussionID);
  // Named, the post type is set (null for an original one); made another type without one, a discussion is no
  // longer of its site's post type.
  const postTypeID = chosen ? chosen.postTypeID : type === row.type ? row.postTypeID : null;
  // One transaction: the type and, for a question made or unmade, its status from its comments (the row locked).
  await deps.platform.db.transaction().execute(async (trx) => {
    await deps.repo.withTransaction(trx).update(row.discussionID, { type, postTypeID });
    if (type !== row.type) await refreshQuestion(trx, row.discussionID);
  });
  return presentOne(deps, (await deps.repo.findById(row.discussionID))!, context);
}

/**
 * `PUT /discussions/{id}/tags` (replace) and `POST` (add, keeping those it has): load → authorize (edit, tagging
 * on, Vanilla.Tagging.Add) → validate (existing tags only) → one transaction → the discussion's tags.
 */
export async function setDiscussionTags(
  deps: DiscussionsDeps,
  id: number,
  tagIDs: number[],
  urlcodes: string[],
  context: RequestContext,
  mode: "replace" | "add" = "replace",
) {
  const { platform, tags } = deps;
  const { viewer } = context;
  const row = await loadDiscussion(deps, id, viewer);
  requireAccess(viewer, policy.canEdit, row, await editTimeout(platform, viewer), platform.clock.nowMs());
  await tags.requireTagging();
  // Vanilla's PUT asks for Vanilla.Tagging.Add too, and takes existing tags only (tagIDs, urlcodes).
  requireAccess(viewer, policy.canTag);
  const tagRepo = createTagsRepo(platform.db);
  const byCode = await tagRepo.findByUrlcodes(urlcodes);
  const missing = urlcodes.filter((code) => !byCode.some((tag) => tag.urlcode.toLowerCase() === code.toLowerCase()));
  if (missing.length)
    throw validationFailed([fieldError("urlcodes", "invalid", `Unknown tag: ${missing.join(", ")}.`)]);
  await platform.db.transaction().execute(async (trx) => {
    const tagRepo = createTagsRepo(trx);
    const ids = await tags.resolveForPost(tagRepo, viewer, [...tagIDs, ...byCode.map((tag) => tag.tagID)], []);
    // Adding (POST) keeps the tags it has: read after the discussion's row is locked, so two adders both count.
    if (mode === "add") await lockRows(trx, "discussions", "discussionID", [row.discussionID], "countComments");
    const kept = mode === "add" ? await tagRepo.tagIDsOf(row.discussionID) : [];
    await tagRepo.setDiscussionTags(row.discussionID, [...new Set([...kept, ...ids])], platform.clock.nowIso());
  });
  return (await deps.repo.tagsOf([row.discussionID])).get(row.discussionID) ?? [];
}
