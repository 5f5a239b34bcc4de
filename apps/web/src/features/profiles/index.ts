/** Profiles' surface for the router: their routes, loaded with them. */
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export { loadProfilesRoutes } from "./profiles.lazy.ts";
