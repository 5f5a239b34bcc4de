import {
  categoryPermissionNames,
  checkPermission,
  withConsolidatedPermissions,
  type PermissionFragment,
  type PermissionMap,
  type UserPermissions,
} from "@parley/contracts";
import type { PermissionOverlay } from "../../platform/auth/permissions.ts";
import type { GroupMembership } from "../../platform/auth/viewer.ts";
import type { GroupsRepo } from "./groups.repo.ts";

/** What a group's leaders may do to the posts in their group, beyond its members (conservative on purpose). */
const leaderPermissions = [
  "discussions.edit",
  "discussions.close",
  "discussions.delete",
  "comments.edit",
  "comments.delete",
] as const;

const memberPermissions = ["discussions.view", "discussions.add", "comments.add"] as const;

/**
 * Group privacy through the ordinary permission check: each group's category has its own permissions
 * (`customPermissions`), and they are the ones computed here for the viewer, from the group's privacy and
 * the viewer's membership, whatever grants roles hold on those categories:
 * - public: `discussions.view` as the viewer has it on the "Social Groups" parent; members also post and comment;
 * - private and secret: members view, post and comment; others nothing;
 * - what members do is what their roles let them do on the parent (an unconfirmed member reads, but does
 *   not post until the address is confirmed);
 * - leaders: also edit, close and delete discussions and edit and delete comments in their group;
 * - `groups.moderate`: every category permission (admins pass every check anyway).
 * Every list, search, page and notification that checks `discussions.view` per category then answers
 * for the group.
 */
export function createGroupsOverlay(repo: GroupsRepo): PermissionOverlay {
  let directory: ReturnType<GroupsRepo["directory"]> | null = null;
  const load = () => {
    directory ??= repo.directory();
    directory.catch(() => (directory = null));
    return directory;
  };

  return {
    invalidate() {
      directory = null;
    },

    async apply(base: UserPermissions, memberships: readonly GroupMembership[]): Promise<UserPermissions> {
      const { groups, parentCategoryID } = await load();
      if (groups.length === 0) return base;
      const roleOf = new Map(memberships.map((membership) => [membership.groupID, membership.role]));
      const moderator = checkPermission(base, "groups.moderate", { mode: "global" });
      const parent = parentCategoryID === null ? ({ mode: "global" } as const) : { resourceID: parentCategoryID };
      const viewsParent = checkPermission(base, "discussions.view", parent);
      const groupCategories = new Set(groups.map((group) => group.categoryID));

      const fragments: PermissionFragment[] = base.permissions.filter(
        (fragment) => fragment.type !== "category" || fragment.id === null || !groupCategories.has(fragment.id),
      );
      for (const group of groups) {
        const role = roleOf.get(group.groupID);
        const granted = new Set<string>();
        if (moderator) for (const name of categoryPermissionNames) granted.add(name);
        if (role !== undefined)
          for (const name of memberPermissions) if (checkPermission(base, name, parent)) granted.add(name);
        if (role === "leader") for (const name of leaderPermissions) granted.add(name);
        if (group.privacy === "public" && viewsParent) granted.add("discussions.view");
        if (granted.size === 0) continue;
        const map: PermissionMap = {};
        for (const name of [...granted].sort()) map[name] = true;
        fragments.push({ type: "category", id: group.categoryID, permissions: withConsolidatedPermissions(map) });
      }
      // A group's category answers only to its own fragment, even if the junction list was read before it existed.
      const junctions = [...new Set([...(base.junctions?.["category"] ?? []), ...groupCategories])].sort(
        (a, b) => a - b,
      );
      const aliases = Object.fromEntries(
        Object.entries(base.junctionAliases?.["category"] ?? {}).filter(([id]) => !groupCategories.has(Number(id))),
      );
      return {
        ...base,
        permissions: fragments,
        junctions: { ...base.junctions, category: junctions },
        junctionAliases: { ...base.junctionAliases, category: aliases },
      };
    },
  };
}
