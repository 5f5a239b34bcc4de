import type { Rank, RankInput, RankPatch } from "@parley/contracts";
import { requireAccess } from "../../platform/auth/access.ts";
import { toRfc3339 } from "../../platform/dates.ts";
import { badRequest, HttpError, notFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/request-context.ts";
import { recomputeAllRanks } from "../users/index.ts";
import type { RankRow, RanksRepo } from "./ranks.repo.ts";
import { reputationPolicy as policy } from "./reputation.policy.ts";
import type { ReputationDeps } from "./reputation.service.ts";

/** The daily job that moves members into the ranks their days since joining now reach. */
export const RANKS_JOB = "ranks.recompute";

const present = (row: RankRow): Rank => ({
  rankID: row.rankID,
  name: row.name,
  userTitle: row.userTitle,
  level: row.level,
  minPoints: row.minPoints,
  minPosts: row.minPosts,
  minDays: row.minDays,
  postLinks: row.postLinks === 1,
  editContentTimeout: row.editContentTimeout,
  countUsers: row.countUsers,
  dateInserted: toRfc3339(row.dateInserted),
});

/**
 * Ranks (the ranks add-on, `ranks.enabled`): defined by site managers; a member's is the highest whose criteria
 * hold, kept by the writes that move their points and posts (`users.ranks.ts`), by a daily job for the days, and
 * again for everyone when a rank changes. A rank set by hand stays until it is set back to null.
 */
export function createRanksService(deps: ReputationDeps & { repo: RanksRepo }) {
  const { platform, repo } = deps;
  const enabled = () => platform.siteConfig.get("ranks.enabled");
  async function requireRanks(): Promise<void> {
    if (!(await enabled())) throw new HttpError(403, "Ranks are not enabled.");
  }
  async function existing(rankID: number): Promise<RankRow> {
    const row = await repo.get(rankID);
    if (!row) throw notFound("Rank");
    return row;
  }

  return {
    enabled,

    /** The daily job (the days since joining move members up without a write of theirs). */
    async daily(): Promise<void> {
      if (await enabled()) await recomputeAllRanks(platform.db, platform.clock.nowMs());
    },

    async list(context: RequestContext): Promise<Rank[]> {
      await requireRanks();
      requireAccess(context.viewer, policy.canViewLeaders);
      return (await repo.list()).map(present);
    },

    async get(rankID: number, context: RequestContext): Promise<Rank> {
      await requireRanks();
      requireAccess(context.viewer, policy.canViewLeaders);
      return present(await existing(rankID));
    },

    async create(input: RankInput, context: RequestContext): Promise<Rank> {
      await requireRanks();
      requireAccess(context.viewer, policy.canManageRanks);
      const rankID = await repo.insert(
        {
          name: input.name.trim(),
          userTitle: input.userTitle.trim(),
          level: input.level,
          minPoints: input.minPoints ?? 0,
          minPosts: input.minPosts ?? 0,
          minDays: input.minDays ?? 0,
          postLinks: input.postLinks === false ? 0 : 1,
          editContentTimeout: input.editContentTimeout ?? null,
          dateInserted: platform.clock.nowIso(),
        },
        platform.clock.nowMs(),
      );
      return present(await existing(rankID));
    },

    async update(rankID: number, patch: RankPatch, context: RequestContext): Promise<Rank> {
      await requireRanks();
      requireAccess(context.viewer, policy.canManageRanks);
      await existing(rankID);
      const { postLinks, ...rest } = patch;
      const values = {
        ...rest,
        ...(postLinks !== undefined ? { postLinks: postLinks ? 1 : 0 } : {}),
        ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
        ...(patch.userTitle !== undefined ? { userTitle: patch.userTitle.trim() } : {}),
      };
      if (values.name === "" || values.userTitle === "") throw badRequest("A rank needs a name and a label.");
      if (Object.keys(values).length > 0) await repo.update(rankID, values, platform.clock.nowMs());
      return present(await existing(rankID));
    },

    async remove(rankID: number, context: RequestContext): Promise<void> {
      await requireRanks();
      requireAccess(context.viewer, policy.canManageRanks);
      await existing(rankID);
      await repo.delete(rankID, platform.clock.nowMs());
    },

    /** `PUT /users/{id}/rank` (Vanilla's): a rank set by hand, kept by the recomputation; null: computed again. */
    async setUserRank(
      userID: number,
      rankID: number | null,
      context: RequestContext,
    ): Promise<{ rankID: number | null }> {
      await requireRanks();
      requireAccess(context.viewer, policy.canSetUserRank);
      const member = await repo.member(userID);
      if (!member || member.deleted === 1) throw notFound("User");
      if (rankID !== null && !(await repo.get(rankID))) throw badRequest("There is no rank with that ID.");
      return { rankID: await repo.setManual(userID, rankID, platform.clock.nowMs()) };
    },
  };
}

export type RanksService = ReturnType<typeof createRanksService>;
