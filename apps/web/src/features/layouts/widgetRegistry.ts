import { createContext, useContext, type ComponentType } from "react";
import type { QueryClient } from "@tanstack/react-query";
import type { LayoutWidget, WidgetName, WidgetProps } from "@parley/contracts";
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

/**
 * Widget name (`$reactComponent`) → definition, its props the contract's for that name. Each feature
 * exports the widgets it owns (`… satisfies WidgetRegistry`); the app's routes put them together.
 */
export type WidgetRegistry = { readonly [Name in WidgetName]?: WidgetDefinition<WidgetProps<Name>> };

/** The definition registered for a widget's name, typed by that name's props. */
export const definitionOf = <Name extends WidgetName>(
  registry: WidgetRegistry,
  name: Name,
): WidgetDefinition<WidgetProps<Name>> | undefined => registry[name];

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
    const values: unknown[] = Object.values(widget.$reactProps);
    for (const value of values) {
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
      await definitionOf(registry, widget.$reactComponent)?.prefetch?.(context, widget.$reactProps);
    }),
  );
}

export const WidgetRegistryContext = createContext<WidgetRegistry>({});
export const useWidgetRegistry = () => useContext(WidgetRegistryContext);
