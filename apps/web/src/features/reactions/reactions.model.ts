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
export const reactionPermission = (type: Pick<ReactionType, "class" | "urlCode">) =>
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

/**
 * The reaction change of spec §4, applied to a record: the viewer's old reaction is removed first (its
 * value subtracted from the score, its count lowered); then, unless the clicked type was that old one,
 * the new one is added (its value added, its count raised, marked as the viewer's).
 */
export function toggleReaction(
  record: Reactable,
  type: Pick<ReactionType, "tagID" | "urlCode" | "name" | "class" | "points">,
): Reactable {
  let score = record.score ?? 0;
  const reactions = (record.reactions ?? []).map((reaction) => ({ ...reaction }));
  const current = reactions.find((reaction) => reaction.hasReacted);
  if (current) {
    score -= current.reactionValue ?? 0;
    current.count = Math.max(0, current.count - 1);
    current.hasReacted = false;
  }
  if (current?.tagID !== type.tagID) {
    score += type.points;
    const existing = reactions.find((reaction) => reaction.tagID === type.tagID);
    if (existing) {
      existing.count += 1;
      existing.hasReacted = true;
      existing.reactionValue = type.points;
    } else {
      reactions.push({
        tagID: type.tagID,
        urlcode: type.urlCode,
        name: type.name,
        class: type.class,
        count: 1,
        hasReacted: true,
        reactionValue: type.points,
      });
    }
  }
  return { reactions: reactions.filter((reaction) => reaction.count > 0), score };
}

/** The server's counts after a reaction, keeping which one is the viewer's (the answer does not say). */
export function mergeCounts(
  reactions: ReactionSummary[] | undefined,
  counts: Array<Pick<ReactionSummary, "tagID" | "urlcode" | "name" | "class" | "count">>,
): ReactionSummary[] {
  const mine = new Map((reactions ?? []).map((reaction) => [reaction.tagID, reaction]));
  return counts
    .filter((count) => count.count > 0)
    .map((count) => {
      const known = mine.get(count.tagID);
      return {
        ...count,
        ...(known?.hasReacted !== undefined ? { hasReacted: known.hasReacted } : {}),
        ...(known?.reactionValue !== undefined ? { reactionValue: known.reactionValue } : {}),
      };
    });
}
