import type { Badge, BadgePageQuery, BadgeRecipient, UserBadge } from "@parley/contracts";
import { badgesPagePath } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { HttpError, notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { systemUserID } from "../users/index.ts";
import type { BadgeFacts, BadgeRow, BadgesRepo } from "./badges.repo.ts";
import { reputationPolicy as policy } from "./reputation.policy.ts";
import type { ReputationDeps } from "./reputation.service.ts";

/** The job that gives the anniversaries' badges (daily; a member's own activity gives them sooner). */
export const ANNIVERSARIES_JOB = "badges.anniversaries";

const factOf: Record<string, keyof BadgeFacts> = {
  posts: "posts",
  answers: "answers",
  reactions: "reactions",
  anniversary: "years",
};

const YEAR_MS = 365.25 * 86_400_000;

/**
 * Badges (the badges add-on, `badges.enabled`): the seeded definitions, given by their rules when the member's
 * posts, accepted answers or reactions received change (the events after those writes) and by a daily job for
 * anniversaries; each badge once, and kept when its condition stops holding (as Vanilla does). The member is
 * told ("You earned the … badge") through the notifications.
 */
export function createBadgesService(deps: ReputationDeps & { repo: BadgesRepo }) {
  const { platform, repo } = deps;

  async function requireBadges(): Promise<void> {
    if (!(await platform.siteConfig.get("badges.enabled"))) throw new HttpError(403, "Badges are not enabled.");
  }

  const present = (row: BadgeRow, origin: string): Badge => ({
    badgeID: row.badgeID,
    key: row.key,
    name: row.name,
    description: row.description,
    rule: row.rule,
    threshold: row.threshold,
    photoUrl: `${origin}/images/badges/${row.key}.svg`,
    url: `${origin}${badgesPagePath}/${row.badgeID}`,
    countRecipients: row.countRecipients,
    dateInserted: toRfc3339(row.dateInserted),
  });

  /** A member's badges are part of their profile: a private or banned one's are for themself and personalInfo.view. */
  async function readableMember(userID: number, viewer: Viewer) {
    const member = await repo.member(userID);
    if (!member || member.deleted === 1) throw notFound("User");
    const own = viewer.userID !== 0 && viewer.userID === userID;
    if ((member.private === 1 || member.banned === 1) && !own && !policy.canSeePrivateMembers(viewer))
      throw new HttpError(403, "This member's profile is private.");
    return member;
  }

  /** Gives the member the badges whose rules they now meet and tells them; never twice. */
  async function evaluate(userID: number): Promise<number[]> {
    if (userID <= 0 || !(await platform.siteConfig.get("badges.enabled"))) return [];
    const member = await repo.member(userID);
    if (!member || member.deleted === 1) return [];
    const [badges, earned] = await Promise.all([repo.list(), repo.earnedBy(userID)]);
    const waiting = badges.filter((badge) => !earned.has(badge.badgeID) && factOf[badge.rule]);
    if (waiting.length === 0) return [];
    const facts = await repo.facts(member, new Date(platform.clock.nowIso()));
    const met = waiting.filter((badge) => facts[factOf[badge.rule]!] >= badge.threshold);
    const given = await repo.award(
      userID,
      met.map((badge) => badge.badgeID),
      platform.clock.nowIso(),
    );
    for (const badgeID of given) {
      const badge = badges.find((row) => row.badgeID === badgeID)!;
      await platform.events.emit("notification.requested", {
        userIDs: [userID],
        activityType: "Badge",
        recordType: "badge",
        recordID: badgeID,
        actorUserID: await systemUserID(platform),
        title: badge.name,
        url: `${badgesPagePath}/${badgeID}`,
      });
    }
    return given;
  }

  return {
    evaluate,

    /** The daily job: members past an anniversary who have not had its badge yet. */
    async anniversaries(): Promise<void> {
      if (!(await platform.siteConfig.get("badges.enabled"))) return;
      const now = platform.clock.nowMs();
      for (const badge of (await repo.list()).filter((row) => row.rule === "anniversary")) {
        const before = new Date(now - badge.threshold * YEAR_MS).toISOString();
        for (const { userID } of await repo.joinedBefore(before, badge.badgeID)) await evaluate(userID);
      }
    },

    async list(context: RequestContext): Promise<Badge[]> {
      await requireBadges();
      requireAccess(context.viewer, policy.canViewLeaders);
      return (await repo.list()).map((row) => present(row, context.origin));
    },

    async get(badgeID: number, context: RequestContext): Promise<Badge> {
      await requireBadges();
      requireAccess(context.viewer, policy.canViewLeaders);
      const row = await repo.get(badgeID);
      if (!row) throw notFound("Badge");
      return present(row, context.origin);
    },

    async recipients(badgeID: number, query: BadgePageQuery, context: RequestContext): Promise<BadgeRecipient[]> {
      await requireBadges();
      requireAccess(context.viewer, policy.canViewLeaders);
      if (!(await repo.get(badgeID))) throw notFound("Badge");
      const limit = query.limit ?? 30;
      const rows = await repo.recipients(
        badgeID,
        policy.canSeePrivateMembers(context.viewer),
        ((query.page ?? 1) - 1) * limit,
        limit,
      );
      const users = await deps.users.load(
        rows.map((row) => row.userID),
        context.origin,
      );
      return rows.flatMap((row) => {
        const user = users.get(row.userID);
        return user ? [{ ...user, dateEarned: toRfc3339(row.dateEarned) }] : [];
      });
    },

    async ofMember(userID: number, query: BadgePageQuery, context: RequestContext): Promise<UserBadge[]> {
      await requireBadges();
      requireAccess(context.viewer, policy.canViewLeaders);
      await readableMember(userID, context.viewer);
      const limit = query.limit ?? 30;
      const rows = await repo.ofMember(userID, ((query.page ?? 1) - 1) * limit, limit);
      return rows.map((row) => ({
        badgeID: row.badgeID,
        name: row.name,
        description: row.description,
        photoUrl: `${context.origin}/images/badges/${row.key}.svg`,
        url: `${context.origin}${badgesPagePath}/${row.badgeID}`,
        dateInserted: toRfc3339(row.dateEarned),
      }));
    },
  };
}

export type BadgesService = ReturnType<typeof createBadgesService>;
