/** Entry's surface for the router: the sign-in, registration and password pages and their actions, each loaded with its route. */
export type { createEntryActions } from "./entry.actions.ts";
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export {
  loadEmailConfirmPages,
  loadEntryActions,
  loadPasswordRequestPage,
  loadPasswordResetPage,
  loadRegisterPage,
  loadSignInPage,
  loadSignOutPage,
  loadTwoFactorPage,
} from "./entry.lazy.ts";
