/**
 * Counts the queries the database runs. `countQueries(fn)` takes the difference around `fn`, so it
 * is exact when nothing else queries meanwhile (a test's single request). List endpoints are
 * tested to run a fixed number of queries whatever the page size: no N+1.
 */
let total = 0;

export function recordQuery(): void {
  total += 1;
}

export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const before = total;
  const result = await fn();
  return { result, queries: total - before };
}
