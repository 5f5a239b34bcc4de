import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import type { UserFragments } from "../users/index.ts";
import { createReactionsRepo, type RecordType } from "./reactions.repo.ts";
import type { ReactedSources } from "./reactions.reacted.ts";
import { reactionsRoutes } from "./reactions.routes.ts";
import { createReactionsService, type ReactableLoader, type ReactionsService } from "./reactions.service.ts";

export type { ReactionsService, ReactableLoader } from "./reactions.service.ts";
export { exportMemberReactions } from "./reactions.export.ts";
export {
  foldReactionCode,
  insertImportedReactions,
  reactionTypesByCode,
  type ImportedReaction,
} from "./reactions.import.ts";
export { moveDiscussionReactionsToComment, removeCommentReactions, removePostReactions } from "./reactions.writes.ts";

/** The reactions service, made before discussions and comments so their lists can expand reactions. */
export const createReactions = (platform: Platform, users: UserFragments): ReactionsService =>
  createReactionsService(createReactionsRepo(platform.db), platform, users);

/**
 * Reaction routes; the loaders check that the viewer may see the record reacted to, and the sources list a
 * member's posts that received a reaction (`GET /users/{id}/reacted`).
 */
export async function registerReactions(
  app: FastifyInstance,
  service: ReactionsService,
  loaders: Record<RecordType, ReactableLoader>,
  reacted: { users: UserFragments; sources: ReactedSources },
): Promise<void> {
  await app.register(reactionsRoutes, { prefix: "/api/v2", service, loaders, reacted: { service, ...reacted } });
}
