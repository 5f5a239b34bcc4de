/** What the ignore feature uses from other features: only through their public index. */
export type { UserFragments } from "../users/index.ts";
