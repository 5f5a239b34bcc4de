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

/** The comment orders a discussion page offers (spec §3): oldest (default), newest, top, trending. */
export const commentPageSorts = ["dateInserted", "-dateInserted", "-score", "-experimentalTrending"] as const;
export type CommentPageSort = (typeof commentPageSorts)[number];
export const defaultCommentSort: CommentPageSort = "dateInserted";

/** A `?sort=` value as a comment order of the page, or the default. */
export const readCommentSort = (value: string | null | undefined): CommentPageSort =>
  (commentPageSorts as readonly string[]).includes(value ?? "") ? (value as CommentPageSort) : defaultCommentSort;
