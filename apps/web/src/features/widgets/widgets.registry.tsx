import { useEffect } from "react";
import type { WidgetName, WidgetProps } from "@parley/contracts";
import { onDemand, useOnDemand } from "../../ui/on-demand.ts";
import type { WidgetDefinition, WidgetRegistry } from "../layouts/index.ts";

/**
 * The home widgets' module, on demand: the server loads it at start and renders it; the browser loads it
 * before hydrating a page the server rendered it into (`data-home-widget`), or when a navigation in the app
 * shows one. Reading pages without a home widget never load it, so their JavaScript does not grow.
 */
const homeWidgetsPart = onDemand(() => import("./HomeWidgets.tsx"), { rendered: "[data-home-widget]" });

type HomeWidgetName = "react.collection-records" | "react.discussion.discussions" | "react.quick-links" | "react.cta";

function OnDemandWidget({ name, props }: { name: HomeWidgetName; props: object }) {
  const { module, preload } = useOnDemand(homeWidgetsPart);
  useEffect(() => {
    if (!module) preload();
  }, [module, preload]);
  return module ? <module.HomeWidget name={name} props={props} /> : null;
}

const homeWidget = <Name extends HomeWidgetName & WidgetName>(name: Name): WidgetDefinition<WidgetProps<Name>> => ({
  component: (props) => <OnDemandWidget name={name} props={props} />,
  prefetch: (context, props) =>
    homeWidgetsPart.load().then((module) => module.prefetchHomeWidget(name, context, props)),
});

/** The home widgets: a featured collection, filtered discussions, quick links and a call to action. */
export const homeWidgets = {
  "react.collection-records": homeWidget("react.collection-records"),
  "react.discussion.discussions": homeWidget("react.discussion.discussions"),
  "react.quick-links": homeWidget("react.quick-links"),
  "react.cta": homeWidget("react.cta"),
} satisfies WidgetRegistry;
