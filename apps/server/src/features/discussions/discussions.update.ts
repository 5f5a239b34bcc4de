import type { Discussion, DiscussionPatch } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import { writeChanges } from "../../platform/history/change-log.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { plainTitle, storableText } from "../../platform/text.ts";
import { createTagsRepo } from "../tags/index.ts";
import { createCounters } from "./counters.repo.ts";
import { createNewMemberLimits, movePostPoints } from "./discussions.deps.ts";
import {
  assertUnchangedSinceHeld,
  editTimeout,
  type DiscussionOperationDeps,
  type WriteOptions,
} from "./discussions.operation.ts";
import { discussionsPolicy as policy } from "./discussions.policy.ts";
import {
  ancestry,
  announceOf,
  checkFormat,
  requireAllowedType,
  requirePostableCategory,
  typeOf,
} from "./discussions.posting.ts";
import { loadDiscussion, presentOne } from "./discussions.read.ts";
import type { DiscussionRow, DiscussionsRepo } from "./discussions.repo.ts";
import { requireIdeas } from "./ideas.repo.ts";
import { requirePollOf } from "./polls.posting.ts";
import { refreshQuestion, requireQuestions } from "./questions.repo.ts";

type DiscussionChanges = Parameters<DiscussionsRepo["update"]>[1];

/** The fields whose change needs the edit permission (flags have their own). */
const contentFields = ["name", "body", "format", "categoryID", "type", "tagIDs", "newTagNames", "postMeta"];

/** The edit permission, when the patch edits content; a closed discussion's author is told why not. */
async function authorizeContentEdit(
  deps: DiscussionOperationDeps,
  row: DiscussionRow,
  fields: string[],
  viewer: Viewer,
): Promise<void> {
  if (!contentFields.some((key) => fields.includes(key))) return;
  const timeout = await editTimeout(deps.platform, viewer);
  const now = deps.platform.clock.nowMs();
  if (!policy.canEdit(viewer, row, timeout, now) && row.closed === 1 && row.insertUserID === viewer.userID)
    throw new HttpError(403, "This discussion has been closed.");
  requireAccess(viewer, policy.canEdit, row, timeout, now);
}

/**
 * The columns the patch changes, field by field: each value checked, each flag and a move authorized with
 * its own permission (a move also needs a category the viewer may post in), the editor and date when the
 * content changes.
 */
