import type { FastifyInstance } from "fastify";
import { sharedCommentSchemas } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { ReadCache } from "../../platform/read-cache.ts";
import type {
  CategoryDirectory,
  DiscussionsService,
  ReactionSummaries,
  ReportMetaLoader,
  UserFragments,
} from "./comments.deps.ts";
import { createCommentsRepo, type CommentReactionWrites } from "./comments.repo.ts";
import { bulkDeleteCommentsAction } from "./comments.bulk-delete.ts";
import { commentsRoutes } from "./comments.routes.ts";
import { changeCommentAuthor } from "./comments.change-author.ts";
import type { LongRunnerContext } from "../../platform/long-runner/long-runner.ts";
import { createCommentsService, type CommentsService } from "./comments.service.ts";

export type { CommentsService };
export { commentIDRange, countComments } from "./comments.totals.ts";
export { commentAddressesOf, commentAuthorsAt } from "./comments.addresses.ts";
export { exportMemberComments } from "./comments.export.ts";
export { insertImportedComments, recountImportedCommentScores, type ImportedComment } from "./comments.import.ts";
export {
  addCommentScore,
  insertMergedComment,
  moveComments,
  moveDiscussionComments,
  removeComments,
  restoreComment,
  reviveCommentTombstone,
  type TombstoneText,
  wipeMemberComments,
} from "./comments.writes.ts";

/** Comments under /api/v2/comments. */
export async function registerComments(
  app: FastifyInstance,
  platform: Platform,
  deps: {
    discussions: DiscussionsService;
    categories: CategoryDirectory;
    users: UserFragments;
    reactions: ReactionSummaries;
    reportMeta?: ReportMetaLoader;
    /** The reactions feature's writes: a deleted comment's reactions go with it. */
    reactionWrites: CommentReactionWrites;
    /** Lists' rows shared between viewers, dropped on content changes; null: every list reads the database. */
    listCache?: ReadCache | null;
  },
): Promise<CommentsService> {
  for (const schema of sharedCommentSchemas) app.addSchema(schema);
  const { reactionWrites, ...serviceDeps } = deps;
  const repo = createCommentsRepo(platform.db, platform.database.dialect, reactionWrites);
  const service = createCommentsService({ repo, platform, ...serviceDeps });
  platform.longRunner.register(bulkDeleteCommentsAction({ repo, platform, discussions: deps.discussions }));
  const changeAuthor = (commentID: number, insertUserID: number, context: LongRunnerContext) =>
    changeCommentAuthor({ repo, platform, discussions: deps.discussions }, commentID, insertUserID, context);
  await app.register(commentsRoutes, { prefix: "/api/v2", service, longRunner: platform.longRunner, changeAuthor });
  return service;
}
