import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { leaderboardRules, leaderboardSlotTypes, leaderboardTypes } from "./reputation-constants.ts";
import { SiteSectionFilter } from "./subcommunities.ts";
import { UserFragment } from "./users.ts";

export * from "./reputation-constants.ts";

/** `GET /users/leaders`'s query (Vanilla's, without its role filters). */
export const LeadersQuery = Type.Object({
  leaderboardType: Type.Optional(Type.Enum(leaderboardTypes, { default: "reputation" })),
  slotType: Type.Optional(Type.Enum(leaderboardSlotTypes, { default: "a" })),
  /** One category's leaders (the points and posts earned in it); none: every category. */
  categoryID: Type.Optional(Type.Integer({ minimum: 1 })),
  /** A subcommunity's leaders (issue 40): the points and posts earned in its categories; "0" or nothing: the site's. */
  siteSectionID: Type.Optional(SiteSectionFilter),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: leaderboardRules.maxLimit, default: leaderboardRules.defaultLimit }),
  ),
});
export type LeadersQuery = Static<typeof LeadersQuery>;

/** One member on a leaderboard: their points (or posts, or accepted answers) in the slot. */
export const Leader = Type.Object({
  slotType: Type.Enum(leaderboardSlotTypes),
  /** The slot's start (UTC); 1970-01-01 for all time. */
  timeSlot: DateTime,
  /** What is counted: `Total` (points), `Posts` or `AcceptedAnswers`. */
  source: Type.String(),
  /** 0: every category. */
  categoryID: Type.Integer(),
  userID: Type.Integer(),
  points: Type.Integer(),
  name: Type.String(),
  photo: Nullable(Type.String()),
  /** Parley: the member as lists show them (profile address, photo, title). */
  user: UserFragment,
});
export type Leader = Static<typeof Leader>;

/** A badge (the badges add-on): what earns it (`rule` at `threshold`), its icon and its page. */
export const Badge = Type.Object({
  badgeID: Type.Integer(),
  key: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /** `posts`, `answers` (accepted), `reactions` (received) or `anniversary` (years a member). */
  rule: Type.String(),
  threshold: Type.Integer(),
  photoUrl: Type.String(),
  /** The badge's page: who earned it. */
  url: Type.String(),
  countRecipients: Type.Integer(),
  dateInserted: DateTime,
});
export type Badge = Static<typeof Badge>;

/** `GET /users/{id}/badges`: a badge the member earned (Vanilla's `UserBadges`), the latest first. */
export const UserBadge = Type.Object({
  badgeID: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  photoUrl: Type.String(),
  url: Type.String(),
  /** When it was earned. */
  dateInserted: DateTime,
});
export type UserBadge = Static<typeof UserBadge>;

/** Parley's `GET /badges/{id}/recipients`: a member who earned the badge, and when. */
export const BadgeRecipient = Type.Object({ ...UserFragment.properties, dateEarned: DateTime });
export type BadgeRecipient = Static<typeof BadgeRecipient>;

export const BadgePageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 30 })),
});
export type BadgePageQuery = Static<typeof BadgePageQuery>;
