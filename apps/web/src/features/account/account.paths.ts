/** `/profile/account`: the signed-in member's password and sessions. */
export const accountPagePath = "/profile/account";
/** `/profile/edit`: the signed-in member edits their profile (photo, name, title, location, about, signature). */
export const profileEditPagePath = "/profile/edit";
