import type { FastifyRequest } from "fastify";
import type { AnalyticsPrivacy, AnalyticsSummary, AnalyticsSummaryQuery } from "@parley/contracts";
import { analyticsLimits, analyticsMeasures, type AnonymizeDataValue } from "@parley/contracts/analytics-constants";
import { requireAccess } from "../../platform/auth/access.ts";
import { requireSignedIn } from "../../platform/auth/authorize.ts";
import { fieldError, validationFailed } from "../../platform/errors.ts";
import { isBot } from "../../platform/http/bots.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { analyticsPolicy } from "./analytics.policy.ts";
import type { AnalyticsRecorder, ReaderEvent } from "./analytics.recorder.ts";
import type { AnalyticsRepo } from "./analytics.repo.ts";

/** The cookie a guest's choice is kept in (spec: the site's cookie name and `-AnonymizeData`), "true" or "false". */
const PRIVACY_COOKIE = "parley-AnonymizeData";

/** A named record of a top list, when the viewer may see it. */
export interface NamedRecord {
  id: number;
  name: string;
  url: string;
}

/** The discussions' and categories' names and addresses, of those the viewer may see (the others are left out). */
export interface AnalyticsRecords {
  discussions: (ids: number[], context: RequestContext) => Promise<NamedRecord[]>;
  categories: (ids: number[], context: RequestContext) => Promise<NamedRecord[]>;
}

const DAY_MS = 86_400_000;
/** A day's time (ms), NaN for a day the calendar does not have (February 30th). */
const dayTime = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day ? time : Number.NaN;
};

/** Every day of the period, in order. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = dayTime(from); time <= dayTime(to); time += DAY_MS)
    days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}

/** A search's words as counted: trimmed, lowercased, spaces folded, control characters gone, cut to the limit. */
const searchKey = (query: string) =>
  query
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase()
    .slice(0, analyticsLimits.searchQueryMaxLength);

