/** Categories' values. Free of TypeBox, so the browser bundle can import them. */

export const categoryDisplayAs = ["categories", "discussions", "flat", "heading"] as const;
export type CategoryDisplayAs = (typeof categoryDisplayAs)[number];

/** Vanilla's root category: every top-level category has it as its parent. */
export const ROOT_CATEGORY_ID = -1;

/**
 * The discussion types Parley posts (Vanilla's `allowedDiscussionTypes` names them): a category may take only some,
 * null (or no value) takes them all.
 */
export const discussionTypes = ["discussion", "question", "idea", "poll"] as const;
export type DiscussionType = (typeof discussionTypes)[number];

/** The discussion types a category takes: its list, or every type when it has none. */
export const allowedTypesOf = (category: { allowedDiscussionTypes?: readonly string[] | null }): string[] =>
  category.allowedDiscussionTypes ? [...category.allowedDiscussionTypes] : [...discussionTypes];
