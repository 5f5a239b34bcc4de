import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { categoryListQuery } from "../categories/index.ts";
import { tagIndexQuery } from "../tags/index.ts";
import { automationApi } from "./automation.api.ts";

export const automationKeys = {
  all: ["automation-rules"] as const,
  catalog: () => [...automationKeys.all, "catalog"] as const,
  collections: () => [...automationKeys.all, "collections"] as const,
  list: () => [...automationKeys.all, "list"] as const,
  one: (automationRuleID: number) => [...automationKeys.all, "one", automationRuleID] as const,
  dispatches: (automationRuleID: number, page: number) =>
    [...automationKeys.all, "dispatches", automationRuleID, page] as const,
};

export const automationCatalogQuery = (api: ApiClient) =>
  queryOptions({ queryKey: automationKeys.catalog(), queryFn: ({ signal }) => automationApi.catalog(api, signal) });

export const automationRulesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: automationKeys.list(), queryFn: ({ signal }) => automationApi.list(api, signal) });

export const automationRuleQuery = (api: ApiClient, automationRuleID: number) =>
  queryOptions({
    queryKey: automationKeys.one(automationRuleID),
    queryFn: ({ signal }) => automationApi.get(api, automationRuleID, signal),
  });

export const automationDispatchesQuery = (api: ApiClient, automationRuleID: number, page: number) =>
  queryOptions({
    queryKey: automationKeys.dispatches(automationRuleID, page),
    queryFn: ({ signal }) => automationApi.dispatches(api, automationRuleID, page, signal),
  });

/** The categories' tree (5 levels) for the category selects. */
export const ruleCategoriesQuery = (api: ApiClient) => categoryListQuery(api, { maxDepth: 5 });

/** The tags for the tag select: the first 100, most used first. */
export const ruleTagsQuery = (api: ApiClient) => tagIndexQuery(api, 1);

/** The collections for the "Add to a collection" select. */
export const ruleCollectionsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: automationKeys.collections(),
    queryFn: ({ signal }) => automationApi.collections(api, signal),
  });
