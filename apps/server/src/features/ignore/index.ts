import type { FastifyInstance } from "fastify";
import type { Platform } from "../../platform/context.ts";
import type { UserFragments } from "./ignore.deps.ts";
import { createIgnoreRepo } from "./ignore.repo.ts";
import { ignoreRoutes } from "./ignore.routes.ts";
import { createIgnoreService, type IgnoreService } from "./ignore.service.ts";

export type { IgnoreService };

/**
 * Ignoring members (Vanilla's `ignore` add-on). Made before conversations and notifications, which ask
 * who ignores a member; routes come with `registerIgnore`.
 */
export function createIgnore(platform: Platform, users: UserFragments): IgnoreService {
  return createIgnoreService({ repo: createIgnoreRepo(platform.db), platform, users });
}

export async function registerIgnore(app: FastifyInstance, service: IgnoreService): Promise<void> {
  await app.register(ignoreRoutes, { prefix: "/api/v2", service });
}
