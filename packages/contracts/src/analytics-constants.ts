/*
 * Analytics (issue 40, item 2) without TypeBox, for the web app: the daily measures, the periods the dashboard
 * offers and the limits both sides check.
 */

/**
 * What is counted each day: page views, visits (one per reader a day), active members (one per member a day),
 * new members, discussions and comments started.
 */
export const analyticsMeasures = [
  "pageViews",
  "visits",
  "activeMembers",
  "newMembers",
  "discussions",
  "comments",
] as const;
export type AnalyticsMeasure = (typeof analyticsMeasures)[number];

/** The periods the dashboard offers, in days ending today. */
export const analyticsPeriods = [7, 30, 90, 365] as const;

/** A member's or guest's choice (`/analytics/privacy`): "1" keep my visits out, "0" count them, "-1" the default. */
export const anonymizeDataValues = ["1", "0", "-1"] as const;
export type AnonymizeDataValue = (typeof anonymizeDataValues)[number];

export const analyticsLimits = {
  /** The longest period one summary covers (days, both ends included). */
  rangeMaxDays: 366,
  /** How many discussions, categories and searches the summary's top lists hold. */
  topLimit: 10,
  /** A search's words as counted (longer ones are cut). */
  searchQueryMaxLength: 100,
  /** How long the per-day visitor marks (one per reader a day, to count visits once) are kept. */
  visitorDaysKept: 3,
  /**
   * The keyed counts (a discussion's, category's or search's) kept of a finished day, and of a finished month in
   * its monthly rollup: the most counted ones. A year's top lists read twelve months of these, not a year of days.
   */
  keyedKeptPerDay: 500,
  keyedKeptPerMonth: 1_000,
} as const;

/** `YYYY-MM-DD`: the days analytics are counted by (UTC). */
export const ANALYTICS_DAY = /^\d{4}-\d\d-\d\d$/;
