/**
 * Warnings, moderators' notes and moderation messages (issue 30): the profile's warnings section, Warn button,
 * loader prefetch and form action (the profile chunk); the read-only notice the posting pages show; the
 * moderation messages the forum's pages show; the dashboard page (its address, who may open it; it loads with
 * its route).
 */
export { ProfileWarnings, WarnButton } from "./components/ProfileWarnings.tsx";
export { prefetchProfileWarnings, warningsAction } from "./warnings.profile.ts";
export { prefetchPostingStanding, ReadOnlyNotice, useReadOnlyUntil } from "./components/ReadOnlyNotice.tsx";
export { ModerationMessages, prefetchModerationMessages } from "./components/ModerationMessages.tsx";
export { canManageModerationMessages } from "./warnings.queries.ts";
export { moderationMessagesPagePath } from "@parley/contracts/warnings-constants";
export { loadModerationMessagesRoutes } from "./warnings.lazy.ts";
