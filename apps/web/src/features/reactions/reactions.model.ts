import type { Me, ReactionType } from "@parley/contracts";

/** A record's reaction count as discussions and comments carry it (`expand=reactions`). */
export interface ReactionSummary {
  tagID: number;
  urlcode: string;
  name: string;
  class: string;
  count: number;
  hasReacted?: boolean;
  reactionValue?: number;
}

/** What a reaction changes on its record: the counts and the score. */
export interface Reactable {
  reactions?: ReactionSummary[] | undefined;
  score: number | null;
}

/**
 * Where a record lives in the query cache and how to change it there: the reaction row changes the
 * cached record optimistically and puts the snapshot back on failure.
 */
export interface ReactionCache {
  queryKey: readonly unknown[];
  update: (data: unknown, change: <T extends Reactable>(record: T) => T) => unknown;
}

export type Viewer = Pick<Me, "userID" | "isAdmin" | "permissions">;

const has = (viewer: Viewer | undefined, permission: string) =>
  !!viewer && (viewer.isAdmin || viewer.permissions.includes(permission));

const isFlag = (type: Pick<ReactionType, "class">) => type.class.toLowerCase() === "flag";

/** The permission to add a reaction type: Promote is curation, the others `reactions.{class}.add` (spec §6). */
const reactionPermission = (type: Pick<ReactionType, "class" | "urlCode">) =>
  type.urlCode === "promote" ? "curation.manage" : `reactions.${type.class.toLowerCase()}.add`;

/** The types the row offers this viewer: active, not Flag-class, with the matching add permission (spec §5). */
export const addableReactionTypes = (types: ReactionType[], viewer: Viewer | undefined): ReactionType[] =>
  viewer && viewer.userID !== 0
    ? types
        .filter((type) => type.active && !isFlag(type) && has(viewer, reactionPermission(type)))
        .sort((a, b) => a.sort - b.sort)
    : [];

/** Whether the viewer may see who reacted (spec §5: reactions.view). */
export const canViewReactionUsers = (viewer: Viewer | undefined) => has(viewer, "reactions.view");

/** What guests see: the counts of the non-Flag reactions a record has. */
export const visibleCounts = (reactions: ReactionSummary[] | undefined) =>
  (reactions ?? []).filter((reaction) => !isFlag(reaction) && reaction.count > 0);
