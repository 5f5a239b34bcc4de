import {
  alreadyScheduledBy,
  draftMessages,
  limits,
  type Draft,
  type DraftEdit,
  type DraftListQuery,
  type DraftPatch,
  type DraftPost,
  type DraftSchedule,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { badRequest, fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import { parseDateFilter } from "../../platform/http/filters.ts";
import type { DiscussionsService } from "./drafts.deps.ts";
import { draftsPolicy } from "./drafts.policy.ts";
import { presentDraft, presentDraftEdit, statusNumber } from "./drafts.present.ts";
import { DRAFT_STATUS, type DraftChanges, type DraftFilters, type DraftRow, type DraftsRepo } from "./drafts.repo.ts";
import type { RequestContext as DraftRequestContext } from "../../platform/http/request-context.ts";

/** The publishing job's name (platform jobs). */
export const PUBLISH_JOB = "drafts.publish";

/** Drafts: a member's own unposted discussions and comments, and their schedules (reference §10). */
export function createDraftsService({
  repo,
  platform,
  discussions,
}: {
  repo: DraftsRepo;
  platform: Platform;
  discussions: Pick<DiscussionsService, "load">;
}) {
  /** The viewer's own draft; anyone else's is not found (only the owner sees a draft). */
  async function own(id: number, viewer: Viewer): Promise<DraftRow> {
    requireSignedIn(viewer);
    const row = await repo.findById(id);
    if (!row || row.insertUserID !== viewer.userID) throw notFound("Draft");
    return row;
  }

  /** A comment draft is named after its discussion, while the member may still view that discussion. */
  async function present(rows: DraftRow[], { viewer, origin }: DraftRequestContext): Promise<Draft[]> {
    const discussionIDs = rows
      .filter((row) => row.recordType === "comment" && row.parentRecordID !== null)
      .map((row) => row.parentRecordID!);
    const names = new Map<number, string>();
    for (const [id, { name, categoryID }] of await repo.discussionNames([...new Set(discussionIDs)]))
      if (draftsPolicy.canSeeDiscussionIn(viewer, categoryID)) names.set(id, name);
    return rows.map((row) => presentDraft(row, origin, names));
  }

  const presentOne = async (row: DraftRow, context: DraftRequestContext) => (await present([row], context))[0]!;

  /**
   * The discussion a draft names (a comment's, or the one an edit continues) must be one the member may
   * view: a guessed ID is not found, as it is everywhere else, and never lends the draft its name.
   */
  async function checkNamedDiscussion(
    viewer: Viewer,
    draft: { recordType: string; recordID: number | null; parentRecordID: number | null },
  ): Promise<void> {
    // A comment's draft names its discussion in parentRecordID (as publishing reads it).
    if (draft.recordType === "comment" && draft.parentRecordID !== null)
      await discussions.load(draft.parentRecordID, viewer);
    if (draft.recordType === "discussion" && draft.recordID !== null) await discussions.load(draft.recordID, viewer);
  }

  function attributesJson(attributes: Record<string, unknown>): string {
    const json = JSON.stringify(attributes);
    if (json.length > limits.drafts.attributesMaxLength)
      throw validationFailed([
        fieldError(
          "attributes",
          "invalid",
          `attributes is longer than ${limits.drafts.attributesMaxLength} characters.`,
        ),
      ]);
    // JSON escapes NUL (\\u0000 as six characters), so PostgreSQL stores it as text.
    return json;
  }

  /**
   * Scheduling an update of an existing discussion: it must exist, and no other update may be waiting
   * for it (reference §10: 400 with `{error: 400, recordID, draftID, isOwnSchedule}` on `recordID`).
   */
  async function checkRecordSchedulable(viewer: Viewer, recordID: number, draftID: number | null): Promise<void> {
    await discussions.load(recordID, viewer);
    const waiting = await repo.scheduledForRecord("discussion", recordID, draftID);
    if (!waiting) return;
    const isOwnSchedule = waiting.insertUserID === viewer.userID;
    const message = isOwnSchedule
      ? draftMessages.alreadyScheduledOwn
      : alreadyScheduledBy(await repo.userName(waiting.insertUserID));
    throw new HttpError(400, message, {
      errors: [
        {
          field: "recordID",
          code: "invalid",
          message,
          status: { error: 400, recordID, draftID: waiting.draftID, isOwnSchedule },
        },
      ],
    });
  }

  /**
   * Scheduling: the feature flag, `schedule.allow`, a future date, and a new discussion or comment, or an
   * update of an existing discussion (`recordID`) that has none waiting.
   */
  async function checkSchedulable(
    viewer: Viewer,
    draft: Pick<DraftRow, "recordType" | "recordID" | "parentRecordID"> & { draftID?: number },
    dateScheduled: string | null | undefined,
  ): Promise<string> {
    if (!(await platform.siteConfig.get("drafts.scheduling"))) throw badRequest(draftMessages.schedulingDisabled);
    requireAccess(viewer, draftsPolicy.canSchedule);
    if (!dateScheduled)
      throw validationFailed([fieldError("dateScheduled", "missingField", "dateScheduled is required.")]);
    const time = Date.parse(dateScheduled);
    if (Number.isNaN(time) || time <= platform.clock.nowMs())
      throw validationFailed([fieldError("dateScheduled", "invalid", "dateScheduled must be in the future.")]);
    if (draft.recordType !== "discussion" && draft.recordType !== "comment")
      throw validationFailed([fieldError("recordType", "invalid", "Only discussions and comments can be scheduled.")]);
    if (draft.recordID && draft.recordType !== "discussion")
      throw validationFailed([fieldError("recordID", "invalid", "Only new comments can be scheduled.")]);
    if (draft.recordType === "comment" && !draft.parentRecordID)
      throw validationFailed([fieldError("parentRecordID", "missingField", "parentRecordID is required.")]);
    if (draft.recordID) await checkRecordSchedulable(viewer, draft.recordID, draft.draftID ?? null);
    return new Date(time).toISOString();
  }

  /** A new schedule sooner than the job's next run wakes this process's timer for it. */
  const wake = (dateScheduled: string | null) => {
    if (dateScheduled) platform.jobs.wakeAt(PUBLISH_JOB, new Date(dateScheduled));
  };

  return {
    async list(query: DraftListQuery, context: DraftRequestContext) {
      requireSignedIn(context.viewer);
      const filters: DraftFilters = { insertUserID: context.viewer.userID };
      if (query.recordType !== undefined) filters.recordType = query.recordType;
      if (query.recordID !== undefined) filters.recordID = query.recordID;
      if (query.parentRecordType !== undefined) filters.parentRecordType = query.parentRecordType;
      if (query.parentRecordID !== undefined) filters.parentRecordID = query.parentRecordID;
      if (query.draftStatus !== undefined) filters.draftStatus = statusNumber(query.draftStatus);
      if (query.dateUpdated) filters.dateUpdated = parseDateFilter("dateUpdated", query.dateUpdated);
      if (query.dateScheduled) filters.dateScheduled = parseDateFilter("dateScheduled", query.dateScheduled);
      const sort = query.sort ?? "-dateUpdated";
      const descending = sort.startsWith("-");
      const field = (descending ? sort.slice(1) : sort) as "dateInserted" | "dateUpdated" | "dateScheduled";
      const page = query.page ?? 1;
      const limit = query.limit ?? limits.drafts.defaultLimit;
      const [rows, total] = await Promise.all([
        repo.list(filters, field, descending, (page - 1) * limit, limit),
        repo.count(filters),
      ]);
      return { items: await present(rows, context), page, limit, total };
    },

    async get(id: number, context: DraftRequestContext): Promise<Draft> {
      return presentOne(await own(id, context.viewer), context);
    },

    async edit(id: number, context: DraftRequestContext): Promise<DraftEdit> {
      return presentDraftEdit(await own(id, context.viewer));
    },

    async create(body: DraftPost, context: DraftRequestContext): Promise<Draft> {
      const { viewer } = context;
      requireSignedIn(viewer);
      const status = body.draftStatus === undefined ? DRAFT_STATUS.draft : statusNumber(body.draftStatus);
      if (status === DRAFT_STATUS.error)
        throw validationFailed([fieldError("draftStatus", "invalid", "draftStatus cannot be error.")]);
      const fields = {
        recordType: body.recordType,
        recordID: body.recordID ?? null,
        parentRecordID: body.parentRecordID ?? null,
      };
      await checkNamedDiscussion(viewer, fields);
      const dateScheduled =
        status === DRAFT_STATUS.scheduled ? await checkSchedulable(viewer, fields, body.dateScheduled) : null;
      const now = platform.clock.nowIso();
      const id = await repo.insert({
        ...fields,
        parentRecordType: body.parentRecordType ?? null,
        attributes: attributesJson(body.attributes),
        insertUserID: viewer.userID,
        updateUserID: viewer.userID,
        dateInserted: now,
        dateUpdated: now,
        draftStatus: status,
        dateScheduled,
        failedReason: null,
      });
      wake(dateScheduled);
      return presentOne((await repo.findById(id))!, context);
    },

    async patch(id: number, body: DraftPatch, context: DraftRequestContext): Promise<Draft> {
      const { viewer } = context;
      const row = await own(id, viewer);
      const changes: DraftChanges = { updateUserID: viewer.userID, dateUpdated: platform.clock.nowIso() };
      if (body.recordType !== undefined) changes.recordType = body.recordType;
      if (body.recordID !== undefined) changes.recordID = body.recordID;
      if (body.parentRecordType !== undefined) changes.parentRecordType = body.parentRecordType;
      if (body.parentRecordID !== undefined) changes.parentRecordID = body.parentRecordID;
      if (body.attributes !== undefined) changes.attributes = attributesJson(body.attributes);
      const status = body.draftStatus === undefined ? undefined : statusNumber(body.draftStatus);
      if (status === DRAFT_STATUS.error)
        throw validationFailed([fieldError("draftStatus", "invalid", "draftStatus cannot be error.")]);
      const next = {
        draftID: row.draftID,
        recordType: changes.recordType ?? row.recordType,
        recordID: body.recordID !== undefined ? body.recordID : row.recordID,
        parentRecordID: body.parentRecordID !== undefined ? body.parentRecordID : row.parentRecordID,
      };
      if (body.recordID !== undefined || body.parentRecordID !== undefined || body.recordType !== undefined)
        await checkNamedDiscussion(viewer, next);
      if (status === DRAFT_STATUS.scheduled) {
        changes.draftStatus = status;
        changes.dateScheduled = await checkSchedulable(viewer, next, body.dateScheduled ?? row.dateScheduled);
        changes.failedReason = null;
        changes.claimedUntil = null;
      } else if (status === DRAFT_STATUS.draft) {
        Object.assign(changes, { draftStatus: status, dateScheduled: null, failedReason: null, claimedUntil: null });
      } else if (body.dateScheduled !== undefined && row.draftStatus === DRAFT_STATUS.scheduled) {
        changes.dateScheduled = await checkSchedulable(viewer, next, body.dateScheduled);
      } else if (row.draftStatus === DRAFT_STATUS.error) {
        // Editing a failed draft makes it a draft again: the member has seen the reason.
        Object.assign(changes, { draftStatus: DRAFT_STATUS.draft, dateScheduled: null, failedReason: null });
      }
      await repo.update(row.draftID, changes);
      wake(changes.dateScheduled ?? null);
      return presentOne((await repo.findById(row.draftID))!, context);
    },

    async remove(id: number, context: DraftRequestContext): Promise<void> {
      const row = await own(id, context.viewer);
      await repo.remove(row.draftID);
    },

    /** `PATCH /drafts/schedule/{id}`: a new time for a scheduled draft. */
    async schedule(id: number, body: DraftSchedule, context: DraftRequestContext): Promise<Draft> {
      const { viewer } = context;
      const row = await own(id, viewer);
      if (!(await platform.siteConfig.get("drafts.scheduling"))) throw badRequest(draftMessages.schedulingDisabled);
      requireAccess(viewer, draftsPolicy.canSchedule);
      if (row.draftStatus !== DRAFT_STATUS.scheduled) throw badRequest(draftMessages.notScheduled);
      const dateScheduled = await checkSchedulable(viewer, row, body.dateScheduled);
      await repo.update(row.draftID, {
        dateScheduled,
        claimedUntil: null,
        updateUserID: viewer.userID,
        dateUpdated: platform.clock.nowIso(),
      });
      wake(dateScheduled);
      return presentOne((await repo.findById(row.draftID))!, context);
    },

    /** `PATCH /drafts/cancel-schedule/{id}`: back to a plain draft. */
    async cancelSchedule(id: number, context: DraftRequestContext): Promise<Draft> {
      const { viewer } = context;
      const row = await own(id, viewer);
      if (row.draftStatus === DRAFT_STATUS.draft) throw badRequest(draftMessages.alreadyDraft);
      await repo.update(row.draftID, {
        draftStatus: DRAFT_STATUS.draft,
        dateScheduled: null,
        failedReason: null,
        claimedUntil: null,
        updateUserID: viewer.userID,
        dateUpdated: platform.clock.nowIso(),
      });
      return presentOne((await repo.findById(row.draftID))!, context);
    },

    /** After a post made from a draft (`draftID` on POST /discussions or /comments): the draft goes. */
    async posted(draftID: number, actorUserID: number): Promise<void> {
      const row = await repo.findById(draftID);
      if (row && row.insertUserID === actorUserID) await repo.remove(draftID);
    },
  };
}

export type DraftsService = ReturnType<typeof createDraftsService>;
