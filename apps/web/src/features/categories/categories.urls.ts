/** The category page's root-relative path: `/categories/{urlcode}` (Vanilla's own URL form). */
export const categoryPath = (category: { urlcode: string; categoryID: number }) =>
  `/categories/${encodeURIComponent(category.urlcode || String(category.categoryID))}`;
