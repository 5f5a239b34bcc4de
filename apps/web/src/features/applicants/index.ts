/** Applicants' surface for the shell: the page's address and who may open it. The page loads with its route. */
export { applicantsPath, canManageApplicants } from "./applicants.queries.ts";
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export { loadApplicantsRoutes } from "./applicants.lazy.ts";
