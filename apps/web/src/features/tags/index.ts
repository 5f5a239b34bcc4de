/** Tags' surface for the dashboard: the page's address and who may open it. The page loads with its route. */
export { canManageTags, tagIndexQuery, tagsPagePath } from "./tags.queries.ts";
export { loadTagIndexRoutes, loadTagsRoutes } from "./tags.lazy.ts";
