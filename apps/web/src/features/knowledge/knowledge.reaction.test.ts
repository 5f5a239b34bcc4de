import { describe, expect, it } from "vitest";
import type { ArticleReaction } from "@parley/contracts";
import { answerHelpful, helpfulReaction, readHelpfulAnswer, withHelpful } from "./knowledge.reaction.ts";

const counts = (yes: number, no: number, userReaction: ArticleReaction["userReaction"] = null): ArticleReaction => ({
  reactionType: "helpful",
  yes,
  no,
  total: yes + no,
  userReaction,
});

describe("the helpful reaction's optimistic state", () => {
  it("adds a first answer to its side", () => {
    expect(answerHelpful(counts(2, 1), "yes")).toEqual(counts(3, 1, "yes"));
    expect(answerHelpful(counts(2, 1), "no")).toEqual(counts(2, 2, "no"));
  });

  it("moves a changed answer from one side to the other", () => {
    expect(answerHelpful(counts(3, 1, "yes"), "no")).toEqual(counts(2, 2, "no"));
  });

  it("changes nothing when the same answer comes again", () => {
    const state = counts(3, 1, "yes");
    expect(answerHelpful(state, "yes")).toBe(state);
  });

  it("reads an article without reactions as no answers, and replaces only the helpful one", () => {
    expect(helpfulReaction({})).toEqual(counts(0, 0));
    const article = withHelpful({ reactions: [counts(1, 0)] }, counts(2, 0, "yes"));
    expect(article.reactions).toEqual([counts(2, 0, "yes")]);
    expect(helpfulReaction(article)).toEqual(counts(2, 0, "yes"));
  });

  it("accepts only yes and no from a form", () => {
    expect(readHelpfulAnswer("yes")).toBe("yes");
    expect(readHelpfulAnswer("no")).toBe("no");
    expect(readHelpfulAnswer("maybe")).toBeNull();
  });
});
