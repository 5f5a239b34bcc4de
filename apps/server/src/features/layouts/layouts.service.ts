import {
  commentPageSorts,
  discussionListFilters as listFilters,
  discussionSorts,
  homeWidgetRules,
  limits,
  questionStatuses,
  readCommentSort,
  type CommentPageSort,
  type DiscussionSort,
  type LayoutLookupQuery,
  type LayoutSpec,
  type LayoutViewType,
  type LayoutWidget,
  type QuestionStatus,
  type TitleBarWidget,
} from "@parley/contracts";
import { noSiteSections, type SiteSection, type SiteSections } from "../../platform/site-sections.ts";
import { censorText, renderBody } from "../../platform/render/index.ts";
import { requireAccess } from "../../platform/auth/access.ts";
import { isSignedIn, type Viewer } from "../../platform/auth/viewer.ts";
import { fieldError, notFound, validationFailed } from "../../platform/errors.ts";
import type { SiteConfig } from "../../platform/site-config.ts";
import {
  categoriesLayout,
  categoryLayout,
  createPostLayout,
  customPageDefaultLayout,
  discussionListLayout,
  homeLayout,
  postLayout,
  type ListFilter,
  type ListParams,
  type ListTag,
  type PanelOptions,
} from "./layouts.defaults.ts";
import { discussionListAnswer, type ListLookup } from "./layouts.lists.ts";
import { withFragments } from "./layouts.fragments.ts";
import {
  editableLayout,
  hydrateStored,
  renderTextWidgets,
  scopeToSection,
  type SectionScope,
} from "./layouts.catalog.ts";
import { layoutsPolicy } from "./layouts.policy.ts";
import type { TitleBars } from "./layouts.titlebar.ts";
import type { RequestContext as LayoutRequestContext } from "../../platform/http/request-context.ts";

/** What the layouts need of other features (given by `index.ts`, so no feature's internals are imported). */
export interface LayoutsDeps {
  siteConfig: SiteConfig;
  titleBars: TitleBars;
  /** A category by id or URL code; throws 404 when there is none. */
  resolveCategory(idOrCode: string): Promise<{
    categoryID: number;
    urlcode: string;
    name: string;
    description: string | null;
    displayAs: string;
    /** The discussion types it takes; null: every type. */
    allowedDiscussionTypes: readonly string[] | null;
  }>;
  /** Whether a category exists (cached directory, no query). */
  categoryExists(categoryID: number): Promise<boolean>;
  /** A discussion the viewer may see (404 unknown, 403 not allowed, 410 deleted), as GET /discussions/{id} checks. */
  loadDiscussion(
    discussionID: number,
    viewer: Viewer,
  ): Promise<{ name: string; countComments: number; categoryID: number }>;
  /** Where a comment is: its discussion page's URL with `#Comment_{id}` (404/403 like GET /comments/{id}). */
  locateComment(commentID: number, context: LayoutRequestContext): Promise<{ url: string }>;
  /** A tag by its id, its URL code or its name; null when there is none. */
  findTag(idOrCode: number | string): Promise<ListTag | null>;
  /** The idea statuses (the ideation add-on on), for the lists' status filter. */
  ideaStatuses(): Promise<Array<{ statusID: number; name: string }>>;
  /** The site's active post types, each with the categories that take it (none while the add-on is off). */
  sitePostTypes(): Promise<Array<{ postTypeID: string; name: string; categoryIDs: number[] }>>;
  /**
   * The custom page a lookup names (`recordType` `path` and its address, or `customPage` and its id), when the
   * viewer may see it: 404 otherwise (unknown, unpublished, or for other roles), as if there were none.
   */
  customPage(
    recordType: string,
    recordID: string,
    viewer: Viewer,
  ): Promise<{
    customPageID: number;
    layoutID: number;
    seoTitle: string;
    seoDescription: string;
    urlcode: string;
    published: boolean;
  }>;
  /** A fragment's active revision as a page places it (null: none), for `react.customFragment`. */
  fragmentImpl(
    fragmentUUID: string,
    origin: string,
  ): Promise<{ fragmentRevisionUUID: string; jsUrl: string; cssUrl: string; css: string; frameUrl: string } | null>;
  /** A custom page's own layout. */
  customPageLayout(layoutID: number): Promise<StoredLayout | null>;
  /** The layout an operator assigned to the view type's pages of a category, or to all of them; null: the default. */
  assignedLayout(viewType: LayoutViewType, categoryID: number | null): Promise<StoredLayout | null>;
  /** The site's subcommunities: the title bar's picker, and a section's pages' lists. */
  sections?: SiteSections;
}

