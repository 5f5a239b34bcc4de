import type { Leader, LeadersQuery } from "@parley/contracts";
import { leaderboardRules } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import type { Platform } from "../../platform/context.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import type { CategoryDirectory } from "../categories/index.ts";
import { unknownUser, type UserFragments } from "../users/index.ts";
import { leaders } from "./leaders.repo.ts";
import { timeSlot } from "./points.ledger.ts";
import { reputationPolicy as policy } from "./reputation.policy.ts";

const sources = { reputation: "Total", posts: "Posts", acceptedAnswers: "AcceptedAnswers" } as const;

/**
 * `GET /users/leaders`: load nothing → authorize (profiles.view; a category the viewer may read) → one query for the
 * slot that holds now → the members as lists show them.
 */
export function createLeadersService(deps: {
  platform: Platform;
  users: UserFragments;
  categories: CategoryDirectory;
  /** A `siteSectionID` filter's categories; null for the whole site, a 404 for an unknown section. */
  sectionCategories?: (siteSectionID: string | undefined) => Promise<readonly number[] | null>;
}) {
  const { platform } = deps;
  return async function list(query: LeadersQuery, context: RequestContext): Promise<Leader[]> {
    const { viewer, origin } = context;
    requireAccess(viewer, policy.canViewLeaders);
    const categoryID = query.categoryID ?? 0;
    if (categoryID > 0 && !(await deps.categories.visibleIDs(viewer)).includes(categoryID)) throw notFound("Category");
    // A subcommunity's leaders (issue 40): its categories'; one category of it, that one's; another's, none.
    const section = (await deps.sectionCategories?.(query.siteSectionID)) ?? null;
    const categoryIDs = section && categoryID > 0 ? (section.includes(categoryID) ? null : []) : section;
    const type = query.leaderboardType ?? "reputation";
    const slotType = query.slotType ?? "a";
    const slot = timeSlot(slotType, new Date(platform.clock.nowIso()));
    const rows = await leaders(platform.db, {
      type,
      slotType,
      timeSlot: slot,
      since: slotType === "a" ? null : `${slot}T00:00:00.000Z`,
      categoryID,
      ...(categoryIDs ? { categoryIDs } : {}),
      limit: query.limit ?? leaderboardRules.defaultLimit,
      excludeAdmins: await platform.siteConfig.get("reputation.leaderboardExcludesAdmins"),
      includePrivate: policy.canSeePrivateMembers(viewer),
    });
    const fragments = await deps.users.load(
      rows.map((row) => row.userID),
      origin,
    );
    return rows.map((row) => {
      const user = fragments.get(row.userID) ?? unknownUser(origin);
      return {
        slotType,
        timeSlot: toRfc3339(`${slot}T00:00:00.000Z`),
        source: sources[type],
        categoryID,
        userID: row.userID,
        points: row.points,
        name: user.name,
        photo: user.photoUrl || null,
        user,
      };
    });
  };
}
