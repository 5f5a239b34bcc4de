/** The log's surface for the router: its routes, loaded with them (the /log/filter addresses are lib/log-filter.ts). */
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export { loadLogRoutes } from "./log.lazy.ts";
