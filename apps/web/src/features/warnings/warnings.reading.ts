/**
 * What reading pages show of warnings and moderation messages, loaded on demand (`readingPart` in
 * warnings.lazy.ts): the moderation messages and their prefetch, the posting gate and its prefetch.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { WarningSummary } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { prefetchModerationMessages } from "./components/ModerationMessages.tsx";
import { prefetchPostingStanding } from "./components/ReadOnlyNotice.tsx";
import { warningSummaryKey } from "./warnings.queries.ts";
import { readOnlyEnd } from "./warnings.standing.ts";

export { ModerationMessages } from "./components/ModerationMessages.tsx";
export { PostingGate } from "./components/ReadOnlyNotice.tsx";
export { readOnlyText } from "./warnings.standing.ts";

/**
 * Until when a member may not post, from their warning summary as the loaders prefetched it (null: they may), for
 * members' parts loaded on demand (the reactions' toggles, the discussion's options) that ask it through
 * `readingPart` without a hook, so they share no chunk with this part.
 */
export const cachedReadOnlyUntil = (queryClient: QueryClient, userID: number) =>
  userID > 0 ? readOnlyEnd(queryClient.getQueryData<WarningSummary>(warningSummaryKey(userID))) : null;

/** A layout page's moderation messages and, for a member, their posting standing. */
export const prefetchWarnings = (queryClient: QueryClient, api: ApiClient, layout: unknown) =>
  Promise.all([prefetchModerationMessages(queryClient, api, layout), prefetchPostingStanding(queryClient, api)]);
