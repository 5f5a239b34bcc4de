/**
 * The reactions feature's public surface: the row, its cache contract, the types query for loaders, and the
 * dashboard's Reactions page (its address, who may open it; the page loads with its route).
 */
export { ReactionsRow } from "./ReactionsRow.tsx";
export { reactionName } from "./reaction-names.ts";
export type { ReactionCache } from "./reactions.model.ts";
export { canManageReactions, reactionsPagePath, reactionTypesQuery } from "./reactions.queries.ts";
export { loadReactionsRoutes } from "./reactions.lazy.ts";
