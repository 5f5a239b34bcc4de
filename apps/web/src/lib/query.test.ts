import { QueryObserver, type QueryObserverResult, type UseQueryOptions } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "./query-client.ts";
import { renderedQueryResult } from "./query.ts";

/** What TanStack's own hook computes for these options on a fresh observer (as useBaseQuery does). */
function observed(client: ReturnType<typeof createQueryClient>, options: UseQueryOptions): QueryObserverResult {
  const defaulted = client.defaultQueryOptions(options);
  defaulted._optimisticResults = "optimistic";
  return new QueryObserver(client, defaulted).getOptimisticResult(defaulted);
}

/** The result's fields without its bound refetch (each observer has its own). */
const fields = ({ refetch: _refetch, ...rest }: QueryObserverResult) => rest;

const queryFn = () => Promise.resolve({ name: "ada" });

describe("the server render's useQuery result", () => {
  it("is the observer's result for a cached query, and the same object for every later call", () => {
    const client = createQueryClient();
    client.setQueryData(["users", "me"], { name: "ada" });
    const first = renderedQueryResult(client, { queryKey: ["users", "me"], queryFn });
    expect(first).not.toBeNull();
    expect(fields(first!)).toEqual(fields(observed(client, { queryKey: ["users", "me"], queryFn })));
    expect(first!.data).toEqual({ name: "ada" });
    expect(renderedQueryResult(client, { queryKey: ["users", "me"], queryFn })).toBe(first);
  });

  it("is computed again once the query's state changes", () => {
    const client = createQueryClient();
    client.setQueryData(["n"], 1);
    expect(renderedQueryResult(client, { queryKey: ["n"], queryFn })?.data).toBe(1);
    client.setQueryData(["n"], 2);
    expect(renderedQueryResult(client, { queryKey: ["n"], queryFn })?.data).toBe(2);
  });

  it("tells an enabled query without data (loading) from a disabled one (idle), as the observer does", () => {
    const client = createQueryClient();
    const loading = renderedQueryResult(client, { queryKey: ["a"], queryFn });
    const idle = renderedQueryResult(client, { queryKey: ["b"], queryFn, enabled: false });
    expect(loading?.isLoading).toBe(true);
    expect(idle?.isLoading).toBe(false);
    expect(idle?.fetchStatus).toBe("idle");
    expect(fields(loading!)).toEqual(fields(observed(client, { queryKey: ["a"], queryFn })));
    expect(fields(idle!)).toEqual(fields(observed(client, { queryKey: ["b"], queryFn, enabled: false })));
  });

  it("answers a switched-off query nothing has loaded without building it, as the observer would", () => {
    const client = createQueryClient();
    const idle = renderedQueryResult(client, { queryKey: ["reactions", "log", 1], queryFn, enabled: false });
    expect(renderedQueryResult(client, { queryKey: ["reactions", "log", 2], queryFn, enabled: false })).toBe(idle);
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(fields(idle!)).toEqual(
      fields(observed(client, { queryKey: ["reactions", "log", 1], queryFn, enabled: false })),
    );
    // Once loaded, a switched-off query shows its data.
    client.setQueryData(["reactions", "log", 3], ["ada"]);
    expect(renderedQueryResult(client, { queryKey: ["reactions", "log", 3], queryFn, enabled: false })?.data).toEqual([
      "ada",
    ]);
  });

  it("applies select per call, and leaves a failing select to TanStack's hook", () => {
    const client = createQueryClient();
    client.setQueryData(["users", "me"], { name: "ada" });
    const select = (me: unknown) => (me as { name: string }).name.toUpperCase();
    expect(renderedQueryResult(client, { queryKey: ["users", "me"], queryFn, select })?.data).toBe("ADA");
    expect(renderedQueryResult(client, { queryKey: ["users", "me"], queryFn })?.data).toEqual({ name: "ada" });
    const failing = () => {
      throw new Error("no");
    };
    expect(renderedQueryResult(client, { queryKey: ["users", "me"], queryFn, select: failing })).toBeNull();
  });

  it("leaves to TanStack's hook what it cannot answer exactly", () => {
    const client = createQueryClient();
    expect(renderedQueryResult(client, { queryKey: ["p"], queryFn, placeholderData: 1 })).toBeNull();
    expect(renderedQueryResult(client, { queryKey: ["t"], queryFn, throwOnError: true })).toBeNull();
    expect(renderedQueryResult(client, { queryKey: ["e"], queryFn, enabled: () => true })).toBeNull();
    // With data there is nothing to hold a place for: the placeholder changes nothing.
    client.setQueryData(["p"], 5);
    expect(renderedQueryResult(client, { queryKey: ["p"], queryFn, placeholderData: 1 })?.data).toBe(5);
  });

  it("keeps one memo per client (one per request on the server)", () => {
    const one = createQueryClient();
    const two = createQueryClient();
    one.setQueryData(["k"], "one");
    two.setQueryData(["k"], "two");
    expect(renderedQueryResult(one, { queryKey: ["k"], queryFn })?.data).toBe("one");
    expect(renderedQueryResult(two, { queryKey: ["k"], queryFn })?.data).toBe("two");
  });
});
