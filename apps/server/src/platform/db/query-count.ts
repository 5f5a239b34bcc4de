/**
 * Counts the queries the database runs. `countQueries(fn)` takes the difference around `fn`, so it
 * is exact when nothing else queries meanwhile (a test's single request). List endpoints are
 * tested to run a fixed number of queries whatever the page size: no N+1.
 */
let total = 0;

/** One query ran (the database's log hook), or `count` that another thread ran for this one. */
export function recordQuery(count = 1): void {
  total += count;
}

/** Queries run in this thread so far (a worker sends its share back with each answer). */
export const queriesRun = (): number => total;

export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const before = total;
  const result = await fn();
  return { result, queries: total - before };
}

/**
 * The fewest queries `fn` ran in `runs` tries. Caches with a time to live (site config, category tree,
 * permissions) may expire between two requests on a loaded machine and add their reloads to one
 * count, and a request's first try fills the kept rows (`platform/read-cache.ts`) that the next ones
 * read; so the minimum is the request's own cost. Five tries: with three, a notifications test on
 * PostgreSQL under load once counted one query more on one side (not reproduced since).
 */
export async function fewestQueries(fn: () => Promise<unknown>, runs = 5): Promise<number> {
  let fewest = Infinity;
  for (let run = 0; run < runs; run++) fewest = Math.min(fewest, (await countQueries(fn)).queries);
  return fewest;
}
