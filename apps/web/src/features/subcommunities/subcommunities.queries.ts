import { queryOptions } from "@tanstack/react-query";
import type { Me, Subcommunity, SubcommunityPatch, SubcommunityPost } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** The dashboard's Subcommunities screen (Appearance). */
export const subcommunitiesPath = "/dashboard/subcommunities";

/** The categories a section may have as its root: the whole tree, as deep as it goes. */
export const sectionCategoryTree = { maxDepth: 10 } as const;

export const subcommunityKeys = {
  all: ["subcommunities"] as const,
  themes: ["subcommunities", "themes"] as const,
};

/** Every subcommunity, in the picker's order. */
export const subcommunitiesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: subcommunityKeys.all,
    queryFn: async ({ signal }) => (await api.get<Subcommunity[]>("/subcommunities", undefined, signal)).data,
  });

/** The themes a section may wear (their ids and names). */
export const sectionThemesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: subcommunityKeys.themes,
    queryFn: async ({ signal }) =>
      (await api.get<Array<{ themeID: string; name: string }>>("/themes", {}, signal)).data.map(
        ({ themeID, name }) => ({ themeID, name }),
      ),
  });

export const subcommunitiesApi = {
  create: async (api: ApiClient, body: SubcommunityPost) =>
    (await api.request<Subcommunity>({ method: "POST", path: "/subcommunities", body })).data,
  patch: async (api: ApiClient, subcommunityID: number, body: SubcommunityPatch) =>
    (await api.request<Subcommunity>({ method: "PATCH", path: `/subcommunities/${subcommunityID}`, body })).data,
  remove: async (api: ApiClient, subcommunityID: number) =>
    void (await api.request({ method: "DELETE", path: `/subcommunities/${subcommunityID}` })),
};

/** Who manages the subcommunities (site.manage; the server checks again). */
export const canManageSubcommunities = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));
