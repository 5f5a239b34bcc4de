import type { Tag } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

export const tagsPageLimit = 50;

/** Tags (vanilla-tags.yml, and Parley's merge): the dashboard's list and its upkeep (community.manage). */
export const tagsApi = {
  list: async (
    api: ApiClient,
    page: number,
    query: string,
    signal?: AbortSignal,
    limit = tagsPageLimit,
    siteSectionID?: string,
  ) => {
    const filters = { ...(query ? { query } : {}), ...(siteSectionID ? { siteSectionID } : {}) };
    const { data, paging } = await api.get<Tag[]>("/tags", { page, limit, ...filters }, signal);
    return { items: data, paging };
  },
  /** The tags whose names start with `name` (the API's prefix search), to find one by its name. */
  named: async (api: ApiClient, name: string) => (await api.get<Tag[]>("/tags", { query: name, limit: 100 })).data,
  create: async (api: ApiClient, name: string) =>
    (await api.request<Tag>({ method: "POST", path: "/tags", body: { name } })).data,
  rename: async (api: ApiClient, tagID: number, name: string) =>
    (await api.request<Tag>({ method: "PATCH", path: `/tags/${tagID}`, body: { name } })).data,
  merge: async (api: ApiClient, tagID: number, intoTagID: number) =>
    (await api.request<Tag>({ method: "POST", path: `/tags/${tagID}/merge`, body: { tagID: intoTagID } })).data,
  remove: async (api: ApiClient, tagID: number) => {
    await api.request({ method: "DELETE", path: `/tags/${tagID}` });
  },
};
