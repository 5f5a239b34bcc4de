import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { fragmentsApi } from "./fragments.api.ts";

/** `/dashboard/fragments`: the site's fragments (administrators' own widgets). */
export const fragmentsPagePath = "/dashboard/fragments";
/** A fragment's editor. */
export const fragmentEditorPath = (fragmentUUID: string) => `${fragmentsPagePath}/${encodeURIComponent(fragmentUUID)}`;

/** Who writes fragments (site.manage, as layouts; the server checks again). */
export const canManageFragments = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));

export const fragmentsKeys = {
  all: ["fragments"] as const,
  list: () => [...fragmentsKeys.all, "list"] as const,
  one: (fragmentUUID: string) => [...fragmentsKeys.all, "one", fragmentUUID] as const,
  revisions: (fragmentUUID: string) => [...fragmentsKeys.all, "revisions", fragmentUUID] as const,
  disclosure: () => [...fragmentsKeys.all, "disclosure"] as const,
};

export const fragmentsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: fragmentsKeys.list(), queryFn: ({ signal }) => fragmentsApi.list(api, signal) });

export const fragmentQuery = (api: ApiClient, fragmentUUID: string) =>
  queryOptions({
    queryKey: fragmentsKeys.one(fragmentUUID),
    queryFn: ({ signal }) => fragmentsApi.get(api, fragmentUUID, signal),
  });

export const fragmentRevisionsQuery = (api: ApiClient, fragmentUUID: string) =>
  queryOptions({
    queryKey: fragmentsKeys.revisions(fragmentUUID),
    queryFn: ({ signal }) => fragmentsApi.revisions(api, fragmentUUID, signal),
  });

export const fragmentDisclosureQuery = (api: ApiClient) =>
  queryOptions({ queryKey: fragmentsKeys.disclosure(), queryFn: ({ signal }) => fragmentsApi.disclosure(api, signal) });
