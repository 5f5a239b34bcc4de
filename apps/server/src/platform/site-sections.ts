import { notFound } from "./errors.ts";

/**
 * The site's sections (issue 40): what the pages, the lists and the address router ask of the subcommunities
 * feature, which owns them (`features/subcommunities`). The whole site is no section (`null`, siteSectionID "0").
 */
export interface SiteSection {
  subcommunityID: number;
  /** The section's id as `siteSectionID` filters and the layouts' `siteSection` record name it. */
  siteSectionID: string;
  name: string;
  folder: string;
  /** `/{folder}`. */
  basePath: string;
  /** The section's root category: its lists hold this category's subtree. */
  categoryID: number;
  /** Empty: the site's. */
  locale: string;
  /** Null: the site's theme. */
  themeID: string | null;
  sort: number;
}

export interface SiteSections {
  /** Every section in the picker's order, as this process last read them (at most a few seconds old). */
  list(): readonly SiteSection[];
  /** The section at `/{folder}`, from the same memory (the address router is synchronous). */
  byFolder(folder: string): SiteSection | undefined;
  /**
   * A `siteSectionID` filter: null for the whole site (absent, "" or "0"), the section for its id or
   * `$subcommunityID:{id|folder}`; a 404 ("Site section not found.") for another.
   */
  resolve(filter: string | undefined): Promise<SiteSection | null>;
}

/** A site without sections (the services' tests that need none). */
export const noSiteSections: SiteSections = {
  list: () => [],
  byFolder: () => undefined,
  resolve: async (filter) => {
    if (filter === undefined || filter === "" || filter === "0") return null;
    throw notFound("Site section");
  },
};
