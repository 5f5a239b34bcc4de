import { onDemand } from "../../ui/on-demand.ts";

/**
 * The reading part (`warnings.reading.ts`) as members' parts loaded on demand ask it whether warnings made the
 * member read-only (the reactions' toggles, the discussion's options menu): their own handle on the same chunk,
 * so the app's main bundle exports nothing more to them. Member pages have loaded it already.
 */
export const memberStanding = onDemand(() => import("./warnings.reading.ts"));
