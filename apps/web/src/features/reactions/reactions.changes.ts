import type { ReactionType } from "@parley/contracts";
import type { Reactable, ReactionSummary } from "./reactions.model.ts";

// The changes a member's reaction makes to the cached record. Apart from `reactions.model.ts`: they load
// with the reaction controls (on intent), not with the reading page's row.

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
