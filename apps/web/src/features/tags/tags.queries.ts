import { queryOptions } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { tagsApi } from "./tags.api.ts";

export const tagKeys = {
  all: ["dashboard-tags"] as const,
  page: (page: number, query: string) => [...tagKeys.all, page, query] as const,
};

export const tagsQuery = (api: ApiClient, page: number, query: string) =>
  queryOptions({
    queryKey: tagKeys.page(page, query),
    queryFn: ({ signal }) => tagsApi.list(api, page, query, signal),
  });

/** `/tags`: a page of the tags, most used first, 100 a page; in a subcommunity, those of its discussions. */
export const tagIndexLimit = 100;
export const tagIndexQuery = (api: ApiClient, page: number, siteSectionID?: string) =>
  queryOptions({
    queryKey: ["tag-index", page, siteSectionID ?? "0"] as const,
    queryFn: ({ signal }) => tagsApi.list(api, page, "", signal, tagIndexLimit, siteSectionID),
  });

/** `/dashboard/tags`, `?query=` to find tags by the start of their name, `?page=n` past the first. */
export const tagsPagePath = "/dashboard/tags";
export const tagsHref = (page: number, query = "") => {
  const search = new URLSearchParams();
  if (query) search.set("query", query);
  if (page > 1) search.set("page", String(page));
  const text = search.toString();
  return text ? `${tagsPagePath}?${text}` : tagsPagePath;
};

/** Who keeps the tags (community.manage; the server checks again). */
export const canManageTags = (me: Pick<Me, "userID" | "isAdmin" | "permissions">) =>
  me.userID !== 0 && (me.isAdmin || me.permissions.includes("community.manage"));
