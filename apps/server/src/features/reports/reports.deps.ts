/** What reports use from other features: only through their public index. */
export { unknownUser, type UserFragments } from "../users/index.ts";
export type { CategoryDirectory } from "../categories/index.ts";
