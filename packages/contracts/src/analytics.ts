import { Type, type Static } from "typebox";
import { analyticsLimits, analyticsMeasures, anonymizeDataValues } from "./analytics-constants.ts";

/**
 * `GET/POST /analytics/privacy` (Vanilla's vanillaanalytics, closed source; the shape the client sends):
 * "1" keeps the member's visits out of the site's analytics, "0" counts them, "-1" follows the site's default.
 */
export const AnalyticsPrivacy = Type.Object(
  { AnonymizeData: Type.Enum(anonymizeDataValues) },
  { $id: "AnalyticsPrivacy", additionalProperties: false },
);
export type AnalyticsPrivacy = Static<typeof AnalyticsPrivacy>;

const Day = Type.String({ pattern: "^\\d{4}-\\d\\d-\\d\\d$", description: "A day (UTC), YYYY-MM-DD." });
const Count = Type.Integer({ minimum: 0 });

/** `GET /analytics/summary` and `GET /analytics/summary.csv`: a period's days, both ends included. */
export const AnalyticsSummaryQuery = Type.Object({
  from: Day,
  to: Day,
});
export type AnalyticsSummaryQuery = Static<typeof AnalyticsSummaryQuery>;

const measures = Object.fromEntries(analyticsMeasures.map((measure) => [measure, Count])) as Record<
  (typeof analyticsMeasures)[number],
  typeof Count
>;

/** One day's counts. */
export const AnalyticsDay = Type.Object({ date: Day, ...measures });
export type AnalyticsDay = Static<typeof AnalyticsDay>;

const Named = { name: Type.String(), url: Type.String(), views: Count };
const TopDiscussion = Type.Object({ discussionID: Type.Integer(), ...Named });
const TopCategory = Type.Object({ categoryID: Type.Integer(), ...Named });

/**
 * A period's analytics, from the daily rollups: every day (none missing), the totals (active members: the
 * average a day), the most viewed discussions and categories, and the searches that found nothing. Only
 * what the viewer may see is named (a private category's discussion is counted, not listed).
 */
export const AnalyticsSummary = Type.Object(
  {
    from: Day,
    to: Day,
    days: Type.Array(AnalyticsDay),
    totals: Type.Object(measures),
    topDiscussions: Type.Array(TopDiscussion, { maxItems: analyticsLimits.topLimit }),
    topCategories: Type.Array(TopCategory, { maxItems: analyticsLimits.topLimit }),
    searchesWithoutResults: Type.Array(Type.Object({ query: Type.String(), count: Count }), {
      maxItems: analyticsLimits.topLimit,
    }),
  },
  { $id: "AnalyticsSummary" },
);
export type AnalyticsSummary = Static<typeof AnalyticsSummary>;
