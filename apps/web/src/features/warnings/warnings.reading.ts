/**
 * What reading pages show of warnings and moderation messages, loaded on demand (`readingPart` in
 * warnings.lazy.ts): the moderation messages and their prefetch, the posting gate and its prefetch.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { prefetchModerationMessages } from "./components/ModerationMessages.tsx";
import { prefetchPostingStanding } from "./components/ReadOnlyNotice.tsx";

export { ModerationMessages } from "./components/ModerationMessages.tsx";
export { PostingGate } from "./components/ReadOnlyNotice.tsx";

/** A layout page's moderation messages and, for a member, their posting standing. */
export const prefetchWarnings = (queryClient: QueryClient, api: ApiClient, layout: unknown) =>
  Promise.all([prefetchModerationMessages(queryClient, api, layout), prefetchPostingStanding(queryClient, api)]);
