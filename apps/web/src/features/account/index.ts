/** The member's account page (password, sessions): its path and its routes, loaded on demand. */
export { accountPagePath, profileEditPagePath } from "./account.paths.ts";
export { loadAccountRoutes } from "./account.lazy.ts";
export { loadProfileEditRoutes } from "./profile-edit.lazy.ts";
