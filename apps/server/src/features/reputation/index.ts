import type { FastifyInstance } from "fastify";
import { createBadgesRepo } from "./badges.repo.ts";
import { badgesRoutes } from "./badges.routes.ts";
import { ANNIVERSARIES_JOB, createBadgesService } from "./badges.service.ts";
import { createRanksRepo } from "./ranks.repo.ts";
import { ranksRoutes } from "./ranks.routes.ts";
import { createRanksService, RANKS_JOB } from "./ranks.service.ts";
import { reputationRoutes } from "./reputation.routes.ts";
import { createReputationService, type ReputationDeps, type ReputationService } from "./reputation.service.ts";

export { awardPoints, type PointsAward } from "./points.ledger.ts";
export {
  movePostPoints,
  moveReactionPoints,
  recalculatePoints,
  repointReactions,
  takeBackAnswerPoints,
  takeBackReactionPoints,
} from "./points.writes.ts";
export type { ReputationService };

/**
 * Reputation (issue 33, item 5): points kept by the writes that earn them, leaderboards, and badges given on the
 * events of the writes that change what their rules read (posts, accepted answers, reactions received) and by a
 * daily job for anniversaries.
 */
export async function registerReputation(app: FastifyInstance, deps: ReputationDeps): Promise<ReputationService> {
  const service = createReputationService(deps);
  const badges = createBadgesService({ ...deps, repo: createBadgesRepo(deps.platform.db) });
  await app.register(reputationRoutes, { prefix: "/api/v2", service });
  await app.register(badgesRoutes, { prefix: "/api/v2", service: badges });
  const ranks = createRanksService({ ...deps, repo: createRanksRepo(deps.platform.db) });
  await app.register(ranksRoutes, { prefix: "/api/v2", service: ranks });
  const { events, jobs } = deps.platform;
  events.on("discussion.created", ({ insertUserID }) => badges.evaluate(insertUserID).then(() => undefined));
  events.on("comment.created", ({ insertUserID }) => badges.evaluate(insertUserID).then(() => undefined));
  // An answer accepted (a comment's judgement is its update).
  events.on("comment.updated", ({ insertUserID }) => badges.evaluate(insertUserID).then(() => undefined));
  events.on("reaction.added", ({ recordUserID }) => badges.evaluate(recordUserID).then(() => undefined));
  jobs.register(ANNIVERSARIES_JOB, () => badges.anniversaries(), { everyMs: 24 * 60 * 60_000 });
  // Members' ranks follow their points and posts in the writes' transactions (users.ranks.ts); the days, daily.
  jobs.register(RANKS_JOB, () => ranks.daily(), { everyMs: 24 * 60 * 60_000 });
  // The add-on turned on: everyone's rank at once, not at the next day's job.
  events.on("config.changed", ({ keys }) => (keys.includes("ranks.enabled") ? ranks.daily() : undefined));
  return service;
}

export { ANNIVERSARIES_JOB } from "./badges.service.ts";
export { RANKS_JOB } from "./ranks.service.ts";
