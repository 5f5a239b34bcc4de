/** The layouts' surface for the router and the shell: the layout page and loader, the title bar, widget registration. */
export { useTitleBar } from "./layouts.queries.ts";
export { ensureTitleBar, refreshTitleBar } from "./layouts.loaders.ts";
export { lookupForUrl } from "./layouts.lookup.ts";
export { fallbackTitleBar } from "./titleBar.ts";
export { LayoutPage, createLayoutLoader } from "./LayoutPage.tsx";
export { LayoutRenderer } from "./LayoutRenderer.tsx";
export { layoutWidgets } from "./layouts.widgets.tsx";
export type { WidgetContext, WidgetDefinition, WidgetRegistry } from "./widgetRegistry.ts";
export { WidgetRegistryContext, prefetchWidgets } from "./widgetRegistry.ts";
