/**
 * Warnings, moderators' notes and moderation messages (issue 30): the profile's warnings section, Warn button,
 * loader prefetch and form action (on demand, with the profile: `profileWarningsPart`); the read-only notice the posting pages show; the
 * moderation messages the forum's pages show; the dashboard page (its address, who may open it; it loads with
 * its route).
 */
export { ModerationMessages, PostingGate, prefetchWarnings } from "./components/ReadingParts.tsx";
export { canManageModerationMessages, moderationMessagesPagePath } from "./warnings.nav.ts";
export { loadModerationMessagesRoutes, profileWarningsPart, readingPart } from "./warnings.lazy.ts";
// For members' parts loaded on demand, which ask it whether the member may post.
export { memberStanding } from "./warnings.member.ts";
