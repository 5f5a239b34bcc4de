/** Ranks without TypeBox, for the web bundle. */

/** Ranks (the ranks add-on): the lengths of a rank's texts and the bounds of its criteria and edit window. */
export const rankRules = {
  maxName: 100,
  maxUserTitle: 100,
  maxLevel: 1_000,
  maxCriterion: 1_000_000,
  /** A rank's edit window, at most a year (seconds). */
  maxEditContentTimeout: 31_536_000,
} as const;

export const ranksDashboardPath = "/dashboard/ranks";
