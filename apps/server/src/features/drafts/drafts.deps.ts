/** What drafts use from other features: only through their public index. */
export { slugify, type DiscussionsService } from "../discussions/index.ts";
export type { CommentsService } from "../comments/index.ts";
export type { CategoryDirectory } from "../categories/index.ts";
