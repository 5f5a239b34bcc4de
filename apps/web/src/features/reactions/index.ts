/** The reactions feature's public surface: the row, its cache contract, and the types query for loaders. */
export { ReactionsRow, type ReactionsRowProps } from "./ReactionsRow.tsx";
export type { Reactable, ReactionCache, ReactionSummary, Viewer } from "./reactions.model.ts";
export { reactionKeys, reactionTypesQuery } from "./reactions.queries.ts";
export type { ReactionRecordType } from "./reactions.api.ts";
