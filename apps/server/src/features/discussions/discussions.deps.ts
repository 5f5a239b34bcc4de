/** What discussions use from other features: only through their public index. */
export {
  adjustCategoryCounts,
  categoryUrl,
  followedCategoryIDs,
  recountCategories,
  type CategoryDirectory,
} from "../categories/index.ts";
export {
  adjustPostCount,
  createNewMemberLimits,
  recountPostCounts,
  unknownUser,
  type UserFragments,
} from "../users/index.ts";
