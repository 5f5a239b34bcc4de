/**
 * Post types and post fields' surface (the post types add-on): the dashboard pages (their addresses, who may open
 * them; they load with their routes), the site's post types for the new-post form (its fields are the discussions'), and a post's values.
 */
export { postFieldsDashboardPath, postTypesDashboardPath } from "@parley/contracts/post-types-constants";
export { canManagePostTypes, composerPostTypesQuery, offeredPostTypes, postFieldsQuery } from "./post-types.queries.ts";
export { loadPostTypesRoutes } from "./post-types.lazy.ts";
export { PostMetaSlot } from "./components/postMetaSlot.tsx";
