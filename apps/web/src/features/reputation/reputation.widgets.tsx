import { serverRendered } from "../../ui/kept-html.tsx";
import type { WidgetRegistry } from "../layouts/index.ts";
import { leadersParams, leadersQuery } from "./reputation.queries.ts";

/** The panel's leaderboard, rendered by the server only (its own chunk), so reading pages carry none of its JavaScript. */
const LeaderboardBox = serverRendered(() => import("./LeaderboardBox.tsx").then((module) => module.LeaderboardBox));

/** The reputation feature's layout widgets: a leaderboard, fetched before rendering. */
export const reputationWidgets = {
  "react.leaderboard": {
    component: LeaderboardBox,
    prefetch: ({ queryClient, api }, props) => queryClient.ensureQueryData(leadersQuery(api, leadersParams(props))),
  },
} satisfies WidgetRegistry;
