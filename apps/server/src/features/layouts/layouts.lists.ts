import type { LayoutWidget } from "@parley/contracts";
import { notFound } from "../../platform/errors.ts";
import {
  discussionListLayout,
  discussionListPath,
  discussionListTitles,
  type ListFilter,
  type ListParams,
  type ListTag,
  type PanelOptions,
} from "./layouts.defaults.ts";

/** The discussion lists' own lookup params, beside the page and sort. */
export interface ListLookup {
  /** `/discussions/tagged/{tag}`: the tag's URL code (or name). */
  tag: string | null;
  /** `/discussions?filter=` and `?tagID=`, the lists' old addresses, answered with a 301 to the new ones. */
  movedFilter: ListFilter;
  movedTagID: number | null;
}

type ListAnswer =
  { layout: LayoutWidget[]; seo: { title: string; url: string } } | { redirectTo: string; status: 301 | 302 };

/** The lists only a member has: a guest is sent to sign in, coming back to the list. */
const memberFilters: ReadonlySet<ListFilter> = new Set(["bookmarked", "participated", "mine"]);

/** `?sort=&page=` of a list page: the default sort and the first page are left out. */
const listQuery = ({ page, sort, status }: ListParams) => {
  const query = new URLSearchParams();
  if (sort) query.set("sort", sort);
  if (status) query.set("status", status);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `?${text}` : "";
};

/**
 * `/discussions`, `/discussions/{bookmarked|participated|mine|unanswered}` and `/discussions/tagged/{tag}`
 * (404 for an unknown tag). The old `/discussions?filter=…` and `?tagID=…` move there (301); a guest
 * asking for a member's list is sent to sign in (302).
 */
export async function discussionListAnswer(
  params: ListParams & ListLookup,
  viewerID: number | null,
  findTag: (idOrCode: number | string) => Promise<ListTag | null>,
  panel: PanelOptions = { online: false, tagging: false },
): Promise<ListAnswer> {
  const query = listQuery(params);
  if (params.movedFilter !== "all" || params.movedTagID !== null) {
    // Both given (the old Filter select kept the tag): the member's list wins, as only one path can hold them.
    const movedTag =
      params.movedFilter === "all" && params.movedTagID !== null ? await findTag(params.movedTagID) : null;
    if (params.movedFilter === "all" && !movedTag) throw notFound("Tag");
    return { redirectTo: discussionListPath(params.movedFilter, movedTag) + query, status: 301 };
  }
  const tag = params.tag === null ? null : await findTag(params.tag);
  if (params.tag !== null && !tag) throw notFound("Tag");
  const filter = tag ? "all" : (params.filter ?? "all");
  const path = discussionListPath(filter, tag);
  if (viewerID === null && memberFilters.has(filter)) {
    return { redirectTo: `/entry/signin?Target=${encodeURIComponent(path + query)}`, status: 302 };
  }
  return {
    layout: discussionListLayout({ ...params, filter }, viewerID, tag, panel),
    seo: {
      title: tag ? tag.name : discussionListTitles[filter],
      url: params.page > 1 ? `${path}?page=${params.page}` : path,
    },
  };
}
