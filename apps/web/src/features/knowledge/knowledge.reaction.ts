import type { Article, ArticleReaction } from "@parley/contracts";

export type HelpfulAnswer = "yes" | "no";

const noAnswers: ArticleReaction = { reactionType: "helpful", yes: 0, no: 0, total: 0, userReaction: null };

/** The article's "Was this article helpful?" counts and the viewer's own answer (none yet: zeros). */
export function helpfulReaction(article: Pick<Article, "reactions">): ArticleReaction {
  return article.reactions?.find((reaction) => reaction.reactionType === "helpful") ?? noAnswers;
}

/**
 * The counts once the viewer answers: a first answer adds one to its side; a changed answer moves one
 * from the other side; the same answer again changes nothing.
 */
export function answerHelpful(reaction: ArticleReaction, answer: HelpfulAnswer): ArticleReaction {
  const previous = reaction.userReaction;
  if (previous === answer) return reaction;
  const next = { ...reaction, userReaction: answer, [answer]: reaction[answer] + 1 };
  if (previous) next[previous] = Math.max(0, reaction[previous] - 1);
  next.total = next.yes + next.no;
  return next;
}

/** The article with its helpful reaction replaced (the other reactions kept). */
export function withHelpful<T extends Pick<Article, "reactions">>(article: T, reaction: ArticleReaction): T {
  const others = (article.reactions ?? []).filter((item) => item.reactionType !== "helpful");
  return { ...article, reactions: [...others, reaction] };
}

/** A posted answer (`helpful=yes|no`), or null. */
export const readHelpfulAnswer = (value: string): HelpfulAnswer | null =>
  value === "yes" || value === "no" ? value : null;
