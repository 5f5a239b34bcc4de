/** Applicants' surface for the shell: the page's address and who may open it. The page loads with its route. */
export { applicantsPath, canManageApplicants } from "./applicants.queries.ts";
