import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { Me } from "@parley/contracts";
import { conversationRules } from "@parley/contracts/conversations-constants";
import type { ApiClient } from "../../lib/api.ts";
import { userKeys } from "../users/index.ts";
import { conversationsApi } from "./conversations.api.ts";

/** The dropdown shows the latest few; the pages the API's default page size. */
export const conversationLimits = {
  dropdown: 10,
  page: 30,
  messages: conversationRules.messagesDefaultLimit,
} as const;

export const conversationKeys = {
  all: ["conversations"] as const,
  lists: () => [...conversationKeys.all, "list"] as const,
  list: (page: number, limit: number) => [...conversationKeys.lists(), page, limit] as const,
  detail: (conversationID: number) => [...conversationKeys.all, "detail", conversationID] as const,
  messages: (conversationID: number) => [...conversationKeys.all, "messages", conversationID] as const,
  messagePage: (conversationID: number, page: number, limit: number) =>
    [...conversationKeys.messages(conversationID), page, limit] as const,
};

export const conversationsQuery = (api: ApiClient, page: number, limit: number) =>
  queryOptions({
    queryKey: conversationKeys.list(page, limit),
    queryFn: ({ signal }) => conversationsApi.list(api, page, limit, signal),
  });

export const conversationQuery = (api: ApiClient, conversationID: number) =>
  queryOptions({
    queryKey: conversationKeys.detail(conversationID),
    queryFn: ({ signal }) => conversationsApi.get(api, conversationID, signal),
  });

export const messagesQuery = (api: ApiClient, conversationID: number, page: number, limit: number) =>
  queryOptions({
    queryKey: conversationKeys.messagePage(conversationID, page, limit),
    queryFn: ({ signal }) => conversationsApi.messages(api, conversationID, page, limit, signal),
  });

/** The Messages badge (`countUnreadConversations` of the cached `me`). */
export function setUnreadConversations(queryClient: QueryClient, count: number): void {
  queryClient.setQueryData<Me>(userKeys.me(), (me) =>
    me && me.userID !== 0 && me.countUnreadConversations !== count ? { ...me, countUnreadConversations: count } : me,
  );
}

export const unreadConversationsOf = (queryClient: QueryClient) =>
  queryClient.getQueryData<Me>(userKeys.me())?.countUnreadConversations ?? 0;
