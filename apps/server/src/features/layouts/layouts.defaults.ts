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
  /** The ideation add-on is on: the discussion lists filter ideas by status. */
  ideas?: boolean;
  /** The polls add-on is on: the discussion lists may list only polls. */
  polls?: boolean;
  /** Its statuses, the built-in and the administrators' own: the filter's choices. */
  ideaStatuses?: Array<{ statusID: number; name: string }>;
  /** The site's active post types (the post types add-on), with the categories that take them: the lists' filter. */
  postTypes?: Array<{ postTypeID: string; name: string; categoryIDs: number[] }>;
}

/** Members online listed in a panel (the widget's count says how many more). */
const onlineInPanel = 30;
/** Members on a panel's leaderboard (this month's points; the page lists more). */
const leadersInPanel = 5;
/** Tags in a panel's "Popular Tags", most used first. */
const tagsInPanel = 15;
/** Discussions on the home page (its "All discussions" link leads to the rest). */
const homeDiscussions = 10;

/**
 * The panel of the reading pages (Vanilla's and Discourse's sidebar), each box under its own heading: New
 * Discussion (on desktop: narrower screens have it above the list), the categories (left out where the page
 * lists them already), popular tags and who's online (left out while off, so no page asks for them), and this
 * month's leaderboard (a category's own on its page).
 */
const panel = (
  { online, tagging }: PanelOptions,
  { categories = true, newPost = true, categoryID }: { categories?: boolean; newPost?: boolean; categoryID?: number },
): LayoutAssetWidget[] => [
  ...(newPost ? [widget("react.newPostButton", categoryID ? { categoryID } : {}, "desktop")] : []),
  ...(categories ? [widget("react.asset.categoryList", { apiParams: { maxDepth: 1 }, variant: "panel" })] : []),
  ...(tagging ? [widget("react.popularTags", { limit: tagsInPanel })] : []),
  ...(online ? [widget("react.onlineNow", { limit: onlineInPanel })] : []),
  widget("react.leaderboard", { limit: leadersInPanel, slotType: "m", ...(categoryID ? { categoryID } : {}) }),
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
  /** `?statusID=`: ideas of this status (the ideation add-on); a question status, when both are asked, wins. */
  statusID?: number | null;
  /** `?type=poll`: polls only (the polls add-on); a question or idea status, when asked too, wins. */
  type?: "poll" | null;
  /** `?postTypeID=`: those posted as this site post type (the post types add-on); any of the above, asked too, wins. */
  postTypeID?: string | null;
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

/**
 * The type filters a list offers (the add-ons on, and the category's types allowing them) and the list API's
 * parameters and widget props of the one applied: questions by `?status=`, ideas by `?statusID=`, polls by
 * `?type=poll`, a site post type by `?postTypeID=` (those the category takes, on a category's list).
 */
const typeFilters = (
  { status, statusID, type, postTypeID }: ListParams,
  options: PanelOptions,
  allows: (type: "question" | "idea" | "poll") => boolean = () => true,
  takes: (postType: { categoryIDs: number[] }) => boolean = () => true,
) => {
  const questions = Boolean(options.questions) && allows("question");
  const ideas = Boolean(options.ideas) && allows("idea");
  const polls = Boolean(options.polls) && allows("poll");
  const questionStatus = questions ? (status ?? null) : null;
  const ideaStatus = ideas && !questionStatus ? (statusID ?? null) : null;
  const onlyPolls = polls && !questionStatus && !ideaStatus && type === "poll";
  const postTypes = (options.postTypes ?? []).filter(takes).map(({ postTypeID, name }) => ({ postTypeID, name }));
  const siteType =
    !questionStatus && !ideaStatus && !onlyPolls && postTypes.some((item) => item.postTypeID === postTypeID)
      ? postTypeID!
      : null;
  return {
    apiParams: questionStatus
      ? { type: ["question"], status: questionStatus }
      : ideaStatus
        ? { type: ["idea"], statusID: [ideaStatus] }
        : onlyPolls
          ? { type: ["poll"] }
          : siteType
            ? { postTypeID: [siteType] }
            : {},
    props: {
      ...(questions ? { questions: questionStatus ? { status: questionStatus } : {} } : {}),
      ...(ideas
        ? {
            ideas: {
              ...(ideaStatus ? { statusID: ideaStatus } : {}),
              ...(options.ideaStatuses ? { statuses: options.ideaStatuses } : {}),
            },
          }
        : {}),
      ...(polls ? { polls: onlyPolls ? { type: "poll" as const } : {} } : {}),
      ...(postTypes.length ? { postTypes: { types: postTypes, ...(siteType ? { postTypeID: siteType } : {}) } } : {}),
    },
  };
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
  const types = typeFilters(params, options);
  return [
    twoColumns(
      [
        tag ? widget("react.html", { title: tag.name }) : widget("react.html", { title, translate: true }),
        widget("react.asset.discussionList", {
          apiParams: {
            ...discussionListParams(params),
            ...filterApiParams(filter, viewerID),
            ...(tag ? { tagID: [tag.tagID] } : {}),
            ...types.apiParams,
          },
          basePath: discussionListPath(filter, tag),
          pageTitle: title,
          filters: { member: viewerID !== null, ...(filter !== "all" ? { filter } : {}) },
          ...(tag ? { tag } : {}),
          ...types.props,
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
  /** The discussion types the category takes (null: every type): its lists filter questions and ideas if it does. */
  allowedDiscussionTypes: readonly string[] | null;
}

/** `/categories/{code}[/p{n}]`: breadcrumbs, the category's header, its subcategories and discussions; the panel. */
export const categoryLayout = (
  input: CategoryLayoutInput,
  options: PanelOptions = { online: false, tagging: false },
): LayoutWidget[] => {
  const allowed = input.allowedDiscussionTypes;
  const types = typeFilters(
    input,
    options,
    (type) => input.acceptsDiscussions && (!allowed || allowed.includes(type)),
    (postType) => input.acceptsDiscussions && postType.categoryIDs.includes(input.categoryID),
  );
  return [
    twoColumns(
      [
        widget("react.asset.categoryHeader", { categoryCode: input.urlcode, page: input.page }),
        widget("react.asset.categoryList", {
          apiParams: { parentCategoryID: input.categoryID, maxDepth: 2 },
          variant: "subcategories",
        }),
        widget("react.asset.discussionList", {
          apiParams: { ...discussionListParams(input, input.categoryID), ...types.apiParams },
          basePath: `/categories/${encodeURIComponent(input.urlcode)}`,
          pagedPath: true,
          title: "Discussions",
          ...types.props,
          actions: input.acceptsDiscussions
            ? [widget("react.newPostButton", { categoryID: input.categoryID }, "mobile")]
            : [],
        }),
      ],
      panel(options, { newPost: input.acceptsDiscussions, categoryID: input.categoryID }),
      [widget("react.breadcrumbs", { recordType: "category", recordID: input.urlcode })],
    ),
  ];
};

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

/** A new custom page's layout (issue 38): an empty one-column section, for the layout editor to fill. */
export const customPageDefaultLayout = (): LayoutWidget[] => [
  { $reactComponent: "react.section.1-column", $reactProps: { children: [] } },
];
