import type {
  BanBody,
  BulkBanBody,
  BulkDeleteBody,
  BulkRoleAssignment,
  Role,
  User,
  UserSession,
} from "@parley/contracts";
import { ApiError, type ApiClient } from "../../lib/api.ts";

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
  /**
   * The member's sessions that have not expired, the last used first; null when the viewer may not see them (a
   * site manager's, for one who is not).
   */
  sessions: async (api: ApiClient, userID: number, signal?: AbortSignal): Promise<UserSession[] | null> => {
    try {
      return (await api.get<UserSession[]>("/sessions", { userID, filter: "valid" }, signal)).data;
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) return null;
      throw error;
    }
  },
  /** Turns the member's two-factor sign-in off (user managers). */
  resetTwoFactor: async (api: ApiClient, userID: number) => {
    await api.request({ method: "DELETE", path: `/users/${userID}/two-factor` });
  },
  signOutEverywhere: async (api: ApiClient, userID: number) => {
    await api.request({ method: "DELETE", path: "/sessions", query: { userID } });
  },
  /** Cancels the member's own deletion while its grace period runs (site managers). */
  cancelScheduledDeletion: async (api: ApiClient, userID: number) => {
    await api.request({ method: "DELETE", path: `/users/${userID}/scheduled-deletion` });
  },
  /** E-mails the member a password reset link. */
  sendPasswordReset: async (api: ApiClient, userID: number) => {
    await api.request({ method: "POST", path: `/users/${userID}/request-password`, body: {} });
  },
  bulkRoles: async (api: ApiClient, body: BulkRoleAssignment) => {
    await api.request({ method: "PATCH", path: "/users/bulk-role-assignment", body });
  },
  bulkBan: async (api: ApiClient, body: BulkBanBody) => {
    await api.request({ method: "PATCH", path: "/users/bulk-ban", body });
  },
  bulkDelete: async (api: ApiClient, body: BulkDeleteBody) => {
    await api.request({ method: "POST", path: "/users/bulk-delete", body });
  },
};
