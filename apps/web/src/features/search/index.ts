/** Search's surface for the router and the title bar: the search routes and the suggestions, loaded on demand. */
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export { loadSearchRoutes, loadTitleBarSuggestions } from "./search.lazy.ts";
