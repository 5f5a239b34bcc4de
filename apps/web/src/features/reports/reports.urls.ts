import type { ReportRecordType, ReportStatus } from "@parley/contracts";
import type { ReportListParams } from "./reports.api.ts";
import { premoderationPagePath, reportsPath } from "./reports.links.ts";
import type { PremoderationParams } from "./reports.queries.ts";

export { canManageReasons, reportReasonsPath, reportsLink, reportsPath } from "./reports.links.ts";

/** A new reason's ID (a slug the reports keep): its name's letters and digits, made unique among `taken`. */
export function reportReasonID(name: string, taken: ReadonlySet<string>): string {
  const base =
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 90) || "reason";
  let id = base;
  for (let suffix = 2; taken.has(id); suffix++) id = `${base}-${suffix}`;
  return id;
}

/** Reports per page of the queue. */
export const reportsPageLimit = 30;

/** The contract's statuses (the contracts index is not for the browser bundle's values). */
const reportStatuses: readonly ReportStatus[] = ["new", "escalated", "dismissed"];
const isStatus = (value: string): value is ReportStatus => (reportStatuses as readonly string[]).includes(value);
const recordTypes: readonly ReportRecordType[] = ["discussion", "comment", "message"];
const isRecordType = (value: string | null): value is ReportRecordType =>
  (recordTypes as ReadonlyArray<string | null>).includes(value);

/**
 * The page's query: `statuses` (a status, a comma-separated list, or `none` for every status; new by
 * default), `recordType` and `recordID` (one post's or private message's reports), `page`. Null when a value is not valid.
 */
export function readReportsSearch(search: URLSearchParams): ReportListParams | null {
  const raw = search.get("statuses") ?? "new";
  const names = raw === "none" || raw === "" ? [] : raw.split(",");
  if (!names.every(isStatus)) return null;
  const pageText = search.get("page") ?? "1";
  if (!/^[1-9]\d{0,4}$/.test(pageText)) return null;
  const params: ReportListParams = { statuses: names, page: Number(pageText), limit: reportsPageLimit };
  const recordType = search.get("recordType");
  const recordID = search.get("recordID");
  if (recordType !== null || recordID !== null) {
    if (!isRecordType(recordType) || !/^[1-9]\d{0,9}$/.test(recordID ?? "")) return null;
    params.recordType = recordType;
    params.recordID = Number(recordID);
  }
  return params;
}

/** The address of a list (the same filters), on another page or with other statuses. */
export function reportsHref(params: ReportListParams, changes: Partial<ReportListParams> = {}): string {
  const next = { ...params, ...changes };
  const search = new URLSearchParams();
  if (next.statuses.length !== 1 || next.statuses[0] !== "new")
    search.set("statuses", next.statuses.length ? next.statuses.join(",") : "none");
  if (next.recordType && next.recordID) {
    search.set("recordType", next.recordType);
    search.set("recordID", String(next.recordID));
  }
  if (next.page > 1) search.set("page", String(next.page));
  const query = search.toString();
  return query ? `${reportsPath}?${query}` : reportsPath;
}

/** Held posts per page of the premoderation queue. */
const premoderationPageLimit = 30;

/** The premoderation page's query: `queue` (approval by default, or spam) and `page`; null when not valid. */
export function readPremoderationSearch(search: URLSearchParams): PremoderationParams | null {
  const queue = search.get("queue") ?? "approval";
  if (queue !== "approval" && queue !== "spam") return null;
  const pageText = search.get("page") ?? "1";
  if (!/^[1-9]\d{0,4}$/.test(pageText)) return null;
  return { queue, page: Number(pageText), limit: premoderationPageLimit };
}

export const premoderationHref = (params: PremoderationParams) => {
  const query = new URLSearchParams();
  if (params.queue !== "approval") query.set("queue", params.queue);
  if (params.page > 1) query.set("page", String(params.page));
  const text = query.toString();
  return `${premoderationPagePath}${text ? `?${text}` : ""}`;
};
