import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import type { CategoryDirectory, UserFragments } from "./warnings.deps.ts";
import { moderationMessagesRoutes } from "./messages.routes.ts";
import { createModerationMessagesService } from "./messages.service.ts";
import { createWarningsRepo } from "./warnings.repo.ts";
import { warningsRoutes } from "./warnings.routes.ts";
import { createWarningsService } from "./warnings.service.ts";

/**
 * Warnings, moderators' notes and moderation messages (issue 30): `/users/{id}/warnings`, `/users/{id}/notes`
 * and `/moderation-messages`. It installs the platform's posting check: a member whose warnings made them
 * read-only may not post, message or react until the date passes.
 */
export async function registerWarnings(
  app: FastifyInstance,
  platform: Platform,
  deps: { users: UserFragments; categories: CategoryDirectory },
): Promise<void> {
  const repo = createWarningsRepo(platform.db);
  const service = createWarningsService({ repo, platform, users: deps.users });
  platform.restrictions.use((userID) => service.postingRefusal(userID));
  await app.register(warningsRoutes, { prefix: "/api/v2", service });
  await app.register(moderationMessagesRoutes, {
    prefix: "/api/v2",
    service: createModerationMessagesService({ repo, platform, categories: deps.categories }),
  });
}
