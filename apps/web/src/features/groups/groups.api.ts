import type {
  Group,
  GroupApplicant,
  GroupInvitation,
  GroupMember,
  GroupMemberRole,
  GroupPatch,
  GroupPost,
  GroupSort,
  UserFragment,
} from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

export interface GroupListParams {
  memberID?: number;
  sort?: GroupSort;
  page: number;
  limit: number;
}

export interface GroupMemberListParams {
  role?: GroupMemberRole;
  page: number;
  limit: number;
}

/** Vanilla's Groups add-on (API v2): groups, their members, applicants and invitations. */
export const groupsApi = {
  /** A page of the groups the viewer may see, with the paging headers (the total, for the pager). */
  list: (api: ApiClient, params: GroupListParams, signal?: AbortSignal) =>
    api.get<Group[]>("/groups", { ...params }, signal),
  create: async (api: ApiClient, body: GroupPost) =>
    (await api.request<Group>({ method: "POST", path: "/groups", body })).data,
  update: async (api: ApiClient, groupID: number, body: GroupPatch) =>
    (await api.request<Group>({ method: "PATCH", path: `/groups/${groupID}`, body })).data,
  remove: async (api: ApiClient, groupID: number) => {
    await api.request<unknown>({ method: "DELETE", path: `/groups/${groupID}` });
  },

  // The viewer's own standing.
  join: async (api: ApiClient, groupID: number) => {
    await api.request<unknown>({ method: "POST", path: `/groups/${groupID}/join`, body: {} });
  },
  leave: async (api: ApiClient, groupID: number) => {
    await api.request<unknown>({ method: "POST", path: `/groups/${groupID}/leave`, body: {} });
  },
  apply: async (api: ApiClient, groupID: number, reason: string) => {
    await api.request<unknown>({ method: "POST", path: `/groups/${groupID}/apply`, body: { reason } });
  },

  // Members (leaders manage them).
  members: (api: ApiClient, groupID: number, params: GroupMemberListParams, signal?: AbortSignal) =>
    api.get<GroupMember[]>(`/groups/${groupID}/members`, { ...params }, signal),
  addMember: async (api: ApiClient, groupID: number, userID: number) => {
    await api.request<unknown>({ method: "POST", path: `/groups/${groupID}/members`, body: { userID } });
  },
  setRole: async (api: ApiClient, groupID: number, userID: number, role: GroupMemberRole) => {
    await api.request<unknown>({ method: "PATCH", path: `/groups/${groupID}/members/${userID}`, body: { role } });
  },
  removeMember: async (api: ApiClient, groupID: number, userID: number) => {
    await api.request<unknown>({ method: "DELETE", path: `/groups/${groupID}/members/${userID}` });
  },

  // Applications to join a private group.
  applicants: async (api: ApiClient, groupID: number, signal?: AbortSignal) =>
    (await api.get<GroupApplicant[]>(`/groups/${groupID}/applicants`, { status: "pending" }, signal)).data,
  decide: async (api: ApiClient, groupID: number, userID: number, status: "approved" | "denied") => {
    await api.request<unknown>({ method: "PATCH", path: `/groups/${groupID}/applicants/${userID}`, body: { status } });
  },

  // Invitations: leaders invite, the invited accept (join) or decline (their own invitation deleted).
  invitations: async (api: ApiClient, groupID: number, signal?: AbortSignal) =>
    (await api.get<GroupInvitation[]>(`/groups/${groupID}/invitations`, {}, signal)).data,
  invite: async (api: ApiClient, groupID: number, userIDs: number[]) => {
    await api.request<unknown>({ method: "POST", path: `/groups/${groupID}/invitations`, body: { userIDs } });
  },
  withdraw: async (api: ApiClient, groupID: number, userID: number) => {
    await api.request<unknown>({ method: "DELETE", path: `/groups/${groupID}/invitations/${userID}` });
  },

  /** Members by exact names (the invite form's names): `GET /users/by-names`. */
  usersByNames: async (api: ApiClient, name: string, limit: number, signal?: AbortSignal) =>
    (await api.get<UserFragment[]>("/users/by-names", { name, limit }, signal)).data,
};
