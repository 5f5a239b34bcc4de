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
  categories: {
    listMaxLimit: 100,
    searchLimit: 50,
    defaultMaxDepth: 2,
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
  },
  search: {
    autocompleteLimit: 10,
    autocompleteDebounceMs: 100,
    suggestionsPageSize: 20,
  },
  toast: {
    autoDismissMs: 3000,
    removeAfterHideMs: 2000,
  },
  countBadgeMax: 99,
  /** Relative dates refresh this often (spec §9). */
  relativeTimeRefreshMs: 30_000,
} as const;
