import { matchPath } from "react-router";
import type { LayoutLookup, SiteSectionLink } from "@parley/contracts";
import { defaultCommentSort, defaultDiscussionSort, readCommentSort } from "@parley/contracts/discussion-sorts";
import { parsePageSegment } from "../../lib/route-errors.ts";
import { listFilters, readListParams } from "../../lib/list-params.ts";
import { urlWithinSection } from "../../lib/site-section.tsx";

/** The whole site's section (contracts' WHOLE_SITE_SECTION_ID; that module is TypeBox's, kept off reading pages). */
const WHOLE_SITE_SECTION_ID = "0";

type Section = Pick<SiteSectionLink, "siteSectionID" | "basePath"> | null;

/**
 * The record of a section: the home, discussion list and category list pages' record (spec §2: section "0", the
 * whole site, or a subcommunity's `siteSectionID`).
 */
const sectionRecord = (section: Section) =>
  ({ recordType: "siteSection", recordID: section?.siteSectionID ?? WHOLE_SITE_SECTION_ID }) as const;

/** A section's home: `home` on the whole site, `subcommunityHome` in a subcommunity. */
const homeLookup = (section: Section = null): LayoutLookup => ({
  layoutViewType: section ? "subcommunityHome" : "home",
  ...sectionRecord(section),
});

/** The title bar's lookup on pages without a layout of their own (sign-in, errors…): the section's home. */
export const titleBarLookup = homeLookup;

/** A list page's params: the page, and the sort when it is a known one other than the default. */
const listParams = (page: number, search: URLSearchParams): Record<string, string | number> => {
  const { sort, status, statusID, type, postTypeID } = readListParams(search);
  return {
    page,
    ...(sort !== defaultDiscussionSort ? { sort } : {}),
    ...(status ? { status } : statusID ? { statusID } : type ? { type } : postTypeID ? { postTypeID } : {}),
  };
};

const positiveInt = (value: string | undefined) => (value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? value : null);

/**
 * `/discussions` (whose old `?filter=` and `?tagID=` the server moves to the lists' paths),
 * `/discussions/{filter}` and `/discussions/tagged/{tag}`; null for another path under `/discussions/`.
 */
function discussionListLookup({ pathname, searchParams }: URL, section: Section): LayoutLookup | null {
  const { page, filter, tagID } = readListParams(searchParams);
  const list = (params: Record<string, string | number>): LayoutLookup => ({
    layoutViewType: "discussionList",
    ...sectionRecord(section),
    params: { ...listParams(page, searchParams), ...params },
  });
  if (matchPath("/discussions", pathname)) {
    return list({ ...(filter !== "all" ? { filter } : {}), ...(tagID ? { tagID } : {}) });
  }
  const tagged = matchPath("/discussions/tagged/:tag", pathname);
  if (tagged?.params.tag) return list({ tag: tagged.params.tag });
  const named = matchPath("/discussions/:list", pathname)?.params.list;
  const known = listFilters.find((option) => option.sort !== "all" && option.sort === named);
  return known ? list({ list: known.sort }) : null;
}

/**
 * The layout a page URL asks for (spec §2 "Page routes"), or null when the URL is not a layout page
 * (or is one with a malformed id or page segment: a 404 without asking the server). In a subcommunity (`section`)
 * the URL has its folder, which the paths are matched without; its home and lists are the section's.
 */
export function lookupForUrl(pageUrl: URL, section: Section = null): LayoutLookup | null {
  const url = urlWithinSection(pageUrl, section);
  const { pathname, searchParams } = url;
  if (pathname === "/") return homeLookup(section);
  if (pathname === "/discussions" || pathname.startsWith("/discussions/")) return discussionListLookup(url, section);
  if (matchPath("/categories", pathname)) return { layoutViewType: "categoryList", ...sectionRecord(section) };
  const category = matchPath("/categories/:code/:pageSegment?", pathname);
  if (category) {
    const page = parsePageSegment(category.params.pageSegment);
    if (page === null || !category.params.code) return null;
    return {
      layoutViewType: "categoryList",
      recordType: "category",
      recordID: category.params.code,
      params: listParams(page, searchParams),
    };
  }
  const comment = matchPath("/discussion/comment/:commentID", pathname);
  if (comment) {
    const id = positiveInt(comment.params.commentID);
    return id ? { layoutViewType: "post", recordType: "comment", recordID: id } : null;
  }
  const discussion = matchPath("/discussion/:id/:slug?/:pageSegment?", pathname);
  if (discussion) {
    const id = positiveInt(discussion.params.id);
    const { slug, pageSegment } = discussion.params;
    const segment = pageSegment ?? (slug && /^p\d+$/.test(slug) ? slug : undefined);
    const page = parsePageSegment(segment);
    if (!id || page === null) return null;
    const sort = readCommentSort(searchParams.get("sort"));
    return {
      layoutViewType: "post",
      recordType: "discussion",
      recordID: id,
      params: { page, ...(sort !== defaultCommentSort ? { sort } : {}) },
    };
  }
  const post = matchPath("/post/discussion/:categoryID?", pathname);
  if (post) {
    const categoryID = post.params.categoryID;
    // Spec §2: `/post/{postType}/social-groups?groupid={id}` posts in a group: the create-post layout
    // without a category (the page shows the group, which it loads itself).
    if (categoryID === "social-groups") {
      return positiveInt(searchParams.get("groupid") ?? undefined)
        ? { layoutViewType: "createPost", recordType: "category", recordID: "-1", params: { postType: "discussion" } }
        : null;
    }
    if (categoryID !== undefined && !positiveInt(categoryID)) return null;
    return {
      layoutViewType: "createPost",
      recordType: "category",
      recordID: categoryID ?? "-1",
      params: { postType: "discussion" },
    };
  }
  return null;
}
