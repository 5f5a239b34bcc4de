import type { Discussion, DiscussionPost } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { plainTitle, storableText } from "../../platform/text.ts";
import { createTagsRepo } from "../tags/index.ts";
import { createCounters } from "./counters.repo.ts";
import { createNewMemberLimits } from "./discussions.deps.ts";
import { hotScore } from "./discussions.hot.ts";
import { emitDiscussionEvent, type DiscussionOperationDeps, type WriteOptions } from "./discussions.operation.ts";
import { discussionsPolicy as policy } from "./discussions.policy.ts";
import {
  ancestry,
  ANNOUNCE,
  announceOf,
  checkFormat,
  postCategoryOf,
  requireAllowedType,
  requirePostableCategory,
  typeOf,
} from "./discussions.posting.ts";
import { presentOne } from "./discussions.read.ts";
import { requireIdeas } from "./ideas.repo.ts";
import { checkPollInput, requirePolls, writePoll } from "./polls.posting.ts";
import { requireQuestions } from "./questions.repo.ts";
import { defaultIdeaStatusID } from "./statuses.repo.ts";

/**
 * `POST /discussions`: validate and authorize (a member, a category that takes discussions and lets them
 * post, a name and a body, each flag's own permission, tagging, flood control) → premoderation (a held
 * discussion stops here, answered 202) → load the category's
 * ancestry → one transaction (the row, its tags, the author's participation, the counts up the tree and
 * the author's, the caller's `alsoInTransaction`) → `discussion.created` → the presented discussion.
 */
export async function createDiscussion(
  deps: DiscussionOperationDeps,
  body: DiscussionPost,
  context: RequestContext,
  options: WriteOptions = {},
): Promise<Discussion> {
  const { repo, platform, tags, flood } = deps;
  const { viewer } = context;
  requireSignedIn(viewer);
  const categoryID = await postCategoryOf(deps, body);
  const category = await requirePostableCategory(deps, categoryID, viewer);
  // A post type (the post types add-on) decides the type: active, the viewer's roles', taken by the category.
  const chosen = (await deps.postTypes?.choose(body, category, viewer)) ?? null;
  const type = chosen?.type ?? typeOf(body.type);
  requireAllowedType(category, type, "type");
  const postMeta = await deps.postTypes?.checkMeta(chosen?.postTypeID ?? type, body.postMeta, viewer, false);
  if (type === "question") await requireQuestions(platform.siteConfig);
  if (type === "idea") await requireIdeas(platform.siteConfig);
  const format = checkFormat(body.format);
  const name = plainTitle(body.name);
  const source = storableText(body.body);
  const text = source.trim();
  const errors = [
    ...(name ? [] : [fieldError("name", "missingField", "name is required.")]),
    ...(text ? [] : [fieldError("body", "missingField", "body is required.")]),
  ];
  if (errors.length) throw validationFailed(errors);
  // A poll (the polls add-on) comes with its discussion: checked here, written in the discussion's transaction.
  if (type === "poll") await requirePolls(platform.siteConfig);
  else if (body.poll !== undefined)
    throw validationFailed([fieldError("poll", "invalid", "Only a discussion of type poll has a poll.")]);
  const poll = type === "poll" ? checkPollInput(body.poll, name) : null;
  const announce = announceOf(body) ?? ANNOUNCE.none;
  if (announce !== ANNOUNCE.none) requireAccess(viewer, policy.canAnnounce, { categoryID });
  if (body.closed) requireAccess(viewer, policy.canCloseAny, { categoryID });
  if (body.sink) requireAccess(viewer, policy.canSink, { categoryID });
  if (body.tagIDs?.length || body.newTagNames?.length) await tags.requireTagging();
  // A held post approved by a moderator is written as posted: no limits for new members, no flood control, no
  // screening again. Otherwise the limits for new members (posts a day, links and images in the body) come before
  // flood control: a refusal is no post.
  if (!options.approved) {
    await createNewMemberLimits(platform).checkPost(viewer, { body: source, format });
    await flood.check(viewer);
  }
  // Watched words (a blocked one refuses with a 422) and the spam check; recorded once the discussion exists.
  const screened = await platform.screening.screen({
    kind: "discussion",
    fields: { name, body: source },
    format,
    context,
    categoryID,
    approved: options.approved,
  });
  // Premoderation: a held discussion goes to the queue (the API answers 202) and nothing is written.
  await screened.holdIfFlagged({
    kind: "discussion",
    categoryID,
    discussionID: null,
    name,
    body: source,
    format,
    input: { ...body, categoryID },
  });

  const now = platform.clock.nowIso();
  const chain = await ancestry(deps, categoryID);
  const discussionID = await platform.db.transaction().execute(async (trx) => {
    const scoped = repo.withTransaction(trx);
    const counters = createCounters(trx);
    const tagIDs = await tags.resolveForPost(createTagsRepo(trx), viewer, body.tagIDs ?? [], body.newTagNames ?? []);
    const id = await scoped.insert({
      type,
      categoryID: categoryID,
      name,
      body: source,
      format,
      insertUserID: viewer.userID,
      updateUserID: null,
      lastUserID: viewer.userID,
      lastCommentID: null,
      dateInserted: now,
      dateUpdated: null,
      dateLastComment: now,
      countComments: 0,
      countViews: 0,
      closed: body.closed ? 1 : 0,
      sink: body.sink ? 1 : 0,
      announce,
      score: 0,
      resolved: 0,
      resolvedUserID: null,
      hot: hotScore(now, 0, 0),
      attributes: null,
      insertIPAddress: context.ip,
      questionStatus: type === "question" ? "unanswered" : null,
      ideaStatusID: type === "idea" ? await defaultIdeaStatusID(trx) : null,
      postTypeID: chosen?.postTypeID ?? null,
    });
    if (postMeta?.size) await deps.postTypes!.writeMeta(trx, id, postMeta);
    if (tagIDs.length) await createTagsRepo(trx).setDiscussionTags(id, tagIDs, now);
    await scoped.setUserState(viewer.userID, id, { participated: 1, dateLastViewed: now });
    await counters.adjustCategories(chain, 1, 0, { discussionID: id, commentID: null, date: now });
    await counters.adjustUser(viewer.userID, "countDiscussions", 1);
    if (poll) await writePoll(trx, id, poll, viewer.userID, now);
    await options.alsoInTransaction?.(trx, id);
    return id;
  });

  const row = (await repo.findById(discussionID))!;
  await emitDiscussionEvent(deps, "discussion.created", row, viewer, body.draftID);
  await screened.recorded(discussionID);
  return presentOne(deps, row, context, ["tags", "postMeta"]);
}

/** `POST /discussions/question` (Vanilla's QnA add-on): a discussion of type question, 403 while the add-on is off. */
export function createQuestion(
  deps: DiscussionOperationDeps,
  body: DiscussionPost,
  context: RequestContext,
): ReturnType<typeof createDiscussion> {
  return createDiscussion(deps, { ...body, type: "question" }, context);
}
