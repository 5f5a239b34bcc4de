/** The parts of the feature that load on demand, each in its own chunk: importing this file loads none. */
export const loadNotificationsMenu = () => import("./components/NotificationsMenu.tsx");
export const loadNotificationsRoutes = () => import("./notifications.routes.tsx");
export const loadLiveClient = () => import("./live/liveClient.ts");
