import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { createEmailTokens } from "./email-tokens.ts";
import { deleteUser } from "./users.delete.ts";
import { cancelScheduledDeletion, deleteOwnAccount, runScheduledDeletions } from "./users.self-delete.ts";
import { bulkAssignRoles, bulkBan, bulkDelete } from "./users.bulk.ts";
import {
  confirmEmail,
  requestPassword,
  resendConfirmation,
  resetPassword,
  sendPasswordReset,
} from "./users.email-links.ts";
import {
  cancelEmailChange,
  confirmEmailChange,
  emailChangeState,
  requestEmailChange,
  resendEmailChange,
} from "./users.email-change.ts";
import { me, meCounts, permissionsOf } from "./users.me.ts";
import type { ProfileFieldValues, ReactionsReceived, UserContentRemover, UsersDeps } from "./users.operation.ts";
import { flushLastSeen, onlineUsers } from "./users.online.ts";
import { getUser, listUsers, presentUserRecord, resolveUser, usersByNames } from "./users.read.ts";
import { createUser, registerUser } from "./users.register.ts";
import type { UsersRepo } from "./users.repo.ts";
import { deleteSessions, listSessions } from "./users.sessions.ts";
import { banUser, updateUser } from "./users.update.ts";

export type { ProfileFieldValues, ReactionsReceived, UserContentRemover } from "./users.operation.ts";

/**
 * Accounts: registration, profiles, roles of a user, bans, deletion, `/users/me`. Each operation is a
 * function of its own file, given the service's dependencies:
 *
 * - `users.read.ts`: `resolve` (smart ids), `present`, `get`, `list`, `byNames`
 * - `users.register.ts`: `register`, `create`
 * - `users.update.ts`: `patch`, `ban`; `users.delete.ts`: `remove`
 * - `users.self-delete.ts`: `deleteOwnAccount`, `cancelScheduledDeletion`, `runScheduledDeletions`
 * - `users.me.ts`: `me`, `meCounts`, `permissionsOf`
 * - `users.email-links.ts`: `resendConfirmation`, `confirmEmail`, `requestPassword`, `sendPasswordReset`,
 *   `resetPassword`
 * - `users.email-change.ts`: `emailChangeState`, `requestEmailChange`, `resendEmailChange`, `cancelEmailChange`,
 *   `confirmEmailChange`
 * - `users.bulk.ts`: `bulkAssignRoles`, `bulkBan`, `bulkDelete`; `users.sessions.ts`: `sessions`, `deleteSessions`
 * - `users.rules.ts`: the rules the writes share (free name and e-mail, assignable roles, bans)
 */
export function createUsersService(
  repo: UsersRepo,
  platform: Platform,
  reactionsReceived: ReactionsReceived,
  /** The member's unread notifications (the notifications feature provides it). */
  unreadNotifications: (userID: number, viewer?: Viewer) => Promise<number> = async () => 0,
  unreadConversations: (userID: number) => Promise<number> = async () => 0,
  /** Other features' parts of deleting a member (private messages). */
  contentRemovers: UserContentRemover[] = [],
  /** `expand=profileFields` (the profile-fields feature provides it). */
  profileFields: ProfileFieldValues = async () => ({}),
) {
  const deps: UsersDeps = {
    repo,
    platform,
    reactionsReceived,
    unreadNotifications,
    unreadConversations,
    contentRemovers,
    profileFields,
    tokens: createEmailTokens(platform),
  };
  /** An operation with the service's dependencies given: the method the service exposes. */
  const bound =
    <Args extends unknown[], Result>(operation: (deps: UsersDeps, ...args: Args) => Result) =>
    (...args: Args): Result =>
      operation(deps, ...args);

  return {
    resolve: bound(resolveUser),
    present: bound(presentUserRecord),

    register: bound(registerUser),
    create: bound(createUser),
    get: bound(getUser),
    list: bound(listUsers),
    byNames: bound(usersByNames),
    online: bound(onlineUsers),
    flushLastSeen: bound(flushLastSeen),
    patch: bound(updateUser),
    ban: bound(banUser),
    remove: bound(deleteUser),
    deleteOwnAccount: bound(deleteOwnAccount),
    cancelScheduledDeletion: bound(cancelScheduledDeletion),
    runScheduledDeletions: bound(runScheduledDeletions),
    me: bound(me),
    meCounts: bound(meCounts),
    permissionsOf: bound(permissionsOf),
    resendConfirmation: bound(resendConfirmation),
    confirmEmail: bound(confirmEmail),
    requestPassword: bound(requestPassword),
    sendPasswordReset: bound(sendPasswordReset),
    resetPassword: bound(resetPassword),
    emailChangeState: bound(emailChangeState),
    requestEmailChange: bound(requestEmailChange),
    resendEmailChange: bound(resendEmailChange),
    cancelEmailChange: bound(cancelEmailChange),
    confirmEmailChange: bound(confirmEmailChange),
    bulkAssignRoles: bound(bulkAssignRoles),
    bulkBan: bound(bulkBan),
    bulkDelete: bound(bulkDelete),
    sessions: bound(listSessions),
    deleteSessions: bound(deleteSessions),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