/** A subcommunity's page is at its own address; its home is titled with its name and described as its root category. */
function sectionSeo(seo: LayoutAnswer["seo"], scope: SectionScope & SiteSection, view: LayoutViewType) {
  const home = view === "home" || view === "subcommunityHome";
  const url = seo.url === undefined ? undefined : `${scope.basePath}${seo.url === "/" ? "" : seo.url}`;
  return {
    ...seo,
    ...(home ? { title: scope.name, ...(scope.description ? { description: scope.description } : {}) } : {}),
    ...(url !== undefined ? { url } : {}),
  };
}

/** An operator's layout, checked when it was saved: its id and widgets. */
export interface StoredLayout {
  layoutID: number;
  widgets: LayoutWidget[];
}

export interface LayoutAnswer {
  layoutViewType: LayoutViewType;
  layoutID: string;
  titleBar: TitleBarWidget;
  layout: LayoutWidget[];
  contexts: LayoutWidget[];
  seo: NonNullable<LayoutSpec["seo"]>;
}
export type LayoutRedirect = { redirectTo: string; status: 301 | 302 };

const positiveInt = (field: string, value: string, max = Number.MAX_SAFE_INTEGER) => {
  if (!/^[1-9]\d{0,15}$/.test(value) || Number(value) > max) {
    throw validationFailed([fieldError(field, "invalid", `${field} is not a valid positive integer.`)]);
  }
  return Number(value);
};

interface LookupParams extends ListParams, ListLookup {
  /** The comment order of a post page (its `sort`). */
  commentSort: CommentPageSort;
  locale: string;
  postType: string;
}

/**
 * `params[...]` of the lookup: page (default 1), sort (a discussion sort; a comment order on post pages),
 * list and tag (the discussion lists': `/discussions/{list}`, `/discussions/tagged/{tag}`), filter and tagID
 * (`/discussions?filter=&tagID=`, which moved there), locale, postType.
 */
function readParams(params: Record<string, unknown> | undefined, viewType: LayoutViewType): LookupParams {
  const text = (name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === "") return null;
    if (typeof value !== "string" && typeof value !== "number") {
      throw validationFailed([fieldError(`params.${name}`, "invalid", `params.${name} is not a valid value.`)]);
    }
    return String(value);
  };
  const page = text("page");
  const sort = text("sort");
  const sorts: readonly string[] = viewType === "post" ? commentPageSorts : discussionSorts;
  if (sort !== null && !sorts.includes(sort)) {
    throw validationFailed([fieldError("params.sort", "invalid", `params.sort must be one of: ${sorts.join(", ")}.`)]);
  }
  const filterParam = (name: string) => {
    const value = text(name) ?? "all";
    if (!(listFilters as readonly string[]).includes(value)) {
      throw validationFailed([
        fieldError(`params.${name}`, "invalid", `params.${name} must be one of: ${listFilters.join(", ")}.`),
      ]);
    }
    return value as ListFilter;
  };
  const tagID = text("tagID");
  const status = text("status");
  if (status !== null && !(questionStatuses as readonly string[]).includes(status)) {
    throw validationFailed([
      fieldError("params.status", "invalid", `params.status must be one of: ${questionStatuses.join(", ")}.`),
    ]);
  }
  // An idea status's ID (the administrators add their own): a status no idea has lists none.
  const statusID = text("statusID");
  const type = text("type");
  if (type !== null && type !== "poll")
    throw validationFailed([fieldError("params.type", "invalid", "params.type must be one of: poll.")]);
  return {
    status: status as QuestionStatus | null,
    statusID: statusID === null ? null : positiveInt("params.statusID", statusID),
    type,
    postTypeID: text("postTypeID"),
    page: page === null ? 1 : positiveInt("params.page", page, limits.api.maxPage),
    filter: filterParam("list"),
    tag: text("tag"),
    movedFilter: filterParam("filter"),
    movedTagID: tagID === null ? null : positiveInt("params.tagID", tagID),
    sort: viewType === "post" ? null : (sort as DiscussionSort | null),
    commentSort: readCommentSort(viewType === "post" ? sort : null),
    locale: text("locale") ?? "en",
    postType: text("postType") ?? "discussion",
  };
}

/**
 * `GET /layouts/lookup-hydrate`: the default layout of a view type for a record, with the viewer's
 * title bar; records are checked (404/403) the way their own endpoints check them.
 */
