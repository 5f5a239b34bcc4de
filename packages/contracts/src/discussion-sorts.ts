export const discussionSorts = [
  "-dateLastComment",
  "dateLastComment",
  "-dateInserted",
  "dateInserted",
  "-score",
  "score",
  "-hot",
  "hot",
  "-discussionID",
  "discussionID",
] as const;
export type DiscussionSort = (typeof discussionSorts)[number];
export const defaultDiscussionSort: DiscussionSort = "-dateLastComment";
