/** What the warnings feature uses from other features: only through their public index. */
export { banAutomatically, unknownUser, type UserFragments } from "../users/index.ts";
export type { CategoryDirectory } from "../categories/index.ts";
