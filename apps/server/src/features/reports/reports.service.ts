import type { Clock } from "../../platform/clock.ts";
import type {
  Report,
  ReportListQuery,
  ReportPost,
  ReportRecordType,
  ReportReason,
  ReportReasonFragment,
  ReportReasonPatch,
  ReportReasonPost,
  ReportApproveRecord,
} from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { conflict, fieldError, HttpError, notFound, validationFailed } from "../../platform/errors.ts";
import { premoderationMessages, reportMessages, reportRecordTypes } from "@parley/contracts";
import { renderExcerpt } from "../../platform/render/index.ts";
import { unknownUser, type CategoryDirectory, type UserFragments } from "./reports.deps.ts";
import { reportsPolicy } from "./reports.policy.ts";
import { createPremoderation, pendingFields, pendingOf, type PremoderationDeps } from "./reports.premoderation.ts";
import type { ReportReasonRow, ReportRow, ReportsRepo } from "./reports.repo.ts";
import type { RequestContext as ReportContext } from "../../platform/http/request-context.ts";

/** What a report needs of the reported post; loading it checks the viewer may see it. */
interface ReportedRecord {
  name: string;
  /** The post's HTML (for the report's excerpt). */
  body: string;
  url: string;
  categoryID: number;
  insertUserID: number;
}

/** A private message as its report keeps it; loading it checks the viewer takes part in its conversation. */
interface ReportedMessage {
  conversationID: number;
  /** As rendered (sanitised HTML). */
  html: string;
  url: string;
  insertUserID: number;
  dateInserted: string;
}

declare module "../../platform/events.ts" {
  interface EventMap {
    /** A report was filed (by a member, or by the site itself), after its insert. */
    "report.created": { reportID: number; insertUserID: number; recordType: string; recordID: number };
  }
}

export interface ReportsDeps extends Omit<PremoderationDeps, "loadRecord"> {
  repo: ReportsRepo;
  categories: CategoryDirectory;
  users: UserFragments;
  loadRecord(recordType: "discussion" | "comment", recordID: number, context: ReportContext): Promise<ReportedRecord>;
  removeRecord(recordType: "discussion" | "comment", recordID: number, context: ReportContext): Promise<void>;
  /** A message the viewer takes part in (403 otherwise, 404 when there is none). */
  loadMessage(messageID: number, context: ReportContext): Promise<ReportedMessage>;
  clock: Clock;
}

/** A reason as reports carry it. */
export const fragmentOf = (row: ReportReasonRow): ReportReasonFragment => ({
  reportReasonID: row.reportReasonID,
  name: row.name,
  description: row.description,
  sort: row.sort,
  deleted: row.deleted === 1,
});

/** A reason the viewer may pick: not deleted, and for everyone or one of their roles. */
const offeredTo = (row: ReportReasonRow, viewer: Viewer) => {
  if (row.deleted === 1) return false;
  const roleIDs = JSON.parse(row.roleIDs) as number[];
  return reportsPolicy.mayPickReason(viewer, roleIDs);
};

