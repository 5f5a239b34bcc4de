/**
 * `useQuery` and `useMutation` for the whole app: TanStack Query's own in the browser, and on the server a
 * render-once equivalent that gives the same results without an observer per call.
 *
 * Why: a server render subscribes nothing and renders each component once, yet TanStack's hooks build a
 * `QueryObserver` (or `MutationObserver`) per call, resolving the client's defaults and hashing the key each
 * time. A discussion page calls them about ten times per post, which was a fifth of the page's CPU (bench/README).
 * Here the first call for a query computes its result with a real observer, and later calls for the same key and
 * options reuse it while the query's state is unchanged. A call this shortcut cannot answer exactly (suspense,
 * `throwOnError`, option functions, a placeholder for missing data, a failing `select`) takes TanStack's own hook.
 */
import {
  hashKey,
  MutationObserver,
  QueryObserver,
  useMutation as useTanstackMutation,
  useQuery as useTanstackQuery,
  useQueryClient,
  type QueryClient,
  type QueryObserverResult,
  type QueryState,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from "@tanstack/react-query";

function useRenderedQuery(options: UseQueryOptions, queryClient?: QueryClient): UseQueryResult {
  const client = useQueryClient(queryClient);
  // On the server a component renders once, so the path a call takes never changes between renders.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return renderedQueryResult(client, options) ?? useTanstackQuery(options, queryClient);
}

function useIdleMutation(_options: UseMutationOptions, queryClient?: QueryClient): UseMutationResult {
  return idleMutation(useQueryClient(queryClient));
}

export const useQuery: typeof useTanstackQuery = import.meta.env.SSR
  ? (useRenderedQuery as typeof useTanstackQuery)
  : useTanstackQuery;

export const useMutation: typeof useTanstackMutation = import.meta.env.SSR
  ? (useIdleMutation as typeof useTanstackMutation)
  : useTanstackMutation;

interface Rendered {
  state: QueryState<unknown, unknown>;
  query: { state: QueryState<unknown, unknown> };
  result: QueryObserverResult;
}

const renderedQueries = new WeakMap<QueryClient, Map<string, Rendered>>();

/** The result TanStack's hook would give this call during a server render, or null to let the hook answer. */
export function renderedQueryResult(client: QueryClient, options: UseQueryOptions): QueryObserverResult | null {
  const { enabled, staleTime, refetchOnMount, retryOnMount, select, placeholderData } = options;
  if (options.throwOnError || options.notifyOnChangeProps !== undefined || options.subscribed === false) return null;
  if ("suspense" in options && options.suspense) return null;
  if (typeof enabled === "function" || typeof staleTime === "function" || typeof refetchOnMount === "function")
    return null;
  // What createResult reads besides the query's state (select and a placeholder are applied below). Most calls set
  // none of those options (a discussion page makes about 480 calls): their key is the query's key alone, kept apart
  // from the keys of calls that set one.
  const key =
    enabled === undefined && staleTime === undefined && refetchOnMount === undefined && retryOnMount === undefined
      ? `k${JSON.stringify(options.queryKey)}`
      : `o${JSON.stringify([options.queryKey, enabled, staleTime, refetchOnMount, retryOnMount])}`;
  let memo = renderedQueries.get(client);
  if (!memo) {
    memo = new Map<string, Rendered>();
    renderedQueries.set(client, memo);
  }
  let rendered = memo.get(key);
  if (!rendered || rendered.query.state !== rendered.state) {
    // A switched-off query nothing has loaded (a post's reaction log, say) is idle and empty, whatever its key.
    const idle = enabled === false && !options.queryKeyHashFn;
    if (idle && !client.getQueryCache().get(hashKey(options.queryKey))) return idleQuery(client);
    const { select: _select, placeholderData: _placeholder, ...rest } = options;
    const defaulted = client.defaultQueryOptions(rest);
    defaulted._optimisticResults = "optimistic";
    const result = new QueryObserver(client, defaulted).getOptimisticResult(defaulted);
    const query = client.getQueryCache().get(defaulted.queryHash);
    if (!query) return null;
    rendered = { state: query.state, query, result };
    memo.set(key, rendered);
  }
  const { result } = rendered;
  if (result.data === undefined) return placeholderData === undefined ? result : null;
  if (!select) return result;
  try {
    return { ...result, data: select(result.data) };
  } catch {
    return null;
  }
}

const idleQueries = new WeakMap<QueryClient, QueryObserverResult>();

/** What the observer gives a switched-off query that has never loaded: the same for every key of a client. */
function idleQuery(client: QueryClient): QueryObserverResult {
  let idle = idleQueries.get(client);
  if (!idle) {
    const defaulted = client.defaultQueryOptions({ queryKey: ["parley", "idle-query"], enabled: false });
    defaulted._optimisticResults = "optimistic";
    idle = new QueryObserver(client, defaulted).getOptimisticResult(defaulted);
    const query = client.getQueryCache().get(defaulted.queryHash);
    if (query) client.getQueryCache().remove(query);
    idleQueries.set(client, idle);
  }
  return idle;
}

const idleMutations = new WeakMap<QueryClient, UseMutationResult>();

/** A mutation as it is before it runs, which is all a server render sees; it cannot run there. */
function idleMutation(client: QueryClient): UseMutationResult {
  let idle = idleMutations.get(client);
  if (!idle) {
    const refuse = () => {
      throw new Error("A mutation cannot run while the server renders a page.");
    };
    idle = { ...new MutationObserver(client, {}).getCurrentResult(), mutate: refuse, mutateAsync: refuse };
    idleMutations.set(client, idle);
  }
  return idle;
}
