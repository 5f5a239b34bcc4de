/** What happens to a deleted member's posts: kept, wiped (blanked) or deleted with the account. */
export type DeleteMethod = "keep" | "wipe" | "delete";

declare module "../../platform/events.ts" {
  interface EventMap {
    /** What one member may do changed: banned or unbanned, roles changed, account deleted. */
    "user.access.changed": { userID: number };
    /** An account was made (registration, an administrator, a first sign-in elsewhere), after its transaction. */
    "user.created": { userID: number };
    /** A member's record was changed through `PATCH /users/{id}` (any field), after its transaction. */
    "user.updated": { userID: number };
    /** Someone registered while registration needs approval: an applicant waits (`/applicants`). */
    "user.applied": { userID: number };
    /** A member was deleted (after the deletion's transaction): with `delete`, their posts went with them. */
    "user.deleted": { userID: number; deleteMethod: DeleteMethod };
    /** A member was banned (by a moderator, in bulk, or by the site itself), after the ban was written. */
    "user.banned": { userID: number };
    /** A member's photo changed (set or removed): answers that show the member are out of date. */
    "user.profile.changed": { userID: number };
  }
}
