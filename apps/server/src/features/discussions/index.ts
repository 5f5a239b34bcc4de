import type { FastifyInstance } from "fastify";
import type { SiteSections } from "../../platform/site-sections.ts";
import { sharedDiscussionSchemas, type DiscussionSplit, type LongRunnerQuery } from "@parley/contracts";
import type { LongRunnerContext } from "../../platform/long-runner/long-runner.ts";
import { startSplit } from "./discussions.split.ts";
import { changeDiscussionAuthor } from "./discussions.change-author.ts";
import type { Platform } from "../../platform/context.ts";
import type { ReadCache } from "../../platform/read-cache.ts";
import type { TagsService } from "../tags/index.ts";
import type { CategoryDirectory, PostTypeRules, UserFragments } from "./discussions.deps.ts";
import { registerBulkActions } from "./discussions.bulk.ts";
import { createDiscussionsRepo } from "./discussions.repo.ts";
import { createPostRemoval, recountAfterMemberPosts } from "./member-posts.ts";
import type { PostOwners } from "./discussions.post-owners.ts";
import { discussionsRoutes } from "./discussions.routes.ts";
import { pollsRoutes } from "./polls.routes.ts";
import {
  createDiscussionsService,
  type DiscussionsService,
  type ReactionSummaries,
  type ReportMetaLoader,
} from "./discussions.service.ts";

export type { DiscussionsService, ReactionSummaries };
export type { WriteOptions } from "./discussions.service.ts";
export { assertUnchangedSinceHeld } from "./discussions.service.ts";
export { reportMetaOf, type ReportMetaLoader } from "./discussions.service.ts";
export { discussionsPolicy } from "./discussions.policy.ts";
export { hotScore } from "./discussions.service.ts";
export { answersOf, refreshQuestion, requireQuestions, setAnswerStatus } from "./questions.repo.ts";
export { removeIdeaVotesOf } from "./ideas.repo.ts";
export { addDiscussionScore, addDiscussionViews, createCounters } from "./counters.repo.ts";
export { createPostRemoval, type RemovePosts, wipeMemberDiscussions } from "./member-posts.ts";
export type { PostOwners } from "./discussions.post-owners.ts";
export { moveCategoryDiscussions } from "./discussions.moves.repo.ts";
export { markParticipation, markRead } from "./discussions.participation.ts";
export { Expansions, discussionUrl, slugify } from "./discussions.present.ts";
export { countDiscussions, discussionIDRange } from "./discussions.totals.ts";
export { discussionAddressesOf, discussionAuthorsAt } from "./discussions.addresses.ts";
export { exportMemberDiscussions } from "./discussions.export.ts";
export { sitemapDiscussionChunk, sitemapDiscussionTotals } from "./discussions.sitemap.ts";
export {
  insertImportedDiscussions,
  insertImportedUserDiscussions,
  recountImportedDiscussions,
  type ImportedDiscussion,
  type ImportedUserDiscussion,
} from "./discussions.import.ts";
export {
  insertImportedPollOptions,
  insertImportedPollVotes,
  insertImportedPolls,
  settleImportedPolls,
  type ImportedPoll,
  type ImportedPollOption,
  type ImportedPollVote,
} from "./polls.import.ts";

/** Discussions under /api/v2/discussions. */
export async function registerDiscussions(
  app: FastifyInstance,
  platform: Platform,
  deps: {
    categories: CategoryDirectory;
    users: UserFragments;
    tags: TagsService;
    reactions: ReactionSummaries;
    reportMeta?: ReportMetaLoader;
    postTypes?: PostTypeRules;
    /** The comments, notifications and reactions features' writes that merge, split and deletion need. */
    postOwners: PostOwners;
    sections?: SiteSections;
    /** Lists' rows shared between viewers, dropped on content changes; null: every list reads the database. */
    listCache?: ReadCache | null;
  },
): Promise<DiscussionsService> {
  for (const schema of sharedDiscussionSchemas) app.addSchema(schema);
  const { postOwners, ...serviceDeps } = deps;
  const repo = createDiscussionsRepo(platform.db, createPostRemoval(postOwners, platform.clock).removePosts);
  platform.events.on("user.deleted", async ({ deleteMethod }) => {
    if (deleteMethod === "delete") await recountAfterMemberPosts(platform.db);
  });
  const service = createDiscussionsService({ repo, platform, ...serviceDeps });
  const writeDeps = {
    db: platform.db,
    repo,
    events: platform.events,
    ancestry: service.ancestry,
    requirePostableCategory: service.requirePostableCategory,
    postOwners,
    clock: platform.clock,
    postTypes: deps.postTypes,
  };
  const bulk = registerBulkActions(platform.longRunner, writeDeps);
  const split = (body: DiscussionSplit, context: LongRunnerContext, query?: LongRunnerQuery) =>
    startSplit({ ...writeDeps, service, longRunner: platform.longRunner }, body, context, query);
  const changeAuthor = (discussionID: number, insertUserID: number, context: LongRunnerContext) =>
    changeDiscussionAuthor({ ...writeDeps, service }, discussionID, insertUserID, context);
  await app.register(discussionsRoutes, { prefix: "/api/v2", service, bulk, split, changeAuthor });
  await app.register(pollsRoutes, { prefix: "/api/v2", service });
  return service;
}
