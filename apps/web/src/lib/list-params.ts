import type { DiscussionSort } from "@parley/contracts";
import { defaultDiscussionSort } from "@parley/contracts/discussion-sorts";
import { apiLimits } from "@parley/contracts/shell-limits";
import type { SortOption } from "../ui/sort-select/SortSelect.tsx";

/*
 * The address of a discussion list page (`/discussions`, a category's, a group's): its page, sort and
 * filters. Shared by the features whose pages hold a discussion list (discussions, categories, groups,
 * layouts), so it belongs to none of them.
 */

/** The orders a discussion list offers (spec §3 "Sort values"); the first is the default. */
export const discussionSortOptions: ReadonlyArray<SortOption<DiscussionSort>> = [
  { sort: "-dateLastComment", label: "Recently Commented" },
  { sort: "-dateInserted", label: "Recently Created" },
  { sort: "-score", label: "Top" },
  { sort: "-hot", label: "Hot" },
  { sort: "dateInserted", label: "Oldest" },
];

/** The member filters of `/discussions` (`?filter=`, omitted when 'all'). */
export const listFilters = [
  { sort: "all", label: "All Discussions" },
  { sort: "bookmarked", label: "Bookmarked" },
  { sort: "participated", label: "Participated" },
  { sort: "mine", label: "Mine" },
] as const;
export type ListFilter = (typeof listFilters)[number]["sort"];

/** `?filter=` and `?tagID=` of `/discussions` (spec §2: query parameters are passed on). */
export interface ListFilters {
  filter?: ListFilter;
  tagID?: number | null;
}

/** `?page=`, `?sort=`, `?filter=` and `?tagID=` of a list page; the sort is omitted from URLs when it is the default. */
export function readListParams(
  search: URLSearchParams,
): { page: number; sort: DiscussionSort } & Required<ListFilters> {
  const page = Math.max(1, Math.min(apiLimits.maxPage, Number.parseInt(search.get("page") ?? "1", 10) || 1));
  const requested = search.get("sort");
  const sort = discussionSortOptions.some((option) => option.sort === requested)
    ? (requested as DiscussionSort)
    : defaultDiscussionSort;
  const filter = listFilters.find((option) => option.sort === search.get("filter"))?.sort ?? "all";
  const tag = search.get("tagID") ?? "";
  return { page, sort, filter, tagID: /^[1-9]\d{0,9}$/.test(tag) ? Number(tag) : null };
}

export const listHref = (path: string, page: number, sort: DiscussionSort, { filter, tagID }: ListFilters = {}) => {
  const params = new URLSearchParams();
  if (sort !== defaultDiscussionSort) params.set("sort", sort);
  if (filter && filter !== "all") params.set("filter", filter);
  if (tagID) params.set("tagID", String(tagID));
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
};
