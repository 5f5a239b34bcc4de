/** Reputation without TypeBox, for the web bundle: the leaderboards' kinds and periods, the pages' addresses. */

/** Vanilla's leaderboard types: points, posts (discussions and comments), accepted answers. */
export const leaderboardTypes = ["reputation", "posts", "acceptedAnswers"] as const;
export type LeaderboardType = (typeof leaderboardTypes)[number];

/** Vanilla's slot types: day, week (from Monday, UTC), month, year, all time. */
export const leaderboardSlotTypes = ["d", "w", "m", "y", "a"] as const;
export type LeaderboardSlotType = (typeof leaderboardSlotTypes)[number];

export const leaderboardRules = {
  /** Members a leaderboard lists by default, and at most. */
  defaultLimit: 10,
  maxLimit: 100,
} as const;

export const leaderboardPagePath = "/leaderboard";
export const badgesPagePath = "/badges";
