import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { layoutEditorApi } from "./layout-editor.api.ts";

export const layoutEditorKeys = {
  all: ["layout-editor"] as const,
  list: () => [...layoutEditorKeys.all, "list"] as const,
  layout: (layoutID: string) => [...layoutEditorKeys.all, "layout", layoutID] as const,
  catalog: (layoutViewType: string) => [...layoutEditorKeys.all, "catalog", layoutViewType] as const,
  revisions: (layoutID: string) => [...layoutEditorKeys.all, "revisions", layoutID] as const,
  authors: (userIDs: readonly number[]) => [...layoutEditorKeys.all, "authors", [...userIDs].sort()] as const,
};

/** The defaults, then the site's own, with where each is applied. */
export const layoutsListQuery = (api: ApiClient) =>
  queryOptions({ queryKey: layoutEditorKeys.list(), queryFn: ({ signal }) => layoutEditorApi.list(api, signal) });

/** A layout with its widgets (a view type's name: its default). */
export const layoutRecordQuery = (api: ApiClient, layoutID: string) =>
  queryOptions({
    queryKey: layoutEditorKeys.layout(layoutID),
    queryFn: ({ signal }) => layoutEditorApi.get(api, layoutID, signal),
  });

/** What a view type's layout may hold, each widget with its props' JSON schema. */
export const layoutCatalogQuery = (api: ApiClient, layoutViewType: string) =>
  queryOptions({
    queryKey: layoutEditorKeys.catalog(layoutViewType),
    queryFn: ({ signal }) => layoutEditorApi.catalog(api, layoutViewType, signal),
    staleTime: Infinity,
  });

/** A stored layout's saves, newest first. */
export const layoutRevisionsQuery = (api: ApiClient, layoutID: string) =>
  queryOptions({
    queryKey: layoutEditorKeys.revisions(layoutID),
    queryFn: ({ signal }) => layoutEditorApi.revisions(api, layoutID, signal),
  });

/** The names of the members who saved a layout's revisions. */
export const revisionAuthorsQuery = (api: ApiClient, userIDs: readonly number[]) =>
  queryOptions({
    queryKey: layoutEditorKeys.authors(userIDs),
    queryFn: ({ signal }) => layoutEditorApi.authors(api, userIDs, signal),
  });
