import type { User, UserProfileFields } from "@parley/contracts";
import type { Kysely } from "kysely";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import type { DB } from "../../platform/db/schema.ts";
import type { createEmailTokens } from "./email-tokens.ts";
import type { DeleteMethod } from "./users.events.ts";
import type { UsersRepo } from "./users.repo.ts";

/*
 * What every operation of the users service is given (`users.service.ts` puts them together): the
 * service's dependencies.
 */

/**
 * What another feature does with a member's content when their account is deleted (`deleteMethod`),
 * inside the deletion's transaction; `db` is that transaction.
 */
export type UserContentRemover = (db: Kysely<DB>, userID: number, deleteMethod: DeleteMethod) => Promise<void>;

/** `reactionsReceived` of a user, by reaction urlcode (the reactions feature provides it). */
export type ReactionsReceived = (userID: number) => Promise<NonNullable<User["reactionsReceived"]>>;

/** `expand=profileFields`: the member's custom profile field values the viewer may see (profile-fields provides it). */
export type ProfileFieldValues = (
  userID: number,
  row: { private: number },
  viewer: Viewer,
) => Promise<UserProfileFields>;

export interface UsersDeps {
  repo: UsersRepo;
  platform: Platform;
  reactionsReceived: ReactionsReceived;
  /** The member's unread notifications (the notifications feature provides it). */
  unreadNotifications: (userID: number, viewer?: Viewer) => Promise<number>;
  unreadConversations: (userID: number) => Promise<number>;
  /** Other features' parts of deleting a member (private messages). */
  contentRemovers: UserContentRemover[];
  profileFields: ProfileFieldValues;
  /** The e-mailed links: confirming an address, resetting a password. */
  tokens: ReturnType<typeof createEmailTokens>;
}
