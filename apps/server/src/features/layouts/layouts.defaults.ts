import {
  limits,
  type CommentPageSort,
  type DiscussionListFilter,
  type DiscussionSort,
  type LayoutAssetWidget,
  type LayoutWidget,
  type WidgetName,
  type WidgetOf,
  type WidgetProps,
} from "@parley/contracts";

/*
 * The default layouts of the layout view types (spec §1, §2), as data: section widgets holding asset
 * widgets. Props carry what to fetch (`apiParams`) and what the page is about, never the records:
 * the web fetches those through the API queries it already has.
 */

/** A widget of the contract's union: the props are checked against its name's (TypeScript cannot pair them itself). */
const widget = <Name extends WidgetName>(
  $reactComponent: Name,
  $reactProps: WidgetProps<Name>,
  device?: "desktop" | "mobile",
) =>
  ({
    $reactComponent,
    $reactProps,
    ...(device ? { $middleware: { visibility: { device } } } : {}),
  }) as WidgetOf<Name>;

const oneColumn = (children: LayoutAssetWidget[], breadcrumbs: LayoutAssetWidget[] = []) =>
  widget("react.section.1-column", { ...(breadcrumbs.length ? { breadcrumbs } : {}), children });

/** Home (section 0) and a subcommunity's home: the site's categories under its name. */
export const homeLayout = (): LayoutWidget[] => [
  oneColumn([widget("react.asset.categoryList", { apiParams: { maxDepth: 2 }, variant: "home" })]),
];

/** `/categories`: the category tree. */
export const categoriesLayout = (): LayoutWidget[] => [
  oneColumn([widget("react.asset.categoryList", { apiParams: { maxDepth: 2 }, variant: "categories" })]),
];

export type ListFilter = DiscussionListFilter;

export interface ListParams {
  page: number;
  sort: DiscussionSort | null;
  /** `/discussions` only: the viewer's own lists (members) and a tag. */
  filter?: ListFilter;
  tagID?: number | null;
}

/** The list API's parameters of a member filter (spec §2 filters), for the signed-in viewer only. */
const filterApiParams = (filter: ListFilter | undefined, viewerID: number | null) => {
  if (viewerID === null) return {};
  if (filter === "bookmarked") return { bookmarkUserID: viewerID };
  if (filter === "participated") return { participatedUserID: viewerID };
  if (filter === "mine") return { insertUserID: [viewerID] };
  return {};
};

const discussionListParams = ({ page, sort }: ListParams, categoryID?: number) => ({
  limit: limits.pager.defaultPageLimit,
  page,
  ...(sort ? { sort } : {}),
  ...(categoryID !== undefined ? { categoryID } : {}),
});

/**
 * `/discussions`: title, New Discussion, the list with its sorts, filters and pager. `viewerID` is the
 * signed-in viewer's (null for a guest, who gets no member filters).
 */
export const discussionListLayout = (params: ListParams, viewerID: number | null = null): LayoutWidget[] => {
  const memberFilter = viewerID !== null && params.filter && params.filter !== "all" ? params.filter : null;
  return [
    oneColumn([
      widget("react.html", { title: "Recent Discussions", translate: true }),
      widget("react.newPostButton", {}),
      widget("react.asset.discussionList", {
        apiParams: {
          ...discussionListParams(params),
          ...filterApiParams(memberFilter ?? undefined, viewerID),
          ...(params.tagID ? { tagID: [params.tagID] } : {}),
        },
        basePath: "/discussions",
        pageTitle: "Recent Discussions",
        filters: { member: viewerID !== null, ...(memberFilter ? { filter: memberFilter } : {}) },
      }),
    ]),
  ];
};

export interface CategoryLayoutInput extends ListParams {
  categoryID: number;
  urlcode: string;
  /** Headings and categories-of-categories hold no discussions of their own: no New Discussion there. */
  acceptsDiscussions: boolean;
}

/** `/categories/{code}[/p{n}]`: breadcrumbs, the category's header, its subcategories and discussions. */
export const categoryLayout = (input: CategoryLayoutInput): LayoutWidget[] => [
  oneColumn(
    [
      widget("react.asset.categoryHeader", { categoryCode: input.urlcode, page: input.page }),
      widget("react.asset.categoryList", {
        apiParams: { parentCategoryID: input.categoryID, maxDepth: 2 },
        variant: "subcategories",
      }),
      widget("react.asset.discussionList", {
        apiParams: discussionListParams(input, input.categoryID),
        basePath: `/categories/${encodeURIComponent(input.urlcode)}`,
        pagedPath: true,
        title: "Discussions",
        actions: input.acceptsDiscussions ? [widget("react.newPostButton", { categoryID: input.categoryID })] : [],
      }),
    ],
    [widget("react.breadcrumbs", { recordType: "category", recordID: input.urlcode })],
  ),
];

/** `/discussion/{id}[/{slug}][/p{n}]`: the post with its breadcrumbs, a page of comments and the reply form. */
export const postLayout = (discussionID: number, page: number, sort: CommentPageSort): LayoutWidget[] => [
  oneColumn([
    widget("react.asset.discussion", {
      discussionID,
      page,
      commentsApiParams: { discussionID, page, limit: limits.pager.commentsPerPage, sort },
    }),
  ]),
];

/** `/post/discussion[/{categoryID}]`: the new-discussion form. */
export const createPostLayout = (postType: string, categoryID: number | null): LayoutWidget[] => [
  oneColumn([widget("react.asset.createPost", { postType, categoryID })]),
];
