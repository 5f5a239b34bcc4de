/** The users' surface for everyone: who is looking (`meQuery`, `requireMember`), the user keys and API. */
export { meQuery, requireMember, requirePermitted, userKeys } from "./users.queries.ts";
export { usersApi } from "./users.api.ts";
export { entryApi } from "./users.entry.api.ts";
export { userWidgets } from "./users.widgets.tsx";