export function createAnalyticsService({
  repo,
  recorder,
  records,
  today,
}: {
  repo: AnalyticsRepo;
  recorder: AnalyticsRecorder;
  records: AnalyticsRecords;
  /** The day (UTC) it is: the month in progress is read by its days. */
  today: () => string;
}) {
  /** A reader who said no (Do Not Track, Global Privacy Control, a guest's cookie) or a crawler is not counted. */
  const counts = (request: FastifyRequest) =>
    !isBot(request.headers["user-agent"]) &&
    request.headers["dnt"] !== "1" &&
    request.headers["sec-gpc"] !== "1" &&
    !(request.viewer.userID === 0 && request.cookies[PRIVACY_COOKIE] === "true");

  const readerOf = (request: FastifyRequest) => ({
    userID: request.viewer.userID,
    ip: request.ip,
    userAgent: request.headers["user-agent"] ?? "",
  });

  async function top(
    metric: string,
    query: AnalyticsSummaryQuery,
    named: (ids: number[]) => Promise<NamedRecord[]>,
  ): Promise<Array<NamedRecord & { views: number }>> {
    // More than are shown: the ones the viewer may not see are left out.
    const rows = await repo.top(metric, query.from, query.to, analyticsLimits.topLimit * 3, today());
    const ids = rows.map((row) => Number(row.key)).filter((id) => Number.isInteger(id) && id > 0);
    const byID = new Map((await named(ids)).map((record) => [record.id, record]));
    return rows
      .flatMap((row) => {
        const record = byID.get(Number(row.key));
        return record ? [{ ...record, views: row.count }] : [];
      })
      .slice(0, analyticsLimits.topLimit);
  }

  async function summary(query: AnalyticsSummaryQuery, context: RequestContext): Promise<AnalyticsSummary> {
    requireAccess(context.viewer, analyticsPolicy.canView);
    const from = dayTime(query.from);
    const to = dayTime(query.to);
    if (Number.isNaN(from)) throw validationFailed([fieldError("from", "invalid", "from is not a valid day.")]);
    if (Number.isNaN(to)) throw validationFailed([fieldError("to", "invalid", "to is not a valid day.")]);
    if (to < from) throw validationFailed([fieldError("to", "invalid", "to must not come before from.")]);
    if ((to - from) / DAY_MS + 1 > analyticsLimits.rangeMaxDays)
      throw validationFailed([
        fieldError("to", "invalid", `A period is at most ${analyticsLimits.rangeMaxDays} days.`),
      ]);
    const days = new Map(
      daysOf(query.from, query.to).map((date) => [
        date,
        {
          date,
          ...Object.fromEntries(analyticsMeasures.map((measure) => [measure, 0])),
        } as AnalyticsSummary["days"][number],
      ]),
    );
    for (const row of await repo.totals(analyticsMeasures, query.from, query.to)) {
      const day = days.get(row.day);
      if (day) day[row.metric as (typeof analyticsMeasures)[number]] = row.count;
    }
    const list = [...days.values()];
    const totals = Object.fromEntries(
      analyticsMeasures.map((measure) => {
        const sum = list.reduce((total, day) => total + day[measure], 0);
        return [measure, measure === "activeMembers" ? Math.round(sum / list.length) : sum];
      }),
    ) as AnalyticsSummary["totals"];
    const [topDiscussions, topCategories, searches] = await Promise.all([
      top("discussionViews", query, (ids) => records.discussions(ids, context)),
      top("categoryViews", query, (ids) => records.categories(ids, context)),
      repo.top("searchWithoutResults", query.from, query.to, analyticsLimits.topLimit, today()),
    ]);
    return {
      from: query.from,
      to: query.to,
      days: list,
      totals,
      topDiscussions: topDiscussions.map(({ id, name, url, views }) => ({ discussionID: id, name, url, views })),
      topCategories: topCategories.map(({ id, name, url, views }) => ({ categoryID: id, name, url, views })),
      searchesWithoutResults: searches.map((row) => ({ query: row.key, count: row.count })),
    };
  }

  /** Counts a reader's event unless they said no (or are a crawler). */
  const record = (request: FastifyRequest, event: ReaderEvent): void => {
    if (counts(request)) recorder.record(readerOf(request), event);
  };

  return {
    record,

    /** A search (its first page) that found nothing. */
    searched(request: FastifyRequest, query: string, total: number): void {
      const key = searchKey(query);
      if (total === 0 && key !== "") record(request, { kind: "searchWithoutResults", query: key });
    },

    async privacy(request: FastifyRequest): Promise<AnalyticsPrivacy> {
      const { viewer } = request;
      let value: AnonymizeDataValue = "-1";
      if (viewer.userID > 0) {
        const stored = await repo.privacyOf(viewer.userID);
        if (stored !== null) value = stored === 1 ? "1" : "0";
      } else {
        const cookie = request.cookies[PRIVACY_COOKIE];
        if (cookie === "true" || cookie === "false") value = cookie === "true" ? "1" : "0";
      }
      return { AnonymizeData: value };
    },

    async setPrivacy(body: AnalyticsPrivacy, context: RequestContext): Promise<AnalyticsPrivacy> {
      requireSignedIn(context.viewer);
      const value = body.AnonymizeData;
      await repo.setPrivacy(context.viewer.userID, value === "-1" ? null : value === "1" ? 1 : 0);
      return { AnonymizeData: value };
    },

    summary,

    /** The summary's days as CSV: a header row, then one row a day. */
    async summaryCsv(query: AnalyticsSummaryQuery, context: RequestContext): Promise<string> {
      const { days } = await summary(query, context);
      const lines = [["date", ...analyticsMeasures].join(",")];
      for (const day of days) lines.push([day.date, ...analyticsMeasures.map((measure) => day[measure])].join(","));
      return `${lines.join("\r\n")}\r\n`;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
