import { reportReasons, type Report, type ReportListQuery, type ReportPost } from "@parley/contracts";
import { authorize, requireSignedIn } from "../../platform/auth/authorize.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { nowIso, toRfc3339 } from "../../platform/dates.ts";
import { fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import { unknownUser, type CategoryDirectory, type UserFragments } from "./reports.deps.ts";
import type { ReportRow, ReportsRepo } from "./reports.repo.ts";

export interface ReportContext {
  viewer: Viewer;
  origin: string;
  ip: string;
}

/** What a report needs of the reported post; loading it checks the viewer may see it. */
export interface ReportedRecord {
  name: string;
  url: string;
  categoryID: number;
  insertUserID: number;
}

export interface ReportsDeps {
  repo: ReportsRepo;
  categories: CategoryDirectory;
  users: UserFragments;
  loadRecord(recordType: "discussion" | "comment", recordID: number, context: ReportContext): Promise<ReportedRecord>;
  removeRecord(recordType: "discussion" | "comment", recordID: number, context: ReportContext): Promise<void>;
}

const reasonByID = new Map<string, (typeof reportReasons)[number]>(
  reportReasons.map((reason) => [reason.reportReasonID, reason]),
);

/** Reports: members report with flag.add; moderators (community.moderate) list, dismiss or act. */
export function createReportsService(deps: ReportsDeps) {
  const { repo, users } = deps;

  async function present(rows: ReportRow[], origin: string): Promise<Report[]> {
    const fragments = await users.load(
      rows.map((row) => row.insertUserID),
      origin,
    );
    return rows.map((row) => {
      const ids = JSON.parse(row.reportReasonIDs) as string[];
      return {
        reportID: row.reportID,
        recordType: row.recordType,
        recordID: row.recordID,
        recordName: row.recordName,
        recordUrl: row.recordUrl,
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
      };
    });
  }

  async function moderated(reportID: number, viewer: Viewer): Promise<ReportRow> {
    authorize(viewer, "community.moderate");
    const row = await repo.findById(reportID);
    if (!row) throw notFound("Report");
    authorize(viewer, "discussions.view", { resourceID: row.placeRecordID });
    return row;
  }

  return {
    reasons: () => reportReasons.map((reason) => ({ ...reason })),

    async create(body: ReportPost, context: ReportContext): Promise<Report> {
      const { viewer } = context;
      requireSignedIn(viewer);
      authorize(viewer, "flag.add");
      const unknown = body.reportReasonIDs.filter((id) => !reasonByID.has(id));
      if (unknown.length)
        throw validationFailed([
          fieldError("reportReasonIDs", "invalid", `Unknown report reason: ${unknown.join(", ")}.`),
        ]);
      const record = await deps.loadRecord(body.recordType, body.recordID, context);
      const reportID = await repo.insert({
        recordType: body.recordType,
        recordID: body.recordID,
        placeRecordType: "category",
        placeRecordID: record.categoryID,
        recordUserID: record.insertUserID,
        recordName: record.name.slice(0, 255),
        recordUrl: record.url.slice(0, 500),
        reportReasonIDs: JSON.stringify([...new Set(body.reportReasonIDs)]),
        noteBody: body.noteBody?.trim() || null,
        status: "new",
        insertUserID: viewer.userID,
        dateInserted: nowIso(),
        updateUserID: null,
        dateUpdated: null,
      });
      return (await present([(await repo.findById(reportID))!], context.origin))[0]!;
    },

    /** The queue (status new by default) or one record's reports, in the categories the moderator sees. */
    async list(query: ReportListQuery, context: ReportContext) {
      authorize(context.viewer, "community.moderate");
      const page = query.page ?? 1;
      const limit = query.limit ?? 100;
      const filters = {
        statuses: query.status?.length ? query.status : ["new"],
        categoryIDs: await deps.categories.visibleIDs(context.viewer),
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
      await repo.setStatus([row.reportID], "dismissed", context.viewer.userID, nowIso());
      return this.get(reportID, context);
    },

    /**
     * Acts on a report: deletes the reported post (with the moderator's own delete permission) and
     * closes every open report of it (status escalated: acted upon).
     */
    async rejectRecord(reportID: number, context: ReportContext): Promise<Report> {
      const row = await moderated(reportID, context.viewer);
      await deps.removeRecord(row.recordType as "discussion" | "comment", row.recordID, context);
      const open = await repo.openOf(row.recordType, row.recordID);
      await repo.setStatus([...new Set([...open, row.reportID])], "escalated", context.viewer.userID, nowIso());
      return this.get(reportID, context);
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
