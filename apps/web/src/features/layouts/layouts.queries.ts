import { queryOptions, skipToken } from "@tanstack/react-query";
import { useQuery } from "../../lib/query.ts";
import type { LayoutLookup, TitleBarProps } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";
import { layoutsApi } from "./layouts.api.ts";
import { fallbackTitleBar } from "./titleBar.ts";

export const layoutKeys = {
  all: ["layouts"] as const,
  lookups: () => [...layoutKeys.all, "lookup"] as const,
  lookup: (lookup: LayoutLookup) => [...layoutKeys.lookups(), lookup] as const,
  /** The viewer's title bar, as the last layout answer gave it. */
  titleBar: () => [...layoutKeys.all, "titleBar"] as const,
};

export const layoutQuery = (api: ApiClient, lookup: LayoutLookup) =>
  queryOptions({
    queryKey: layoutKeys.lookup(lookup),
    queryFn: ({ signal }) => layoutsApi.lookupHydrate(api, lookup, signal),
  });

/** Read-only: the root loader and the layout pages put the title bar there (never fetched by itself). */
const titleBarQuery = () =>
  queryOptions<TitleBarProps>({ queryKey: layoutKeys.titleBar(), queryFn: skipToken, staleTime: Infinity });

/** The title bar's configuration for this viewer (spec §3), from the query cache. */
export function useTitleBar(): TitleBarProps {
  return useQuery(titleBarQuery()).data ?? fallbackTitleBar;
}
