import { queryOptions } from "@tanstack/react-query";
import type { Group } from "@parley/contracts";
import type { ApiClient } from "./api.ts";

/*
 * What other features use of a group (a group discussion's trail, the create-post page in a group): the
 * group's query and address, kept apart from the groups feature (which holds discussion lists, so the
 * discussions cannot import it) and free of the groups' constants, so the reading pages' bundle carries
 * only this. The addresses are groupPaths' (groups-constants.ts); groups.urls.test.ts checks they agree.
 */

/** A group's query key (the groups' key factory, `groupKeys.group`, builds its keys on it). */
export const groupRecordKey = (groupID: number) => ["groups", "group", groupID] as const;

/** `GET /groups/{id}`: the group with the viewer's standing and permissions (404 when unknown or secret). */
export const groupQuery = (api: ApiClient, groupID: number) =>
  queryOptions({
    queryKey: groupRecordKey(groupID),
    queryFn: async ({ signal }) => (await api.get<Group>(`/groups/${groupID}`, {}, signal)).data,
  });

/** A group's page path: from its absolute `url`, or built from its id and slug. */
export function groupPath(group: { groupID: number; slug: string; url?: string }): string {
  if (group.url) {
    try {
      return new URL(group.url, "http://local.invalid").pathname;
    } catch {
      // Fall back to the id and slug.
    }
  }
  return `/group/${group.groupID}-${group.slug}`;
}

/**
 * A group discussion's trail: the home crumb the API gives (if any), then Groups › the group, in place of
 * the group's own category crumbs (the API's trail follows categories, and a group's category is not a
 * page of its own). Without the group (still loading, or unknown) the API's crumbs stay as they are.
 */
export function groupDiscussionCrumbs(
  crumbs: ReadonlyArray<{ name: string; url: string }>,
  group: { groupID: number; slug: string; name: string; url?: string } | null | undefined,
  groupsLabel: string,
): Array<{ name: string; url: string }> {
  const asPaths = crumbs.map((crumb) => ({
    name: crumb.name,
    url: new URL(crumb.url, "http://local.invalid").pathname,
  }));
  if (!group) return asPaths;
  const home = asPaths.filter((crumb) => crumb.url === "/").slice(0, 1);
  return [...home, { name: groupsLabel, url: "/groups" }, { name: group.name, url: groupPath(group) }];
}

/** Starts a discussion in the group (members; the server checks again). */
export const canPostIn = (group: Pick<Group, "permissions">) => group.permissions?.["post"] === true;
