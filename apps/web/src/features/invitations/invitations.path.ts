/** The dashboard page where user managers invite addresses and revoke invitations. */
export const invitationsPagePath = "/dashboard/users/invitations";
