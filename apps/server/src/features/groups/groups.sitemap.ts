import type { Kysely } from "kysely";
import { groupPaths } from "@parley/contracts";
import type { Viewer } from "../../platform/auth/viewer.ts";
import type { DB } from "../../platform/db/schema.ts";
import { groupsPolicy } from "./groups.policy.ts";
import { groupSlug } from "./groups.present.ts";

/**
 * The groups whose discussions the viewer may read (for a guest: the public ones, when guests read the groups'
 * parent category), in id order, at most `limit`: each group's address and when it last changed.
 */
export async function sitemapGroups(
  db: Kysely<DB>,
  viewer: Viewer,
  origin: string,
  limit: number,
): Promise<Array<{ url: string; lastActive: string }>> {
  const rows = await db
    .selectFrom("groups")
    .select(["groupID", "name", "privacy", "categoryID", "dateInserted", "dateUpdated"])
    .orderBy("groupID")
    .execute();
  return rows
    .filter((row) => groupsPolicy.canView(viewer, row))
    .slice(0, limit)
    .map((row) => ({
      url: `${origin}${groupPaths.group(row.groupID, groupSlug(row))}`,
      lastActive: row.dateUpdated ?? row.dateInserted,
    }));
}