async function changesOf(
  deps: DiscussionOperationDeps,
  row: DiscussionRow,
  body: DiscussionPatch,
  viewer: Viewer,
): Promise<{ changes: DiscussionChanges; moveTo: number | null }> {
  const changes: DiscussionChanges = {};
  if (body.name !== undefined) {
    const name = plainTitle(body.name);
    if (!name) throw validationFailed([fieldError("name", "missingField", "name is required.")]);
    changes.name = name;
  }
  if (body.body !== undefined) {
    const source = storableText(body.body);
    if (!source.trim()) throw validationFailed([fieldError("body", "missingField", "body is required.")]);
    changes.body = source;
  }
  if (body.format !== undefined) changes.format = checkFormat(body.format);
  if (body.closed !== undefined && body.closed !== (row.closed === 1)) {
    requireAccess(viewer, policy.canClose, row);
    changes.closed = body.closed ? 1 : 0;
  }
  if (body.sink !== undefined && body.sink !== (row.sink === 1)) {
    requireAccess(viewer, policy.canSink, row);
    changes.sink = body.sink ? 1 : 0;
  }
  const announce = announceOf(body);
  if (announce !== undefined && announce !== row.announce) {
    requireAccess(viewer, policy.canAnnounce, row);
    changes.announce = announce;
  }
  if (body.resolved !== undefined && (body.resolved ? 1 : 0) !== row.resolved) {
    requireAccess(viewer, policy.canResolve);
    changes.resolved = body.resolved ? 1 : 0;
    changes.resolvedUserID = body.resolved ? viewer.userID : null;
    changes.dateResolved = body.resolved ? deps.platform.clock.nowIso() : null;
  } else if (body.resolved !== undefined) requireAccess(viewer, policy.canResolve);
  let moveTo: number | null = null;
  if (body.categoryID !== undefined && body.categoryID !== row.categoryID) {
    requireAccess(viewer, policy.canMove, row);
    const target = await requirePostableCategory(deps, body.categoryID, viewer);
    requireAccess(viewer, policy.canMove, { categoryID: body.categoryID });
    requireAllowedType(target, typeOf(body.type, row.type), "categoryID");
    // A discussion of a site's post type goes only where that type is taken (unless it becomes another type).
    if (row.postTypeID && (body.type === undefined || typeOf(body.type, row.type) === row.type))
      await deps.postTypes?.requireInCategory(row.postTypeID, target);
    moveTo = body.categoryID;
    changes.categoryID = body.categoryID;
  }
  if (body.type !== undefined) changes.type = typeOf(body.type, row.type);
  // Made another type, it is no longer of its site's post type.
  if (changes.type !== undefined && changes.type !== row.type) changes.postTypeID = null;
  if (moveTo === null && changes.type !== undefined && changes.type !== row.type) {
    const category = await deps.categories.get(row.categoryID);
    if (category) requireAllowedType(category, changes.type, "type");
  }
  const contentChanged = changes.name !== undefined || changes.body !== undefined || changes.format !== undefined;
  if (contentChanged) {
    changes.dateUpdated = deps.platform.clock.nowIso();
    changes.updateUserID = viewer.userID;
  }
  return { changes, moveTo };
}

/**
 * `PATCH /discussions/{id}`: load (a member who may view it) → authorize the content edit → the changes,
 * validated and authorized field by field (and tagging when tags are set) → load the ancestries of a
 * move → screening (an edit held for approval stops here, answered 202) → one transaction (the revision, the row, its tags, a move's counts under the row's lock, the
 * caller's `alsoInTransaction`) → `discussion.updated` (and `discussion.moved`) → the presented discussion.
 */
