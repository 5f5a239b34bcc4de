import type { Platform } from "../../platform/context.ts";
import type { CategoryDirectory } from "../categories/index.ts";
import type { UserFragments } from "../users/index.ts";
import { createLeadersService } from "./leaders.service.ts";

export interface ReputationDeps {
  platform: Platform;
  users: UserFragments;
  categories: CategoryDirectory;
  /** A `siteSectionID` filter's categories (`GET /users/leaders?siteSectionID=`); null for the whole site. */
  sectionCategories?: (siteSectionID: string | undefined) => Promise<readonly number[] | null>;
}

/** Reputation's operations behind its routes: the leaderboards (the badges are `badges.service.ts`, made beside it in index.ts). */
export function createReputationService(deps: ReputationDeps) {
  return {
    leaders: createLeadersService(deps),
  };
}

export type ReputationService = ReturnType<typeof createReputationService>;
