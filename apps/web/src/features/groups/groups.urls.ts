import type { GroupSort } from "@parley/contracts";
import { groupPaths, groupSorts } from "@parley/contracts/groups-constants";
import { t } from "../../lib/i18n.ts";
import { groupPath } from "../../lib/group-record.ts";

export { groupDiscussionCrumbs, groupPath } from "../../lib/group-record.ts";

/** The list's sorts, in the select's order, with their labels in the interface's language. */
export const groupSortOptions = (): ReadonlyArray<{ sort: GroupSort; label: string }> => [
  { sort: "name", label: t("Name") },
  { sort: "-dateInserted", label: t("Newest") },
  { sort: "-countMembers", label: t("Most Members") },
  { sort: "-dateLastComment", label: t("Latest Activity") },
];
const defaultGroupSort: GroupSort = "name";

/** `/groups`' filters: every group the viewer may see, or (members) the ones they belong to. */
type GroupFilter = "all" | "mine";

export interface GroupListState {
  page: number;
  sort: GroupSort;
  filter: GroupFilter;
}

const MAX_PAGE = 100_000;

/** A positive page number from `?page=` (1 when absent); null when it is not one (a 404). */
export function readPage(value: string | null): number | null {
  if (value === null) return 1;
  return /^[1-9]\d{0,5}$/.test(value) && Number(value) <= MAX_PAGE ? Number(value) : null;
}

/** `?page=`, `?sort=` and `?filter=` of `/groups` (unknown sorts and filters fall back to the defaults). */
export function readGroupListState(search: URLSearchParams): GroupListState | null {
  const page = readPage(search.get("page"));
  if (page === null) return null;
  const requested = search.get("sort");
  const sort = groupSorts.find((candidate) => candidate === requested) ?? defaultGroupSort;
  const filter: GroupFilter = search.get("filter") === "mine" ? "mine" : "all";
  return { page, sort, filter };
}

/** The address of a list page: defaults left out, so each page has one URL. */
export function groupListHref({ page, sort, filter }: GroupListState): string {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (sort !== defaultGroupSort) params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${groupPaths.list}?${query}` : groupPaths.list;
}

/** A `{groupID}-{slug}` path segment: the id and the slug ("" without one), or null. */
export function readGroupSegment(segment: string | undefined): { id: number; slug: string } | null {
  const match = /^([1-9]\d{0,9})(?:-(.*))?$/.exec(segment ?? "");
  if (!match) return null;
  return { id: Number(match[1]), slug: match[2] ?? "" };
}

/** A positive id path segment (`/group/{groupID}/edit`), or null. */
export const readID = (segment: string | undefined): number | null =>
  /^[1-9]\d{0,9}$/.test(segment ?? "") ? Number(segment) : null;

export const membersPath = (group: { groupID: number; slug: string; url?: string }) => `${groupPath(group)}/members`;

/** A page of a group's discussions or members: `?page=n` on the page's path (page 1 without it). */
export const pagedHref = (path: string, page: number) => (page > 1 ? `${path}?page=${page}` : path);

/**
 * Where a request for a group's page should go instead: the group's canonical path (plus `suffix`,
 * e.g. `/members`) when the requested path differs (a wrong or missing slug), keeping the query.
 * Null when the request is already canonical.
 */
export function groupRedirect(requested: URL, canonicalPath: string, suffix = ""): string | null {
  const wanted = `${canonicalPath}${suffix}`;
  const decode = (path: string) => {
    try {
      return decodeURI(path);
    } catch {
      return path;
    }
  };
  if (decode(requested.pathname) === decode(wanted)) return null;
  return encodeURI(decode(wanted)) + requested.search;
}
