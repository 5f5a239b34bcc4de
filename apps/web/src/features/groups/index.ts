/** The groups feature's surface for the router (a group's query and address live in lib/group-record.ts). */
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export { loadGroupsEditorRoutes, loadGroupsRoutes } from "./groups.lazy.ts";
