/**
 * Ignoring members: the list query the discussion page loads and the post's check (reading pages); the
 * profile's state query, form and action (the profile chunk); the user card's button (its own chunk); the
 * ignored-members page on demand.
 */
export { ignoredUsersQuery } from "./ignore.queries.ts";
export { ignoreStateQuery } from "./ignore.state.ts";
export { useIgnoredAuthor } from "./useIgnoredAuthor.ts";
export { ignoreAction } from "./ignore.action.ts";
export { IgnoreForm } from "./IgnoreForm.tsx";
export { IgnoreButton } from "./IgnoreButton.tsx";
export { IgnoredDisclosure } from "./IgnoredDisclosure.tsx";
export { loadIgnoreRoutes } from "./ignore.lazy.ts";
