/** The parts of the feature that load on demand, each in its own chunk: importing this file loads none. */
export const loadSearchRoutes = () => import("./search.routes.tsx");
export const loadTitleBarSuggestions = () => import("./components/TitleBarSuggestions.tsx");
