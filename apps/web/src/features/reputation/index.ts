/**
 * Reputation: the panel's leaderboard widget (reading pages), the profile's badges and their query (the profile
 * chunk), and the leaderboard and badge pages on demand.
 */
export { reputationWidgets } from "./reputation.widgets.tsx";
export { loadReputationRoutes } from "./reputation.lazy.ts";
export { memberBadgesQuery } from "./reputation.queries.ts";
export { ProfileBadges } from "./components/ProfileBadges.tsx";
export { RankLabel } from "./components/RankLabel.tsx";
