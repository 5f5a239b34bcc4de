/**
 * Business constants and limits of spec §9, kept once and used by server and web alike.
 */
export const limits = {
  /** API list defaults (reference §1.5). */
  api: {
    defaultPage: 1,
    maxPage: 10000,
    defaultLimit: 30,
    maxLimit: 500,
  },
  /** Bulk actions (reference §1.7): IDs in one call; the server works through them in rounds. */
  longRunner: {
    maxIDs: 50_000,
  },
  categories: {
    listMaxLimit: 100,
    searchLimit: 50,
    defaultMaxDepth: 2,
    /** Categories a member may follow at once (Vanilla's Vanilla.MaxFollowedCategories default). */
    maxFollowed: 500,
  },
  pager: {
    defaultPageLimit: 10,
    /** Comments per page of a discussion (Vanilla's Vanilla.Comments.PerPage). */
    commentsPerPage: 30,
    maxUserTagsInList: 3,
  },
  queryString: {
    parameterLimit: 1000,
    depth: 5,
    arrayLimit: 20,
  },
  query: {
    /** TanStack Query: data fresh for 5 minutes, no retries. */
    staleTimeMs: 300_000,
  },
  mentions: {
    suggestionLimit: 50,
    debounceMs: 50,
    prefixReuseMaxLength: 10,
    activeWithinDays: 90,
    /** Width of the suggestion list, in px (spec §9 "Mention list width"). */
    listWidth: 200,
  },
  search: {
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
  },
  /** Drafts (reference §10; spec §9 "default draft format rich2"). */
  drafts: {
    defaultLimit: 30,
    maxLimit: 100,
    defaultFormat: "rich2",
    /** The JSON of a draft's attributes, at most (a long post's body plus its meta). */
    attributesMaxLength: 200_000,
    /** How long a process holds a claimed scheduled draft before another may retry it (a crash mid-publish). */
    publishLeaseMs: 300_000,
    /** How often each process looks for scheduled drafts that are due. */
    publishPollMs: 5000,
  },
  toast: {
    autoDismissMs: 3000,
    removeAfterHideMs: 2000,
  },
  countBadgeMax: 99,
  /** Count badges use compact number formatting above this value. */
  countBadgeCompactAbove: 1050,
  /** Relative dates refresh this often (spec §9). */
  relativeTimeRefreshMs: 30_000,
  /** Timings of the shell (spec §4, §9), in milliseconds. */
  timing: {
    tooltipShowMs: 100,
    tooltipLeaveMs: 500,
    megaMenuCloseMs: 250,
    loaderDelayMs: 150,
    resizeDebounceMs: 100,
    searchFocusDelayMs: 200,
    redirectWaitMs: 5000,
    bodyForceVisibleMs: 800,
    hashScrollRetryMs: 500,
    hashScrollDisabledMs: 500,
    toastScrollOffsetPx: 100,
    countsMinIntervalMs: 60_000,
    /**
     * After falling back to polling, the live client tries the stream again after this long, doubling the
     * wait after each failed try up to the maximum (ours: the spec sets no figure).
     */
    liveStreamRetryMinMs: 30_000,
    liveStreamRetryMaxMs: 600_000,
    autosaveDelayMs: 5000,
    draftThrottleMs: 1000,
    categorySearchDebounceMs: 100,
    tagSearchDebounceMs: 100,
    editLabelSlowRefreshMs: 10_000,
    editLabelFastRefreshMs: 5000,
    editLabelFastBelowSeconds: 60,
  },
  /** Relative time buckets (spec §9): upper bounds in seconds / days. */
  relativeTime: {
    justNowSeconds: 5,
    fewSecondsBelowSeconds: 45,
    minutesUpToMinutes: 45,
    hoursUpToHours: 22,
    daysUpToDays: 26,
    monthUpToDays: 45,
    monthsUpToDays: 320,
    yearUpToDays: 548,
  },
  /** Scroll rule of the offset header (spec §4). */
  scroll: { hideAfterPx: 400, deltaPx: 10 },
  /** Layout breakpoints and sizes (spec §9), in px. */
  layout: {
    xs: 500,
    compact: 800,
    twoColumns: 1200,
    oneColumn: 550,
    screenPortrait: 600,
    screenOther: 932,
    overflowTolerance: 4,
    navLinksOneColumn: 750,
    tableMobile: 600,
    panelWidth: 216,
    panelWidthTwoColumn: 292,
    middleColumn: 672,
    middleColumnMin: 600,
    narrowContent: 900,
    gutterFull: 40,
    gutterBase: 16,
    baseLayerZIndex: 1051,
    titleBarZIndex: 1050,
    contentMinWidth: 550,
  },
  sizes: {
    formElementHeight: 36,
    formElementMaxWidth: 528,
    buttonMinWidth: 104,
    buttonCompactHeight: 24,
    buttonMediumHeight: 32,
    buttonPaddingX: 12,
    titleBarHeight: 48,
    titleBarHeightWithLabel: 64,
    titleBarHeightMobile: 44,
    dropDownMinWidth: 350,
    dropDownWidth: 250,
    dropDownWidthMedium: 300,
    logoMaxWidth: 200,
    modal: { small: 375, medium: 516, large: 720, xl: 1022, xxl: 1320 },
    tooltipMinWidth: 150,
    tooltipMaxWidth: 320,
    toastWidth: 280,
    toastWidthWide: 380,
    toastMaxHeight: 120,
    userPhoto: { xsmall: 24, small: 28, medium: 40, large: 100, xlarge: 145 },
    icon: { small: 16, default: 24, large: 32 },
    searchBarMaxWidth: 705,
    searchBarMinHeight: 40,
    collapsibleMaxHeight: 100,
    collapsibleOvershoot: 50,
  },
  /** `GET /comments/thread` (Vanilla's defaults). */
  commentThread: {
    /** From this depth (the page's level is 1) replies are folded into holes. */
    collapseChildDepth: 3,
    /** Replies shown under a comment above that depth. */
    collapseChildLimit: 3,
    /** Authors a hole names. */
    holeAuthors: 5,
    /** A comment's replies past the page that one hole counts at most. */
    restMax: 10_000,
  },
  /** Themes of the site's own (database themes; not in spec §9: Vanilla's column widths). */
  themes: {
    nameMaxLength: 100,
    /** Revisions listed at most per page of `GET /themes/{id}/revisions`. */
    revisionsPageLimit: 100,
  },
  /** Reaction types as the dashboard edits them (not in spec §9: the reactionTypes table's name column). */
  reactions: {
    nameMaxLength: 100,
    descriptionMaxLength: 500,
    /** The score a reaction moves a post by, either way, at most. */
    pointsMax: 100,
  },
  /** Colours (spec §9). */
  colors: {
    primary: "#037DBC",
    error: "#d0021b",
    /** A colour is light when its luminance is above this (0–255 scale). */
    lightThreshold: 150,
    /** The dark preset lightens the primary colour by this much. */
    darkPrimaryLighten: 0.25,
  },
} as const;
