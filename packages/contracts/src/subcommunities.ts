import { Type, type Static } from "typebox";
import { DateTime, Nullable } from "./common.ts";
import { reservedPagePaths } from "./custom-pages.ts";
import { subcommunitiesLimits } from "./limits.ts";

/*
 * Subcommunities (Vanilla's subcommunities add-on, issue 40): sections of one site, each at its own address prefix
 * (`/{folder}/…`) over its own root category, with its own locale, theme and home layout (view type
 * `subcommunityHome`, record type `siteSection`, record id its `siteSectionID`). The whole site is section "0".
 */

/** The site section of the whole site (spec §2: the home's layout is `home` there, `subcommunityHome` elsewhere). */
export const WHOLE_SITE_SECTION_ID = "0";

/** A folder: lowercase letters, digits and hyphens, starting with a letter or digit (`en`, `support-fr`). */
export const subcommunityFolderPattern = "^[a-z0-9][a-z0-9-]*$";

export const subcommunityMessages = {
  folderTaken: "Another subcommunity has this folder.",
  folderInvalid: "The folder may hold only lowercase letters, digits and hyphens.",
  categoryTaken: "Another subcommunity has this category.",
  unknownCategory: "There is no such category.",
  unknownTheme: "There is no such theme.",
  categoryGone: "Its root category no longer exists.",
  tooMany: `A site has at most ${subcommunitiesLimits.maxSections} subcommunities.`,
} as const;

/** Why a folder cannot be a subcommunity's (null: it can, unless another has it or a custom page starts with it). */
export function subcommunityFolderProblem(folder: string): string | null {
  if (folder.length > subcommunitiesLimits.folderMaxLength || !new RegExp(subcommunityFolderPattern).test(folder))
    return subcommunityMessages.folderInvalid;
  if (reservedPagePaths.includes(folder)) return `The address /${folder} belongs to the forum's own pages.`;
  return null;
}

/** The smart id of a subcommunity as a `siteSectionID` filter: `$subcommunityID:{id|folder}` (reference). */
export const SMART_SECTION_PREFIX = "$subcommunityID:";

const fields = {
  name: Type.String({ minLength: 1, maxLength: subcommunitiesLimits.nameMaxLength }),
  folder: Type.String({ minLength: 1, maxLength: subcommunitiesLimits.folderMaxLength }),
  categoryID: Type.Integer({ minimum: 1, description: "The section's root category: its lists hold this subtree." }),
  locale: Type.String({ maxLength: 20, description: "The section's locale; empty: the site's." }),
  themeID: Nullable(Type.String({ maxLength: 100, description: "The section's theme; null: the site's." })),
  sort: Type.Integer({ minimum: 0, maximum: 1_000_000, description: "The order of the title bar's picker." }),
};

export const SubcommunityPost = Type.Object({
  name: fields.name,
  folder: fields.folder,
  categoryID: fields.categoryID,
  locale: Type.Optional(fields.locale),
  themeID: Type.Optional(fields.themeID),
  sort: Type.Optional(fields.sort),
});
export type SubcommunityPost = Static<typeof SubcommunityPost>;

export const SubcommunityPatch = Type.Partial(SubcommunityPost);
export type SubcommunityPatch = Static<typeof SubcommunityPatch>;

export const Subcommunity = Type.Object({
  subcommunityID: Type.Integer(),
  /** Its id as a site section (`siteSectionID` filters, the layouts' `siteSection` record). */
  siteSectionID: Type.String(),
  name: Type.String(),
  folder: Type.String(),
  /** `/{folder}`: the prefix of its pages' addresses. */
  basePath: Type.String(),
  /** Its home's full address at the site's origin. */
  url: Type.String(),
  categoryID: Type.Integer(),
  /**
   * False once its root category was deleted: the section then holds nothing (its lists, search and sitemaps are
   * empty) until a site manager gives it another category or removes it.
   */
  categoryExists: Type.Boolean(),
  locale: Type.String(),
  themeID: Nullable(Type.String()),
  sort: Type.Integer(),
  dateInserted: DateTime,
  insertUserID: Type.Integer(),
  dateUpdated: Nullable(DateTime),
  updateUserID: Nullable(Type.Integer()),
});
export type Subcommunity = Static<typeof Subcommunity>;

export const SubcommunityParams = Type.Object({
  subcommunityID: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});

/** A section as the pages know it: the title bar's picker, the current section of a page. */
export const SiteSectionLink = Type.Object({
  siteSectionID: Type.String(),
  name: Type.String(),
  basePath: Type.String(),
  locale: Type.String(),
  categoryID: Type.Integer(),
});
export type SiteSectionLink = Static<typeof SiteSectionLink>;

/** A `siteSectionID` filter of the lists (`GET /discussions`, `/categories`, `/search`, `/site-totals`). */
export const SiteSectionFilter = Type.String({
  maxLength: 120,
  description: 'A site section: "0" (the whole site), a subcommunity\'s id, or `$subcommunityID:{id|folder}`.',
});
