import { queryOptions } from "@tanstack/react-query";
import type { Badge, BadgeRecipient, Leader, LeaderboardSlotType, LeaderboardType, UserBadge } from "@parley/contracts";
import { ApiError, type ApiClient } from "../../lib/api.ts";

export interface LeadersParams {
  leaderboardType?: LeaderboardType;
  slotType: LeaderboardSlotType;
  categoryID?: number;
  /** A subcommunity's leaders (its categories'). */
  siteSectionID?: string;
  limit: number;
}

const reputationKeys = {
  all: ["reputation"] as const,
  leaders: (params: LeadersParams) => [...reputationKeys.all, "leaders", params] as const,
};

/** A leaderboard widget's query: its category's or its subcommunity's (the server adds `siteSectionID`), if any. */
export const leadersParams = ({
  limit,
  slotType,
  categoryID,
  siteSectionID,
}: {
  limit: number;
  slotType: LeaderboardSlotType;
  categoryID?: number | undefined;
  siteSectionID?: string | undefined;
}): LeadersParams => ({
  limit,
  slotType,
  ...(categoryID ? { categoryID } : {}),
  ...(siteSectionID ? { siteSectionID } : {}),
});

/** `GET /users/leaders`: a leaderboard (points unless said), the slot that holds now. */
export const leadersQuery = (api: ApiClient, params: LeadersParams) =>
  queryOptions({
    queryKey: reputationKeys.leaders(params),
    queryFn: async ({ signal }) =>
      (
        await api.get<Leader[]>(
          "/users/leaders",
          {
            leaderboardType: params.leaderboardType ?? "reputation",
            slotType: params.slotType,
            limit: params.limit,
            ...(params.categoryID ? { categoryID: params.categoryID } : {}),
            ...(params.siteSectionID ? { siteSectionID: params.siteSectionID } : {}),
          },
          signal,
        )
      ).data,
  });

/** `GET /badges`: every badge (an empty list while the add-on is off). */
export const badgesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: [...reputationKeys.all, "badges"] as const,
    queryFn: async ({ signal }) => (await api.get<Badge[]>("/badges", undefined, signal)).data,
  });

export const badgeQuery = (api: ApiClient, badgeID: number) =>
  queryOptions({
    queryKey: [...reputationKeys.all, "badge", badgeID] as const,
    queryFn: async ({ signal }) => (await api.get<Badge>(`/badges/${badgeID}`, undefined, signal)).data,
  });

export const badgeRecipientsQuery = (api: ApiClient, badgeID: number, page: number) =>
  queryOptions({
    queryKey: [...reputationKeys.all, "recipients", badgeID, page] as const,
    queryFn: async ({ signal }) => {
      const response = await api.get<BadgeRecipient[]>(
        `/badges/${badgeID}/recipients`,
        { page, limit: badgeRecipientsPerPage },
        signal,
      );
      return response.data;
    },
  });

export const badgeRecipientsPerPage = 30;

/**
 * A member's badges for their profile: none when the add-on is off or the profile is not the viewer's to read
 * (403), so the profile shows no box rather than an error.
 */
export const memberBadgesQuery = (api: ApiClient, userID: number) =>
  queryOptions({
    queryKey: [...reputationKeys.all, "member", userID] as const,
    queryFn: async ({ signal }): Promise<UserBadge[]> => {
      try {
        return (await api.get<UserBadge[]>(`/users/${userID}/badges`, { limit: 100 }, signal)).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return [];
        throw error;
      }
    },
  });
