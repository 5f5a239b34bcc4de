/** Watched words' surface for the dashboard: the page's address and who may open it. The page loads with its route. */
export { canManageWatchedWords, watchedWordsPagePath } from "./spam.queries.ts";
export { loadWatchedWordsRoutes } from "./spam.lazy.ts";
