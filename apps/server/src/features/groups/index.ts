import type { FastifyInstance } from "fastify";
import { sharedGroupSchemas } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { CategoryDirectory } from "../categories/index.ts";
import type { RemovePosts } from "../discussions/index.ts";
import type { UserFragments } from "../users/index.ts";
import { createGroupMembersRepo } from "./group-members.repo.ts";
import { groupMembersRoutes } from "./group-members.routes.ts";
import { createGroupMembersService, type GroupMembersService } from "./group-members.service.ts";
import { createGroupsOverlay } from "./groups.permissions.ts";
import { createGroupsRepo } from "./groups.repo.ts";
import { groupsRoutes } from "./groups.routes.ts";
import { createGroupsLoader, createGroupsService, type GroupsService } from "./groups.service.ts";

export type { GroupsService, GroupMembersService };
export { createGroupsRepo } from "./groups.repo.ts";
export { createGroupMembersRepo } from "./group-members.repo.ts";
export { sitemapGroups } from "./groups.sitemap.ts";
/**
 * Groups under /api/v2 (Vanilla's Groups add-on): /groups and a group's members, applicants and invitations.
 * Its permission overlay makes each group's category readable and writable by the right viewers.
 */
export async function registerGroups(
  app: FastifyInstance,
  platform: Platform,
  deps: { users: UserFragments; categories: CategoryDirectory; removePosts: RemovePosts },
): Promise<{ groups: GroupsService; members: GroupMembersService }> {
  for (const schema of sharedGroupSchemas) app.addSchema(schema);
  const repo = createGroupsRepo(platform.db);
  const membersRepo = createGroupMembersRepo(platform.db);
  const loader = createGroupsLoader({ platform, repo, categories: deps.categories });
  const groups = createGroupsService({
    platform,
    repo,
    members: membersRepo,
    users: deps.users,
    categories: deps.categories,
    removePosts: deps.removePosts,
    loader,
  });
  const members = createGroupMembersService({ platform, members: membersRepo, users: deps.users, loader, groups });
  await app.register(groupsRoutes, { prefix: "/api/v2", groups });
  await app.register(groupMembersRoutes, { prefix: "/api/v2", members });
  return { groups, members };
}

/** Installs the groups' permission overlay: before any request reads permissions. */
export function installGroupPermissions(platform: Platform): void {
  platform.permissions.setOverlay(createGroupsOverlay(createGroupsRepo(platform.db)));
}
