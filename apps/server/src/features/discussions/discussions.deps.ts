/** What discussions use from other features: only through their public index. */
export { categoryUrl, followedCategoryIDs, type CategoryDirectory, type CategoryNode } from "../categories/index.ts";
export { unknownUser, type UserFragments } from "../users/index.ts";
