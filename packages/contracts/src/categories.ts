import { Type, type Static } from "typebox";
import { DateTime, Expand, ID_DIGITS, ImageAddress, Nullable } from "./common.ts";
import { Limit, Page } from "./pagination.ts";
import { SiteSectionFilter } from "./subcommunities.ts";
import { limits } from "./limits.ts";
import { categoryDisplayAs, discussionTypes } from "./categories-constants.ts";
import { ideationTypes } from "./ideas-constants.ts";
import { CategoryRoleGrants } from "./roles.ts";

export * from "./categories-constants.ts";

/** `GET /categories` sorts (reference §5): `-x` is descending. */
export const categorySorts = ["categoryID", "-categoryID", "name", "-name", "dateFollowed", "-dateFollowed"] as const;
export type CategorySort = (typeof categorySorts)[number];

const categoryFields = {
  categoryID: Type.Integer(),
  name: Type.String(),
  urlcode: Type.String(),
  url: Type.String({ description: "Absolute URL of the category's page." }),
  description: Nullable(Type.String()),
  parentCategoryID: Nullable(Type.Integer()),
  displayAs: Type.Union([
    Type.Literal("categories"),
    Type.Literal("discussions"),
    Type.Literal("flat"),
    Type.Literal("heading"),
  ]),
  customPermissions: Type.Boolean(),
  isArchived: Type.Boolean(),
  featured: Type.Boolean({ description: "Featured: listed by `featured=true` and the home page's categories widget." }),
  countCategories: Type.Integer(),
  countDiscussions: Type.Integer(),
  countComments: Type.Integer(),
  countAllDiscussions: Type.Integer(),
  countAllComments: Type.Integer(),
  countFollowers: Type.Integer(),
  followed: Type.Boolean(),
  depth: Type.Integer(),
  iconUrl: Nullable(Type.String()),
  bannerUrl: Nullable(Type.String({ description: "The image shown at the top of the category's page." })),
  allowedDiscussionTypes: Nullable(
    Type.Array(Type.String(), { description: "The discussion types it takes; null: every type." }),
  ),
  ideationType: Type.Enum(ideationTypes, {
    description: "How its ideas are voted on (the ideation add-on): up only, or up and down.",
  }),
  allowedPostTypeIDs: Type.Optional(
    Type.Array(Type.String(), {
      description: "The site's own post types it takes (the postTypes add-on; empty while it is off).",
    }),
  ),
  dateInserted: DateTime,
  dateUpdated: Nullable(DateTime),
  insertUserID: Type.Integer(),
  updateUserID: Nullable(Type.Integer()),
};

/** A category without children. */
export const Category = Type.Object(categoryFields, { $id: "Category" });
export type Category = Static<typeof Category>;

/**
 * A category in the tree output: its children, nested up to `maxDepth`. The recursion is a `$ref`
 * to this schema's `$id`, registered once as a shared schema by the server.
 */
export const CategoryTreeItem = Type.Object(
  {
    ...categoryFields,
    children: Type.Optional(Type.Array(Type.Ref("CategoryTreeItem"))),
  },
  { $id: "CategoryTreeItem" },
);
export type CategoryTreeItem = Category & { children?: CategoryTreeItem[] };

/** The `locale` of a content read: names and descriptions in that content locale when translated. */
const ContentLocale = Type.Optional(
  Type.String({ maxLength: 20, description: "A content locale: names and descriptions translated into it." }),
);

export const CategoryListQuery = Type.Object({
  parentCategoryID: Type.Optional(Type.Integer({ description: "List the children of this category." })),
  parentCategoryCode: Type.Optional(
    Type.String({ description: "List the children of the category with this urlcode." }),
  ),
  siteSectionID: Type.Optional(SiteSectionFilter),
  maxDepth: Type.Integer({
    minimum: 1,
    maximum: limits.categories.maxDepth,
    default: limits.categories.defaultMaxDepth,
  }),
  archived: Type.Optional(Type.Boolean({ description: "Only archived (true) or only active (false) categories." })),
  featured: Type.Optional(
    Type.Boolean({ description: "Only featured (true) or only other (false) categories, as a flat list." }),
  ),
  postTypeID: Type.Optional(
    Type.String({ maxLength: 100, description: "Only the categories that take this site post type (a flat list)." }),
  ),
  followed: Type.Optional(Type.Boolean({ description: "Only the categories the viewer follows (a flat list)." })),
  followedUserID: Type.Optional(
    Type.Integer({ description: "Only the categories this member follows (another member's: users.edit)." }),
  ),
  sort: Type.Optional(Type.Enum(categorySorts)),
  outputFormat: Type.Optional(Type.Union([Type.Literal("tree"), Type.Literal("flat")])),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(limits.categories.listMaxLimit, limits.api.defaultLimit)),
  expand: Type.Optional(Expand),
  locale: ContentLocale,
});
export type CategoryListQuery = Static<typeof CategoryListQuery>;

/** Tree items carry `children`; flat (paged) items do not. */
export const CategoryList = Type.Array(Type.Ref("CategoryTreeItem"));

/** Schemas referenced by `$ref` that the server registers once. */
export const sharedCategorySchemas = [Category, CategoryTreeItem];

export const CategoryIdParams = Type.Object({
  id: Type.String({
    pattern: `^(-?${ID_DIGITS}|\\$urlcode:.+|\\$name:.+)$`,
    description: "A category id, or a smart id `$urlcode:<code>` / `$name:<name>`.",
  }),
});

export const CategoryGetQuery = Type.Object({
  expand: Type.Optional(Expand),
  locale: ContentLocale,
});

