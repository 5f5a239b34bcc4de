/** What conversations use from other features: only through their public index. */
export { unknownUser, type UserFragments } from "../users/index.ts";
