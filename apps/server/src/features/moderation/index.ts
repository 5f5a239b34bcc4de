import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import { registerAuditLog } from "./audit.ts";
import { createHistoryService, type HistoryService } from "./history.service.ts";
import type { DiscussionsService, UserFragments } from "./moderation.deps.ts";
import { createModerationRepo } from "./moderation.repo.ts";
import { moderationRoutes } from "./moderation.routes.ts";

export type { HistoryService };

/** Moderation: revision history, deleted comments and restore, the audit log. */
export async function registerModeration(
  app: FastifyInstance,
  platform: Platform,
  deps: { discussions: DiscussionsService; users: UserFragments },
): Promise<HistoryService> {
  const repo = createModerationRepo(platform.db);
  registerAuditLog(app, platform.db, repo, platform.clock);
  const history = createHistoryService({ repo, platform, ...deps });
  await app.register(moderationRoutes, { prefix: "/api/v2", history });
  return history;
}
