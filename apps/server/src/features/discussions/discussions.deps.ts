/** What discussions use from other features: only through their public index. */
export {
  adjustCategoryCounts,
  categoryUrl,
  followedCategoryIDs,
  recountCategories,
  type CategoryDirectory,
} from "../categories/index.ts";
export type { PostTypeRules } from "../post-types/index.ts";
export {
  adjustPostCount,
  createNewMemberLimits,
  editWindowFor,
  recountPostCounts,
  unknownUser,
  type UserFragments,
} from "../users/index.ts";
export { movePostPoints } from "../reputation/index.ts";
