import { newMemberMessages, type NewMemberLimits } from "@parley/contracts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { Platform } from "../../platform/context.ts";
import { fieldError, HttpError, validationFailed } from "../../platform/errors.ts";
import { normalizeFormat, postMedia } from "../../platform/render/index.ts";
import { checkRankLinks } from "./users.rank-abilities.ts";
import { createUsersRepo } from "./users.repo.ts";
import type { UserRow } from "./users.repo.ts";
import { usersPolicy } from "./users.policy.ts";

const DAY_MS = 24 * 60 * 60_000;

/** The limits the site sets for new members (`newMembers.*` site settings). */
async function newMemberSettings(platform: Pick<Platform, "siteConfig">): Promise<NewMemberLimits> {
  const config = platform.siteConfig;
  const [postsPerDay, maxLinks, maxImages, canMessage, trustPosts, trustDays] = await Promise.all([
    config.get("newMembers.postsPerDay"),
    config.get("newMembers.maxLinks"),
    config.get("newMembers.maxImages"),
    config.get("newMembers.canMessage"),
    config.get("newMembers.trustPosts"),
    config.get("newMembers.trustDays"),
  ]);
  return { postsPerDay, maxLinks, maxImages, canMessage, trustPosts, trustDays };
}

/**
 * THE rule of who is still new: a member is trusted once their published posts (discussions + comments) reach
 * `trustPosts`, or their account is `trustDays` old, whichever comes first (0 turns that way off; both off: nobody
 * is new). Asked through `createNewMemberLimits(platform).isNew(user)` (the premoderation queue) and `limitsFor`.
 */
function isNewMember(
  user: Pick<UserRow, "countDiscussions" | "countComments" | "dateInserted">,
  settings: Pick<NewMemberLimits, "trustPosts" | "trustDays">,
  now: Date,
): boolean {
  const { trustPosts, trustDays } = settings;
  if (trustPosts <= 0 && trustDays <= 0) return false;
  if (trustPosts > 0 && user.countDiscussions + user.countComments >= trustPosts) return false;
  if (trustDays > 0 && now.getTime() - new Date(user.dateInserted).getTime() >= trustDays * DAY_MS) return false;
  return true;
}

/** A post checked against the limits: its body and format; an edit is not a new post of the day. */
export interface NewMemberPost {
  body: string;
  format: string;
  edit?: boolean;
}

/**
 * The limits for new members, enforced by the services that write posts and messages (through the users index):
 * `limitsFor` says which apply to a viewer (null: none: trusted, a moderator or site manager, a guest).
 */
export function createNewMemberLimits(platform: Platform) {
  const repo = createUsersRepo(platform.db);

  async function limitsFor(viewer: Viewer): Promise<NewMemberLimits | null> {
    const user = viewer.user;
    if (!user || usersPolicy.skipsNewMemberLimits(viewer)) return null;
    const settings = await newMemberSettings(platform);
    return isNewMember(user, settings, platform.clock.now()) ? settings : null;
  }

  return {
    limitsFor,

    /** Whether a member (any account, e.g. a post's author) is still new by the site's settings, roles aside. */
    async isNew(user: Pick<UserRow, "countDiscussions" | "countComments" | "dateInserted">): Promise<boolean> {
      return isNewMember(user, await newMemberSettings(platform), platform.clock.now());
    },

    /**
     * Before a discussion or comment is written (or edited): a new member past their posts of the last 24 hours
     * gets a 429; a body with more links or images than allowed a 422 on `body`. The sentence names the limit.
     * First, whatever the member's age: a link their rank refuses (the ranks add-on's abilities) is a 422 too.
     */
    async checkPost(viewer: Viewer, post: NewMemberPost): Promise<void> {
      await checkRankLinks(platform, viewer, post);
      const limits = await limitsFor(viewer);
      if (!limits) return;
      if (!post.edit && limits.postsPerDay > 0) {
        const since = new Date(platform.clock.now().getTime() - DAY_MS).toISOString();
        if ((await repo.postsSince(viewer.userID, since)) >= limits.postsPerDay)
          throw new HttpError(429, newMemberMessages.postsPerDay(limits));
      }
      if (limits.maxLinks <= 0 && limits.maxImages <= 0) return;
      const media = postMedia(post.body, normalizeFormat(post.format) ?? "text");
      const errors = [
        ...(limits.maxLinks > 0 && media.links > limits.maxLinks
          ? [fieldError("body", "invalid", newMemberMessages.links(limits), 422)]
          : []),
        ...(limits.maxImages > 0 && media.images > limits.maxImages
          ? [fieldError("body", "invalid", newMemberMessages.images(limits), 422)]
          : []),
      ];
      if (errors.length) throw validationFailed(errors);
    },

    /** Before a private message is sent (a new conversation or a reply): a 403 while new members may not. */
    async checkMessage(viewer: Viewer): Promise<void> {
      const limits = await limitsFor(viewer);
      if (limits && !limits.canMessage) throw new HttpError(403, newMemberMessages.messages(limits));
    },
  };
}
