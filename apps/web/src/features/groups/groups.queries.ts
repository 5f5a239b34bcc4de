import { queryOptions } from "@tanstack/react-query";
import { groupRules } from "@parley/contracts/groups-constants";
import type { ApiClient } from "../../lib/api.ts";
import { groupsApi, type GroupListParams, type GroupMemberListParams } from "./groups.api.ts";
import { groupRecordKey } from "../../lib/group-record.ts";

export { groupQuery } from "../../lib/group-record.ts";

/** Query keys of the groups: one factory, so a write can drop everything it may have changed. */
export const groupKeys = {
  all: ["groups"] as const,
  list: (params: GroupListParams) => [...groupKeys.all, "list", params] as const,
  group: groupRecordKey,
  members: (groupID: number, params: GroupMemberListParams) => [...groupKeys.all, "members", groupID, params] as const,
  applicants: (groupID: number) => [...groupKeys.all, "applicants", groupID] as const,
  invitations: (groupID: number) => [...groupKeys.all, "invitations", groupID] as const,
};

/** Groups per page of `/groups`, members per page of a group's members. */
export const groupsPerPage = groupRules.defaultLimit;
export const membersPerPage = groupRules.membersDefaultLimit;
/** A group's discussions per page. */
export const groupDiscussionsPerPage = 30;

/** A page of groups and the total the pager counts (the paging header, else what the page holds). */
export const groupListQuery = (api: ApiClient, params: GroupListParams) =>
  queryOptions({
    queryKey: groupKeys.list(params),
    queryFn: async ({ signal }) => {
      const { data, paging } = await groupsApi.list(api, params, signal);
      return { items: data, total: paging?.total ?? (params.page - 1) * params.limit + data.length };
    },
  });

/** A page of members (leaders first, as the API sorts them) and their total. */
export const groupMembersQuery = (api: ApiClient, groupID: number, params: GroupMemberListParams) =>
  queryOptions({
    queryKey: groupKeys.members(groupID, params),
    queryFn: async ({ signal }) => {
      const { data, paging } = await groupsApi.members(api, groupID, params, signal);
      return { items: data, total: paging?.total ?? (params.page - 1) * params.limit + data.length };
    },
  });

export const groupApplicantsQuery = (api: ApiClient, groupID: number) =>
  queryOptions({
    queryKey: groupKeys.applicants(groupID),
    queryFn: ({ signal }) => groupsApi.applicants(api, groupID, signal),
  });

export const groupInvitationsQuery = (api: ApiClient, groupID: number) =>
  queryOptions({
    queryKey: groupKeys.invitations(groupID),
    queryFn: ({ signal }) => groupsApi.invitations(api, groupID, signal),
  });