export function createLayoutsService(deps: LayoutsDeps) {
  const { siteConfig, titleBars, sections = noSiteSections } = deps;

  /**
   * What the reading pages' panels show, by the site's settings; with the ideation add-on on, a list's `statusID`
   * is one of its statuses (400 otherwise).
   */
  const panelOptions = async (params?: LookupParams): Promise<PanelOptions> => {
    const [online, tagging, questions, ideas, polls, siteTypes] = await Promise.all([
      siteConfig.get("online.enabled"),
      siteConfig.get("tagging.enabled"),
      siteConfig.get("plugins.qna"),
      siteConfig.get("plugins.ideation"),
      siteConfig.get("plugins.polls"),
      siteConfig.get("postTypes.enabled"),
    ]);
    const [statuses, postTypes] = await Promise.all([
      ideas ? deps.ideaStatuses() : [],
      siteTypes ? deps.sitePostTypes() : [],
    ]);
    // With the post types add-on on, a list's `postTypeID` is one of its active types (400 otherwise).
    const postTypeID = params?.postTypeID ?? null;
    if (siteTypes && postTypeID !== null && !postTypes.some((type) => type.postTypeID === postTypeID))
      throw validationFailed([fieldError("params.postTypeID", "invalid", `There is no post type "${postTypeID}".`)]);
    const statusID = params?.statusID ?? null;
    if (ideas && statusID !== null && !statuses.some((item) => item.statusID === statusID))
      throw validationFailed([
        fieldError(
          "params.statusID",
          "invalid",
          `params.statusID must be one of: ${statuses.map((item) => item.statusID).join(", ")}.`,
        ),
      ]);
    return {
      online,
      tagging,
      questions,
      ideas,
      polls,
      ...(ideas ? { ideaStatuses: statuses.map(({ statusID, name }) => ({ statusID, name })) } : {}),
      ...(postTypes.length ? { postTypes } : {}),
    };
  };

  async function layoutFor(
    view: LayoutViewType,
    recordType: string,
    recordID: string,
    params: LookupParams,
    context: LayoutRequestContext,
  ): Promise<
    | {
        layout: LayoutWidget[];
        seo: LayoutAnswer["seo"];
        categoryID?: number;
        /** The page's own layout (a custom page's), shown unless another is given (a preview). */
        own?: StoredLayout | null;
      }
    | LayoutRedirect
  > {
    switch (view) {
      case "home":
      case "subcommunityHome": {
        const [title, description, options] = await Promise.all([
          siteConfig.get("garden.title"),
          siteConfig.get("garden.description"),
          panelOptions(),
        ]);
        return { layout: homeLayout(options), seo: { title, description, url: "/" } };
      }
      case "discussionList":
        return discussionListAnswer(
          params,
          isSignedIn(context.viewer) ? context.viewer.userID : null,
          (tag) => deps.findTag(tag),
          await panelOptions(params),
        );
      case "categoryList": {
        if (recordType !== "category")
          return { layout: categoriesLayout(), seo: { title: "Categories", url: "/categories" } };
        const [category, options] = await Promise.all([deps.resolveCategory(recordID), panelOptions(params)]);
        requireAccess(context.viewer, layoutsPolicy.canViewCategory, category.categoryID);
        const path = `/categories/${encodeURIComponent(category.urlcode)}`;
        return {
          categoryID: category.categoryID,
          layout: categoryLayout(
            {
              ...params,
              categoryID: category.categoryID,
              urlcode: category.urlcode,
              acceptsDiscussions: category.displayAs === "discussions" || category.displayAs === "flat",
              allowedDiscussionTypes: category.allowedDiscussionTypes,
            },
            options,
          ),
          seo: {
            title: category.name,
            ...(category.description ? { description: category.description } : {}),
            url: params.page > 1 ? `${path}/p${params.page}` : path,
          },
        };
      }
      case "post": {
        if (recordType === "comment") {
          const located = await deps.locateComment(positiveInt("recordID", recordID), context);
          const url = new URL(located.url);
          return { redirectTo: url.pathname + url.search + url.hash, status: 302 };
        }
        if (recordType !== "discussion") {
          throw validationFailed([fieldError("recordType", "invalid", "recordType must be discussion or comment.")]);
        }
        const discussionID = positiveInt("recordID", recordID);
        const discussion = await deps.loadDiscussion(discussionID, context.viewer);
        const pages = Math.max(1, Math.ceil(discussion.countComments / limits.pager.commentsPerPage));
        if (params.page > pages) throw notFound("Page");
        return {
          categoryID: discussion.categoryID,
          layout: postLayout(discussionID, params.page, params.commentSort),
          // The page's <title>: censored words masked, as the discussion shows its title.
          seo: { title: censorText(discussion.name) },
        };
      }
      case "createPost": {
        const categoryID = recordID === "-1" || recordID === "" ? null : positiveInt("recordID", recordID);
        if (categoryID !== null && !(await deps.categoryExists(categoryID))) throw notFound("Category");
        return {
          ...(categoryID !== null ? { categoryID } : {}),
          layout: createPostLayout(params.postType, categoryID),
          seo: { title: "New Discussion" },
        };
      }
      case "customPage": {
        const page = await deps.customPage(recordType, recordID, context.viewer);
        const head: LayoutWidget = {
          $reactComponent: "react.asset.customPageHead",
          $reactProps: {
            customPageID: page.customPageID,
            title: page.seoTitle,
            description: page.seoDescription,
            url: page.urlcode,
            published: page.published,
          },
        };
        return {
          layout: [head],
          own: await deps.customPageLayout(page.layoutID),
          seo: {
            title: page.seoTitle,
            ...(page.seoDescription ? { description: page.seoDescription } : {}),
            url: page.urlcode,
          },
        };
      }
    }
  }

  /**
   * A page of a view type for a record, hydrated for the viewer: the layout `pick` chooses for it (by the page's
   * category, when it has one), its assets given the page's props; or the default layout when it chooses none.
   */
  /** A subcommunity with what its pages show of it: its root category's description (none when the category is gone). */
  async function sectionScope(recordID: string): Promise<(SectionScope & SiteSection) | null> {
    const section = await sections.resolve(recordID);
    if (!section) return null;
    const root = await deps.resolveCategory(String(section.categoryID)).catch(() => null);
    const description = root?.description?.trim().slice(0, homeWidgetRules.textMaxLength) || null;
    return { ...section, description };
  }

  async function hydrate(
    query: LayoutLookupQuery,
    context: LayoutRequestContext,
    pick: (categoryID: number | null) => Promise<StoredLayout | null>,
  ): Promise<LayoutAnswer | LayoutRedirect> {
    const params = readParams(query.params, query.layoutViewType);
    // A subcommunity's home, discussions and categories (issue 40): record type `siteSection`, its id.
    const section = query.recordType === "siteSection" ? await sectionScope(query.recordID) : null;
    const [resolved, titleBar] = await Promise.all([
      layoutFor(query.layoutViewType, query.recordType, query.recordID, params, context),
      titleBars.forViewer(context.viewer, params.locale),
    ]);
    if ("redirectTo" in resolved) return resolved;
    const stored = (await pick(resolved.categoryID ?? null)) ?? resolved.own ?? null;
    // A custom page's head is the page's, before whatever its layout holds.
    const layout =
      query.layoutViewType === "customPage"
        ? [...resolved.layout, ...(stored?.widgets ?? [])]
        : stored
          ? hydrateStored(stored.widgets, resolved.layout)
          : resolved.layout;
    const picker = sections.list();
    return {
      layoutViewType: query.layoutViewType,
      layoutID: stored ? String(stored.layoutID) : query.layoutViewType,
      titleBar: {
        $reactComponent: "TitleBar",
        $reactProps: picker.length
          ? {
              ...titleBar,
              subcommunities: picker.map(({ siteSectionID, name, basePath, locale, categoryID }) => ({
                siteSectionID,
                name,
                basePath,
                locale,
                categoryID,
              })),
            }
          : titleBar,
      },
      layout: await withFragments(
        renderTextWidgets(section ? scopeToSection(layout, section) : layout, (body, format) =>
          renderBody(body, format, { origin: context.origin, previews: false }),
        ),
        (uuid) => deps.fragmentImpl(uuid, context.origin),
      ),
      contexts: [],
      seo: section ? sectionSeo(resolved.seo, section, query.layoutViewType) : resolved.seo,
    };
  }

  return {
    /** `GET /layouts/lookup-hydrate`: the layout assigned to the page (its category's, its view type's) or the default. */
    lookup: (query: LayoutLookupQuery, context: LayoutRequestContext) =>
      hydrate(query, context, (categoryID) => deps.assignedLayout(query.layoutViewType, categoryID)),
    /** A given layout (a stored one, or null for the default) hydrated for a page: previews, `GET /layouts/{id}/hydrate`. */
    hydrateWith: (query: LayoutLookupQuery, context: LayoutRequestContext, stored: StoredLayout | null) =>
      hydrate(query, context, async () => stored),
    /** The view type's default layout as an operator starts from it (assets without a page's props). */
    async defaultLayout(viewType: LayoutViewType): Promise<LayoutWidget[]> {
      const options = await panelOptions();
      const page = readParams(undefined, viewType);
      switch (viewType) {
        case "home":
        case "subcommunityHome":
          return editableLayout(homeLayout(options));
        case "discussionList":
          return editableLayout(discussionListLayout(page, null, null, options));
        case "categoryList":
          // `/categories`' (a category's page has the same view type; its own ids would not fit another).
          return editableLayout(categoriesLayout());
        case "post":
          return editableLayout(postLayout(1, 1, page.commentSort));
        case "createPost":
          return editableLayout(createPostLayout(page.postType, null));
        case "customPage":
          return customPageDefaultLayout();
      }
    },
  };
}

export type LayoutsService = ReturnType<typeof createLayoutsService>;
