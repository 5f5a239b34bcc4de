/** The member's privacy page (private profile, online status, their data, deleting the account), loaded on demand. */
export { loadPrivacyRoutes } from "./privacy.lazy.ts";
