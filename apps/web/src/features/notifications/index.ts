/** Notifications' surface for the shell: the member menu and the live updates; the pages load with their routes. */
export { useLiveUpdates } from "./useLiveUpdates.ts";
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export { loadLiveClient, loadNotificationsMenu, loadNotificationsRoutes } from "./notifications.lazy.ts";
