import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { membersApi, memberSorts, type MemberFilters, type MemberSort } from "./members.api.ts";

export const memberKeys = {
  all: ["dashboard-members"] as const,
  page: (page: number, filters: MemberFilters) => [...memberKeys.all, "list", page, filters] as const,
  member: (userID: number) => [...memberKeys.all, "member", userID] as const,
  sessions: (userID: number) => [...memberKeys.all, "sessions", userID] as const,
  roles: ["dashboard-members", "roles"] as const,
};

export const membersQuery = (api: ApiClient, page: number, filters: MemberFilters) =>
  queryOptions({
    queryKey: memberKeys.page(page, filters),
    queryFn: ({ signal }) => membersApi.list(api, page, filters, signal),
  });

export const memberQuery = (api: ApiClient, userID: number) =>
  queryOptions({ queryKey: memberKeys.member(userID), queryFn: ({ signal }) => membersApi.get(api, userID, signal) });

export const memberSessionsQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: memberKeys.sessions(userID),
    queryFn: ({ signal }) => membersApi.sessions(api, userID, signal),
  });

export const rolesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: memberKeys.roles, queryFn: ({ signal }) => membersApi.roles(api, signal) });

/** `/dashboard/users`: `?query=`, `?roleID=`, `?banned=yes|no`, `?sort=` (`-` first for descending), `?page=`. */
export const membersPagePath = "/dashboard/users";
export const memberPath = (userID: number) => `${membersPagePath}/${userID}`;

const defaultSort = { sort: "dateInserted" as MemberSort, desc: true };

/** The filters in a page address; null for a sort that is none of the list's (a 404). */
export function memberFilters(search: URLSearchParams): MemberFilters | null {
  const rawSort = search.get("sort");
  const sortName = rawSort?.replace(/^-/, "");
  if (rawSort !== null && !memberSorts.includes(sortName as MemberSort)) return null;
  const roleID = Number(search.get("roleID") ?? "");
  const banned = search.get("banned");
  return {
    query: (search.get("query") ?? "").trim().slice(0, 100),
    roleID: Number.isInteger(roleID) && roleID > 0 ? roleID : null,
    banned: banned === "yes" || banned === "no" ? banned : "",
    ...(rawSort === null ? defaultSort : { sort: sortName as MemberSort, desc: rawSort.startsWith("-") }),
  };
}

export function membersHref(page: number, filters: Partial<MemberFilters> = {}) {
  const search = new URLSearchParams();
  if (filters.query) search.set("query", filters.query);
  if (filters.roleID) search.set("roleID", String(filters.roleID));
  if (filters.banned) search.set("banned", filters.banned);
  if (filters.sort && (filters.sort !== defaultSort.sort || filters.desc !== defaultSort.desc)) {
    search.set("sort", `${filters.desc ? "-" : ""}${filters.sort}`);
  }
  if (page > 1) search.set("page", String(page));
  const text = search.toString();
  return text ? `${membersPagePath}?${text}` : membersPagePath;
}

type Viewer = Pick<Me, "userID" | "isAdmin" | "permissions">;

/** Who manages members (users.edit; the server checks every write again). */
export const canManageMembers = (me: Viewer) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("users.edit"));

/** Who sees members' e-mail addresses (personalInfo.view; the API leaves them out otherwise). */
export const canSeeEmails = (me: Viewer) => me.isAdmin || me.permissions.includes("personalInfo.view");

/** Who deletes members (users.delete). */
export const canDeleteMembers = (me: Viewer) => me.isAdmin || me.permissions.includes("users.delete");
