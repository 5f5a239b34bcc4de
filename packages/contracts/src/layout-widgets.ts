import { Type, type Static, type TSchema } from "typebox";
import { commentPageSorts, discussionSorts } from "./discussion-sorts.ts";
import { questionStatuses } from "./questions-constants.ts";
import { userRules } from "./user-rules.ts";
import { leaderboardRules, leaderboardSlotTypes } from "./reputation-constants.ts";
import { groupPrivacies, groupSorts } from "./groups-constants.ts";
import { articleSorts } from "./knowledge-constants.ts";

/*
 * The widgets of server-supplied layouts (reference §8: `{$reactComponent, $reactProps, $middleware}`),
 * each with its own props, as one union discriminated by `$reactComponent`. The server builds layouts
 * of these and answers with this schema; the web takes the static types (`WidgetProps<"react.html">`).
 * Props carry what to fetch (`apiParams`) and what the page is about, never the records.
 */

/** Shown on every device, or only on desktop or mobile (spec §1: "widgets may have desktop or mobile visibility"). */
export const WidgetMiddleware = Type.Object(
  {
    visibility: Type.Optional(
      Type.Object({ device: Type.Optional(Type.Enum(["all", "desktop", "mobile"])) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

/** A widget named `name` whose props are `props` (exactly, where `props` says no other is one). */
export const widgetSchema = <Name extends string, Props extends TSchema>(name: Name, props: Props) =>
  Type.Object(
    { $reactComponent: Type.Literal(name), $reactProps: props, $middleware: Type.Optional(WidgetMiddleware) },
    { additionalProperties: false },
  );

const props = <Properties extends Record<string, TSchema>>(properties: Properties) =>
  Type.Object(properties, { additionalProperties: false });

const Id = Type.Integer({ minimum: 1 });
const Page = Type.Integer({ minimum: 1 });

/** `/discussions`' list filters (spec §2); `all` is the default. */
export const discussionListFilters = ["all", "bookmarked", "participated", "mine", "unanswered"] as const;
export type DiscussionListFilter = (typeof discussionListFilters)[number];

/** The "New Discussion" link, into a category when given. */
export const NewPostButtonWidget = widgetSchema(
  "react.newPostButton",
  props({ categoryID: Type.Optional(Type.Union([Id, Type.Null()])) }),
);

/** A record's trail: a category's, by its URL code (a discussion's comes with the discussion asset). */
export const BreadcrumbsWidget = widgetSchema(
  "react.breadcrumbs",
  props({ recordType: Type.String(), recordID: Type.String() }),
);

/** The formats of a text widget's `body` (rendered by the server's one post pipeline and sanitiser). */
export const textWidgetFormats = ["markdown", "html", "text"] as const;

/**
 * A title and description block; `translate` when the title is one of the app's sentences. A text widget when it
 * has a `body` (Markdown by default, or HTML or plain text): the server renders it through the posts' pipeline and
 * sanitiser into `bodyHtml` each time it hydrates the layout (a `bodyHtml` given with the layout is dropped).
 */
export const HtmlWidget = widgetSchema(
  "react.html",
  props({
    title: Type.Optional(Type.String()),
    description: Type.Optional(Type.String()),
    translate: Type.Optional(Type.Boolean()),
    body: Type.Optional(Type.String({ maxLength: 20000 })),
    format: Type.Optional(Type.Enum(textWidgetFormats)),
    bodyHtml: Type.Optional(Type.String()),
  }),
);

/** A subcommunity's lists (issue 40): the server adds its `siteSectionID` to a section's pages' list widgets. */
const SectionID = Type.String({ maxLength: 40 });

/** The category tree (`GET /categories` with `apiParams`): home's, `/categories`' or a category's subcategories. */
export const CategoryListWidget = widgetSchema(
  "react.asset.categoryList",
  props({
    apiParams: props({
      parentCategoryID: Type.Optional(Id),
      maxDepth: Type.Optional(Type.Integer({ minimum: 1 })),
      siteSectionID: Type.Optional(SectionID),
    }),
    /** `panel`: the names only (with their icons), under a "Categories" heading, for a page's panel. */
    variant: Type.Enum(["home", "categories", "subcategories", "panel"]),
  }),
);

/** Who's online (add-on `online`): `GET /users/online`'s first `limit` members and the count; nothing while off. */
export const OnlineNowWidget = widgetSchema(
  "react.onlineNow",
  props({ limit: Type.Integer({ minimum: 1, maximum: userRules.onlineMaxUsers }) }),
);

/**
 * A leaderboard (the reputation feature): `GET /users/leaders`' first `limit` members by points in the period
 * (`slotType`), in one category when given, with a link to the leaderboard page.
 */
export const LeaderboardWidget = widgetSchema(
  "react.leaderboard",
  props({
    limit: Type.Integer({ minimum: 1, maximum: leaderboardRules.maxLimit }),
    slotType: Type.Enum(leaderboardSlotTypes),
    categoryID: Type.Optional(Id),
    /** A subcommunity's pages (issue 40): the points earned in its categories (the server adds it). */
    siteSectionID: Type.Optional(SectionID),
  }),
);

/**
 * A panel's "Popular Tags": the `limit` most used tags (`GET /tags`), each leading to its list; on a subcommunity's
 * pages (issue 40; the server adds `siteSectionID`), those most used in its categories.
 */
export const PopularTagsWidget = widgetSchema(
  "react.popularTags",
  props({ limit: Type.Integer({ minimum: 1, maximum: 100 }), siteSectionID: Type.Optional(SectionID) }),
);

/** A category page's header: its name, description and follow button. */
export const CategoryHeaderWidget = widgetSchema(
  "react.asset.categoryHeader",
  props({ categoryCode: Type.String(), page: Page }),
);

/** Sort links, the list (`GET /discussions` with `apiParams`) and its pager. */
export const DiscussionListWidget = widgetSchema(
  "react.asset.discussionList",
  props({
    apiParams: props({
      limit: Type.Integer({ minimum: 1 }),
      page: Page,
      sort: Type.Optional(Type.Enum(discussionSorts)),
      categoryID: Type.Optional(Id),
      siteSectionID: Type.Optional(SectionID),
      tagID: Type.Optional(Type.Array(Id)),
      bookmarkUserID: Type.Optional(Id),
      participatedUserID: Type.Optional(Id),
      insertUserID: Type.Optional(Type.Array(Id)),
      hasComments: Type.Optional(Type.Boolean()),
      /** Questions or ideas of a status (QnA, ideation), or polls: `type` is then that one type. */
      type: Type.Optional(Type.Array(Type.String())),
      status: Type.Optional(Type.Enum(questionStatuses)),
      statusID: Type.Optional(Type.Array(Id)),
      /** Those posted as this site post type (the post types add-on). */
      postTypeID: Type.Optional(Type.Array(Type.String())),
    }),
    /** The list page's path: `/discussions` (pages as `?page=n`) or a category's (`/p{n}` when `pagedPath`). */
    basePath: Type.String(),
    pagedPath: Type.Optional(Type.Boolean()),
    /** A section heading above the list; without it the list is the page's main content. */
    title: Type.Optional(Type.String()),
    /** The page's title when the list is the page. */
    pageTitle: Type.Optional(Type.String()),
    /** Whether the member filters are offered, and the one applied (`/discussions/{filter}`). */
    filters: Type.Optional(props({ member: Type.Boolean(), filter: Type.Optional(Type.Enum(discussionListFilters)) })),
    /** The question status filter (while the QnA add-on is on), and the status applied (`?status=`). */
    questions: Type.Optional(props({ status: Type.Optional(Type.Enum(questionStatuses)) })),
    /** The idea status filter (while the ideation add-on is on), and the status applied (`?statusID=`). */
    ideas: Type.Optional(
      props({
        statusID: Type.Optional(Id),
        /** The statuses the filter offers: the built-in ones and the administrators' own. */
        statuses: Type.Optional(Type.Array(props({ statusID: Id, name: Type.String() }))),
      }),
    ),
    /** The polls filter (while the polls add-on is on), and whether only polls are listed (`?type=poll`). */
    polls: Type.Optional(props({ type: Type.Optional(Type.Literal("poll")) })),
    /**
     * The post type filter (while the post types add-on is on and some active type is taken there): the types it
     * offers, and the one applied (`?postTypeID=`).
     */
    postTypes: Type.Optional(
      props({
        types: Type.Array(props({ postTypeID: Type.String(), name: Type.String() })),
        postTypeID: Type.Optional(Type.String()),
      }),
    ),
    /** `/discussions/tagged/{urlcode}`: the tag listed. */
    tag: Type.Optional(props({ tagID: Id, name: Type.String(), urlcode: Type.String() })),
    /** Shown under the heading. */
    actions: Type.Optional(Type.Array(NewPostButtonWidget)),
    /** A summary (home's): the first page only, without sort, filter or pager, and a link to `basePath`'s list. */
    summary: Type.Optional(Type.Boolean()),
  }),
);

/** A discussion with a page of its comments (`GET /comments` with `commentsApiParams`) and the reply form. */
export const DiscussionWidget = widgetSchema(
  "react.asset.discussion",
  props({
    discussionID: Id,
    page: Page,
    commentsApiParams: props({
      discussionID: Id,
      page: Page,
      limit: Type.Integer({ minimum: 1 }),
      sort: Type.Enum(commentPageSorts),
    }),
  }),
);

/** The new-post form, in a category when given. */
export const CreatePostWidget = widgetSchema(
  "react.asset.createPost",
  props({ postType: Type.String(), categoryID: Type.Union([Id, Type.Null()]) }),
);

/*
 * Home widgets (spec §1 "home widgets", issue 38 item 3), named and shaped as Vanilla's where it has them: a title
 * block (`title`, `subtitle`, `description`), then the items in a container (`containerOptions.displayType`), each
 * item drawn as `itemOptions.contentType` says.
 */
export const widgetDisplayTypes = ["grid", "carousel", "list", "link"] as const;
export const widgetContentTypes = [
  "title",
  "title-description",
  "title-description-image",
  "title-description-icon",
  "title-background",
  "title-background-description",
  "title-chat-bubble",
] as const;
export type WidgetDisplayType = (typeof widgetDisplayTypes)[number];
export type WidgetContentType = (typeof widgetContentTypes)[number];

/** Limits of the home widgets' props. */
export const homeWidgetRules = {
  textMaxLength: 500,
  urlMaxLength: 2000,
  maxColumnCount: 5,
  maxDiscussions: 30,
  maxQuickLinks: 30,
  maxCategories: 50,
  maxArticles: 30,
  maxGroups: 30,
  /** A carousel's auto-advance, when configured: seconds per slide. */
  minAutoplaySeconds: 3,
  maxAutoplaySeconds: 30,
} as const;

const Text = Type.String({ maxLength: homeWidgetRules.textMaxLength });
/** A link's target: a path on the site (`/categories/news`) or an http(s) URL. */
const Url = Type.String({ minLength: 1, maxLength: homeWidgetRules.urlMaxLength, pattern: "^(/(?!/)|https?://)" });
const titleProps = { title: Type.Optional(Text), subtitle: Type.Optional(Text), description: Type.Optional(Text) };
/** A "View All" link after the items. */
const ViewAll = props({ to: Url, name: Type.Optional(Text) });

const ContainerOptions = props({
  displayType: Type.Optional(Type.Enum(widgetDisplayTypes)),
  /** Items per row of a grid or carousel on desktop (one column on mobile). */
  maxColumnCount: Type.Optional(Type.Integer({ minimum: 1, maximum: homeWidgetRules.maxColumnCount })),
  viewAll: Type.Optional(ViewAll),
  /** A carousel's auto-advance (seconds per slide), with a Pause button; none when left out. */
  autoplaySeconds: Type.Optional(
    Type.Integer({ minimum: homeWidgetRules.minAutoplaySeconds, maximum: homeWidgetRules.maxAutoplaySeconds }),
  ),
});
const ItemOptions = props({ contentType: Type.Optional(Type.Enum(widgetContentTypes)) });

/**
 * The home page's banner (spec §1 "search banner"): a title and description (the site's unless given) and a search
 * box (a GET form to `/search`), with a logo above the title, an icon beside it and an image on the right when
 * given. `content-banner`: the compact variant, left-aligned, without the tinted background.
 */
export const BannerWidget = widgetSchema(
  "react.banner",
  props({
    title: Type.Optional(Text),
    description: Type.Optional(Text),
    showSearch: Type.Optional(Type.Boolean()),
    logoUrl: Type.Optional(Url),
    iconUrl: Type.Optional(Url),
    rightImageUrl: Type.Optional(Url),
    variant: Type.Optional(Type.Enum(["banner", "content-banner"])),
  }),
);

/** A featured collection: the records of a collection (`GET /collections/{id}/content`) the viewer may read. */
export const CollectionRecordsWidget = widgetSchema(
  "react.collection-records",
  props({
    ...titleProps,
    apiParams: props({ collectionID: Id }),
    containerOptions: Type.Optional(ContainerOptions),
    itemOptions: Type.Optional(ItemOptions),
  }),
);

/** Discussions chosen by filters (`GET /discussions` with `apiParams`, the viewer's own permissions). */
export const DiscussionsWidget = widgetSchema(
  "react.discussion.discussions",
  props({
    ...titleProps,
    apiParams: props({
      limit: Type.Integer({ minimum: 1, maximum: homeWidgetRules.maxDiscussions }),
      sort: Type.Optional(Type.Enum(discussionSorts)),
      categoryID: Type.Optional(Id),
      siteSectionID: Type.Optional(SectionID),
      tagID: Type.Optional(Type.Array(Id, { maxItems: 20 })),
      /** Only discussions in the categories the viewer follows: none for guests. */
      followed: Type.Optional(Type.Boolean()),
      /** Only announcements (`pinned: true`), or none of them (`false`). */
      pinned: Type.Optional(Type.Boolean()),
    }),
    containerOptions: Type.Optional(ContainerOptions),
  }),
);

/**
 * Which categories the categories widget lists: the top level, a category's children, the featured ones (at any
 * depth), or those the viewer follows.
 */
export const categoriesWidgetFilters = ["none", "parentCategory", "featured", "followed"] as const;

/**
 * Categories (`GET /categories` as the viewer may read them: a private category never reaches a guest): the top
 * level (`filter: "none"`, the default), the children of `parentCategoryID` (`"parentCategory"`), the featured ones
 * (`"featured"`) or the ones the viewer follows (`"followed"`: none for a guest); the first `limit`.
 */
export const CategoriesWidget = widgetSchema(
  "react.categories",
  props({
    ...titleProps,
    apiParams: props({
      filter: Type.Optional(Type.Enum(categoriesWidgetFilters)),
      parentCategoryID: Type.Optional(Id),
      siteSectionID: Type.Optional(SectionID),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: homeWidgetRules.maxCategories })),
    }),
    containerOptions: Type.Optional(ContainerOptions),
    itemOptions: Type.Optional(ItemOptions),
  }),
);

/**
 * Knowledge base articles (`GET /articles` as the viewer may read them: published ones of a base they may see,
 * none without `kb.view`): a base's, or one of its categories', the featured ones only when `featured`.
 */
export const ArticlesWidget = widgetSchema(
  "react.article.articles",
  props({
    ...titleProps,
    apiParams: props({
      knowledgeBaseID: Id,
      knowledgeCategoryID: Type.Optional(Id),
      featured: Type.Optional(Type.Boolean()),
      sort: Type.Optional(Type.Enum(articleSorts)),
      limit: Type.Integer({ minimum: 1, maximum: homeWidgetRules.maxArticles }),
    }),
    containerOptions: Type.Optional(ContainerOptions),
    itemOptions: Type.Optional(ItemOptions),
  }),
);

/** Groups (`GET /groups` as the viewer may see them: a secret group only to its members and moderators). */
export const GroupsWidget = widgetSchema(
  "react.groups",
  props({
    ...titleProps,
    apiParams: props({
      privacy: Type.Optional(Type.Enum(groupPrivacies)),
      sort: Type.Optional(Type.Enum(groupSorts)),
      limit: Type.Integer({ minimum: 1, maximum: homeWidgetRules.maxGroups }),
    }),
    containerOptions: Type.Optional(ContainerOptions),
    itemOptions: Type.Optional(ItemOptions),
  }),
);

/** Links under a title, in the panel or the main column. */
export const QuickLinksWidget = widgetSchema(
  "react.quick-links",
  props({
    title: Type.Optional(Text),
    links: Type.Array(props({ name: Text, url: Url }), { minItems: 1, maxItems: homeWidgetRules.maxQuickLinks }),
  }),
);

/** A call to action: a title, a description and a button, with an image when given. */
export const CallToActionWidget = widgetSchema(
  "react.cta",
  props({
    title: Text,
    description: Type.Optional(Text),
    button: props({ title: Text, url: Url }),
    imageUrl: Type.Optional(Url),
    alignment: Type.Optional(Type.Enum(["left", "center"])),
  }),
);

/**
 * A custom page's head (issue 38): its SEO title, description and canonical address, and for site managers a
 * "Not published" notice while it is unpublished. The page supplies it; it draws nothing else.
 */
export const CustomPageHeadWidget = widgetSchema(
  "react.asset.customPageHead",
  props({
    customPageID: Id,
    title: Type.String(),
    description: Type.String(),
    url: Type.String(),
    published: Type.Boolean(),
  }),
);

/**
 * A fragment placed on a page (issue 38; Vanilla's CustomFragmentWidget): the layout names the fragment
 * (`fragmentImpl.fragmentUUID`) and the props it gets (`props`, or one of its preview data sets); hydrating the page
 * fills in its active revision's implementation (`fragmentRevisionUUID`, `jsUrl`, `cssUrl`, `css`, `frameUrl`), or
 * none when it has no active revision (the page shows 'Error Loading Fragment'). Pages run it only in a sandboxed frame.
 */
export const CustomFragmentWidget = widgetSchema(
  "react.customFragment",
  props({
    fragmentImpl: Type.Object(
      {
        fragmentUUID: Type.String({ pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$" }),
        fragmentRevisionUUID: Type.Optional(Type.String({ maxLength: 40 })),
        jsUrl: Type.Optional(Type.String()),
        cssUrl: Type.Optional(Type.String()),
        css: Type.Optional(Type.String()),
        frameUrl: Type.Optional(Type.String()),
      },
      { additionalProperties: false },
    ),
    /** The frame's accessible name. */
    title: Type.Optional(Type.String({ maxLength: 100 })),
    /** The props the fragment's code finds in `window.fragment.props`. */
    props: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    /** One of the revision's preview data sets as its props, instead of `props`. */
    previewDataUUID: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    /** The frame's height in pixels until its document says how tall it is. */
    height: Type.Optional(Type.Integer({ minimum: 40, maximum: 2000 })),
  }),
);

/** A section's slot: the asset widgets it holds (by reference: the schema holds each widget once). */
const Slot = Type.Optional(Type.Array(Type.Ref("LayoutAssetWidget")));

/*
 * Section widgets (spec §2 "One-, two- and three-column page layouts"): slots of asset widgets laid out
 * in columns; every slot may be left out.
 */
const SectionOneColumnWidget = widgetSchema("react.section.1-column", props({ breadcrumbs: Slot, children: Slot }));
const SectionTwoColumnsWidget = widgetSchema(
  "react.section.2-columns",
  props({
    breadcrumbs: Slot,
    mainTop: Slot,
    mainBottom: Slot,
    secondaryTop: Slot,
    secondaryBottom: Slot,
  }),
);
const SectionThreeColumnsWidget = widgetSchema(
  "react.section.3-columns",
  props({
    breadcrumbs: Slot,
    leftTop: Slot,
    leftBottom: Slot,
    middleTop: Slot,
    middleBottom: Slot,
    rightTop: Slot,
    rightBottom: Slot,
  }),
);
const SectionFullWidthWidget = widgetSchema("react.section.full-width", props({ children: Slot }));

/**
 * The layout schemas' definitions: the widgets a slot holds, and a layout's widget (a section, or an
 * asset on its own). A schema that holds layouts refers to them (`Type.Ref("LayoutWidget")`) inside a
 * `Type.Cyclic` of these, once: copies of the union in every slot made the response serialiser, which
 * picks a union's branch by validating it, compile for half a minute on its first answer.
 */
const assetWidgets = [
  OnlineNowWidget,
  LeaderboardWidget,
  BannerWidget,
  PopularTagsWidget,
  BreadcrumbsWidget,
  HtmlWidget,
  NewPostButtonWidget,
  CategoryListWidget,
  CategoryHeaderWidget,
  DiscussionListWidget,
  DiscussionWidget,
  CreatePostWidget,
  CollectionRecordsWidget,
  DiscussionsWidget,
  CategoriesWidget,
  ArticlesWidget,
  GroupsWidget,
  QuickLinksWidget,
  CallToActionWidget,
  CustomPageHeadWidget,
  CustomFragmentWidget,
] as const;
export const layoutWidgetDefinitions = {
  LayoutAssetWidget: Type.Union([...assetWidgets]),
  LayoutWidget: Type.Union([
    SectionOneColumnWidget,
    SectionTwoColumnsWidget,
    SectionThreeColumnsWidget,
    SectionFullWidthWidget,
    ...assetWidgets,
  ]),
};

/** A layout's widget, discriminated by `$reactComponent`. */
export const LayoutWidgetSchema = Type.Cyclic(layoutWidgetDefinitions, "LayoutWidget");
export type LayoutWidget = Static<typeof LayoutWidgetSchema>;
/** A widget a section's slot holds: any but a section. */
export type LayoutAssetWidget = Exclude<LayoutWidget, { $reactComponent: `react.section.${string}` }>;

/** The name of a layout widget (`$reactComponent`). */
export type WidgetName = LayoutWidget["$reactComponent"];
/** The widget named `Name`. */
export type WidgetOf<Name extends WidgetName> = Extract<LayoutWidget, { $reactComponent: Name }>;
/** The props (`$reactProps`) of the widget named `Name`. */
export type WidgetProps<Name extends WidgetName> = WidgetOf<Name>["$reactProps"];

/**
 * The catalogue of layout widgets (`GET /widgets`): each one's name, what it shows, and the JSON schema of its
 * props. A section's slots refer to `LayoutAssetWidget` (any widget of this catalogue but a section).
 */
export const widgetCatalogue: ReadonlyArray<{ name: WidgetName; description: string; props: TSchema }> = [
  [SectionOneColumnWidget, "A one-column section: a breadcrumb slot and one column of widgets."],
  [
    SectionTwoColumnsWidget,
    "A two-column section: a main column and a secondary panel, each with a top and bottom slot.",
  ],
  [
    SectionThreeColumnsWidget,
    "A three-column section: left, middle and right columns, each with a top and bottom slot.",
  ],
  [SectionFullWidthWidget, "A full-width section: its widgets span the page."],
  [OnlineNowWidget, "Who's online: the first members online and how many more (the online add-on)."],
  [LeaderboardWidget, "A leaderboard: the members with the most points in a period, in one category when given."],
  [
    BannerWidget,
    "The home page's banner: a title, a description and a search box, with a logo, an icon and a right image.",
  ],
  [PopularTagsWidget, "The most used tags, each leading to its list."],
  [BreadcrumbsWidget, "A record's breadcrumb trail (a category's)."],
  [HtmlWidget, "A title and description block."],
  [NewPostButtonWidget, "The New Discussion button, into a category when given."],
  [CategoryListWidget, "The category tree: home's, the categories page's, a category's subcategories or a panel's."],
  [CategoryHeaderWidget, "A category page's header: its name, description and follow button."],
  [DiscussionListWidget, "A list of discussions with its sort links, filters and pager."],
  [DiscussionWidget, "A discussion with a page of its comments and the reply form."],
  [CreatePostWidget, "The new-post form, in a category when given."],
  [
    CollectionRecordsWidget,
    "A featured collection: its records the viewer may read, as a grid, carousel, list or links.",
  ],
  [DiscussionsWidget, "Discussions chosen by category, tags, followed or announcements, in a sort."],
  [
    CategoriesWidget,
    "Categories the viewer may read: the top level, a category's children, the featured or the followed ones.",
  ],
  [ArticlesWidget, "Knowledge base articles the viewer may read: a base's or a category's, featured ones when asked."],
  [GroupsWidget, "Groups the viewer may see, by privacy, in a sort."],
  [QuickLinksWidget, "A title and a list of links."],
  [CallToActionWidget, "A call to action: a title, a description, a button and an optional image."],
  [CustomFragmentWidget, "A fragment (an administrator's own widget) in a sandboxed frame, with the props given."],
  [CustomPageHeadWidget, "A custom page's title, description and address, and whether it is published."],
].map(([widget, description]) => {
  const schema = widget as TSchema & { properties: { $reactComponent: { const: WidgetName }; $reactProps: TSchema } };
  return {
    name: schema.properties.$reactComponent.const,
    description: description as string,
    props: schema.properties.$reactProps,
  };
});
