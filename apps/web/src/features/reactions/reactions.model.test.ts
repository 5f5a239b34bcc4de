import { describe, expect, it } from "vitest";
import { mergeCounts, toggleReaction } from "./reactions.changes.ts";
import { addableReactionTypes, canViewReactionUsers, visibleCounts, type Reactable } from "./reactions.model.ts";
import { agree, allTypes, disagree, like, promote, spam, reactionType } from "./reactions.testing.ts";

const member = { userID: 7, isAdmin: false, permissions: ["reactions.positive.add", "reactions.negative.add"] };

describe("toggleReaction (spec §4)", () => {
  const record: Reactable = {
    score: 3,
    reactions: [
      { tagID: 5, urlcode: "agree", name: "Agree", class: "Positive", count: 2, hasReacted: false, reactionValue: 1 },
      {
        tagID: 4,
        urlcode: "disagree",
        name: "Disagree",
        class: "Negative",
        count: 1,
        hasReacted: false,
        reactionValue: -1,
      },
    ],
  };

  it("adds an unreacted type: its value into the score, its count up, marked as the viewer's", () => {
    const next = toggleReaction(record, like);
    expect(next.score).toBe(4);
    expect(next.reactions?.find((r) => r.tagID === like.tagID)).toMatchObject({ count: 1, hasReacted: true });
    expect(next.reactions?.find((r) => r.tagID === agree.tagID)).toMatchObject({ count: 2, hasReacted: false });
    // The input is not changed (the cache keeps its snapshot for a rollback).
    expect(record.reactions?.find((r) => r.tagID === like.tagID)).toBeUndefined();
  });

  it("switching removes the old reaction first: old value out, new value in", () => {
    const reacted = toggleReaction(record, disagree); // score 3 - 1 = 2, disagree 2
    expect(reacted.score).toBe(2);
    const switched = toggleReaction(reacted, promote); // remove -1 (→ 3), add 5 (→ 8)
    expect(switched.score).toBe(8);
    expect(switched.reactions?.find((r) => r.tagID === disagree.tagID)).toMatchObject({ count: 1, hasReacted: false });
    expect(switched.reactions?.find((r) => r.tagID === promote.tagID)).toMatchObject({ count: 1, hasReacted: true });
    expect(switched.reactions?.filter((r) => r.hasReacted)).toHaveLength(1);
  });

  it("clicking the active type removes it, and a type nobody else used disappears", () => {
    const reacted = toggleReaction(record, like);
    const removed = toggleReaction(reacted, like);
    expect(removed.score).toBe(3);
    expect(removed.reactions?.find((r) => r.tagID === like.tagID)).toBeUndefined();
    expect(removed.reactions?.some((r) => r.hasReacted)).toBe(false);
  });

  it("treats a null score as 0 and a record without reactions as empty", () => {
    expect(toggleReaction({ score: null }, agree)).toMatchObject({ score: 1, reactions: [{ tagID: 5, count: 1 }] });
  });
});

describe("which reactions a viewer sees (spec §5)", () => {
  it("members get the types of their add permissions; Flag-class never; Promote needs curation.manage", () => {
    expect(addableReactionTypes(allTypes, member).map((type) => type.urlCode)).toEqual(["disagree", "agree", "like"]);
    const positiveOnly = { ...member, permissions: ["reactions.positive.add"] };
    expect(addableReactionTypes(allTypes, positiveOnly).map((type) => type.urlCode)).toEqual(["agree", "like"]);
    const curator = { ...member, permissions: [...member.permissions, "curation.manage", "reactions.flag.add"] };
    expect(addableReactionTypes(allTypes, curator).map((type) => type.urlCode)).toEqual([
      "promote",
      "disagree",
      "agree",
      "like",
    ]);
    const admin = { userID: 1, isAdmin: true, permissions: [] };
    expect(addableReactionTypes(allTypes, admin).map((type) => type.urlCode)).not.toContain(spam.urlCode);
  });

  it("inactive types are left out, and guests get none", () => {
    const inactive = reactionType(8, "up", "Vote Up", "Positive", 1, { active: false });
    expect(addableReactionTypes([inactive, like], member).map((type) => type.urlCode)).toEqual(["like"]);
    expect(
      addableReactionTypes(allTypes, { userID: 0, isAdmin: false, permissions: ["reactions.positive.add"] }),
    ).toEqual([]);
    expect(addableReactionTypes(allTypes, undefined)).toEqual([]);
  });

  it("the user list needs reactions.view", () => {
    expect(canViewReactionUsers(member)).toBe(false);
    expect(canViewReactionUsers({ ...member, permissions: ["reactions.view"] })).toBe(true);
  });

  it("guests' counts leave out Flag reactions and empty types", () => {
    expect(
      visibleCounts([
        { tagID: 7, urlcode: "like", name: "Like", class: "Positive", count: 2 },
        { tagID: 14, urlcode: "spam", name: "Spam", class: "Flag", count: 5 },
        { tagID: 5, urlcode: "agree", name: "Agree", class: "Positive", count: 0 },
      ]).map((reaction) => reaction.urlcode),
    ).toEqual(["like"]);
  });
});

describe("mergeCounts", () => {
  it("takes the server's counts and keeps which one is the viewer's", () => {
    const merged = mergeCounts(
      [{ tagID: 7, urlcode: "like", name: "Like", class: "Positive", count: 1, hasReacted: true, reactionValue: 1 }],
      [
        { tagID: 7, urlcode: "like", name: "Like", class: "Positive", count: 4 },
        { tagID: 5, urlcode: "agree", name: "Agree", class: "Positive", count: 0 },
      ],
    );
    expect(merged).toEqual([
      { tagID: 7, urlcode: "like", name: "Like", class: "Positive", count: 4, hasReacted: true, reactionValue: 1 },
    ]);
  });
});
