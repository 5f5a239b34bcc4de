/**
 * The tick types Parley's own app sends, without the schemas (the app's first script imports this module, and a
 * module it imports is bundled whole: `tick.ts` would bring the schema library with it).
 */

/** The tick the app sends for a page it showed after hydrating (the server counted the first one itself). */
export const PAGE_VIEW_TICK = "page_view";