export const categoryPaths = {
  list: "/categories",
  get: "/categories/:id",
  search: "/categories/search",
  follow: "/categories/:id/follow",
  edit: "/categories/:id/edit",
  preferences: "/categories/:id/preferences/:userID",
  allPreferences: "/categories/preferences/:userID",
  suggested: "/categories/suggested",
} as const;

/** `GET /categories/{id}/edit`: what the category's edit form starts from (Vanilla's shape). */
export const CategoryEdit = Type.Object({
  categoryID: Type.Integer(),
  name: Type.String(),
  parentCategoryID: Type.Union([Type.Integer(), Type.Null()]),
  urlcode: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  displayAs: Type.String(),
});
export type CategoryEdit = Static<typeof CategoryEdit>;

/** `PUT /categories/{id}/follow` and its answer: the viewer's follow status of the category. */
export const CategoryFollow = Type.Object({
  followed: Type.Boolean({ description: "The category-follow status for the current user." }),
});
export type CategoryFollow = Static<typeof CategoryFollow>;

/**
 * A member's preferences for a category (Vanilla's `CategoryPreferences`): followed, and told in the browser
 * (popup) or by e-mail of its new discussions (posts) and comments. Vanilla's notification levels: follow (none
 * told), discussions (posts) and all (posts and comments).
 */
export const CategoryPreferences = Type.Object({
  "preferences.followed": Type.Boolean({ description: "The member follows the category." }),
  "preferences.popup.posts": Type.Boolean({ description: "Told in the browser of new discussions." }),
  "preferences.email.posts": Type.Boolean({ description: "Told by e-mail of new discussions." }),
  "preferences.popup.comments": Type.Boolean({ description: "Told in the browser of new comments." }),
  "preferences.email.comments": Type.Boolean({ description: "Told by e-mail of new comments." }),
});
export type CategoryPreferences = Static<typeof CategoryPreferences>;

/** `PATCH /categories/{id}/preferences/{userID}`: only these fields; a preference told turns the follow on. */
export const CategoryPreferencesPatch = Type.Partial(CategoryPreferences);
export type CategoryPreferencesPatch = Static<typeof CategoryPreferencesPatch>;

/** `GET /categories/preferences/{userID}`: each category the member follows, with its preferences. */
export const CategoryWithPreferences = Type.Object({
  categoryID: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  preferences: CategoryPreferences,
});
export type CategoryWithPreferences = Static<typeof CategoryWithPreferences>;

export const CategoryPreferencesParams = Type.Object({
  ...CategoryIdParams.properties,
  userID: Type.Integer({ minimum: 1 }),
});

/** `GET /categories/suggested` (Vanilla's): categories the member may like, bar those they follow or exclude. */
export const CategorySuggestedQuery = Type.Object({
  excludedCategoryIDs: Type.Optional(Type.Array(Type.Integer(), { maxItems: 100 })),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(limits.api.maxLimit, limits.api.defaultLimit)),
});
export type CategorySuggestedQuery = Static<typeof CategorySuggestedQuery>;

export const CategoryPost = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
  urlcode: Type.String({ minLength: 1, maxLength: 255, pattern: "^[a-z0-9][a-z0-9-]*$" }),
  parentCategoryID: Type.Optional(Nullable(Type.Integer())),
  description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  displayAs: Type.Optional(Type.Enum(categoryDisplayAs)),
  customPermissions: Type.Optional(Type.Boolean()),
  isArchived: Type.Optional(Type.Boolean()),
  featured: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Integer()),
  /**
   * What each listed role may do in the category, written with it in one transaction (site.manage); the category
   * then has its own permissions. The body of `PUT /categories/{id}/permissions`.
   */
  permissions: Type.Optional(CategoryRoleGrants),
  iconUrl: Type.Optional(Nullable(ImageAddress)),
  bannerUrl: Type.Optional(Nullable(ImageAddress)),
  ideationType: Type.Optional(Type.Enum(ideationTypes, { description: "up, or up-down (the ideation add-on)." })),
  // Null first: the server's type coercion would otherwise read null as an array of one empty string.
  allowedDiscussionTypes: Type.Optional(
    Type.Union([
      Type.Null(),
      Type.Array(Type.String({ maxLength: 50 }), {
        maxItems: 20,
        description: `Some of ${discussionTypes.join(", ")}; null: every type.`,
      }),
    ]),
  ),
  allowedPostTypeIDs: Type.Optional(
    Type.Array(Type.String({ maxLength: 100 }), {
      maxItems: 100,
      description: "The site's own active post types it takes (replaces the list; the postTypes add-on).",
    }),
  ),
});
export type CategoryPost = Static<typeof CategoryPost>;

export const CategoryPatch = Type.Partial(CategoryPost);
export type CategoryPatch = Static<typeof CategoryPatch>;

export const CategoryDeleteBody = Type.Object({
  newCategoryID: Type.Optional(
    Type.Integer({
      description: "Move the category's discussions (and subcategories) here; without it they are deleted.",
    }),
  ),
});

export const CategorySearchQuery = Type.Object({
  query: Type.String({ description: "Names containing this text (may be empty)." }),
  parentCategoryID: Type.Optional(Type.Integer()),
  displayAs: Type.Optional(Type.Array(Type.String())),
  filterDiscussionsAdd: Type.Optional(
    Type.Boolean({ description: "Only categories the viewer can post discussions in (Vanilla's name)." }),
  ),
  expand: Type.Optional(Expand),
  page: Type.Optional(Page),
  limit: Type.Optional(Limit(100, limits.categories.searchLimit)),
});
export type CategorySearchQuery = Static<typeof CategorySearchQuery>;

export const CategorySearchResult = Type.Object({
  ...categoryFields,
  breadcrumbs: Type.Optional(Type.Array(Type.Object({ name: Type.String(), url: Type.String() }))),
});
