/**
 * Authenticators' surface: the sign-in buttons the entry pages show and the query their routes preload, who may
 * open the dashboard page, and its routes (the dashboard page and the connect page), loaded with their route.
 */
export { authenticatorsPagePath } from "@parley/contracts/authenticators-constants";
export { canManageAuthenticators, signInButtonsQuery } from "./authenticators.queries.ts";
export { loadAuthenticatorsRoutes } from "./authenticators.lazy.ts";
export { SignInButtons } from "./SignInButtons.tsx";
