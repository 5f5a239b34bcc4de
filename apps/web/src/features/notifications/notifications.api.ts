import type {
  MeCounts,
  Notification,
  NotificationPreferences,
  NotificationPreferencesPatch,
  UnsubscribeResult,
} from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

/** The preferences form as `GET /notification-preferences/schema` describes it (labels in `x-control`). */
export interface PreferencesSchemaNode {
  type: string;
  "x-control"?: { label: string; description: string | null };
  properties?: Record<string, PreferencesSchemaNode>;
}

export interface NotificationPage {
  items: Notification[];
  /** The more-pager: another page exists. */
  hasMore: boolean;
}

/** Calls of the notifications feature (reference §6). */
export const notificationsApi = {
  list: async (api: ApiClient, page: number, limit: number, signal?: AbortSignal): Promise<NotificationPage> => {
    const { data, paging } = await api.get<Notification[]>("/notifications", { page, limit }, signal);
    return { items: data, hasMore: paging?.next !== undefined };
  },
  markRead: async (api: ApiClient, id: number) =>
    (await api.request<Notification>({ method: "PATCH", path: `/notifications/${id}`, body: { read: true } })).data,
  /** Every notification read; the unread count becomes 0 (spec §4). Answers 204. */
  markAllRead: async (api: ApiClient) => {
    await api.request<null>({ method: "PATCH", path: "/notifications", body: { read: true } });
  },
  /** The unread count from `/users/me-counts` (the polling fallback). */
  unreadCount: async (api: ApiClient, signal?: AbortSignal) => {
    const { data } = await api.get<MeCounts>("/users/me-counts", undefined, signal);
    return data.counts.find((counter) => counter.name === "UnreadNotifications")?.count ?? 0;
  },
  /** Both badges' numbers from `/users/me-counts` (the polling fallback). */
  counts: async (api: ApiClient, signal?: AbortSignal) => {
    const { data } = await api.get<MeCounts>("/users/me-counts", undefined, signal);
    const find = (name: string) => data.counts.find((counter) => counter.name === name)?.count;
    return { notifications: find("UnreadNotifications") ?? 0, conversations: find("Conversations") };
  },
  preferences: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<NotificationPreferences>("/notification-preferences", undefined, signal)).data,
  preferencesSchema: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<PreferencesSchemaNode>("/notification-preferences/schema", undefined, signal)).data,
  savePreferences: async (api: ApiClient, patch: NotificationPreferencesPatch) =>
    (await api.request<NotificationPreferences>({ method: "PATCH", path: "/notification-preferences", body: patch }))
      .data,
  unsubscribe: async (api: ApiClient, token: string) =>
    (
      await api.request<UnsubscribeResult>({
        method: "POST",
        path: `/unsubscribe/${encodeURIComponent(token)}`,
        body: {},
      })
    ).data,
};
