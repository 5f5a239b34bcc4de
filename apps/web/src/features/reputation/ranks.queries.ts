import { queryOptions } from "@tanstack/react-query";
import type { Me, Rank, RankInput, RankPatch } from "@parley/contracts";
import { ApiError, type ApiClient } from "../../lib/api.ts";

export const rankKeys = { all: ["ranks"] as const };

/** `GET /ranks`, lowest level first; null while the ranks add-on is off (the API answers 403). */
export const ranksQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: rankKeys.all,
    queryFn: async ({ signal }): Promise<Rank[] | null> => {
      try {
        return (await api.get<Rank[]>("/ranks", undefined, signal)).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return null;
        throw error;
      }
    },
  });

export const ranksApi = {
  create: async (api: ApiClient, body: RankInput) =>
    (await api.request<Rank>({ method: "POST", path: "/ranks", body })).data,
  patch: async (api: ApiClient, rankID: number, body: RankPatch) =>
    (await api.request<Rank>({ method: "PATCH", path: `/ranks/${rankID}`, body })).data,
  remove: async (api: ApiClient, rankID: number) =>
    void (await api.request({ method: "DELETE", path: `/ranks/${rankID}` })),
};

/** Who manages the ranks (site.manage; the server checks again). */
export const canManageRanks = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("site.manage"));
