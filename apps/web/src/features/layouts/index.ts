export { useTitleBar, layoutKeys, layoutQuery } from "./layouts.queries.ts";
export { ensureTitleBar, refreshTitleBar } from "./layouts.loaders.ts";
export { lookupForUrl } from "./layouts.lookup.ts";
export { fallbackTitleBar } from "./titleBar.ts";
export { LayoutPage, createLayoutLoader } from "./LayoutPage.tsx";
export { LayoutRenderer, WidgetErrorBoundary } from "./LayoutRenderer.tsx";
export { defineWidget, type WidgetRegistry, type WidgetDefinition, type WidgetContext } from "./widgetRegistry.ts";
