import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { pageParam } from "../../lib/route-errors.ts";
import { applicantsApi } from "./applicants.api.ts";

export const applicantKeys = {
  all: ["applicants"] as const,
  page: (page: number) => [...applicantKeys.all, "page", page] as const,
};

export const applicantsQuery = (api: ApiClient, page: number) =>
  queryOptions({
    queryKey: applicantKeys.page(page),
    queryFn: ({ signal }) => applicantsApi.list(api, page, signal),
  });

/** `/dashboard/users/applicants` (Vanilla's /dashboard/user/applicants), `?page=n` past the first. */
export const applicantsPath = "/dashboard/users/applicants";
export const applicantsHref = (page: number) => (page > 1 ? `${applicantsPath}?page=${page}` : applicantsPath);

export const canManageApplicants = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("applicants.manage"));

/** The page number of the address (`?page=n`), or null for anything else (a 404). */
export const applicantsPageOf = pageParam;
