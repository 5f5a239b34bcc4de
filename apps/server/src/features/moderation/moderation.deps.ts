/** What moderation uses from other features: only through their public index. */
export { createCounters, type DiscussionsService } from "../discussions/index.ts";
export { restoreComment, reviveCommentTombstone, type TombstoneText } from "../comments/index.ts";
export { unknownUser, type UserFragments } from "../users/index.ts";