/** Reports: members report with flag.add; moderators (community.moderate) list, dismiss or act. */
export function createReportsService(deps: ReportsDeps) {
  const { repo, users } = deps;
  const premoderation = createPremoderation(deps);

  async function present(rows: ReportRow[], origin: string): Promise<Report[]> {
    const [fragments, reasons, counts] = await Promise.all([
      users.load(
        rows.flatMap((row) => [row.insertUserID, row.recordUserID]),
        origin,
      ),
      repo.reasons(),
      Promise.all(
        reportRecordTypes.map((type) =>
          repo.metaOf(
            type,
            rows.filter((row) => row.recordType === type).map((row) => row.recordID),
          ),
        ),
      ),
    ]);
    const reasonByID = new Map(reasons.map((reason) => [reason.reportReasonID, fragmentOf(reason)]));
    return rows.map((row) => {
      const ids = JSON.parse(row.reportReasonIDs) as string[];
      return {
        reportID: row.reportID,
        recordType: row.recordType,
        recordID: row.recordID,
        recordName: row.recordName,
        recordUrl: row.recordUrl,
        recordExcerpt: row.recordExcerpt,
        recordHtml: row.recordHtml,
        recordDateInserted: row.recordDateInserted ? toRfc3339(row.recordDateInserted) : null,
        recordUserID: row.recordUserID,
        placeRecordType: row.placeRecordType,
        placeRecordID: row.placeRecordID,
        reportReasonIDs: ids,
        reportReasons: ids.flatMap((id) => {
          const reason = reasonByID.get(id);
          return reason ? [{ ...reason }] : [];
        }),
        noteBody: row.noteBody,
        status: row.status,
        insertUserID: row.insertUserID,
        insertUser: fragments.get(row.insertUserID) ?? unknownUser(origin),
        dateInserted: toRfc3339(row.dateInserted),
        updateUserID: row.updateUserID,
        dateUpdated: row.dateUpdated ? toRfc3339(row.dateUpdated) : null,
        countReports:
          counts[reportRecordTypes.indexOf(row.recordType as ReportRecordType)]?.get(row.recordID)?.countReports ?? 0,
        recordUser: fragments.get(row.recordUserID) ?? unknownUser(origin),
        ...pendingFields(row, origin),
      };
    });
  }

  /**
   * A report the viewer moderates: community moderators; a pending one also moderators of posts in its place.
   * A private message's report is none of its author's business, moderator or not (404).
   */
  async function moderated(reportID: number, viewer: Viewer): Promise<ReportRow> {
    requireAccess(viewer, reportsPolicy.canModeratePending);
    const row = await repo.findById(reportID);
    if (!row || !reportsPolicy.maySeeReport(viewer, row)) throw notFound("Report");
    if (row.recordType === "message") {
      requireAccess(viewer, reportsPolicy.canModerate);
      return row;
    }
    if (row.isPending === 1) requireAccess(viewer, reportsPolicy.moderatesPendingIn, row.placeRecordID);
    else requireAccess(viewer, reportsPolicy.canModerate);
    requireAccess(viewer, reportsPolicy.canViewPlace, row.placeRecordID);
    return row;
  }

  /** The categories whose reports the viewer works: those they see; of pending ones, where they moderate posts. */
  async function placesOf(viewer: Viewer, pending: boolean): Promise<number[]> {
    const visible = await deps.categories.visibleIDs(viewer);
    return pending ? visible.filter((id) => reportsPolicy.moderatesPendingIn(viewer, id)) : visible;
  }

  /**
   * What a report keeps of its record, loaded as `context` sees it: a post's name, address, excerpt and category;
   * a message's rendered body, date and conversation (moderators read the report, not the conversation).
   */
  async function snapshot(body: ReportPost, context: ReportContext) {
    const { recordType, recordID } = body;
    if (recordType === "message") {
      const message = await deps.loadMessage(recordID, context);
      return {
        recordType,
        recordID,
        placeRecordType: "conversation",
        placeRecordID: message.conversationID,
        recordUserID: message.insertUserID,
        recordName: "",
        recordUrl: message.url.slice(0, 500),
        recordExcerpt: message.html ? renderExcerpt(message.html, "html", 300) : null,
        recordHtml: message.html,
        recordDateInserted: message.dateInserted,
      };
    }
    const record = await deps.loadRecord(recordType, recordID, context);
    return {
      recordType,
      recordID,
      placeRecordType: "category",
      placeRecordID: record.categoryID,
      recordUserID: record.insertUserID,
      recordName: record.name.slice(0, 255),
      recordUrl: record.url.slice(0, 500),
      recordExcerpt: record.body ? renderExcerpt(record.body, "html", 300) : null,
      recordHtml: null,
      recordDateInserted: null,
    };
  }

  /** Deleting or approving is done to posts; a message's report is dismissed (its author warned or banned). */
  const assertPost = (row: ReportRow) => {
    if (row.recordType === "message") throw new HttpError(422, reportMessages.notForMessages);
  };

  async function presentReasons(rows: ReportReasonRow[], viewer: Viewer): Promise<ReportReason[]> {
    const uses = reportsPolicy.canManageReasons(viewer)
      ? await repo.reasonUses(rows.map((row) => row.reportReasonID))
      : null;
    return rows.map((row) => ({
      ...fragmentOf(row),
      roleIDs: JSON.parse(row.roleIDs) as number[],
      insertUserID: row.insertUserID,
      dateInserted: toRfc3339(row.dateInserted),
      // As Vanilla's models: a reason never changed was last updated when it was made, by whom made it.
      updateUserID: row.updateUserID ?? row.insertUserID,
      dateUpdated: toRfc3339(row.dateUpdated ?? row.dateInserted),
      ...(uses ? { countReports: uses.get(row.reportReasonID) ?? 0 } : {}),
    }));
  }

  /** A reason the viewer may see (404 otherwise, so IDs do not leak). */
  async function visibleReason(reportReasonID: string, viewer: Viewer, includeDeleted = false) {
    const row = await repo.findReason(reportReasonID);
    const manager = reportsPolicy.canManageReasons(viewer);
    if (!row || !(offeredTo(row, viewer) || (manager && includeDeleted && row.deleted === 1)))
      throw notFound("Report reason");
    return row;
  }

  return {
    /** The reasons the viewer may pick; a manager may also ask for the deleted ones. */
    async reasons(query: { includeDeleted?: boolean }, viewer: Viewer): Promise<ReportReason[]> {
      if (query.includeDeleted) requireAccess(viewer, reportsPolicy.canManageReasons);
      const rows = (await repo.reasons()).filter(
        (row) => offeredTo(row, viewer) || (query.includeDeleted === true && row.deleted === 1),
      );
      return presentReasons(rows, viewer);
    },

    async reason(reportReasonID: string, query: { includeDeleted?: boolean }, viewer: Viewer) {
      if (query.includeDeleted) requireAccess(viewer, reportsPolicy.canManageReasons);
      return (await presentReasons([await visibleReason(reportReasonID, viewer, query.includeDeleted)], viewer))[0]!;
    },

    async createReason(body: ReportReasonPost, viewer: Viewer): Promise<ReportReason> {
      requireAccess(viewer, reportsPolicy.canManageReasons);
      if (await repo.findReason(body.reportReasonID)) throw conflict("Report reason already exists.");
      const rows = await repo.reasons();
      await repo.insertReason({
        reportReasonID: body.reportReasonID,
        name: body.name.trim(),
        description: body.description.trim(),
        sort: body.sort ?? Math.max(0, ...rows.map((row) => row.sort)) + 1,
        roleIDs: JSON.stringify([...new Set(body.roleIDs)]),
        deleted: 0,
        insertUserID: viewer.userID,
        dateInserted: deps.clock.nowIso(),
        updateUserID: null,
        dateUpdated: null,
      });
      return this.reason(body.reportReasonID, {}, viewer);
    },

    async updateReason(reportReasonID: string, body: ReportReasonPatch, viewer: Viewer): Promise<ReportReason> {
      requireAccess(viewer, reportsPolicy.canManageReasons);
      await visibleReason(reportReasonID, viewer);
      await repo.updateReason(reportReasonID, {
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.description !== undefined ? { description: body.description.trim() } : {}),
        ...(body.sort !== undefined ? { sort: body.sort } : {}),
        ...(body.roleIDs !== undefined ? { roleIDs: JSON.stringify([...new Set(body.roleIDs)]) } : {}),
        updateUserID: viewer.userID,
        dateUpdated: deps.clock.nowIso(),
      });
      return this.reason(reportReasonID, {}, viewer);
    },

    /** A used reason is kept, marked deleted (its reports still name it); an unused one goes. */
    async deleteReason(reportReasonID: string, viewer: Viewer): Promise<void> {
      requireAccess(viewer, reportsPolicy.canManageReasons);
      await visibleReason(reportReasonID, viewer);
      const uses = (await repo.reasonUses([reportReasonID])).get(reportReasonID) ?? 0;
      if (uses > 0)
        await repo.updateReason(reportReasonID, {
          deleted: 1,
          updateUserID: viewer.userID,
          dateUpdated: deps.clock.nowIso(),
        });
      else await repo.deleteReason(reportReasonID);
    },

    /** `PUT /report-reasons/sorts`: a reason ID → sort mapping. */
    async sortReasons(sorts: Record<string, number>, viewer: Viewer): Promise<void> {
      requireAccess(viewer, reportsPolicy.canManageReasons);
      const known = new Set((await repo.reasons()).map((row) => row.reportReasonID));
      const unknown = Object.keys(sorts).filter((id) => !known.has(id));
      if (unknown.length)
        throw validationFailed([fieldError("sorts", "invalid", `Unknown report reason: ${unknown.join(", ")}.`)]);
      for (const [id, sort] of Object.entries(sorts)) await repo.updateReason(id, { sort });
    },

    async create(body: ReportPost, context: ReportContext): Promise<Report> {
      const { viewer } = context;
      requireSignedIn(viewer);
      requireAccess(viewer, reportsPolicy.canReport);
      const offered = new Set(
        (await repo.reasons()).filter((row) => offeredTo(row, viewer)).map((row) => row.reportReasonID),
      );
      const unknown = body.reportReasonIDs.filter((id) => !offered.has(id));
      if (unknown.length)
        throw validationFailed([
          fieldError("reportReasonIDs", "invalid", `Unknown report reason: ${unknown.join(", ")}.`),
        ]);
      const record = await snapshot(body, context);
      // A member reports what others wrote, never their own post or message (the web offers no Report there).
      if (record.recordUserID === viewer.userID)
        throw new HttpError(403, body.recordType === "message" ? reportMessages.ownMessage : reportMessages.ownPost);
      const reportID = await repo.insert({
        ...record,
        reportReasonIDs: JSON.stringify([...new Set(body.reportReasonIDs)]),
        noteBody: body.noteBody?.trim() || null,
        status: "new",
        insertUserID: viewer.userID,
        dateInserted: deps.clock.nowIso(),
        updateUserID: null,
        dateUpdated: null,
      });
      await deps.events.emit("report.created", {
        reportID,
        insertUserID: viewer.userID,
        recordType: body.recordType,
        recordID: body.recordID,
      });
      return (await present([(await repo.findById(reportID))!], context.origin))[0]!;
    },

    /**
     * A report filed by the site itself (watched words, the spam check): no permission asked of `insertUserID`
     * (the system account); the post is loaded as its author sees it (`context`).
     */
    async fileAutomatic(body: ReportPost, context: ReportContext, insertUserID: number): Promise<void> {
      const reportID = await repo.insert({
        ...(await snapshot(body, context)),
        reportReasonIDs: JSON.stringify([...new Set(body.reportReasonIDs)]),
        noteBody: body.noteBody?.trim().slice(0, 500) || null,
        status: "new",
        insertUserID,
        dateInserted: deps.clock.nowIso(),
        updateUserID: null,
        dateUpdated: null,
      });
      await deps.events.emit("report.created", {
        reportID,
        insertUserID,
        recordType: body.recordType,
        recordID: body.recordID,
      });
    },

    /** The queue (status new by default) or one record's reports, in the categories the moderator sees. */
    async list(query: ReportListQuery, context: ReportContext) {
      const isPending = query.isPending === true;
      requireAccess(context.viewer, isPending ? reportsPolicy.canModeratePending : reportsPolicy.canModerate);
      const page = query.page ?? 1;
      const limit = query.limit ?? 100;
      const filters = {
        statuses: query.status?.length ? query.status : ["new"],
        categoryIDs: await placesOf(context.viewer, isPending),
        isPending,
        // Private messages' reports, but never those of the moderator's own messages.
        messagesNotBy: context.viewer.userID,
        ...(query.premoderationQueue !== undefined ? { premoderationQueue: query.premoderationQueue } : {}),
        ...(query.recordType !== undefined ? { recordType: query.recordType } : {}),
        ...(query.recordID !== undefined ? { recordID: query.recordID } : {}),
      };
      const [rows, total] = await Promise.all([repo.list(filters, (page - 1) * limit, limit), repo.count(filters)]);
      return { items: await present(rows, context.origin), page, limit, total };
    },

    async get(reportID: number, context: ReportContext): Promise<Report> {
      return (await present([await moderated(reportID, context.viewer)], context.origin))[0]!;
    },

    async dismiss(reportID: number, context: ReportContext): Promise<Report> {
      const row = await moderated(reportID, context.viewer);
      // A held post is approved or rejected; dismissing would leave it waiting where no queue shows it.
      if (row.isPending === 1) throw conflict(premoderationMessages.notDismissable);
      await repo.setStatus([row.reportID], "dismissed", context.viewer.userID, deps.clock.nowIso());
      return this.get(reportID, context);
    },

    /**
     * Acts on a report: deletes the reported post (with the moderator's own delete permission) and
     * closes every open report of it (status escalated: acted upon).
     */
    async rejectRecord(reportID: number, context: ReportContext): Promise<Report> {
      const row = await moderated(reportID, context.viewer);
      assertPost(row);
      if (row.isPending === 1) {
        // A held post: discarded with its report; the answer is the report as it was, rejected.
        const [report] = await present([row], context.origin);
        await premoderation.reject(row, context);
        return { ...report!, status: "rejected", dateUpdated: toRfc3339(deps.clock.nowIso()) };
      }
      await deps.removeRecord(row.recordType as "discussion" | "comment", row.recordID, context);
      const open = await repo.openOf(row.recordType, row.recordID);
      await repo.setStatus(
        [...new Set([...open, row.reportID])],
        "escalated",
        context.viewer.userID,
        deps.clock.nowIso(),
      );
      return this.get(reportID, context);
    },

    /** Publishes a held post (optionally with the moderator's edits) as its author; the report is closed. */
    async approveRecord(reportID: number, body: ReportApproveRecord, context: ReportContext): Promise<Report> {
      const row = await moderated(reportID, context.viewer);
      assertPost(row);
      if (!pendingOf(row)) throw conflict(premoderationMessages.notPending);
      await premoderation.approve(row, body, context);
      return this.get(reportID, context);
    },

    /** The viewer's own held posts (Parley's `GET /reports/pending-posts`). */
    pendingPosts: (query: { discussionID?: number | undefined }, context: ReportContext) =>
      premoderation.mine(query, context),

    /** The queue the screen hands held posts to (`platform.screening.useQueue`). */
    premoderationQueue: premoderation.queue,
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
