/** Response headers of a paged list (reference §1.6). */
export const paginationHeaders = {
  current: "x-app-page-current",
  limit: "x-app-page-limit",
  resultCount: "x-app-page-result-count",
  firstUrl: "x-app-page-first-url",
  lastUrl: "x-app-page-last-url",
  nextUrl: "x-app-page-next-url",
  prevUrl: "x-app-page-prev-url",
} as const;
