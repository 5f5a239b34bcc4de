import type { BanBody, Role, User } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

export const membersPageLimit = 30;

/** The list's sorts (Vanilla's `sort` of `GET /users`), each also reversed with a leading `-`. */
export const memberSorts = ["name", "dateInserted", "dateLastActive", "countPosts"] as const;
export type MemberSort = (typeof memberSorts)[number];

/** What the list is filtered and sorted by, as the page's address carries it. */
export interface MemberFilters {
  query: string;
  roleID: number | null;
  banned: "" | "yes" | "no";
  sort: MemberSort;
  desc: boolean;
}

/** The members (dashboard-users.yml): the dashboard's list and a member's upkeep (users.edit, users.delete). */
export const membersApi = {
  list: async (api: ApiClient, page: number, filters: MemberFilters, signal?: AbortSignal) => {
    const { data, paging } = await api.get<User[]>(
      "/users",
      {
        page,
        limit: membersPageLimit,
        sort: `${filters.desc ? "-" : ""}${filters.sort}`,
        ...(filters.query ? { query: filters.query } : {}),
        ...(filters.roleID !== null ? { roleID: filters.roleID } : {}),
        ...(filters.banned ? { isBanned: filters.banned === "yes" } : {}),
      },
      signal,
    );
    return { items: data, paging };
  },
  get: async (api: ApiClient, userID: number, signal?: AbortSignal) =>
    (await api.get<User>(`/users/${userID}`, undefined, signal)).data,
  roles: async (api: ApiClient, signal?: AbortSignal) => (await api.get<Role[]>("/roles", undefined, signal)).data,
  patch: async (
    api: ApiClient,
    userID: number,
    body: { name?: string; email?: string; roleID?: number[]; emailConfirmed?: boolean },
  ) => (await api.request<User>({ method: "PATCH", path: `/users/${userID}`, body })).data,
  ban: async (api: ApiClient, userID: number, body: BanBody) =>
    (await api.request<{ banned: boolean }>({ method: "PUT", path: `/users/${userID}/ban`, body })).data,
  remove: async (api: ApiClient, userID: number, deleteMethod: "keep" | "wipe" | "delete") => {
    await api.request({ method: "DELETE", path: `/users/${userID}`, body: { deleteMethod } });
  },
};
