import type { FastifyInstance } from "fastify";
import { sharedUserSchemas } from "@parley/contracts";
import type { Platform } from "../../platform/context.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { applicantsRoutes } from "./applicants.routes.ts";
import { createApplicantsService } from "./applicants.service.ts";
import { createAuthenticateService } from "./authenticate.service.ts";
import { createEmailTokens } from "./email-tokens.ts";
import { createInvitationsRepo } from "./invitations.repo.ts";
import { invitationsRoutes } from "./invitations.routes.ts";
import { createInvitationsService } from "./invitations.service.ts";
import { createUsersRepo } from "./users.repo.ts";
import { createTwoFactorRepo } from "./two-factor.repo.ts";
import { requireAdminTwoFactor } from "./two-factor.required.ts";
import { twoFactorRoutes } from "./two-factor.routes.ts";
import { createTwoFactorService } from "./two-factor.service.ts";
import { usersAccountRoutes } from "./users.account.routes.ts";
import { usersManageRoutes } from "./users.manage.routes.ts";
import { emailChangeRoutes } from "./users.email-change.routes.ts";
import { usersRoutes } from "./users.routes.ts";
import { userPhotoRoutes } from "./users.photo.routes.ts";
import { letterAvatarRoutes } from "./users.avatars.routes.ts";
import type { PhotoStore } from "./users.photo.ts";
import { requestContext } from "../../platform/http/request-context.ts";
import {
  createUsersService,
  type ProfileFieldValues,
  type ReactionsReceived,
  type UserContentRemover,
  type UsersService,
} from "./users.service.ts";

export type { UserContentRemover, UsersService } from "./users.service.ts";
export type { PhotoStore } from "./users.photo.ts";
export { adjustPostCount, adjustUserPoints, clearUserPoints, recountPostCounts } from "./users.counters.ts";
export { recomputeAllRanks, releaseRank, setManualRank } from "./users.ranks.ts";
export { createUserFragments, unknownUser, type UserFragments } from "./users.fragments.ts";
export { countMembers, countMembersByRole, giveRoleMembersRole, memberIDRange } from "./users.totals.ts";
export { exportMemberProfile } from "./users.export.ts";
export { profilesReadableBy, sitemapProfileChunk, sitemapProfileTotals } from "./users.sitemap.ts";
export { banAutomatically, systemUserID } from "./users.system.ts";
export { memberAddresses, memberIdentities, membersAtAddresses } from "./users.addresses.ts";
export { createNewMemberLimits } from "./users.new-members.ts";
export { editWindowFor } from "./users.rank-abilities.ts";
export { insertImportedUserRoles, insertImportedUsers, setImportedPhotos, type ImportedUser } from "./users.import.ts";

/** Users and sign-in: shared schemas, services and routes under /api/v2. */
import { UNBAN_JOB, unbanExpired } from "./users.update.ts";
import { ONLINE_FLUSH_JOB, ONLINE_FLUSH_MS } from "./users.online.ts";
import { SCHEDULED_DELETIONS_JOB } from "./users.self-delete.ts";

export { SCHEDULED_DELETIONS_JOB } from "./users.self-delete.ts";

export async function registerUsers(
  app: FastifyInstance,
  platform: Platform,
  reactionsReceived: ReactionsReceived,
  unreadNotifications: (userID: number, viewer?: Viewer) => Promise<number> = async () => 0,
  unreadConversations: (userID: number) => Promise<number> = async () => 0,
  contentRemovers: UserContentRemover[] = [],
  profileFields?: ProfileFieldValues,
): Promise<UsersService> {
  for (const schema of sharedUserSchemas) app.addSchema(schema);
  const repo = createUsersRepo(platform.db);
  const service = createUsersService(
    repo,
    platform,
    reactionsReceived,
    unreadNotifications,
    unreadConversations,
    contentRemovers,
    profileFields,
  );
  const twoFactorRepo = createTwoFactorRepo(platform.db);
  const twoFactor = createTwoFactorService(twoFactorRepo, repo, platform);
  const authenticate = createAuthenticateService(
    repo,
    platform,
    (request) => service.me(requestContext(request)),
    twoFactor,
  );
  requireAdminTwoFactor(app, twoFactor, twoFactorRepo);
  const applicants = createApplicantsService(repo, platform, createEmailTokens(platform));
  await app.register(usersRoutes, { prefix: "/api/v2", service, authenticate, platform });
  await app.register(letterAvatarRoutes);
  await app.register(usersManageRoutes, { prefix: "/api/v2", service, platform });
  await app.register(emailChangeRoutes, { prefix: "/api/v2", service, platform });
  await app.register(usersAccountRoutes, { prefix: "/api/v2", service, platform });
  await app.register(twoFactorRoutes, { prefix: "/api/v2", twoFactor, authenticate });
  // A deleted account's key and recovery codes go with it.
  platform.events.on("user.deleted", async ({ userID }) => void (await twoFactorRepo.remove(userID)));
  // Bans that end are lifted at their end (this process wakes the job for the bans it gives) or within a minute.
  platform.jobs.register(UNBAN_JOB, async () => void (await unbanExpired({ repo, platform })), { everyMs: 60_000 });
  // Members' own deletions whose grace period ended (woken for each one scheduled, else hourly).
  platform.jobs.register(SCHEDULED_DELETIONS_JOB, async () => void (await service.runScheduledDeletions()), {
    everyMs: 60 * 60_000,
  });
  // Who's online: the members this process saw, written to dateLastActive in one transaction a minute.
  platform.jobs.register(ONLINE_FLUSH_JOB, async () => void (await service.flushLastSeen()), {
    everyMs: ONLINE_FLUSH_MS,
  });
  app.addHook("preClose", async () => void (await service.flushLastSeen()));
  await app.register(applicantsRoutes, { prefix: "/api/v2", applicants });
  const invitations = createInvitationsService(createInvitationsRepo(platform.db), repo, platform);
  await app.register(invitationsRoutes, { prefix: "/api/v2", invitations });
  return service;
}

/**
 * Members' photos (`/users/{id}/photo`) and their profile form's record (`/users/{id}/edit`): the photos are kept in
 * the media feature's storage, so these register once it exists.
 */
export async function registerUserPhotos(app: FastifyInstance, platform: Platform, store: PhotoStore): Promise<void> {
  await app.register(userPhotoRoutes, {
    prefix: "/api/v2",
    deps: { repo: createUsersRepo(platform.db), platform },
    store,
  });
  // A deleted member's photo files go with the account (its row already has no photo).
  platform.events.on("user.deleted", async ({ userID }) => store.removeAttached("user", userID));
}
export { createConnectedAccounts, type ConnectedAccounts } from "./users.connect.ts";
