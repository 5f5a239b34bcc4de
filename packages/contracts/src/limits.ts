/**
 * Business constants and limits of spec §9, kept once and used by server and web alike: `limits` gathers every
 * group. The groups the web app's first script reads live in `shell-limits.ts` (see there why).
 */
import {
  apiLimits,
  categoriesLimits,
  pagerLimits,
  queryLimits,
  toastLimits,
  countBadgeMax,
  countBadgeCompactAbove,
  relativeTimeRefreshMs,
  timingLimits,
  relativeTimeLimits,
  scrollLimits,
  layoutLimits,
  sizesLimits,
} from "./shell-limits.ts";

export * from "./shell-limits.ts";

/** Bulk actions (reference §1.7): IDs in one call; the server works through them in rounds. */
export const longRunnerLimits = {
  maxIDs: 50_000,
} as const;

export const queryStringLimits = {
  parameterLimit: 1000,
  depth: 5,
  arrayLimit: 20,
} as const;

export const mentionsLimits = {
  suggestionLimit: 50,
  debounceMs: 50,
  prefixReuseMaxLength: 10,
  activeWithinDays: 90,
  /** Width of the suggestion list, in px (spec §9 "Mention list width"). */
  listWidth: 200,
} as const;

export const searchLimits = {
  /** `GET /search` page size when `limit` is not given (Vanilla's default), and its maximum. */
  defaultLimit: 30,
  maxLimit: 100,
  autocompleteLimit: 10,
  autocompleteDebounceMs: 100,
  suggestionsPageSize: 20,
  /** Results a search reaches at most, on every engine (Sphinx's max_matches, Vanilla's default). */
  maxResults: 1_000,
  /**
   * A search counts its matches to the next multiple of this past the page it answers (at most
   * `maxResults`, `searchCountBound`): "100+ results" on the first pages, a larger floor further on.
   * Counting a phrase's matches reads each one's word positions (PostgreSQL), so a thousand of them
   * cost a third of a search's time at 1M posts (issue 8); Discourse shows "50+" the same way.
   */
  countStep: 100,
} as const;

/** Drafts (reference §10; spec §9 "default draft format rich2"). */
export const draftsLimits = {
  defaultLimit: 30,
  maxLimit: 100,
  defaultFormat: "rich2",
  /** The JSON of a draft's attributes, at most (a long post's body plus its meta). */
  attributesMaxLength: 200_000,
  /** How long a process holds a claimed scheduled draft before another may retry it (a crash mid-publish). */
  publishLeaseMs: 300_000,
  /** How often each process looks for scheduled drafts that are due. */
  publishPollMs: 5000,
} as const;

/** `GET /comments/thread` (Vanilla's defaults). */
export const commentThreadLimits = {
  /** From this depth (the page's level is 1) replies are folded into holes. */
  collapseChildDepth: 3,
  /** Replies shown under a comment above that depth. */
  collapseChildLimit: 3,
  /** Authors a hole names. */
  holeAuthors: 5,
  /** A comment's replies past the page that one hole counts at most. */
  restMax: 10_000,
} as const;

/** Themes of the site's own (database themes; not in spec §9: Vanilla's column widths). */
export const themesLimits = {
  nameMaxLength: 100,
  /** Revisions listed at most per page of `GET /themes/{id}/revisions`. */
  revisionsPageLimit: 100,
  /** Bounds of a theme's font sizes, in pixels (base text, titles, small print). */
  fontSizeMin: 10,
  fontSizeMax: 48,
  /** The largest corner radius a theme may set, in pixels (a pill button is its own shape). */
  radiusMax: 32,
  /** A theme's custom header and footer, each at most this many characters of HTML (issue 36). */
  htmlAssetMaxLength: 50_000,
  /** A theme's styles, at most this many characters of CSS. */
  stylesMaxLength: 200_000,
  /** A theme's own JavaScript, at most this many characters. */
  javascriptMaxLength: 200_000,
  /** Script addresses a theme may list, and the length of each. */
  scriptsMaxItems: 20,
  scriptUrlMaxLength: 500,
} as const;

