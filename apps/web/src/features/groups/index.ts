/** The groups feature's public surface, for other features (the create-post page, a discussion's trail). */
export { groupDiscussionCrumbs, groupKeys, groupPath, groupQuery } from "./groups.record.ts";
export { canPostIn } from "./groups.viewer.ts";
