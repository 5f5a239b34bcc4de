/** Themes' surface for the shell: the preview banner, who may choose themes, and the page's address. */
export { ThemePreviewBanner } from "./components/ThemePreviewBanner.tsx";
export { canManageThemes, themePreviewQuery, themesPagePath } from "./themes.queries.ts";
