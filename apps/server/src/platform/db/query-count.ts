import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Counts the queries run inside `countQueries(fn)`: list endpoints are tested to run a fixed number
 * of queries whatever the page size (no N+1).
 */
const storage = new AsyncLocalStorage<{ count: number }>();

export function recordQuery(): void {
  const store = storage.getStore();
  if (store) store.count += 1;
}

export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const store = { count: 0 };
  const result = await storage.run(store, fn);
  return { result, queries: store.count };
}
