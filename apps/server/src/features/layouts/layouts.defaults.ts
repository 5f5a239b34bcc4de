import {
  limits,
  type CommentPageSort,
  type DiscussionListFilter,
  type DiscussionSort,
  type LayoutAssetWidget,
  type LayoutWidget,
  type QuestionStatus,
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

/** A main column and, beside it from 933 px (under it on narrower screens), a panel of 292 px. */
const twoColumns = (main: LayoutAssetWidget[], panel: LayoutAssetWidget[], breadcrumbs: LayoutAssetWidget[] = []) =>
  widget("react.section.2-columns", {
    ...(breadcrumbs.length ? { breadcrumbs } : {}),
    mainBottom: main,
    secondaryBottom: panel,
  });

/** What the pages' panels may show: popular tags while tagging is on, who's online while the `online` add-on is. */
export interface PanelOptions {
  online: boolean;
  tagging: boolean;
  /** The QnA add-on is on: the discussion lists filter questions by status. */
  questions?: boolean;
}

/** Members online listed in a panel (the widget's count says how many more). */
const onlineInPanel = 30;
/** Tags in a panel's "Popular Tags", most used first. */
const tagsInPanel = 15;
/** Discussions on the home page (its "All discussions" link leads to the rest). */
const homeDiscussions = 10;

/**
 * The panel of the reading pages (Vanilla's and Discourse's sidebar), each box under its own heading: New
 * Discussion (on desktop: narrower screens have it above the list), the categories (left out where the page
 * lists them already), popular tags and who's online (left out while off, so no page asks for them).
 */
const panel = (
  { online, tagging }: PanelOptions,
  { categories = true, newPost = true, categoryID }: { categories?: boolean; newPost?: boolean; categoryID?: number },
): LayoutAssetWidget[] => [
  ...(newPost ? [widget("react.newPostButton", categoryID ? { categoryID } : {}, "desktop")] : []),
  ...(categories ? [widget("react.asset.categoryList", { apiParams: { maxDepth: 1 }, variant: "panel" })] : []),
  ...(tagging ? [widget("react.popularTags", { limit: tagsInPanel })] : []),
  ...(online ? [widget("react.onlineNow", { limit: onlineInPanel })] : []),
];

/**
 * Home (section 0) and a subcommunity's home: a banner with the site's name, description and a search box, the
 * recent discussions and the categories; the panel beside them (no categories there: the page lists them).
 */
export const homeLayout = (options: PanelOptions): LayoutWidget[] => [
  widget("react.section.full-width", { children: [widget("react.banner", {})] }),
  twoColumns(
    [
      widget("react.asset.discussionList", {
        apiParams: { limit: homeDiscussions, page: 1 },
        basePath: "/discussions",
        title: "Recent Discussions",
        summary: true,
      }),
      widget("react.asset.categoryList", { apiParams: { maxDepth: 2 }, variant: "home" }),
    ],
    panel(options, { categories: false }),
  ),
];

/** `/categories`: the category tree. */
export const categoriesLayout = (): LayoutWidget[] => [
  oneColumn([widget("react.asset.categoryList", { apiParams: { maxDepth: 2 }, variant: "categories" })]),
];

export type ListFilter = DiscussionListFilter;

export interface ListParams {
  page: number;
  sort: DiscussionSort | null;
  /** `/discussions/{filter}`: the viewer's own lists (members) and the unanswered one. */
  filter?: ListFilter;
  /** `?status=`: questions of this status (the QnA add-on). */
  status?: QuestionStatus | null;
}

/** A list's tag (`/discussions/tagged/{urlcode}`). */
export interface ListTag {
  tagID: number;
  name: string;
  urlcode: string;
}

/** The list API's parameters of a filter (spec §2 filters); the member ones for the signed-in viewer only. */
const filterApiParams = (filter: ListFilter | undefined, viewerID: number | null) => {
  if (filter === "unanswered") return { hasComments: false };
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

/** The path of a discussion list page (`/discussions`, `/discussions/{filter}`, `/discussions/tagged/{urlcode}`). */
export const discussionListPath = (filter: ListFilter | undefined, tag: ListTag | null = null) =>
  tag
    ? `/discussions/tagged/${encodeURIComponent(tag.urlcode)}`
    : filter && filter !== "all"
      ? `/discussions/${filter}`
      : "/discussions";

/** Each list's heading and page title (the web translates them). */
export const discussionListTitles: Record<ListFilter, string> = {
  all: "Recent Discussions",
  bookmarked: "Bookmarked Discussions",
  participated: "Participated Discussions",
  mine: "My Discussions",
  unanswered: "Unanswered Discussions",
};

/**
 * `/discussions` and its lists: title, New Discussion, the list with its sorts, filters and pager. `viewerID`
 * is the signed-in viewer's (null for a guest, who gets no member filters); `tag` the tag of a tag's list,
 * whose name is its heading.
 */
export const discussionListLayout = (
  params: ListParams,
  viewerID: number | null = null,
  tag: ListTag | null = null,
  options: PanelOptions = { online: false, tagging: false },
): LayoutWidget[] => {
  const filter = tag ? "all" : (params.filter ?? "all");
  const title = discussionListTitles[filter];
  return [
    twoColumns(
      [
        tag ? widget("react.html", { title: tag.name }) : widget("react.html", { title, translate: true }),
        widget("react.asset.discussionList", {
          apiParams: {
            ...discussionListParams(params),
            ...filterApiParams(filter, viewerID),
            ...(tag ? { tagID: [tag.tagID] } : {}),
            ...(options.questions && params.status ? { type: ["question"], status: params.status } : {}),
          },
          basePath: discussionListPath(filter, tag),
          pageTitle: title,
          filters: { member: viewerID !== null, ...(filter !== "all" ? { filter } : {}) },
          ...(tag ? { tag } : {}),
          ...(options.questions ? { questions: params.status ? { status: params.status } : {} } : {}),
          // On narrow screens New Discussion is on the list's toolbar; wider, it heads the panel.
          actions: [widget("react.newPostButton", {}, "mobile")],
        }),
      ],
      panel(options, {}),
    ),
  ];
};

export interface CategoryLayoutInput extends ListParams {
  categoryID: number;
  urlcode: string;
  /** Headings and categories-of-categories hold no discussions of their own: no New Discussion there. */
  acceptsDiscussions: boolean;
}

/** `/categories/{code}[/p{n}]`: breadcrumbs, the category's header, its subcategories and discussions; the panel. */
export const categoryLayout = (
  input: CategoryLayoutInput,
  options: PanelOptions = { online: false, tagging: false },
): LayoutWidget[] => [
  twoColumns(
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
        actions: input.acceptsDiscussions
          ? [widget("react.newPostButton", { categoryID: input.categoryID }, "mobile")]
          : [],
      }),
    ],
    panel(options, { newPost: input.acceptsDiscussions, categoryID: input.categoryID }),
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
