import { onDemand } from "../../ui/on-demand.ts";

/** The parts of the feature that load on demand, each in its own chunk: importing this file loads none. */
export const loadModerationMessagesRoutes = () => import("./warnings.routes.tsx");

/**
 * The profile's warnings section, Warn button, prefetch and action: the profile's loader and action load it,
 * and the browser before hydrating a profile the server rendered it into.
 */
export const profileWarningsPart = onDemand(() => import("./warnings.profile-parts.ts"), {
  rendered: "[data-part=profile-warnings]",
});

/**
 * What reading pages show: the moderation messages and the posting gate. Loaded by the layout and posting
 * loaders, and before hydrating a page the server rendered either into (both mark themselves `data-warnings`).
 */
export const readingPart = onDemand(() => import("./warnings.reading.ts"), {
  rendered: "[data-warnings]",
});