export async function updateDiscussion(
  deps: DiscussionOperationDeps,
  id: number,
  body: DiscussionPatch,
  context: RequestContext,
  options: WriteOptions = {},
): Promise<Discussion> {
  const { repo, platform, tags } = deps;
  const { viewer } = context;
  requireSignedIn(viewer);
  const row = await loadDiscussion(deps, id, viewer);
  const fields = Object.keys(body).filter((key) => body[key as keyof DiscussionPatch] !== undefined);
  // An approved held edit was authorized when it was made (the edit window may have passed since).
  if (!options.approved) await authorizeContentEdit(deps, row, fields, viewer);
  assertUnchangedSinceHeld(options.heldFrom, row);
  const { changes, moveTo } = await changesOf(deps, row, body, viewer);
  // The post type's field values (those named; a required one may not be cleared), written with the edit.
  const postMeta =
    body.postMeta === undefined
      ? undefined
      : await deps.postTypes?.checkMeta(row.postTypeID ?? row.type, body.postMeta, viewer, true);
  if (changes.type === "question" && row.type !== "question") await requireQuestions(platform.siteConfig);
  if (changes.type === "idea" && row.type !== "idea") await requireIdeas(platform.siteConfig);
  if (changes.type === "poll" && row.type !== "poll")
    await requirePollOf(platform.db, platform.siteConfig, row.discussionID);
  if (body.tagIDs?.length || body.newTagNames?.length) await tags.requireTagging();
  // A new member's edited body holds no more links and images than a new post may.
  if (changes.body !== undefined && !options.approved)
    await createNewMemberLimits(platform).checkPost(viewer, {
      body: changes.body,
      format: changes.format ?? row.format,
      edit: true,
    });
  // Watched words and the spam check on a changed title or body (a blocked word refuses with a 422); a held
  // edit waits for a moderator (202, the discussion unchanged); otherwise recorded after the edit.
  const changedName = changes.name !== undefined && changes.name !== row.name ? changes.name : undefined;
  const changedBody = changes.body !== undefined && changes.body !== row.body ? changes.body : undefined;
  const screened = await platform.screening.screen({
    kind: "discussion",
    fields: { name: changedName, body: changedBody },
    format: changes.format ?? row.format,
    context,
    edit: true,
    categoryID: row.categoryID,
    approved: options.approved,
  });
  await screened.holdIfFlagged({
    kind: "discussion",
    categoryID: row.categoryID,
    discussionID: row.discussionID,
    name: changes.name ?? row.name,
    body: changes.body ?? row.body,
    format: changes.format ?? row.format,
    input: { ...body },
    edit: { recordID: row.discussionID, name: row.name, body: row.body, format: row.format },
  });
  const [fromChain, toChain] =
    moveTo === null ? [[], []] : await Promise.all([ancestry(deps, row.categoryID), ancestry(deps, moveTo)]);

  await platform.db.transaction().execute(async (trx) => {
    const scoped = repo.withTransaction(trx);
    const changesTags = body.tagIDs !== undefined || body.newTagNames !== undefined;
    if (Object.keys(changes).length || changesTags || postMeta?.size) {
      const entry = { operation: "edit" as const, recordType: "discussion" as const, recordID: row.discussionID };
      await writeChanges(trx, [{ ...entry, parentRecordID: row.categoryID, data: row, insertUserID: viewer.userID }]);
    }
    // Its count and category under the lock: comments posted meanwhile move with it.
    const locked =
      moveTo === null
        ? undefined
        : (await createCounters(trx).lockDiscussions([row.discussionID])).get(row.discussionID);
    if (moveTo !== null && !locked) throw notFound("Discussion");
    // Moved: its points (reactions to it and its comments, accepted answers) follow it to the category.
    await movePostPoints(trx, { discussionIDs: moveTo === null ? [] : [row.discussionID] }, () =>
      scoped.update(row.discussionID, changes),
    );
    if (postMeta?.size) await deps.postTypes!.writeMeta(trx, row.discussionID, postMeta);
    // A discussion made a question (or no longer one) gets its status from its comments (the update locked it).
    if (changes.type !== undefined && changes.type !== row.type) await refreshQuestion(trx, row.discussionID);
    if (body.tagIDs !== undefined || body.newTagNames !== undefined) {
      const tagIDs = await tags.resolveForPost(createTagsRepo(trx), viewer, body.tagIDs ?? [], body.newTagNames ?? []);
      await createTagsRepo(trx).setDiscussionTags(row.discussionID, tagIDs, platform.clock.nowIso());
    }
    if (locked && locked.categoryID !== moveTo) {
      const counters = createCounters(trx);
      const from = locked.categoryID === row.categoryID ? fromChain : await ancestry(deps, locked.categoryID);
      await counters.adjustCategories(from, -1, -locked.countComments);
      await counters.adjustCategories(toChain, 1, locked.countComments);
    }
    await options.alsoInTransaction?.(trx, row.discussionID);
  });

  const updated = (await repo.findById(row.discussionID))!;
  const event = {
    discussionID: row.discussionID,
    categoryID: updated.categoryID,
    insertUserID: row.insertUserID,
    actorUserID: viewer.userID,
  };
  await platform.events.emit("discussion.updated", {
    ...event,
    fields,
    ...(body.draftID ? { draftID: body.draftID } : {}),
  });
  if (moveTo !== null) await platform.events.emit("discussion.moved", { ...event, fromCategoryID: row.categoryID });
  if (changedName !== undefined || changedBody !== undefined) await screened.recorded(row.discussionID);
  return presentOne(deps, updated, context, ["tags", "postMeta"]);
}
