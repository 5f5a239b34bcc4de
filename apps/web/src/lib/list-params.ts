import type { DiscussionSort } from "@parley/contracts";
import { defaultDiscussionSort } from "@parley/contracts/discussion-sorts";
import type { QuestionStatus } from "@parley/contracts/questions-constants";
import { apiLimits } from "@parley/contracts/shell-limits";
import type { SortOption } from "../ui/sort-select/SortSelect.tsx";
import { msg } from "./i18n.ts";

/*
 * The address of a discussion list page (`/discussions` and its lists, a category's, a group's): its page
 * and sort. Shared by the features whose pages hold a discussion list (discussions, categories, groups,
 * layouts), so it belongs to none of them.
 */

/** The orders a discussion list offers (spec §3 "Sort values"); the first is the default. */
export const discussionSortOptions: ReadonlyArray<SortOption<DiscussionSort>> = [
  { sort: "-dateLastComment", label: msg("Recently Commented") },
  { sort: "-dateInserted", label: msg("Recently Created") },
  { sort: "-score", label: msg("Top") },
  { sort: "-hot", label: msg("Hot") },
  { sort: "dateInserted", label: msg("Oldest") },
];

/** The lists of `/discussions`, each at `/discussions/{filter}` (`all` is `/discussions`); guests have all and unanswered. */
export const listFilters = [
  { sort: "all", label: msg("All Discussions") },
  { sort: "unanswered", label: msg("Unanswered") },
  { sort: "bookmarked", label: msg("Bookmarked") },
  { sort: "participated", label: msg("Participated") },
  { sort: "mine", label: msg("Mine") },
] as const;
export type ListFilter = (typeof listFilters)[number]["sort"];
export const guestListFilters: ReadonlyArray<ListFilter> = ["all", "unanswered"];

/** The path of a list: `/discussions`, `/discussions/{filter}`. */
export const listPath = (filter: ListFilter) => (filter === "all" ? "/discussions" : `/discussions/${filter}`);

/** A tag's list (`/discussions/tagged/{urlcode}`). */
export const tagListPath = (urlcode: string) => `/discussions/tagged/${encodeURIComponent(urlcode)}`;

/** `?filter=` and `?tagID=`: the lists' old addresses on `/discussions`, which the server moves to their paths. */
export interface ListFilters {
  filter?: ListFilter;
  tagID?: number | null;
}

/** `?page=`, `?sort=`, `?filter=` and `?tagID=` of a list page; the sort is omitted from URLs when it is the default. */
export function readListParams(
  search: URLSearchParams,
): { page: number; sort: DiscussionSort } & Required<ListTypeFilter> & Required<ListFilters> {
  const page = Math.max(1, Math.min(apiLimits.maxPage, Number.parseInt(search.get("page") ?? "1", 10) || 1));
  const requested = search.get("sort");
  const sort = discussionSortOptions.some((option) => option.sort === requested)
    ? (requested as DiscussionSort)
    : defaultDiscussionSort;
  const filter = listFilters.find((option) => option.sort === search.get("filter"))?.sort ?? "all";
  const tag = search.get("tagID") ?? "";
  const asked = search.get("status") ?? "";
  const status = /^((un)?answered|accepted)$/.test(asked) ? (asked as QuestionStatus) : null;
  const idea = search.get("statusID") ?? "";
  const statusID = /^[1-9]\d{0,9}$/.test(idea) ? Number(idea) : null;
  const type = search.get("type") === "poll" ? ("poll" as const) : null;
  // A site post type's ID (the post types add-on): the server refuses one it does not have.
  const postTypeID = search.get("postTypeID") || null;
  return {
    page,
    sort,
    filter,
    status,
    statusID,
    type,
    postTypeID,
    tagID: /^[1-9]\d{0,9}$/.test(tag) ? Number(tag) : null,
  };
}

/**
 * A list's type filter: questions of a status (`?status=`, QnA), ideas of a status (`?statusID=`, ideation),
 * polls (`?type=poll`, the polls add-on) or a site post type (`?postTypeID=`, the post types add-on).
 */
export interface ListTypeFilter {
  status?: QuestionStatus | null;
  statusID?: number | null;
  type?: "poll" | null;
  postTypeID?: string | null;
}

export const listHref = (
  path: string,
  page: number,
  sort: DiscussionSort,
  { status, statusID, type, postTypeID }: ListTypeFilter = {},
) => {
  const params = new URLSearchParams();
  if (sort !== defaultDiscussionSort) params.set("sort", sort);
  if (status) params.set("status", status);
  else if (statusID) params.set("statusID", String(statusID));
  else if (type) params.set("type", type);
  else if (postTypeID) params.set("postTypeID", postTypeID);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};