/** Reaction types as the dashboard edits them (not in spec §9: the reactionTypes table's name column). */
export const reactionsLimits = {
  nameMaxLength: 100,
  descriptionMaxLength: 500,
  /** The score a reaction moves a post by, either way, at most. */
  pointsMax: 100,
} as const;

/** Colours (spec §9). */
export const colorsLimits = {
  primary: "#037DBC",
  error: "#d0021b",
  /** A colour is light when its luminance is above this (0–255 scale). */
  lightThreshold: 150,
  /** The dark preset lightens the primary colour by this much. */
  darkPrimaryLighten: 0.25,
} as const;

/** Feeds (issue 32): the newest items each RSS or Atom feed lists. */
export const feedsLimits = {
  items: 30,
} as const;

/** Sitemaps (issue 32, sitemaps.org 0.9): the URLs one sitemap may list; a category's discussions come in chunks of it. */
export const sitemapsLimits = {
  urls: 50_000,
} as const;

/** Polls (the polls add-on, issue 33): options a poll has, at least and at most, and the lengths of its texts. */
export const pollsLimits = {
  minOptions: 2,
  maxOptions: 20,
  nameMaxLength: 200,
  optionMaxLength: 200,
} as const;

/** Ideas (the ideation add-on, issue 36): the longest name of an idea status. */
export const ideasLimits = {
  statusNameMaxLength: 100,
} as const;

/** Fragments, administrators' own widgets (issue 38; not in spec §9): their code and revisions. */
export const fragmentsLimits = {
  nameMaxLength: 100,
  fragmentTypeMaxLength: 100,
  /** A fragment's JavaScript (`js`, and `jsRaw` its source), at most this many characters each. */
  jsMaxLength: 200_000,
  /** A fragment's CSS, at most this many characters. */
  cssMaxLength: 200_000,
  /** Preview data sets a fragment keeps, and the size of each one's props as JSON. */
  previewDataMaxItems: 20,
  previewDataMaxLength: 20_000,
  commitMessageMaxLength: 200,
  commitDescriptionMaxLength: 2_000,
  /** Revisions listed at most per page of `GET /fragments/{uuid}/revisions` (Vanilla's), and by default. */
  revisionsMaxLimit: 500,
  revisionsDefaultLimit: 30,
} as const;

/** Custom pages (issue 38; not in spec §9): their address, SEO title and description. */
export const customPagesLimits = {
  urlcodeMaxLength: 100,
  seoTitleMaxLength: 100,
  seoDescriptionMaxLength: 500,
} as const;

/** Subcommunities (issue 40): a section's name and folder (its address prefix), and how many a site keeps. */
export const subcommunitiesLimits = {
  nameMaxLength: 100,
  folderMaxLength: 50,
  maxSections: 200,
} as const;

/** A discussion's canonical address set by a moderator (`PUT /discussions/{id}/canonical-url`), at most. */
export const canonicalUrlMaxLength = 500;

export const limits = {
  api: apiLimits,
  longRunner: longRunnerLimits,
  categories: categoriesLimits,
  pager: pagerLimits,
  queryString: queryStringLimits,
  query: queryLimits,
  mentions: mentionsLimits,
  search: searchLimits,
  drafts: draftsLimits,
  toast: toastLimits,
  countBadgeMax,
  countBadgeCompactAbove,
  relativeTimeRefreshMs,
  timing: timingLimits,
  relativeTime: relativeTimeLimits,
  scroll: scrollLimits,
  layout: layoutLimits,
  sizes: sizesLimits,
  commentThread: commentThreadLimits,
  themes: themesLimits,
  fragments: fragmentsLimits,
  customPages: customPagesLimits,
  subcommunities: subcommunitiesLimits,
  reactions: reactionsLimits,
  colors: colorsLimits,
  feeds: feedsLimits,
  sitemaps: sitemapsLimits,
  polls: pollsLimits,
  ideas: ideasLimits,
  canonicalUrlMaxLength,
} as const;
