/** Themes' surface for the shell: the preview banner, who may choose themes, and the page's address. */
export { ThemePreviewBanner } from "./components/ThemePreviewGate.tsx";
export { canManageThemes, themePreviewQuery } from "./themes.preview.ts";
export { styleGuidePath, themesPagePath } from "@parley/contracts/urls";
// Loaders of the on-demand parts: in their own module, so this file stays pure re-exports (a bundle takes
// from it only what an importer uses).
export { loadThemesRoutes } from "./themes.lazy.ts";
