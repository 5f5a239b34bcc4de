import { Type, type Static } from "typebox";
import { Nullable } from "./common.ts";
import { errorMessages, type ErrorBody } from "./errors.ts";
import { type PermissionName } from "./permissions-constants.ts";

export * from "./permissions-constants.ts";

/*
 * Permissions (spec §6, reference §2.2): the API permission names, the schema of
 * `GET /users/{id}/permissions`, and the one permission check that the server and the web client share.
 */

// ---------------------------------------------------------------------------------------------------------------------
// Names

/** The names that may be granted per knowledge base. */
export const knowledgeBasePermissionNames = ["kb.view", "articles.add"] as const satisfies readonly PermissionName[];
export type KnowledgeBasePermissionName = (typeof knowledgeBasePermissionNames)[number];

/**
 * The consolidated names added to every permission map, each computed from its parts:
 * `discussions.moderate` = announce + close + sink, `discussions.manage` = delete + edit.
 */
export const consolidatedPermissions = {
  "discussions.moderate": ["discussions.announce", "discussions.close", "discussions.sink"],
  "discussions.manage": ["discussions.delete", "discussions.edit"],
} as const satisfies Partial<Record<PermissionName, readonly PermissionName[]>>;

// ---------------------------------------------------------------------------------------------------------------------
// Response schemas

/** The kinds of permission fragment: the global one, and one per resource that has its own grants. */
export const permissionFragmentTypes = ["global", "category", "knowledgeBase"] as const;
export type PermissionFragmentType = (typeof permissionFragmentTypes)[number];
/** A resource type that permissions may be granted on. */
export type PermissionResourceType = Exclude<PermissionFragmentType, "global">;

/**
 * A permission map: name → `true` when granted. Consolidated names may be `true` (all parts), `false` (no part) or
 * `null` (some parts). Only `true` grants.
 */
export const PermissionMap = Type.Record(Type.String(), Nullable(Type.Boolean()), {
  description: "Permission name → granted. Consolidated names may be false or null (some of their parts).",
});
export type PermissionMap = Static<typeof PermissionMap>;

/** The grants of one scope: `{type: "global", id: null}` first, then one per resource (`{type: "category", id}`). */
export const PermissionFragment = Type.Object(
  {
    type: Type.Union([Type.Literal("global"), Type.Literal("category"), Type.Literal("knowledgeBase")]),
    id: Nullable(Type.Integer({ description: "The resource's (permission) id; null for the global fragment." })),
    permissions: PermissionMap,
  },
  { $id: "PermissionFragment" },
);
export type PermissionFragment = Static<typeof PermissionFragment>;

/** `GET /users/{id}/permissions` (reference §2.2). `junctions` and `junctionAliases` come with `expand=junctions`. */
export const UserPermissions = Type.Object(
  {
    isAdmin: Type.Boolean({ description: "Admins pass every check." }),
    isSysAdmin: Type.Boolean(),
    isSuperAdmin: Type.Boolean(),
    permissions: Type.Array(Type.Ref("PermissionFragment"), {
      description: "The global fragment first, then one fragment per resource grant.",
    }),
    junctions: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.Integer()), {
        description: "Resource type → ids of the resources that have their own custom permissions.",
      }),
    ),
    junctionAliases: Type.Optional(
      Type.Record(Type.String(), Type.Record(Type.String(), Type.Integer()), {
        description: "Resource type → resource id → the id of the resource whose permissions it uses.",
      }),
    ),
  },
  { $id: "UserPermissions" },
);
/** `Static` cannot follow the `$ref`, so the fragments are typed here. */
export type UserPermissions = Omit<Static<typeof UserPermissions>, "permissions"> & {
  permissions: PermissionFragment[];
};

/** Schemas referenced by `$ref` that the server registers once. */
export const sharedPermissionSchemas = [PermissionFragment, UserPermissions];

export const UserPermissionsQuery = Type.Object({
  expand: Type.Optional(
    Type.Array(Type.Union([Type.Literal("junctions"), Type.Literal("all")]), {
      description: "`junctions` (or `all`) adds `junctions` and `junctionAliases`.",
    }),
  ),
});
export type UserPermissionsQuery = Static<typeof UserPermissionsQuery>;

export const permissionPaths = {
  user: "/users/:id/permissions",
} as const;

// ---------------------------------------------------------------------------------------------------------------------
// Consolidated names

/**
 * A copy of `map` with the consolidated names (`discussions.moderate`, `discussions.manage`) set from their parts:
 * `true` if every part is true, `false` if none is, `null` if mixed. A consolidated name is only set when every one of
 * its parts is present in the map (it then replaces any value already there); otherwise the map is copied as is.
 * Keys come out sorted, as the API sends them.
 */
