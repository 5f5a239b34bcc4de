import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { webhooksApi } from "./webhooks.api.ts";

export const webhookKeys = {
  all: ["webhooks"] as const,
  list: () => [...webhookKeys.all, "list"] as const,
  one: (webhookID: number) => [...webhookKeys.all, "one", webhookID] as const,
  deliveries: (webhookID: number, page: number) => [...webhookKeys.all, "deliveries", webhookID, page] as const,
};

export const webhooksQuery = (api: ApiClient) =>
  queryOptions({ queryKey: webhookKeys.list(), queryFn: ({ signal }) => webhooksApi.list(api, signal) });

export const webhookQuery = (api: ApiClient, webhookID: number) =>
  queryOptions({
    queryKey: webhookKeys.one(webhookID),
    queryFn: ({ signal }) => webhooksApi.get(api, webhookID, signal),
  });

export const webhookDeliveriesQuery = (api: ApiClient, webhookID: number, page: number) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(webhookID, page),
    queryFn: ({ signal }) => webhooksApi.deliveries(api, webhookID, page, signal),
  });
