import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { customPagesLimits } from "./limits.ts";

/*
 * Custom pages (Vanilla's dashboard-custom-pages.yml, issue 38): a page at an address a site manager picks, whose
 * content is a layout of its own (view type `customPage`), with its SEO title and description, published or not,
 * seen by every role or by the roles named.
 */

export const customPageStatuses = ["published", "unpublished"] as const;
export type CustomPageStatus = (typeof customPageStatuses)[number];

/**
 * The first segments of the addresses Parley's own pages, files and API take: a custom page may not use one
 * (nor a path under one).
 */
export const reservedPagePaths: readonly string[] = [
  "__page-data",
  "activity",
  "addon",
  "api",
  "assets",
  "avatars",
  "badges",
  "categories",
  "category",
  "comment",
  "comments",
  "dashboard",
  "discussion",
  "discussions",
  "drafts",
  "embed",
  "embed.js",
  "entry",
  "favicon.ico",
  "favicon.svg",
  "feed",
  "fragments",
  "group",
  "groups",
  "healthz",
  "home",
  "images",
  "kb",
  "leaderboard",
  "log",
  "media",
  "members",
  "messages",
  "metrics",
  "page",
  "plugin",
  "post",
  "profile",
  "readyz",
  "robots.txt",
  "search",
  "settings",
  "sitemap",
  "sitemap-index.xml",
  "sitemap.xml",
  "sso",
  "tags",
  "unsubscribe",
  "uploads",
  "user",
  "utility",
  "vanilla",
];

/** A custom page's address: lowercase words of letters, digits and hyphens, one to four segments (`/about/team`). */
export const customPagePathPattern = "^/[a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*){0,3}$";

/** Why a path cannot be a custom page's address (null: it can, unless another page has it). */
export function customPagePathProblem(path: string): string | null {
  if (path.length > customPagesLimits.urlcodeMaxLength || !new RegExp(customPagePathPattern).test(path))
    return "The address must start with / and hold only lowercase letters, digits, hyphens and up to four segments.";
  const first = path.split("/")[1] ?? "";
  if (reservedPagePaths.includes(first)) return `The address /${first} belongs to the forum's own pages.`;
  return null;
}

const fields = {
  seoTitle: Type.String({ minLength: 1, maxLength: customPagesLimits.seoTitleMaxLength }),
  seoDescription: Type.String({ maxLength: customPagesLimits.seoDescriptionMaxLength }),
  /** The page's address, such as `/about`. */
  urlcode: Type.String({ maxLength: customPagesLimits.urlcodeMaxLength }),
  status: Type.Enum([...customPageStatuses]),
  siteSectionID: Type.String({ maxLength: 40 }),
  /** The roles that may see the page; empty: everyone who may view the site. */
  roleIDs: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100 }),
  /** Parley keeps no ranks' visibility: accepted and answered empty. */
  rankIDs: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100 }),
  /** Parley's own: the page is a link in the title bar's navigation (while the viewer may see it). */
  showInNavigation: Type.Boolean(),
};

const LayoutData = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  layout: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 100 })),
});

export const CustomPagePost = Type.Object({
  seoTitle: fields.seoTitle,
  seoDescription: fields.seoDescription,
  urlcode: fields.urlcode,
  status: Type.Optional(fields.status),
  siteSectionID: Type.Optional(fields.siteSectionID),
  roleIDs: Type.Optional(fields.roleIDs),
  rankIDs: Type.Optional(fields.rankIDs),
  showInNavigation: Type.Optional(fields.showInNavigation),
  layoutData: Type.Optional(LayoutData),
});
export type CustomPagePost = Static<typeof CustomPagePost>;

export const CustomPagePatch = Type.Partial(CustomPagePost);
export type CustomPagePatch = Static<typeof CustomPagePatch>;

export const CustomPage = Type.Object({
  customPageID: Type.Integer(),
  seoTitle: Type.String(),
  seoDescription: Type.String(),
  urlcode: Type.String(),
  /** The page's full address at the site's origin. */
  url: Type.String(),
  status: Type.Enum([...customPageStatuses]),
  siteSectionID: Type.String(),
  roleIDs: Type.Array(Type.Integer()),
  rankIDs: Type.Array(Type.Integer()),
  showInNavigation: Type.Boolean(),
  /** The page's own layout (view type `customPage`), edited at `/dashboard/layouts/{layoutID}/edit`. */
  layoutID: Type.Integer(),
  dateInserted: DateTime,
  insertUserID: Type.Integer(),
  dateUpdated: Nullable(DateTime),
  updateUserID: Nullable(Type.Integer()),
});
export type CustomPage = Static<typeof CustomPage>;

export const CustomPageParams = Type.Object({ customPageID: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export const CustomPageListQuery = Type.Object({
  status: Type.Optional(
    Type.Union([Type.Enum([...customPageStatuses]), Type.Array(Type.Enum([...customPageStatuses]), { maxItems: 2 })]),
  ),
});
export type CustomPageListQuery = Static<typeof CustomPageListQuery>;
