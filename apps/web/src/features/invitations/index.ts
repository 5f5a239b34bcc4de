/** Invitations' surface: the dashboard page's routes, loaded with their route. */
export { invitationsPagePath } from "./invitations.path.ts";
export { loadInvitationsRoutes } from "./invitations.lazy.ts";
