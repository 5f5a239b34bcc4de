/** `/profile/account`: the signed-in member's password and sessions. */
export const accountPagePath = "/profile/account";
