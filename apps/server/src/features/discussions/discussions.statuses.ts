import type { IdeaStatus, RecordStatusPatch, RecordStatusPost, StatusLog, StatusLogQuery } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { badRequest, conflict, notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { storableText } from "../../platform/text.ts";
import type { DiscussionsDeps } from "./discussions.operation.ts";
import { discussionsPolicy as policy } from "./discussions.policy.ts";
import { loadDiscussion } from "./discussions.read.ts";
import { requireIdeas } from "./ideas.repo.ts";
import {
  countWithStatus,
  deleteIdeaStatus,
  cachedIdeaStatuses,
  forgetIdeaStatuses,
  insertIdeaStatus,
  statusLogOf,
  updateIdeaStatus,
  type StatusWrite,
} from "./statuses.repo.ts";

/*
 * The idea statuses (Vanilla's dashboard-statuses.yml, the ideation add-on): read by anyone who may read ideas,
 * added, changed and deleted by administrators (site.manage, Vanilla's Garden.Settings.Manage). The six built in
 * are system statuses: read only, but for being made the default again. A status some idea has is not deleted
 * (409): its ideas are moved first.
 */

/** `GET /discussions/statuses/{id}`: one idea status (404 for an unknown one). */
export async function getIdeaStatus(deps: DiscussionsDeps, statusID: number): Promise<IdeaStatus> {
  await requireIdeas(deps.platform.siteConfig);
  const status = (await cachedIdeaStatuses(deps.platform.db)).find((item) => item.statusID === statusID);
  if (!status) throw notFound("Status");
  return status;
}

/** `GET /discussions/statuses` (Vanilla's): the idea statuses, all or those of one state. */
export async function listIdeaStatuses(
  deps: DiscussionsDeps,
  query: { state?: "open" | "closed"; subType?: string },
): Promise<IdeaStatus[]> {
  await requireIdeas(deps.platform.siteConfig);
  if (query.subType !== undefined && query.subType !== "ideation") return [];
  const statuses = await cachedIdeaStatuses(deps.platform.db);
  return statuses.filter((item) => query.state === undefined || item.state === query.state);
}

/** The body's fields as the table keeps them: the name as stored text, the subtype always ideation. */
function statusWrite(body: RecordStatusPatch): StatusWrite {
  if (body.recordSubtype === null) throw badRequest("Parley's statuses are the ideas': recordSubtype is ideation.");
  const name = body.name === undefined ? undefined : storableText(body.name).trim();
  if (name === "") throw badRequest("A status needs a name.");
  return {
    ...(name !== undefined ? { name } : {}),
    ...(body.state !== undefined ? { state: body.state } : {}),
    ...(body.isDefault !== undefined ? { isDefault: body.isDefault } : {}),
    ...(body.isInternal !== undefined && body.isInternal !== null ? { isInternal: body.isInternal } : {}),
  };
}

/** `POST /discussions/statuses`: an administrator's own status (open unless said closed). */
export async function createIdeaStatus(
  deps: DiscussionsDeps,
  body: RecordStatusPost,
  context: RequestContext,
): Promise<IdeaStatus> {
  const { platform } = deps;
  await requireIdeas(platform.siteConfig);
  requireAccess(context.viewer, policy.canManageStatuses);
  const write = statusWrite(body);
  const statusID = await platform.db
    .transaction()
    .execute((trx) =>
      insertIdeaStatus(trx, { ...write, name: write.name ?? "" }, context.viewer.userID, platform.clock.nowIso()),
    );
  forgetIdeaStatuses(platform.db);
  return getIdeaStatus(deps, statusID);
}

/**
 * A status an administrator may change or delete: one of theirs; a built-in one may only be made the default
 * again (400 otherwise, as Vanilla's).
 */
async function loadOwnStatus(deps: DiscussionsDeps, statusID: number, context: RequestContext, onlyDefault = false) {
  await requireIdeas(deps.platform.siteConfig);
  requireAccess(context.viewer, policy.canManageStatuses);
  const status = await getIdeaStatus(deps, statusID);
  if (status.isSystem && !onlyDefault) throw badRequest("A built-in status cannot be changed or deleted.");
  return status;
}

/** `PATCH /discussions/statuses/{id}`: an administrator's own status; the default is moved, not removed. */
export async function patchIdeaStatus(
  deps: DiscussionsDeps,
  statusID: number,
  body: RecordStatusPatch,
  context: RequestContext,
): Promise<IdeaStatus> {
  const { platform } = deps;
  const onlyDefault = Object.keys(body).length === 1 && body.isDefault === true;
  const status = await loadOwnStatus(deps, statusID, context, onlyDefault);
  const write = statusWrite(body);
  if (status.isDefault && write.isDefault === false)
    throw badRequest("Make another status the default first: new ideas need one.");
  await platform.db
    .transaction()
    .execute((trx) => updateIdeaStatus(trx, statusID, write, context.viewer.userID, platform.clock.nowIso()));
  forgetIdeaStatuses(platform.db);
  return getIdeaStatus(deps, statusID);
}

/** `DELETE /discussions/statuses/{id}`: an administrator's own status no idea has (409 while some do). */
export async function removeIdeaStatus(deps: DiscussionsDeps, statusID: number, context: RequestContext) {
  const { platform } = deps;
  const status = await loadOwnStatus(deps, statusID, context);
  if (status.isDefault) throw badRequest("Make another status the default first: new ideas need one.");
  await platform.db.transaction().execute(async (trx) => {
    const count = await countWithStatus(trx, statusID);
    if (count > 0)
      throw conflict(
        `This status is in use by ${count} ${count === 1 ? "idea" : "ideas"}.`,
        "Give them another status first.",
      );
    await deleteIdeaStatus(trx, statusID);
  });
  forgetIdeaStatuses(platform.db);
}

/**
 * `GET /discussions/{id}/status-log`: the discussion's status changes, the latest first, to whoever may view the
 * discussion (as its status is).
 */
export async function listStatusLog(
  deps: DiscussionsDeps,
  discussionID: number,
  query: StatusLogQuery,
  context: RequestContext,
): Promise<{ items: StatusLog[]; page: number; limit: number; total: number }> {
  const { platform } = deps;
  const row = await loadDiscussion(deps, discussionID, context.viewer);
  const page = query.page ?? 1;
  const limit = query.limit ?? 50;
  const { rows, total } = await statusLogOf(platform.db, row.discussionID, { offset: (page - 1) * limit, limit });
  const items = rows.map((entry) => ({
    statusID: entry.statusID,
    previousStatusID: entry.previousStatusID,
    insertUserID: entry.insertUserID,
    dateInserted: toRfc3339(entry.dateInserted),
    recordType: "discussion" as const,
    recordID: String(entry.discussionID),
    reason: entry.reason,
  }));
  return { items, page, limit, total };
}
