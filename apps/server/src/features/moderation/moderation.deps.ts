/** What moderation uses from other features: only through their public index. */
export { createCounters, hotScore, type DiscussionsService } from "../discussions/index.ts";
export { unknownUser, type UserFragments } from "../users/index.ts";
