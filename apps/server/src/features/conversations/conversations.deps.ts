/** What conversations use from other features: only through their public index. */
export { removeNotificationsAbout } from "../notifications/index.ts";
export { createNewMemberLimits, unknownUser, type UserContentRemover, type UserFragments } from "../users/index.ts";
