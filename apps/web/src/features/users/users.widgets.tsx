import { serverRendered } from "../../ui/kept-html.tsx";
import type { WidgetRegistry } from "../layouts/index.ts";
import { onlineQuery } from "./users.queries.ts";

/**
 * Who's online, rendered by the server only (its own chunk, loaded in the browser only after a navigation in
 * the app to a page that shows it), so reading pages carry none of its JavaScript.
 */
const OnlineNow = serverRendered(() => import("./OnlineNow.tsx").then((module) => module.OnlineNow));

/** The members' layout widgets: who's online, fetched before rendering (null while the add-on is off). */
export const userWidgets = {
  "react.onlineNow": {
    component: OnlineNow,
    prefetch: ({ queryClient, api }, { limit }) => queryClient.ensureQueryData(onlineQuery(api, limit)),
  },
} satisfies WidgetRegistry;