export function withConsolidatedPermissions(map: PermissionMap): PermissionMap {
  const result: PermissionMap = { ...map };
  for (const [name, parts] of Object.entries(consolidatedPermissions)) {
    if (!parts.every((part) => part in map)) continue;
    const granted = parts.filter((part) => map[part] === true).length;
    result[name] = granted === parts.length ? true : granted === 0 ? false : null;
  }
  return Object.fromEntries(Object.entries(result).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

// ---------------------------------------------------------------------------------------------------------------------
// The permission check

/**
 * Which grants count:
 * - `global`: only the global fragment;
 * - `resource`: only the given resource's fragment (with no resource id: any fragment of the resource type);
 * - `globalOrResource`: the global fragment or the resource's (with no resource id: any resource fragment);
 * - `resourceIfJunction`: if the resource has its own permissions (it is in `junctions`), only its fragment; otherwise
 *   only the global fragment.
 */
export const permissionModes = ["global", "resource", "globalOrResource", "resourceIfJunction"] as const;
export type PermissionMode = (typeof permissionModes)[number];

export interface PermissionCheckOptions {
  /** Default: `resourceIfJunction` when a resource id is given, `globalOrResource` otherwise. */
  mode?: PermissionMode;
  /**
   * Default `"category"`. In `globalOrResource` mode with no resource id, leaving it out lets a fragment of any
   * resource type count.
   */
  resourceType?: PermissionResourceType;
  /** The resource (e.g. a category id); mapped through `junctionAliases[resourceType]` first. */
  resourceID?: number | null;
}

/** One name, or several of which any one suffices. */
export type PermissionNames = PermissionName | readonly PermissionName[];

/** Where the permissions being checked are in their loading; nothing is granted before `success` with data. */
export const permissionsStatuses = ["pending", "loading", "success", "error"] as const;
export type PermissionsStatus = (typeof permissionsStatuses)[number];

/** The client's loadable permissions: `data` only counts once `status` is `success`. */
export interface PermissionsState {
  status: PermissionsStatus;
  data?: UserPermissions | null;
}

const toList = (names: PermissionNames): readonly PermissionName[] => (typeof names === "string" ? [names] : names);

/** Admins (any admin level) and holders of the global `system.only` pass every check. */
function passesEverything(data: UserPermissions): boolean {
  if (data.isAdmin || data.isSysAdmin || data.isSuperAdmin) return true;
  return data.permissions.some(
    (fragment) => fragment.type === "global" && fragment.permissions["system.only"] === true,
  );
}

/** The resource id after `junctionAliases[resourceType]`, or null when none was given. */
function resolveResourceID(data: UserPermissions, resourceType: string, resourceID: number | null): number | null {
  if (resourceID === null) return null;
  return data.junctionAliases?.[resourceType]?.[String(resourceID)] ?? resourceID;
}

/**
 * The check without a loading state, for the server: whether `data` grants ANY of `names` under `options`.
 * `resourceIfJunction` needs `junctions` (`expand=junctions`); without them every resource counts as inheriting the
 * global permissions.
 */
export function checkPermission(
  data: UserPermissions,
  names: PermissionNames,
  options: PermissionCheckOptions = {},
): boolean {
  if (passesEverything(data)) return true;
  const list = toList(names);
  if (list.length === 0) return false;

  const explicitType = options.resourceType;
  const resourceType: PermissionResourceType = explicitType ?? "category";
  const resourceID = resolveResourceID(data, resourceType, options.resourceID ?? null);
  const mode: PermissionMode = options.mode ?? (resourceID === null ? "globalOrResource" : "resourceIfJunction");

  const isGlobal = (fragment: PermissionFragment) => fragment.type === "global";
  const isResource = (fragment: PermissionFragment, type: string | undefined) =>
    fragment.type !== "global" &&
    (type === undefined || fragment.type === type) &&
    (resourceID === null || fragment.id === resourceID);

  let counts: (fragment: PermissionFragment) => boolean;
  switch (mode) {
    case "global":
      counts = isGlobal;
      break;
    case "resource":
      counts = (fragment) => isResource(fragment, resourceType);
      break;
    case "globalOrResource":
      counts = (fragment) =>
        isGlobal(fragment) || isResource(fragment, resourceID === null ? explicitType : resourceType);
      break;
    case "resourceIfJunction": {
      const isJunction = resourceID !== null && (data.junctions?.[resourceType] ?? []).includes(resourceID);
      counts = isJunction ? (fragment) => isResource(fragment, resourceType) : isGlobal;
      break;
    }
  }

  return data.permissions.some(
    (fragment) => counts(fragment) && list.some((name) => fragment.permissions[name] === true),
  );
}

/**
 * THE permission check (spec §6), for the client's loadable state: nothing is granted until the permissions have
 * loaded (`pending`, `loading`, `error` or no data → false); then as {@link checkPermission}.
 */
export function hasPermission(
  state: PermissionsState,
  names: PermissionNames,
  options: PermissionCheckOptions = {},
): boolean {
  if (state.status !== "success" || !state.data) return false;
  return checkPermission(state.data, names, options);
}

// ---------------------------------------------------------------------------------------------------------------------
// Messages

/** The 403 description (reference §1.2): "You need the X permission to do that." / "You need one of a, b permissions…" */
export function describeMissingPermission(names: PermissionNames): string {
  const list = [...new Set(toList(names))];
  if (list.length === 1) return `You need the ${list[0]} permission to do that.`;
  return `You need one of ${list.join(", ")} permissions to do that.`;
}

/** The body of the 403 answered for a missing permission (reference §1.2). */
export function permissionProblemBody(names: PermissionNames): ErrorBody {
  return {
    message: errorMessages.permissionProblem,
    status: 403,
    description: describeMissingPermission(names),
    permissions: [...new Set(toList(names))],
  };
}
