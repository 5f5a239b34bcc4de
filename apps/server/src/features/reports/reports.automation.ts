import type { ReportCounter, ReportCounterQuery } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { escapeHtml } from "../../platform/render/escape.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { CategoryDirectory } from "./reports.deps.ts";
import { reportsPolicy } from "./reports.policy.ts";
import type { ReportsRepo } from "./reports.repo.ts";
import { fragmentOf } from "./reports.service.ts";

/** The categories asked for (`placeRecordID`, with their subcategories when asked) that the moderator sees. */
async function placesAsked(categories: CategoryDirectory, viewer: Viewer, query: ReportCounterQuery) {
  const visible = await categories.visibleIDs(viewer);
  const filter = query.placeRecordID;
  if (filter === undefined) return visible;
  let asked = Array.isArray(filter)
    ? filter
    : visible.filter(
        (id) => (filter.min === undefined || id >= filter.min) && (filter.max === undefined || id <= filter.max),
      );
  if (query.includeSubcategories)
    asked = [...new Set((await Promise.all(asked.map((id) => categories.withDescendants(id)))).flat())];
  const shown = new Set(visible);
  return asked.filter((id) => shown.has(id));
}

/**
 * `GET /reports/automation`: the posts reported at least `countReports` times, counted over their open reports
 * (status new, published posts) in the categories the moderator sees, most recently reported first; each with its
 * latest report's snapshot, its category and the reasons of its open reports. Four queries a page (categories from memory).
 */
export function createReportCounters(repo: ReportsRepo, categories: CategoryDirectory) {
  return async function reportCounters(query: ReportCounterQuery, context: RequestContext) {
    requireAccess(context.viewer, reportsPolicy.canModerate);
    const page = query.page ?? 1;
    const limit = query.limit ?? 100;
    const categoryIDs = await placesAsked(categories, context.viewer, query);
    const [{ groups, latest, reasons }, reasonRows] = await Promise.all([
      repo.counters(
        {
          categoryIDs,
          minCount: query.countReports,
          ...(query.reportReasonID !== undefined ? { reportReasonID: query.reportReasonID } : {}),
        },
        (page - 1) * limit,
        limit,
      ),
      repo.reasons(),
    ]);
    const reasonByID = new Map(reasonRows.map((row) => [row.reportReasonID, fragmentOf(row)]));
    const latestByID = new Map(latest.map((row) => [row.reportID, row]));
    const items: ReportCounter[] = [];
    for (const group of groups) {
      const row = latestByID.get(Number(group.lastReportID));
      if (!row) continue;
      const reasonIDs = new Set(
        reasons
          .filter((report) => report.recordType === group.recordType && report.recordID === group.recordID)
          .flatMap((report) => JSON.parse(report.reportReasonIDs) as string[]),
      );
      const category = await categories.get(row.placeRecordID);
      items.push({
        recordType: row.recordType as ReportCounter["recordType"],
        recordID: row.recordID,
        recordName: row.recordName,
        recordUrl: row.recordUrl,
        recordHtml: row.recordExcerpt ? `<p>${escapeHtml(row.recordExcerpt)}</p>` : "",
        placeRecordType: "category",
        placeRecordID: row.placeRecordID,
        placeRecordName: category?.name ?? "",
        countReports: Number(group.count),
        dateLastReport: toRfc3339(row.dateInserted),
        reportReasons: [...reasonIDs].flatMap((id) => {
          const reason = reasonByID.get(id);
          return reason ? [reason] : [];
        }),
      });
    }
    return { items, page, limit };
  };
}
