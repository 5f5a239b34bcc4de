import type { WidgetProps } from "@parley/contracts";
import { onDemand } from "../../ui/on-demand.ts";
import type { WidgetContext, WidgetDefinition, WidgetRegistry } from "../layouts/index.ts";

/**
 * The home widgets' module, on demand: the server loads it at start and renders it; the browser loads it
 * before hydrating a page the server rendered one into (`data-home-widget`), and a navigation in the app loads
 * it with the widget's data (`prefetch`, which the page's loader runs before rendering). Reading pages without a
 * home widget never load it: their JavaScript grows only by these few lines.
 */
const homeWidgetsPart = onDemand(() => import("./HomeWidgets.tsx"), { rendered: "[data-home-widget]" });

type HomeWidgetName =
  | "react.collection-records"
  | "react.discussion.discussions"
  | "react.quick-links"
  | "react.cta"
  | "react.categories"
  | "react.article.articles"
  | "react.groups";

const names: readonly HomeWidgetName[] = [
  "react.collection-records",
  "react.discussion.discussions",
  "react.quick-links",
  "react.cta",
  "react.categories",
  "react.article.articles",
  "react.groups",
];

/**
 * The home widgets: a featured collection, filtered discussions, categories, articles, groups, quick links and a
 * call to action. Each renders
 * through the module (`render`; nothing until it is there) and fetches its data there (`prefetch`).
 */
export const homeWidgets = Object.fromEntries(
  names.map((name) => [
    name,
    {
      component: (props: object) => homeWidgetsPart.current()?.render(name, props),
      prefetch: (context: WidgetContext, props: object) =>
        homeWidgetsPart.load().then((module) => module.prefetch(name, context, props)),
    },
  ]),
) as { [Name in HomeWidgetName]: WidgetDefinition<WidgetProps<Name>> } satisfies WidgetRegistry;
