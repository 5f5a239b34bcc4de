import { useSuspenseQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { WidgetProps } from "@parley/contracts";
import { useApi } from "../../lib/api-context.tsx";
import { onDemand, useOnDemand } from "../../ui/on-demand.ts";
import type { WidgetRegistry } from "../layouts/index.ts";
import { onlineQuery } from "./users.queries.ts";

/**
 * Who's online, in its own chunk: loaded before hydrating when the server rendered it (the add-on on), so
 * reading pages without it never carry it.
 */
const onlineNow = onDemand(() => import("./OnlineNow.tsx"), { rendered: "[data-part=online-now]" });

function OnlineNowGate(props: WidgetProps<"react.onlineNow">) {
  const { data } = useSuspenseQuery(onlineQuery(useApi(), props.limit));
  const { module, preload } = useOnDemand(onlineNow);
  useEffect(() => {
    if (data) preload();
  }, [data, preload]);
  return data && module ? <module.OnlineNow {...props} /> : null;
}

/** The members' layout widgets: who's online, fetched before rendering (null while the add-on is off). */
export const userWidgets = {
  "react.onlineNow": {
    component: OnlineNowGate,
    prefetch: ({ queryClient, api }, { limit }) => queryClient.ensureQueryData(onlineQuery(api, limit)),
  },
} satisfies WidgetRegistry;
