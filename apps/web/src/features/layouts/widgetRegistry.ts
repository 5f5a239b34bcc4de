import { createContext, useContext, type ComponentType } from "react";
import type { QueryClient } from "@tanstack/react-query";
import type { LayoutWidget } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** What a widget's `prefetch` may use: the page's query cache and API, and the page URL. */
export interface WidgetContext {
  queryClient: QueryClient;
  api: ApiClient;
  url: URL;
}

/** A registered widget: its component and, when it shows API data, the loader step that fetches it. */
export interface WidgetDefinition<P> {
  component: ComponentType<P>;
  /** Puts the widget's data in the query cache before rendering (the server renders from it). */
  prefetch?: (context: WidgetContext, props: P) => Promise<unknown>;
}

/** Widget name (`$reactComponent`) → definition. Props are the server's `$reactProps`. */
export type WidgetRegistry = Readonly<Record<string, WidgetDefinition<Record<string, unknown>>>>;

/** Types a widget definition by its props and stores it in the registry's common shape. */
export const defineWidget = <P extends object>(definition: WidgetDefinition<P>) =>
  definition as unknown as WidgetDefinition<Record<string, unknown>>;

const isWidget = (value: unknown): value is LayoutWidget =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { $reactComponent?: unknown }).$reactComponent === "string" &&
  typeof (value as { $reactProps?: unknown }).$reactProps === "object";

/** Every widget of a tree, nested ones (sections' slots, a widget's `actions`) included. */
export function collectWidgets(widgets: readonly LayoutWidget[]): LayoutWidget[] {
  const out: LayoutWidget[] = [];
  const walk = (widget: LayoutWidget) => {
    out.push(widget);
    for (const value of Object.values(widget.$reactProps)) {
      if (Array.isArray(value)) for (const item of value) if (isWidget(item)) walk(item);
    }
  };
  widgets.forEach(walk);
  return out;
}

/** Runs the prefetch of every widget of the layout, all at once. */
export async function prefetchWidgets(
  registry: WidgetRegistry,
  widgets: readonly LayoutWidget[],
  context: WidgetContext,
): Promise<void> {
  await Promise.all(
    collectWidgets(widgets).map(async (widget) => {
      await registry[widget.$reactComponent]?.prefetch?.(context, widget.$reactProps);
    }),
  );
}

export const WidgetRegistryContext = createContext<WidgetRegistry>({});
export const useWidgetRegistry = () => useContext(WidgetRegistryContext);

/** Nested widgets in a props value (a section's slot), or none. */
export const widgetsOf = (value: unknown): LayoutWidget[] => (Array.isArray(value) ? value.filter(isWidget) : []);
