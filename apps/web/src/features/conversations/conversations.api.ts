import type { Conversation, ConversationMessage, ConversationPost, UserFragment } from "@parley/contracts";
import type { ApiClient } from "../../lib/api.ts";

export interface ConversationPage {
  items: Conversation[];
  /** The more-pager: another page exists. */
  hasMore: boolean;
}

export interface MessagePage {
  items: ConversationMessage[];
  total: number;
}

/** Calls of the conversations feature (reference §6). */
export const conversationsApi = {
  list: async (api: ApiClient, page: number, limit: number, signal?: AbortSignal): Promise<ConversationPage> => {
    const { data, paging } = await api.get<Conversation[]>(
      "/conversations",
      { page, limit, expand: ["lastInsertUser"] },
      signal,
    );
    return { items: data, hasMore: paging?.next !== undefined };
  },
  get: async (api: ApiClient, conversationID: number, signal?: AbortSignal) =>
    (await api.get<Conversation>(`/conversations/${conversationID}`, undefined, signal)).data,
  /** A page of messages, oldest first; reading them marks the conversation read. */
  messages: async (
    api: ApiClient,
    conversationID: number,
    page: number,
    limit: number,
    signal?: AbortSignal,
  ): Promise<MessagePage> => {
    const { data, paging } = await api.get<ConversationMessage[]>("/messages", { conversationID, page, limit }, signal);
    return { items: data, total: paging?.total ?? data.length };
  },
  create: async (api: ApiClient, body: ConversationPost) =>
    (await api.request<Conversation>({ method: "POST", path: "/conversations", body })).data,
  send: async (api: ApiClient, conversationID: number, body: string, format: string) =>
    (
      await api.request<ConversationMessage>({
        method: "POST",
        path: "/messages",
        body: { conversationID, body, format },
      })
    ).data,
  /** Members whose name starts with `prefix` (the recipient picker), or exactly `name` without `*`. */
  usersByNames: async (api: ApiClient, name: string, limit: number, signal?: AbortSignal) =>
    (await api.get<UserFragment[]>("/users/by-names", { name, limit }, signal)).data,
};
