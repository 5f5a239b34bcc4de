/**
 * The limits of spec §9 that the app's first script reads (the reading pages: lists, dates, the shell's sizes and
 * timings). The web app's modules import them from here, by group (`timingLimits`), never through `limits.ts`: a
 * module in the first script's static imports is bundled into it whole, with whatever later chunks use of it
 * (issue 26). `limits.ts` re-exports them and gathers every group in `limits`, for the server and later chunks.
 */

/** API list defaults (reference §1.5). */
export const apiLimits = {
  defaultPage: 1,
  maxPage: 10000,
  defaultLimit: 30,
  maxLimit: 500,
} as const;

export const categoriesLimits = {
  listMaxLimit: 100,
  searchLimit: 50,
  defaultMaxDepth: 2,
  /** The deepest `maxDepth` a category list takes. */
  maxDepth: 10,
  /** Categories a member may follow at once (Vanilla's Vanilla.MaxFollowedCategories default). */
  maxFollowed: 500,
} as const;

export const pagerLimits = {
  defaultPageLimit: 10,
  /** Comments per page of a discussion (Vanilla's Vanilla.Comments.PerPage). */
  commentsPerPage: 30,
  maxUserTagsInList: 3,
} as const;

export const queryLimits = {
  /** TanStack Query: data fresh for 5 minutes, no retries. */
  staleTimeMs: 300_000,
} as const;

export const toastLimits = {
  autoDismissMs: 3000,
  removeAfterHideMs: 2000,
} as const;

export const countBadgeMax = 99;

/** Count badges use compact number formatting above this value. */
export const countBadgeCompactAbove = 1050;

/** Relative dates refresh this often (spec §9). */
export const relativeTimeRefreshMs = 30_000;

/** Timings of the shell (spec §4, §9), in milliseconds. */
export const timingLimits = {
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
} as const;

/** Relative time buckets (spec §9): upper bounds in seconds / days. */
export const relativeTimeLimits = {
  justNowSeconds: 5,
  fewSecondsBelowSeconds: 45,
  minutesUpToMinutes: 45,
  hoursUpToHours: 22,
  daysUpToDays: 26,
  monthUpToDays: 45,
  monthsUpToDays: 320,
  yearUpToDays: 548,
} as const;

/** Scroll rule of the offset header (spec §4). */
export const scrollLimits = { hideAfterPx: 400, deltaPx: 10 } as const;

/** Layout breakpoints and sizes (spec §9), in px. */
export const layoutLimits = {
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
} as const;

export const sizesLimits = {
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
} as const;
