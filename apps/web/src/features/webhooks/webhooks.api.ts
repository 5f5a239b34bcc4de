import type { Webhook, WebhookDelivery, WebhookPatch, WebhookPost } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** Parley's `/webhooks` (site.manage). */
export const webhooksApi = {
  list: async (api: ApiClient, signal?: AbortSignal) => (await api.get<Webhook[]>("/webhooks", {}, signal)).data,
  get: async (api: ApiClient, webhookID: number, signal?: AbortSignal) =>
    (await api.get<Webhook>(`/webhooks/${webhookID}`, {}, signal)).data,
  add: async (api: ApiClient, body: WebhookPost) =>
    (await api.request<Webhook>({ method: "POST", path: "/webhooks", body })).data,
  update: async (api: ApiClient, webhookID: number, body: WebhookPatch) =>
    (await api.request<Webhook>({ method: "PATCH", path: `/webhooks/${webhookID}`, body })).data,
  remove: async (api: ApiClient, webhookID: number) => {
    await api.request({ method: "DELETE", path: `/webhooks/${webhookID}` });
  },
  deliveries: async (api: ApiClient, webhookID: number, page: number, signal?: AbortSignal) => {
    const { data, paging } = await api.get<WebhookDelivery[]>(`/webhooks/${webhookID}/deliveries`, { page }, signal);
    return { items: data, total: paging?.total ?? data.length };
  },
  /** A new generated secret; the answer is the only one that shows it whole. */
  rotateSecret: async (api: ApiClient, webhookID: number) =>
    (await api.request<Webhook>({ method: "POST", path: `/webhooks/${webhookID}/rotate-secret`, body: {} })).data,
  ping: async (api: ApiClient, webhookID: number) =>
    (await api.request<WebhookDelivery>({ method: "POST", path: `/webhooks/${webhookID}/ping`, body: {} })).data,
  redeliver: async (api: ApiClient, webhookID: number, deliveryID: string) =>
    (
      await api.request<WebhookDelivery>({
        method: "POST",
        path: `/webhooks/${webhookID}/deliveries/${encodeURIComponent(deliveryID)}/redeliver`,
        body: {},
      })
    ).data,
};
