import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "../../lib/api.ts";
import { profilesApi } from "./profiles.api.ts";

const profileKeys = {
  all: ["profiles"] as const,
  user: (name: string) => [...profileKeys.all, "user", name] as const,
  // The page size is part of the key: the overview's 5 and a tab's page 1 are different answers.
  discussions: (userID: number, page: number, limit: number) =>
    [...profileKeys.all, "discussions", userID, page, limit] as const,
  comments: (userID: number, page: number, limit: number) =>
    [...profileKeys.all, "comments", userID, page, limit] as const,
  reacted: (kind: "discussions" | "comments", userID: number, reaction: string, page: number) =>
    [...profileKeys.all, "reacted", kind, userID, reaction, page] as const,
};

export const profileUserQuery = (api: ApiClient, name: string) =>
  queryOptions({ queryKey: profileKeys.user(name), queryFn: ({ signal }) => profilesApi.user(api, name, signal) });

export const profileDiscussionsQuery = (api: ApiClient, userID: number, page: number, limit: number) =>
  queryOptions({
    queryKey: profileKeys.discussions(userID, page, limit),
    queryFn: async ({ signal }) => {
      const { data, paging } = await profilesApi.discussions(api, userID, page, limit, signal);
      return { items: data, total: paging?.total ?? data.length };
    },
  });

export const profileCommentsQuery = (api: ApiClient, userID: number, page: number, limit: number) =>
  queryOptions({
    queryKey: profileKeys.comments(userID, page, limit),
    queryFn: async ({ signal }) => {
      const { data, paging } = await profilesApi.comments(api, userID, page, limit, signal);
      return { items: data, total: paging?.total ?? data.length };
    },
  });

/** The member's discussions that received at least one reaction of a type (urlcode), newest first. */
export const profileReactedDiscussionsQuery = (
  api: ApiClient,
  userID: number,
  reaction: string,
  page: number,
  limit: number,
) =>
  queryOptions({
    queryKey: profileKeys.reacted("discussions", userID, reaction, page),
    queryFn: async ({ signal }) => {
      const { data, paging } = await profilesApi.discussions(api, userID, page, limit, signal, reaction);
      return { items: data, total: paging?.total ?? data.length };
    },
  });

/** The member's comments that received at least one reaction of a type (urlcode), newest first. */
export const profileReactedCommentsQuery = (
  api: ApiClient,
  userID: number,
  reaction: string,
  page: number,
  limit: number,
) =>
  queryOptions({
    queryKey: profileKeys.reacted("comments", userID, reaction, page),
    queryFn: async ({ signal }) => {
      const { data, paging } = await profilesApi.comments(api, userID, page, limit, signal, reaction);
      return { items: data, total: paging?.total ?? data.length };
    },
  });
