/** The reactions feature's public surface: the row, its cache contract, and the types query for loaders. */
export { ReactionsRow } from "./ReactionsRow.tsx";
export type { ReactionCache } from "./reactions.model.ts";
export { reactionTypesQuery } from "./reactions.queries.ts";
