/** Categories' values. Free of TypeBox, so the browser bundle can import them. */

export const categoryDisplayAs = ["categories", "discussions", "flat", "heading"] as const;
export type CategoryDisplayAs = (typeof categoryDisplayAs)[number];

/** Vanilla's root category: every top-level category has it as its parent. */
export const ROOT_CATEGORY_ID = -1;
