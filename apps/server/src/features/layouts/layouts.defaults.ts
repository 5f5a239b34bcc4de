import { limits, type CommentPageSort, type DiscussionSort, type LayoutWidget } from "@parley/contracts";

/*
 * The default layouts of the layout view types (spec §1, §2), as data: section widgets holding asset
 * widgets. Props carry what to fetch (`apiParams`) and what the page is about, never the records:
 * the web fetches those through the API queries it already has.
 */

const widget = (
  $reactComponent: string,
  $reactProps: Record<string, unknown> = {},
  device?: "desktop" | "mobile",
): LayoutWidget => ({ $reactComponent, $reactProps, ...(device ? { $middleware: { visibility: { device } } } : {}) });

const oneColumn = (children: LayoutWidget[], breadcrumbs: LayoutWidget[] = []) =>
  widget("react.section.1-column", { ...(breadcrumbs.length ? { breadcrumbs } : {}), children });

/** Home (section 0) and a subcommunity's home: the site's categories under its name. */
export const homeLayout = (): LayoutWidget[] => [
  oneColumn([widget("react.asset.categoryList", { apiParams: { maxDepth: 2 }, variant: "home" })]),
];

/** `/categories`: the category tree. */
export const categoriesLayout = (): LayoutWidget[] => [
  oneColumn([widget("react.asset.categoryList", { apiParams: { maxDepth: 2 }, variant: "categories" })]),
];

export interface ListParams {
  page: number;
  sort: DiscussionSort | null;
}

const discussionListParams = ({ page, sort }: ListParams, categoryID?: number) => ({
  limit: limits.pager.defaultPageLimit,
  page,
  ...(sort ? { sort } : {}),
  ...(categoryID !== undefined ? { categoryID } : {}),
});

/** `/discussions`: title, New Discussion, the list with its sorts and pager. */
export const discussionListLayout = (params: ListParams): LayoutWidget[] => [
  oneColumn([
    widget("react.html", { title: "Recent Discussions", translate: true }),
    widget("react.newPostButton", {}),
    widget("react.asset.discussionList", {
      apiParams: discussionListParams(params),
      basePath: "/discussions",
      pageTitle: "Recent Discussions",
    }),
  ]),
];

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
