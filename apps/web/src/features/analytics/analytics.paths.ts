/** The dashboard's Analytics page (the dashboard's menu links it; the page loads with its route). */
export const analyticsPagePath = "/dashboard/analytics";

/** The period's days as a CSV file (one row a day), from the API: a plain download link. */
export const analyticsCsvHref = ({ from, to }: { from: string; to: string }) =>
  `/api/v2/analytics/summary.csv?${new URLSearchParams({ from, to }).toString()}`;
