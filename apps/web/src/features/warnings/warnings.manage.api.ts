import type {
  Category,
  ModerationMessage,
  ModerationMessagePatch,
  ModerationMessagePost,
  UserNote,
  UserNotePost,
  Warning,
  WarningPost,
} from "@parley/contracts";
import { limits } from "@parley/contracts/limits";
import type { ApiClient } from "../../lib/api.ts";

/**
 * What the profile's warnings parts and the dashboard page call (their own chunks): `/users/{id}/warnings`,
 * `/users/{id}/notes`, the writes of `/moderation-messages`. Reading pages use `warnings.api.ts`.
 */
export const warningsApi = {
  list: async (api: ApiClient, userID: number, signal?: AbortSignal) =>
    (await api.get<Warning[]>(`/users/${userID}/warnings`, {}, signal)).data,
  warn: async (api: ApiClient, userID: number, body: WarningPost) =>
    (await api.request<Warning>({ method: "POST", path: `/users/${userID}/warnings`, body })).data,
  reverse: async (api: ApiClient, userID: number, warningID: number) =>
    (await api.request<Warning>({ method: "POST", path: `/users/${userID}/warnings/${warningID}/reverse` })).data,
  notes: async (api: ApiClient, userID: number, signal?: AbortSignal) =>
    (await api.get<UserNote[]>(`/users/${userID}/notes`, {}, signal)).data,
  addNote: async (api: ApiClient, userID: number, body: UserNotePost) =>
    (await api.request<UserNote>({ method: "POST", path: `/users/${userID}/notes`, body })).data,
  removeNote: async (api: ApiClient, userID: number, userNoteID: number) =>
    void (await api.request({ method: "DELETE", path: `/users/${userID}/notes/${userNoteID}` })),
};

/** `/moderation-messages` (dashboard-moderation-messages.yml). */
export const moderationMessagesApi = {
  list: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<ModerationMessage[]>("/moderation-messages", {}, signal)).data,
  create: async (api: ApiClient, body: ModerationMessagePost) =>
    (await api.request<ModerationMessage>({ method: "POST", path: "/moderation-messages", body })).data,
  patch: async (api: ApiClient, id: number, body: ModerationMessagePatch) =>
    (await api.request<ModerationMessage>({ method: "PATCH", path: `/moderation-messages/${id}`, body })).data,
  remove: async (api: ApiClient, id: number) =>
    void (await api.request({ method: "DELETE", path: `/moderation-messages/${id}` })),
};

/** The categories a message may be placed in, flat and in tree order (the dashboard's picker; the first 100). */
export const categoryChoicesApi = {
  list: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<Category[]>("/categories", { outputFormat: "flat", limit: limits.categories.listMaxLimit }, signal))
      .data,
};
