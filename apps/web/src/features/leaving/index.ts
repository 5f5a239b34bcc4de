/** The leaving page's surface for the router (loaded with its route). */
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export { loadLeavingPage } from "./leaving.lazy.ts";
