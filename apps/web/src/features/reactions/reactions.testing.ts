import type { ReactionType } from "@parley/contracts";

/** Reaction types as GET /reactions answers them (test data, not part of the app). */
export const reactionType = (
  tagID: number,
  urlCode: string,
  name: string,
  klass: string,
  points: number,
  extra: Partial<ReactionType> = {},
): ReactionType => ({
  tagID,
  urlCode,
  name,
  description: "",
  class: klass,
  points,
  sort: tagID,
  active: true,
  custom: false,
  hidden: false,
  attributes: {},
  photoUrl: `http://localhost/images/reactions/${urlCode}.svg`,
  ...extra,
});

export const promote = reactionType(1, "promote", "Promote", "Positive", 5);
export const disagree = reactionType(4, "disagree", "Disagree", "Negative", -1);
export const agree = reactionType(5, "agree", "Agree", "Positive", 1);
export const like = reactionType(7, "like", "Like", "Positive", 1);
export const spam = reactionType(14, "spam", "Spam", "Flag", 0);
export const allTypes = [promote, disagree, agree, like, spam];
